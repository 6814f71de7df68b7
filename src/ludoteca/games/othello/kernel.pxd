# C declarations that only the compiled form of kernel.py sees (`ludoteca.ai.native`): the C
# compiler's bit builtins, which gcc and clang turn into one instruction or a short library call.
# The plain-Python form never reaches the lines that call them (`if cython.compiled:`).

cdef extern from *:
    int __builtin_popcountll(unsigned long long x) nogil
    int __builtin_ctzll(unsigned long long x) nogil
