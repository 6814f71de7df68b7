# C declarations that only the compiled form of kernel.py sees (`ludoteca.ai.native` builds it with
# this file beside it). The plain-Python form never reaches what they declare: it calls the
# builtins only under `if cython.compiled:`, and gets its own constants under `if not
# cython.compiled:` in kernel.py.

# the C compiler's bit builtins, which gcc and clang turn into one instruction or a short library call
cdef extern from *:
    int __builtin_popcountll(unsigned long long x) nogil
    int __builtin_ctzll(unsigned long long x) nogil

# BMI2's bit gather (`pext`), where the build may use it: `native.processor_flags` asks for it only
# on processors where it is one quick instruction. Elsewhere `othello_has_pext` is 0, the compiler
# drops the branch that calls it, and the evaluation reads its lines by multiplication instead.
cdef extern from *:
    """
    #ifdef __BMI2__
    #include <immintrin.h>
    static inline int othello_has_pext(void) { return 1; }
    static inline unsigned long long othello_pext(unsigned long long x, unsigned long long m) {
        return _pext_u64(x, m);
    }
    #else
    static inline int othello_has_pext(void) { return 0; }
    static inline unsigned long long othello_pext(unsigned long long x, unsigned long long m) {
        return x & m & 0;
    }
    #endif
    """
    int othello_has_pext() nogil
    unsigned long long othello_pext(unsigned long long x, unsigned long long m) nogil

