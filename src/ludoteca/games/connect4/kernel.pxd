# C declarations that only the compiled form of kernel.py sees (`ludoteca.ai.native` builds it with
# this file beside it): the kernel's constants as the C compiler sees them, macros it folds into
# the code. Module variables would be read from memory at each use, and the table's slot (a key
# modulo TABLE_SLOTS) would take a division instruction instead of a multiplication. kernel.py
# gives the plain form the same values under `if not cython.compiled:`, and
# tests/connect4/test_kernel.py checks that both agree.

cdef extern from *:
    """
    #define CONNECT4_CELLS 42
    #define CONNECT4_BOARD 0xFDFBF7EFDFBFULL
    #define CONNECT4_BOTTOM_ALL 0x40810204081ULL
    #define CONNECT4_COLUMN_0 0x3FULL
    #define CONNECT4_M1 0x5555555555555555ULL
    #define CONNECT4_M2 0x3333333333333333ULL
    #define CONNECT4_M4 0x0F0F0F0F0F0F0F0FULL
    #define CONNECT4_H01 0x0101010101010101ULL
    #define CONNECT4_FULL 0xFFFFFFFFFFFFFFFFULL
    #define CONNECT4_VALUE_BITS 7
    #define CONNECT4_VALUE_MASK 0x7FU
    #define CONNECT4_STOPPED (-1000)
    #define CONNECT4_TABLE_SLOTS 16777259LL
    """
    const int CELLS "CONNECT4_CELLS"
    const unsigned long long BOARD "CONNECT4_BOARD"
    const unsigned long long BOTTOM_ALL "CONNECT4_BOTTOM_ALL"
    const unsigned long long COLUMN_0 "CONNECT4_COLUMN_0"
    const unsigned long long _M1 "CONNECT4_M1"
    const unsigned long long _M2 "CONNECT4_M2"
    const unsigned long long _M4 "CONNECT4_M4"
    const unsigned long long _H01 "CONNECT4_H01"
    const unsigned long long _FULL "CONNECT4_FULL"
    const int _VALUE_BITS "CONNECT4_VALUE_BITS"
    const unsigned int _VALUE_MASK "CONNECT4_VALUE_MASK"
    const int STOPPED "CONNECT4_STOPPED"
    const long long TABLE_SLOTS "CONNECT4_TABLE_SLOTS"
