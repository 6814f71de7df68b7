# C declarations that only the compiled form of kernel.py sees (`ludoteca.ai.native` builds it with
# this file beside it): the kernel's constants as the C compiler sees them, macros it folds into
# the code, where module variables would be read from memory at each use. kernel.py gives the
# plain form the same values under `if not cython.compiled:`; tests/khet/test_kernel.py checks
# that both agree, and `_fill_tables` checks them against the rules in both forms.

cdef extern from *:
    """
    #define KHET_WIDTH 11
    #define KHET_SIZE 121
    #define KHET_OFF 127
    #define KHET_PHARAOH 1
    #define KHET_SPHINX 2
    #define KHET_OBELISK 6
    #define KHET_MOVE 0
    #define KHET_TURN_CW 1
    #define KHET_TURN_CCW 2
    #define KHET_UNSTACK 3
    #define KHET_PASS 4
    #define KHET_NULL 7
    #define KHET_DESTROYED (-2)
    #define KHET_SPLIT (-3)
    #define KHET_MAX_PLY 64
    #define KHET_PLIES 67
    #define KHET_SCRATCH 66
    #define KHET_MAX_MOVES 256
    #define KHET_MAX_DESTROYED 16
    #define KHET_MAX_PATH 320
    #define KHET_NONE 12345
    #define KHET_WIN 100000000
    #define KHET_INF 1000000000
    #define KHET_THREAT_WIN 2000000
    #define KHET_FULL_MATERIAL 1800
    #define KHET_EXACT 0
    #define KHET_LOWER 1
    #define KHET_UPPER 2
    #define KHET_ONE 1ULL
    """
    const int WIDTH "KHET_WIDTH"
    const int SIZE "KHET_SIZE"
    const int OFF "KHET_OFF"
    const int PHARAOH "KHET_PHARAOH"
    const int SPHINX "KHET_SPHINX"
    const int OBELISK "KHET_OBELISK"
    const int MOVE "KHET_MOVE"
    const int TURN_CW "KHET_TURN_CW"
    const int TURN_CCW "KHET_TURN_CCW"
    const int UNSTACK "KHET_UNSTACK"
    const int PASS "KHET_PASS"
    const int NULL "KHET_NULL"
    const int DESTROYED "KHET_DESTROYED"
    const int SPLIT "KHET_SPLIT"
    const int MAX_PLY "KHET_MAX_PLY"
    const int PLIES "KHET_PLIES"
    const int SCRATCH "KHET_SCRATCH"
    const int MAX_MOVES "KHET_MAX_MOVES"
    const int MAX_DESTROYED "KHET_MAX_DESTROYED"
    const int MAX_PATH "KHET_MAX_PATH"
    const int NONE "KHET_NONE"
    const int WIN "KHET_WIN"
    const int INF "KHET_INF"
    const int THREAT_WIN "KHET_THREAT_WIN"
    const int FULL_MATERIAL "KHET_FULL_MATERIAL"
    const int EXACT "KHET_EXACT"
    const int LOWER "KHET_LOWER"
    const int UPPER "KHET_UPPER"
    const unsigned long long _ONE "KHET_ONE"