# The kernel's constants as the C compiler sees them: macros it folds into the code, where module
# variables would be read from memory at each use and kept in every `& FULL` that only the plain
# form needs (11 % of the exact search's instructions over FFO #40). kernel.py gives the plain form
# the same values under `if not cython.compiled:`; tests/othello/test_kernel.py checks they agree.
cdef extern from *:
    """
    #define OTHELLO_FULL 0xFFFFFFFFFFFFFFFFULL
    #define OTHELLO_INNER 0x7E7E7E7E7E7E7E7EULL
    #define OTHELLO_NOT_A 0xFEFEFEFEFEFEFEFEULL
    #define OTHELLO_NOT_H 0x7F7F7F7F7F7F7F7FULL
    #define OTHELLO_CORNERS 0x8100000000000081ULL
    #define OTHELLO_X_SQUARES 0x0042000000004200ULL
    #define OTHELLO_QUARTER_0 0x000000000F0F0F0FULL
    #define OTHELLO_QUARTER_1 0x00000000F0F0F0F0ULL
    #define OTHELLO_QUARTER_2 0x0F0F0F0F00000000ULL
    #define OTHELLO_QUARTER_3 0xF0F0F0F000000000ULL
    #define OTHELLO_EDGES 0xFF818181818181FFULL
    #define OTHELLO_SIDES_AH 0x8181818181818181ULL
    #define OTHELLO_SIDES_18 0xFF000000000000FFULL
    #define OTHELLO_ONE 1ULL
    #define OTHELLO_SCAN_EMPTIES 6
    #define OTHELLO_STABILITY_ALPHA 8
    #define OTHELLO_INF 65
    #define OTHELLO_LANES 2
    #define OTHELLO_WATCHES 16
    #define OTHELLO_NO_LIMIT 0x7FFFFFFFFFFFFFFFLL
    #define OTHELLO_SPREAD 8
    #define OTHELLO_ORDER_EMPTIES 14
    #define OTHELLO_ORDER_STEP 4
    #define OTHELLO_DEEP_ORDER_EMPTIES 17
    #define OTHELLO_DEEP_ORDER_STEP 2
    #define OTHELLO_ETC_EMPTIES 12
    #define OTHELLO_TABLE_EMPTIES 8
    #define OTHELLO_TABLE_BITS 20
    #define OTHELLO_HASH_P 0x9E3779B97F4A7C15ULL
    #define OTHELLO_HASH_O 0xC2B2AE3D27D4EB4FULL
    #define OTHELLO_GATHER 0x0101010101010101ULL
    #define OTHELLO_GATHER_COLUMN 0x0102040810204080ULL
    #define OTHELLO_SPREAD_COLUMN 0x0002040810204081ULL
    #define OTHELLO_COLUMN_A 0x0101010101010101ULL
    #define OTHELLO_MAX_INSTANCES 64
    #define OTHELLO_MAX_PATTERN_SQUARES 640
    #define OTHELLO_MAX_GROUPS 256
    #define OTHELLO_PATTERN_UNITS 128
    #define OTHELLO_EVAL_UNITS 20
    #define OTHELLO_W_MOBILITY 12
    #define OTHELLO_W_FRONTIER 6
    #define OTHELLO_W_CORNER 90
    #define OTHELLO_W_X 45
    #define OTHELLO_W_C 14
    #define OTHELLO_W_STABLE 18
    #define OTHELLO_W_PARITY 12
    #define OTHELLO_MID_LANES 8
    #define OTHELLO_MID_WIN 4096
    #define OTHELLO_MID_INF 266240
    #define OTHELLO_MID_TABLE_BITS 17
    #define OTHELLO_MID_OFFSET 524288
    #define OTHELLO_MID_SORT_DEPTH 3
    #define OTHELLO_EVAL_PATTERNS 0
    #define OTHELLO_EVAL_HAND 1
    #define OTHELLO_PROBCUT_DEPTHS 64
    #define OTHELLO_MASK20 0xFFFFFULL
    """
    const unsigned long long FULL "OTHELLO_FULL"
    const unsigned long long INNER "OTHELLO_INNER"
    const unsigned long long NOT_A "OTHELLO_NOT_A"
    const unsigned long long NOT_H "OTHELLO_NOT_H"
    const unsigned long long CORNERS "OTHELLO_CORNERS"
    const unsigned long long X_SQUARES "OTHELLO_X_SQUARES"
    const unsigned long long QUARTER_0 "OTHELLO_QUARTER_0"
    const unsigned long long QUARTER_1 "OTHELLO_QUARTER_1"
    const unsigned long long QUARTER_2 "OTHELLO_QUARTER_2"
    const unsigned long long QUARTER_3 "OTHELLO_QUARTER_3"
    const unsigned long long EDGES "OTHELLO_EDGES"
    const unsigned long long SIDES_AH "OTHELLO_SIDES_AH"
    const unsigned long long SIDES_18 "OTHELLO_SIDES_18"
    const unsigned long long _ONE "OTHELLO_ONE"
    const int SCAN_EMPTIES "OTHELLO_SCAN_EMPTIES"
    const int STABILITY_ALPHA "OTHELLO_STABILITY_ALPHA"
    const int INF "OTHELLO_INF"
    const int LANES "OTHELLO_LANES"
    const int WATCHES "OTHELLO_WATCHES"
    const long long NO_LIMIT "OTHELLO_NO_LIMIT"
    const int SPREAD "OTHELLO_SPREAD"
    const int ORDER_EMPTIES "OTHELLO_ORDER_EMPTIES"
    const int ORDER_STEP "OTHELLO_ORDER_STEP"
    const int DEEP_ORDER_EMPTIES "OTHELLO_DEEP_ORDER_EMPTIES"
    const int DEEP_ORDER_STEP "OTHELLO_DEEP_ORDER_STEP"
    const int ETC_EMPTIES "OTHELLO_ETC_EMPTIES"
    const int TABLE_EMPTIES "OTHELLO_TABLE_EMPTIES"
    const int TABLE_BITS "OTHELLO_TABLE_BITS"
    const unsigned long long _HASH_P "OTHELLO_HASH_P"
    const unsigned long long _HASH_O "OTHELLO_HASH_O"
    const unsigned long long _GATHER "OTHELLO_GATHER"
    const unsigned long long _GATHER_COLUMN "OTHELLO_GATHER_COLUMN"
    const unsigned long long _SPREAD_COLUMN "OTHELLO_SPREAD_COLUMN"
    const unsigned long long _COLUMN_A "OTHELLO_COLUMN_A"
    const int MAX_INSTANCES "OTHELLO_MAX_INSTANCES"
    const int MAX_PATTERN_SQUARES "OTHELLO_MAX_PATTERN_SQUARES"
    const int MAX_GROUPS "OTHELLO_MAX_GROUPS"
    const int PATTERN_UNITS "OTHELLO_PATTERN_UNITS"
    const int EVAL_UNITS "OTHELLO_EVAL_UNITS"
    const int W_MOBILITY "OTHELLO_W_MOBILITY"
    const int W_FRONTIER "OTHELLO_W_FRONTIER"
    const int W_CORNER "OTHELLO_W_CORNER"
    const int W_X "OTHELLO_W_X"
    const int W_C "OTHELLO_W_C"
    const int W_STABLE "OTHELLO_W_STABLE"
    const int W_PARITY "OTHELLO_W_PARITY"
    const int MID_LANES "OTHELLO_MID_LANES"
    const int MID_WIN "OTHELLO_MID_WIN"
    const int MID_INF "OTHELLO_MID_INF"
    const int MID_TABLE_BITS "OTHELLO_MID_TABLE_BITS"
    const int _MID_OFFSET "OTHELLO_MID_OFFSET"
    const int MID_SORT_DEPTH "OTHELLO_MID_SORT_DEPTH"
    const int EVAL_PATTERNS "OTHELLO_EVAL_PATTERNS"
    const int EVAL_HAND "OTHELLO_EVAL_HAND"
    const int PROBCUT_DEPTHS "OTHELLO_PROBCUT_DEPTHS"
    const unsigned long long _MASK20 "OTHELLO_MASK20"
