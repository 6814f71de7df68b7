"""The Othello engines' hot loops, written once: compiled by Cython where it can, plain Python elsewhere.

`ludoteca.ai.native.compiled` turns this file into a C extension in the user's cache folder (Cython's
pure-Python mode: the `cython.*` annotations give C types, and plain Python ignores them); when
Cython cannot compile it (no C compiler, `LUDOTECA_NATIVE=0`) the same functions run here as written.
Both forms are checked against the rules and against plain minimax (`tests/othello/test_kernel.py`,
`tests/othello/test_kernel_search.py`).

Rules for writing in this file, so that both forms compute the same thing:
* bitboards are `cython.ulonglong` (C: unsigned 64-bit, shifts drop what leaves the board; Python:
  unbounded ints), so every left shift and every `~` is masked by a 64-bit value before it is kept;
* constants are C macros, declared in `kernel.pxd` so that the C compiler folds them into the code
  (module variables were read from memory at each use, and the `& FULL` that only the plain form
  needs stayed in: 11 % of the exact search's instructions over FFO #40); the plain form gets the
  same values here under `if not cython.compiled:`, and `tests/othello/test_kernel.py` checks
  that both agree. Never bare literals above 2**31 in an expression (Cython would make those
  Python objects);
* no Python containers in the hot loops: small C arrays declared with `cython.declare`;
* the C compiler's builtins (declared in `kernel.pxd`, which only the compiled form reads) are
  called under `if cython.compiled:`, with the plain form's equivalent after it;
* what the exact search calls is `nogil` (no Python object inside), and `solve_exact` lets go of
  Python's lock while it searches, so that two threads solve at once (`endgame.py`).

Square index = 8 × row + column, a1 = 0 (as in `bitboard.py`, the rules' own reference).
"""

from __future__ import annotations

from array import array

import cython

if not cython.compiled:
    FULL = 0xFFFFFFFFFFFFFFFF
    #: opponent discs that can lie inside a horizontal or diagonal run (columns b–g)
    INNER = 0x7E7E7E7E7E7E7E7E
    NOT_A = 0xFEFEFEFEFEFEFEFE
    NOT_H = 0x7F7F7F7F7F7F7F7F
    CORNERS = 0x8100000000000081
    #: the squares diagonally next to a corner: played last when nothing says otherwise
    X_SQUARES = 0x0042000000004200
    #: the four 4×4 quarters of the board (parity: the last empty of a region is worth having)
    QUARTER_0 = 0x000000000F0F0F0F
    QUARTER_1 = 0x00000000F0F0F0F0
    QUARTER_2 = 0x0F0F0F0F00000000
    QUARTER_3 = 0xF0F0F0F000000000
    EDGES = 0xFF818181818181FF
    #: columns a and h; rows 1 and 8
    SIDES_AH = 0x8181818181818181
    SIDES_18 = 0xFF000000000000FF
    _ONE = 1

    #: below this many empties the exact search scans empty squares instead of ordering moves
    SCAN_EMPTIES = 6
    #: try the stability cut-off only when `p` is looking for at least this score
    STABILITY_ALPHA = 8
    #: a bound wider than any disc difference
    INF = 65

    #: the exact search's lanes: each has its own table. Lane 0 is shared by every search that does
    #: not count its positions, from any thread at once (the search runs without Python's lock); lane 1
    #: is for one search at a time that counts positions as its budget, so that the count stops at the
    #: same place in every run (`endgame.py` keeps it to one search)
    LANES = 2
    #: the exact search's watches: a search (or one thread of a solve split between threads) takes one
    #: for its count of positions, its budget and its stop flag, apart from its table's lane, so that
    #: stopping one search sharing a table stops no other
    WATCHES = 16
    NO_LIMIT = 0x7FFFFFFFFFFFFFFF
    #: each watch's count of positions sits in a memory line of its own (SPREAD counts apart), so
    #: that threads counting side by side do not keep taking the line from each other
    SPREAD = 8

_nodes = cython.declare(cython.longlong[128])  # type: ignore[misc,valid-type]
_limit = cython.declare(cython.longlong[16])  # type: ignore[misc,valid-type]
_halt = cython.declare(cython.int[16])  # type: ignore[misc,valid-type]
if not cython.compiled:
    #: from this many empties on, the exact search orders its moves by a shallow search of each child
    #: with the hand-tuned evaluation too, one ply deeper every ORDER_STEP empties
    ORDER_EMPTIES = 14
    ORDER_STEP = 4
    #: and one more every DEEP_ORDER_STEP empties beyond DEEP_ORDER_EMPTIES, where positions are few
    #: and a wrong first move costs the most (from 24 empties: 1 + 2 + 3 plies)
    DEEP_ORDER_EMPTIES = 17
    DEEP_ORDER_STEP = 2
    #: from this many empties on, the exact search looks its children up in the table before ordering
    #: them, and stops at once when one is known to refute the opponent (an enhanced transposition
    #: cut-off)
    ETC_EMPTIES = 12

    #: from this many empties on, the exact search keeps what it learns of a position in its table
    TABLE_EMPTIES = 8
    #: each lane's table has 2**TABLE_BITS slots, in pairs: a position goes to the first slot of its
    #: pair unless that holds a position with more empties from the lane's current solve (its age,
    #: `table_age`), then to the second (always replaced); an entry's bounds are exact facts about its
    #: position, true in any later search, so the table is never cleared
    TABLE_BITS = 20

#: counts each lane's solves (modulo 64), stored in its entries
_age = cython.declare(cython.int[2])  # type: ignore[misc,valid-type]
if not cython.compiled:
    _HASH_P = 0x9E3779B97F4A7C15
    _HASH_O = 0xC2B2AE3D27D4EB4F

# An entry is three words: its bounds and move packed into `data`, and the position's two
# bitboards each XORed with a scramble of `data`. Two threads writing one slot at once may leave
# words of both entries; such a mix no longer matches its own check, and reads as empty.
# (the sizes are LANES × 2**TABLE_BITS: a C array's size must be written out)
_table_p = cython.declare(cython.ulonglong[2097152])  # type: ignore[misc,valid-type]
_table_o = cython.declare(cython.ulonglong[2097152])  # type: ignore[misc,valid-type]
_table_data = cython.declare(cython.ulonglong[2097152])  # type: ignore[misc,valid-type]

if not cython.compiled:
    # flat arrays of machine words, as in C: a list of two million Python ints per table would be
    # walked by each full garbage collection (60 ms with the midgame's tables, in every program
    # that imports this form, as `search.py` does even when it runs the compiled one)
    _table_p, _table_o, _table_data = (array("Q", [0]) * 2097152 for _ in range(3))


# ----- primitives ------------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def popcount(x: cython.ulonglong) -> cython.int:
    if cython.compiled:
        # the compiler's builtin (declared in kernel.pxd), not the parallel bit count written
        # out: gcc 12 does not recognise that one, and it took 12 % of the exact search's
        # instructions (valgrind, FFO #40)
        return __builtin_popcountll(x)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return x.bit_count()


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _run_up(x: cython.ulonglong, through: cython.ulonglong, shift: cython.int) -> cython.ulonglong:
    """The squares of `through` reached from `x` by steps of +`shift` (six steps: a whole line)."""
    t: cython.ulonglong = through & (x << shift)
    t |= through & (t << shift)
    t |= through & (t << shift)
    t |= through & (t << shift)
    t |= through & (t << shift)
    t |= through & (t << shift)
    return t


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _run_down(x: cython.ulonglong, through: cython.ulonglong, shift: cython.int) -> cython.ulonglong:
    """The squares of `through` reached from `x` by steps of -`shift`."""
    t: cython.ulonglong = through & (x >> shift)
    t |= through & (t >> shift)
    t |= through & (t >> shift)
    t |= through & (t >> shift)
    t |= through & (t >> shift)
    t |= through & (t >> shift)
    return t


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def legal_moves(p: cython.ulonglong, o: cython.ulonglong) -> cython.ulonglong:
    """Every square where `p` may play against `o`: one step beyond each run of opponent discs
    that starts next to a disc of `p`, in the eight directions."""
    h: cython.ulonglong = o & INNER
    moves: cython.ulonglong = ((_run_up(p, h, 1) << 1) & FULL) | (_run_down(p, h, 1) >> 1)
    moves |= ((_run_up(p, o, 8) << 8) & FULL) | (_run_down(p, o, 8) >> 8)
    moves |= ((_run_up(p, h, 9) << 9) & FULL) | (_run_down(p, h, 9) >> 9)
    moves |= ((_run_up(p, h, 7) << 7) & FULL) | (_run_down(p, h, 7) >> 7)
    return moves & ~(p | o) & FULL


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _lowest(x: cython.ulonglong) -> cython.int:
    """The index of the lowest set bit of a non-zero `x`."""
    if cython.compiled:
        # one instruction on every x86-64 (kernel.pxd)
        return __builtin_ctzll(x)  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return popcount((x & (~x + _ONE) & FULL) - _ONE)


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def final_score(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """The value of a finished game for `p`: disc difference, empty squares to the winner."""
    mine: cython.int = popcount(p)
    theirs: cython.int = popcount(o)
    diff: cython.int = mine - theirs
    if diff > 0:
        return diff + 64 - mine - theirs
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _along(
    x: cython.ulonglong, shift: cython.int, up: cython.ulonglong, down: cython.ulonglong
) -> cython.ulonglong:
    """`x` spread along its lines of direction ±`shift` (`up`, `down`: what a step may reach)."""
    _i: cython.int
    for _i in range(7):
        x |= ((x << shift) & up) | ((x >> shift) & down)
    return x


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def stable_discs(me: cython.ulonglong, occupied: cython.ulonglong) -> cython.ulonglong:
    """Discs of `me` that can never be flipped: along each of the four lines through the disc,
    the line is full, or the disc touches the board's edge or another such disc of its colour."""
    empty: cython.ulonglong = ~occupied & FULL
    # a line is free where no empty square lies on it, or at the board's edge
    h_free: cython.ulonglong = (~_along(empty, 1, NOT_A, NOT_H) & FULL) | SIDES_AH
    v_free: cython.ulonglong = (~_along(empty, 8, FULL, FULL) & FULL) | SIDES_18
    dr_free: cython.ulonglong = (~_along(empty, 9, NOT_A, NOT_H) & FULL) | EDGES
    dl_free: cython.ulonglong = (~_along(empty, 7, NOT_H, NOT_A) & FULL) | EDGES
    stable: cython.ulonglong = me & h_free & v_free & dr_free & dl_free
    grown: cython.ulonglong
    if not stable:
        return 0
    while True:
        grown = stable | (
            me
            & (h_free | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H))
            & (v_free | ((stable << 8) & FULL) | (stable >> 8))
            & (dr_free | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H))
            & (dl_free | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A))
        )
        if grown == stable:
            return stable
        stable = grown


# ----- perft -----------------------------------------------------------------------------------------
@cython.ccall
def perft(
    p: cython.ulonglong, o: cython.ulonglong, depth: cython.int, passed: cython.bint
) -> cython.longlong:
    """Leaf count of the move tree (a forced pass is a ply); the last ply is counted, not played."""
    moves: cython.ulonglong = legal_moves(p, o)
    low: cython.ulonglong
    f: cython.ulonglong
    total: cython.longlong = 0
    if depth <= 0:
        return 1
    if not moves:
        if passed:
            return 0
        if depth == 1:
            return 1 if legal_moves(o, p) else 0
        return perft(o, p, depth - 1, True)
    if depth == 1:
        return popcount(moves)
    while moves:
        low = moves & (~moves + _ONE) & FULL
        moves ^= low
        f = flips(p, o, _lowest(low))
        total += perft(o ^ f, p | f | low, depth - 1, False)
    return total


# ----- exact endgame, last empties -------------------------------------------------------------------
@cython.ccall
def nodes(watch: cython.int = 0) -> cython.longlong:
    """Positions visited by `solve_exact` under `watch` since its `exact_start` (approximate while
    two threads search under it)."""
    count: cython.longlong = _nodes[SPREAD * watch]
    return count


@cython.ccall
def exact_start(watch: cython.int, limit: cython.longlong) -> cython.int:
    """Make `watch` ready for a search that stops after `limit` positions (-1: no limit), its count
    at 0."""
    _nodes[SPREAD * watch] = 0
    _limit[watch] = limit if limit >= 0 else NO_LIMIT
    _halt[watch] = 0
    return 0


@cython.ccall
def exact_halt(watch: cython.int) -> cython.int:
    """Ask the search under `watch` to stop now (from another thread: it runs without the lock)."""
    _halt[watch] = 1
    return 0


@cython.ccall
def exact_halted(watch: cython.int) -> cython.bint:
    """Whether the last search under `watch` stopped before it finished (its value means nothing)."""
    halted: cython.int = _halt[watch]
    return halted != 0


@cython.cfunc
def _zero_counts() -> cython.int:
    """Every watch counting from 0 without a limit: C starts its arrays at 0, plain Python's start
    as None."""
    watch: cython.int
    for watch in range(WATCHES):
        _nodes[SPREAD * watch] = 0
        _limit[watch] = NO_LIMIT
        _halt[watch] = 0
    _age[0] = 0
    _age[1] = 0
    return 0


_zero_counts()


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _odd_quarters(empty: cython.ulonglong) -> cython.ulonglong:
    """The empty squares of the quarters that hold an odd number of empties."""
    odd: cython.ulonglong = 0
    if popcount(empty & QUARTER_0) & 1:
        odd |= QUARTER_0
    if popcount(empty & QUARTER_1) & 1:
        odd |= QUARTER_1
    if popcount(empty & QUARTER_2) & 1:
        odd |= QUARTER_2
    if popcount(empty & QUARTER_3) & 1:
        odd |= QUARTER_3
    return odd & empty


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _neighbours(x: cython.ulonglong) -> cython.ulonglong:
    """The squares next to a square of `x`."""
    row: cython.ulonglong = x | ((x << 1) & NOT_A & FULL) | ((x >> 1) & NOT_H)
    return (row | ((row << 8) & FULL) | (row >> 8)) & ~x & FULL


# ----- lines -------------------------------------------------------------------------------------
# What a disc turns over is read line by line: each of the four lines through its square is
# gathered into a byte (bit k: the line's square k, in column order, or row order for a column),
# and tables indexed by the square's place on the line and the byte give the answer. No branch:
# finding the runs by shifted fills instead, direction by direction, cost the exact search about
# 10 % more time (FFO #40-#42, alternating runs).
#
# With one empty square left, every other square holds a disc, so what a disc played there turns
# over depends on the mover's discs alone: one byte per line and one table give the count (the
# line's squares beyond the board, on a short diagonal, read as the opponent's and never close a
# run). Counting this way instead of finding the discs with `flips`: 4 % fewer instructions and
# about 5 % less time for the exact search (FFO #40-#42, alternating runs).
#: for a disc played on square `pos` of a line (256 × pos + the mover's discs on the line, a bit
#: per square), the discs it turns over when every other square of the line is filled
_LINE_COUNT = cython.declare(cython.uchar[2048])  # type: ignore[misc,valid-type]
#: the diagonal (a1-h8 direction) and the anti-diagonal (h1-a8 direction) through each square
_DIAGONAL = cython.declare(cython.ulonglong[64])  # type: ignore[misc,valid-type]
_ANTI_DIAGONAL = cython.declare(cython.ulonglong[64])  # type: ignore[misc,valid-type]
if not cython.compiled:
    #: multiplying by it gathers one disc per column into the top byte, in column order
    _GATHER = 0x0101010101010101
    #: multiplying column a's squares by it gathers them into the top byte, in row order
    _GATHER_COLUMN = 0x0102040810204080

#: for a disc played on square `pos` of a line (256 × pos + the opponent's discs on the line's
#: inner squares), the squares beyond each run of them next to `pos`: where a disc closes the run
_OUTFLANK = cython.declare(cython.uchar[2048])  # type: ignore[misc,valid-type]
#: for a disc played on square `pos` of a line (256 × pos + the discs closing its runs, at most one
#: on each side), the squares between: those turned over
_FLIPPED = cython.declare(cython.uchar[2048])  # type: ignore[misc,valid-type]
if not cython.compiled:
    #: multiplying a byte of a line's inner squares by it spreads bit k to row k of column a
    _SPREAD_COLUMN = 0x0002040810204081
    #: column a
    _COLUMN_A = 0x0101010101010101


@cython.cfunc
def _fill_line_tables() -> cython.int:
    pos: cython.int
    discs: cython.int
    step: cython.int
    k: cython.int
    count: cython.int
    square: cython.int
    closing: cython.int
    between: cython.int
    squares: cython.int
    for pos in range(8):
        for discs in range(256):
            count = 0
            closing = 0
            between = 0
            for step in (-1, 1):
                # `discs` as the mover's: the squares before the nearest of them, turned over
                # when they all hold the opponent's
                k = pos + step
                squares = 0
                while 0 <= k < 8 and not (discs >> k) & 1:
                    squares |= 1 << k
                    k += step
                if 0 <= k < 8:
                    count += popcount(squares)
                    between |= squares
                # `discs` as the opponent's: the square beyond their run, if the run is not empty
                k = pos + step
                while 0 <= k < 8 and (discs >> k) & 1:
                    k += step
                if 0 <= k < 8 and k != pos + step:
                    closing |= 1 << k
            _LINE_COUNT[256 * pos + discs] = count
            _OUTFLANK[256 * pos + discs] = closing
            _FLIPPED[256 * pos + discs] = between
    for square in range(64):
        # the square spread along its lines, as `stable_discs` does
        _DIAGONAL[square] = _along(_ONE << square, 9, NOT_A, NOT_H)
        _ANTI_DIAGONAL[square] = _along(_ONE << square, 7, NOT_H, NOT_A)
    return 0


_fill_line_tables()


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _row_byte(x: cython.ulonglong, row: cython.int) -> cython.int:
    """The squares of `x` in `row`, as a byte (bit k: column k)."""
    return cython.cast(cython.int, (x >> (8 * row)) & 0xFF)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _column_byte(x: cython.ulonglong, column: cython.int) -> cython.int:
    """The squares of `x` in `column`, as a byte (bit k: row k)."""
    return cython.cast(cython.int, ((((x >> column) & _GATHER) * _GATHER_COLUMN) & FULL) >> 56)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _gathered(x: cython.ulonglong, mask: cython.ulonglong, gather: cython.ulonglong) -> cython.int:
    """The squares of `x` in `mask` as a byte: the multiplication by `gather` carries them into
    the top byte, each to a bit of its own when `mask` holds one square a column (`_GATHER`) or
    one square a row of one column (`_GATHER_COLUMN` shifted down by the column's number)."""
    return cython.cast(cython.int, (((x & mask) * gather) & FULL) >> 56)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _diagonal_byte(x: cython.ulonglong, diagonal: cython.ulonglong) -> cython.int:
    """The squares of `x` on `diagonal` (one square per column at most), as a byte (bit k: column
    k)."""
    return _gathered(x, diagonal, _GATHER)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _line_flips(at: cython.int, line_p: cython.int, line_o: cython.int) -> cython.ulonglong:
    """The squares of a line turned over by a disc on its square `at` // 256 (bytes of the line)."""
    return cython.cast(cython.ulonglong, _FLIPPED[at + (_OUTFLANK[at + (line_o & 0x7E)] & line_p)])


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _diagonal_flips(
    p: cython.ulonglong, o: cython.ulonglong, at: cython.int, diagonal: cython.ulonglong
) -> cython.ulonglong:
    """The discs of `o` on `diagonal` that a disc of `p` on its square `at` // 256 (its column)
    turns over, back on the board: the byte copied to every row, the diagonal's square kept."""
    line: cython.ulonglong = _line_flips(at, _diagonal_byte(p, diagonal), _diagonal_byte(o, diagonal))
    return (line * _GATHER) & diagonal


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def flips(p: cython.ulonglong, o: cython.ulonglong, square: cython.int) -> cython.ulonglong:
    """The discs of `o` that a disc of `p` on the empty `square` turns over (0: not a legal move),
    line by line. The opponent's discs on a line's two end squares never lie inside a run."""
    row: cython.int = square >> 3
    column: cython.int = square & 7
    # the square's place on its row and diagonals is its column; on its column, its row
    along: cython.int = 256 * column
    down: cython.int = 256 * row
    turned: cython.ulonglong = _line_flips(along, _row_byte(p, row), _row_byte(o, row)) << (8 * row)
    line: cython.ulonglong = _line_flips(down, _column_byte(p, column), _column_byte(o, column))
    # only inner squares turn over: spreading them back down the column carries nothing
    turned |= ((line * _SPREAD_COLUMN) & _COLUMN_A) << column
    turned |= _diagonal_flips(p, o, along, _DIAGONAL[square])
    turned |= _diagonal_flips(p, o, along, _ANTI_DIAGONAL[square])
    return turned


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _last_count(mover: cython.ulonglong, square: cython.int) -> cython.int:
    """How many discs `mover` turns over on the last empty `square` (0: it cannot play there)."""
    row: cython.int = square >> 3
    column: cython.int = square & 7
    turned: cython.int = (
        _LINE_COUNT[256 * column + _row_byte(mover, row)]
        + _LINE_COUNT[256 * row + _column_byte(mover, column)]
        + _LINE_COUNT[256 * column + _diagonal_byte(mover, _DIAGONAL[square])]
        + _LINE_COUNT[256 * column + _diagonal_byte(mover, _ANTI_DIAGONAL[square])]
    )
    return turned


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _last(p: cython.ulonglong, o: cython.ulonglong, square: cython.int, watch: cython.int) -> cython.int:
    """The final value for `p` with one empty `square` left."""
    _nodes[SPREAD * watch] += 1
    mine: cython.int = popcount(p)
    turned: cython.int = _last_count(p, square)
    if turned:
        return 2 * (mine + turned) - 62
    turned = _last_count(o, square)
    if turned:
        return 2 * (mine - turned) - 64
    # nobody can fill the square: it goes to the winner (63 discs: never a tie)
    if 2 * mine > 63:
        return 2 * mine - 62
    return 2 * mine - 64


@cython.ccall
def last_value(p: cython.ulonglong, o: cython.ulonglong, square: cython.int) -> cython.int:
    """The final value for `p` with one empty `square` left (for the tests: the exact search's own
    count, not `flips`)."""
    return _last(p, o, square, 0)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _two(
    p: cython.ulonglong,
    o: cython.ulonglong,
    alpha: cython.int,
    beta: cython.int,
    passed: cython.bint,
    watch: cython.int,
) -> cython.int:
    """Exact value with two empties: both squares tried in turn (ordering them gains nothing here,
    and the general loop's bookkeeping costs more than the search)."""
    _nodes[SPREAD * watch] += 1
    empty: cython.ulonglong = ~(p | o) & FULL
    first: cython.ulonglong = empty & (~empty + _ONE) & FULL
    second: cython.ulonglong = empty ^ first
    a: cython.int = _lowest(first)
    b: cython.int = _lowest(second)
    best: cython.int = -INF
    score: cython.int
    f: cython.ulonglong = flips(p, o, a)
    if f:
        best = -_last(o ^ f, p | f | first, b, watch)
        if best >= beta:
            return best
    f = flips(p, o, b)
    if f:
        score = -_last(o ^ f, p | f | second, a, watch)
        if score > best:
            best = score
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_two(o, p, -beta, -alpha, True, watch)
    return best


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _scan(
    p: cython.ulonglong,
    o: cython.ulonglong,
    alpha: cython.int,
    beta: cython.int,
    empties: cython.int,
    passed: cython.bint,
    watch: cython.int,
) -> cython.int:
    """Exact value with few empties: no move generation, the empty squares next to an opponent disc
    are tried in turn, those of odd quarters first, then corners before edges before X squares."""
    empty: cython.ulonglong = ~(p | o) & FULL
    if empties == 1:
        return _last(p, o, _lowest(empty), watch)
    if empties == 2:
        return _two(p, o, alpha, beta, passed, watch)
    _nodes[SPREAD * watch] += 1
    candidates: cython.ulonglong = empty & _neighbours(o)
    odd: cython.ulonglong = _odd_quarters(empty)
    best: cython.int = -INF
    score: cython.int
    group: cython.int
    squares: cython.ulonglong
    low: cython.ulonglong
    f: cython.ulonglong
    square: cython.int
    for group in range(6):
        squares = odd if group < 3 else empty & ~odd & FULL
        if group == 0 or group == 3:
            squares &= CORNERS
        elif group == 1 or group == 4:
            squares &= ~(CORNERS | X_SQUARES) & FULL
        else:
            squares &= X_SQUARES
        squares &= candidates
        while squares:
            low = squares & (~squares + _ONE) & FULL
            squares ^= low
            square = _lowest(low)
            f = flips(p, o, square)
            if not f:
                continue
            score = -_scan(o ^ f, p | f | low, -beta, -alpha, empties - 1, False, watch)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_scan(o, p, -beta, -alpha, empties, True, watch)
    return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _slot(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int) -> cython.int:
    """The first slot of the position's pair."""
    return (lane << TABLE_BITS) | (
        cython.cast(cython.int, (((p * _HASH_P) & FULL) ^ ((o * _HASH_O) & FULL)) >> (64 - TABLE_BITS)) & ~1
    )


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _check(data: cython.ulonglong) -> cython.ulonglong:
    """What an entry's bitboards are XORed with: `data` spread over all 64 bits."""
    return (data * _HASH_O) & FULL


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _entry(p: cython.ulonglong, o: cython.ulonglong, slot: cython.int) -> cython.ulonglong:
    """The packed entry of the position in `slot`, or 0 when the slot holds another one."""
    data: cython.ulonglong = _table_data[slot]
    if not data:
        # (also where plain Python has not written the slot yet: its arrays start as None)
        return 0
    check: cython.ulonglong = _check(data)
    if _table_p[slot] ^ check == p and _table_o[slot] ^ check == o:
        return data
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _victim(pair: cython.int, empties: cython.int) -> cython.int:
    """Where a new entry with `empties` goes in `pair`: the first slot unless it holds a position
    with more empties (a bigger search to lose) from the lane's current solve, else the second,
    always replaced. (A position left from an earlier solve gives way: games move on.)"""
    data: cython.ulonglong = _table_data[pair]
    if not data or cython.cast(cython.int, (data >> 24) & 0x3F) != _age[pair >> TABLE_BITS]:
        return pair
    check: cython.ulonglong = _check(data)
    if popcount(~(_table_p[pair] ^ check | _table_o[pair] ^ check) & FULL) <= empties:
        return pair
    return pair + 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _lookup(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int) -> cython.ulonglong:
    """The packed entry of the position in its lane's table, or 0."""
    pair: cython.int = _slot(p, o, lane)
    data: cython.ulonglong = _entry(p, o, pair)
    if data:
        return data
    return _entry(p, o, pair + 1)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _move_of(data: cython.ulonglong) -> cython.int:
    """The best move of a packed entry (-1: none), as `_exact` packs it."""
    return cython.cast(cython.int, (data >> 16) & 0xFF) - 1


@cython.ccall
def table_move(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int = 0) -> cython.int:
    """The best move the exact search remembers for the position, or -1 (for reading lines)."""
    data: cython.ulonglong = _lookup(p, o, lane)
    if not data:
        return -1
    return _move_of(data)


@cython.ccall
def table_age(lane: cython.int) -> cython.int:
    """A new solve begins in `lane`: the deep entries of earlier ones may now be replaced."""
    _age[lane] = (_age[lane] + 1) & 0x3F
    return 0


@cython.ccall
def clear_table(lane: cython.int = -1) -> cython.int:
    """Forget every position of `lane` (-1: of every lane), for benchmarks that must not profit
    from an earlier run and for a search that counts its positions."""
    slot: cython.int
    first: cython.int = 0 if lane < 0 else lane << TABLE_BITS
    end: cython.int = LANES << TABLE_BITS if lane < 0 else (lane + 1) << TABLE_BITS
    for slot in range(first, end):
        _table_p[slot] = 0
        _table_o[slot] = 0
        _table_data[slot] = 0
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _insert(
    keys: cython.p_int,
    squares: cython.p_int,
    turned: cython.p_ulonglong,
    count: cython.int,
    key: cython.int,
    square: cython.int,
    f: cython.ulonglong,
) -> cython.int:
    """Insert a move (its key, square and flips) into the first `count` entries of the three arrays,
    kept in order of key (a dozen moves at most, usually fewer); returns the new count."""
    i: cython.int = count
    while i > 0 and keys[i - 1] > key:
        keys[i] = keys[i - 1]
        squares[i] = squares[i - 1]
        turned[i] = turned[i - 1]
        i -= 1
    keys[i] = key
    squares[i] = square
    turned[i] = f
    return count + 1


@cython.ccall
def solve_exact(
    p: cython.ulonglong,
    o: cython.ulonglong,
    alpha: cython.int,
    beta: cython.int,
    passed: cython.bint,
    lane: cython.int = 0,
    watch: cython.int = -1,
) -> cython.int:
    """The exact value for `p` (fail-soft within alpha, beta), searched in `lane`'s table under
    `watch` (-1: the watch numbered as the lane). When `exact_halted(watch)` afterwards, the value
    means nothing. Python's lock is let go meanwhile, so that other threads run (another search
    among them)."""
    score: cython.int
    if watch < 0:
        watch = lane
    with cython.nogil:
        score = _exact(p, o, alpha, beta, passed, lane, watch)
    return score


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _shallow(
    p: cython.ulonglong,
    o: cython.ulonglong,
    depth: cython.int,
    alpha: cython.int,
    beta: cython.int,
) -> cython.int:
    """A plain alpha-beta search `depth` plies deep with the hand-tuned evaluation (tenths of a
    disc): how the exact search orders its moves with many empties. Unordered and without a table:
    it looks one to three plies ahead. (The learned evaluation orders better, 10 to 17 % fewer
    positions, but saves no firm time, and would order differently where its weights are not
    loaded: `endgame.py`.)"""
    if depth <= 0:
        return _hand(p, o)
    moves: cython.ulonglong = legal_moves(p, o)
    if not moves:
        if not legal_moves(o, p):
            return final_score(p, o) * 10
        return -_shallow(o, p, depth - 1, -beta, -alpha)
    best: cython.int = -MID_INF
    low: cython.ulonglong
    f: cython.ulonglong
    score: cython.int
    while moves:
        low = moves & (~moves + _ONE) & FULL
        moves ^= low
        f = flips(p, o, _lowest(low))
        score = -_shallow(o ^ f, p | f | low, depth - 1, -beta, -alpha)
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _order_key(
    p: cython.ulonglong, o: cython.ulonglong, low: cython.ulonglong, f: cython.ulonglong, empties: cython.int
) -> cython.int:
    """Where the exact search tries the move on `low` (turning `f`) among the position's: the
    lower, the sooner. Fastest first (fewest replies left to the opponent, corners counted double;
    fewest own discs next to an empty square next), and with ORDER_EMPTIES or more by a shallow
    search of the child with the hand-tuned evaluation too (a disc of its value weighs as much as
    a sixth of a reply). The deeper ordering searches from 19 empties on took 7 to 20 % fewer
    positions (three sets: 8 positions with 22 empties from games, seeds 1 and 2 of the bench's
    generator, and 4 with 24 empties)."""
    mine: cython.ulonglong = p | f | low
    reply: cython.ulonglong = legal_moves(o ^ f, mine)
    left: cython.ulonglong = ~(p | o) & FULL & ~low
    key: cython.int = (popcount(reply) + popcount(reply & CORNERS)) * 16
    key += popcount(_neighbours(left) & mine) * 4
    if low & CORNERS:
        key -= 2
    elif low & X_SQUARES:
        key += 2
    depth: cython.int
    if empties >= ORDER_EMPTIES:
        depth = 1 + (empties - ORDER_EMPTIES) // ORDER_STEP
        if empties > DEEP_ORDER_EMPTIES:
            depth += (empties - DEEP_ORDER_EMPTIES) // DEEP_ORDER_STEP
        # the child's value is the opponent's: the lower, the sooner
        key = 4 * key + _shallow(o ^ f, mine, depth, -MID_INF, MID_INF)
    return key


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _exact(
    p: cython.ulonglong,
    o: cython.ulonglong,
    alpha: cython.int,
    beta: cython.int,
    passed: cython.bint,
    lane: cython.int,
    watch: cython.int,
) -> cython.int:
    """`solve_exact` itself. Positions with TABLE_EMPTIES or more go to the table (their best
    move is tried first next time). The other moves go in `_order_key`'s order; the first searched
    with the full window, the others with a null window and searched again when they prove better."""
    empty: cython.ulonglong = ~(p | o) & FULL
    empties: cython.int = popcount(empty)
    if empties <= SCAN_EMPTIES:
        return _scan(p, o, alpha, beta, empties, passed, watch)
    _nodes[SPREAD * watch] += 1
    if _nodes[SPREAD * watch] >= _limit[watch]:
        _halt[watch] = 1
    if _halt[watch]:
        return 0
    if alpha >= STABILITY_ALPHA:
        # the opponent's discs that can never flip cap what `p` can reach
        upper: cython.int = 64 - 2 * popcount(stable_discs(o, p | o))
        if upper <= alpha:
            return upper
    moves: cython.ulonglong = legal_moves(p, o)
    if not moves:
        if passed or not legal_moves(o, p):
            return final_score(p, o)
        return -_exact(o, p, -beta, -alpha, True, lane, watch)
    pair: cython.int = -1
    slot: cython.int = -1
    remembered: cython.int = -1
    data: cython.ulonglong
    if empties >= TABLE_EMPTIES:
        pair = _slot(p, o, lane)
        # the entry as `_entry` checked it, and where: another thread may rewrite the slot at any
        # time, so it is read once
        data = _entry(p, o, pair)
        if data:
            slot = pair
        else:
            data = _entry(p, o, pair + 1)
            if data:
                slot = pair + 1
        if data:
            lower: cython.int = cython.cast(cython.int, data & 0xFF) - INF
            upper = cython.cast(cython.int, (data >> 8) & 0xFF) - INF
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha = max(alpha, lower)
            beta = min(beta, upper)
            remembered = _move_of(data)
    original_alpha: cython.int = alpha
    original_beta: cython.int = beta
    keys = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
    squares = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
    # the discs each move turns over, found while ordering and kept for the search
    turned = cython.declare(cython.ulonglong[32])  # type: ignore[misc,valid-type]
    count: cython.int = 0
    low: cython.ulonglong
    f: cython.ulonglong
    mine: cython.ulonglong
    square: cython.int
    key: cython.int
    score: cython.int
    j: cython.int
    while moves:
        low = moves & (~moves + _ONE) & FULL
        moves ^= low
        square = _lowest(low)
        f = flips(p, o, square)
        mine = p | f | low
        if empties >= ETC_EMPTIES:
            # an enhanced transposition cut-off: the table already proves this move good enough
            data = _lookup(o ^ f, mine, lane)
            if data:
                score = INF - cython.cast(cython.int, (data >> 8) & 0xFF)
                if score >= beta:
                    return score
        key = -0x40000000 if square == remembered else _order_key(p, o, low, f, empties)
        count = _insert(keys, squares, turned, count, key, square, f)
    best: cython.int = -INF
    best_move: cython.int = -1
    for j in range(count):
        square = squares[j]
        f = turned[j]
        low = _ONE << square
        if j == 0:
            score = -_exact(o ^ f, p | f | low, -beta, -alpha, False, lane, watch)
        else:
            score = -_exact(o ^ f, p | f | low, -alpha - 1, -alpha, False, lane, watch)
            if alpha < score < beta and not _halt[watch]:
                score = -_exact(o ^ f, p | f | low, -beta, -score, False, lane, watch)
        if _halt[watch]:
            # a stopped search's values mean nothing: nothing goes to the table
            return 0
        if score > best:
            best = score
            best_move = square
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    if pair >= 0:
        if slot < 0:
            slot = _victim(pair, empties)
        # bounds as 0..130 (the upper one never 0: an empty slot holds 0), the move as 0..64, the age
        data = cython.cast(cython.ulonglong, (best if best > original_alpha else -INF) + INF)
        data |= cython.cast(cython.ulonglong, (best if best < original_beta else INF) + INF) << 8
        data |= cython.cast(cython.ulonglong, best_move + 1) << 16
        data |= cython.cast(cython.ulonglong, _age[lane]) << 24
        _table_p[slot] = p ^ _check(data)
        _table_o[slot] = o ^ _check(data)
        _table_data[slot] = data
    return best


# ----- the learned evaluation ------------------------------------------------------------------------
# Pattern features (`learned.py` says which squares and how the weights are fitted): each instance
# of a pattern reads its squares in order as a number in base 3 (0 empty, 1 the side to move's,
# 2 the opponent's), the index of its weight in its pattern's table; the stage (by empty squares)
# picks one block of tables. After the tables, each block ends with four more weights: a constant,
# one per move of mobility difference, one for an odd count of empties and one per disc of
# frontier difference (the opponent's discs next to an empty square less the mover's). Weights are in
# 1/PATTERN_UNITS of a disc; the value returned is in 1/EVAL_UNITS of a disc, truncated.

if not cython.compiled:
    #: most instances, squares over all instances, stages a `load_patterns` call may describe
    MAX_INSTANCES = 64
    MAX_PATTERN_SQUARES = 640
    PATTERN_UNITS = 128
    EVAL_UNITS = 20

_instances = cython.declare(cython.int, 0)
_stage_size = cython.declare(cython.int, 0)
_scalars = cython.declare(cython.int, 0)
_squares = cython.declare(cython.int[640])  # type: ignore[misc,valid-type]
#: instance k reads _squares[_first[k]:_first[k + 1]] into its table at _table_at[k] in a block
_first = cython.declare(cython.int[65])  # type: ignore[misc,valid-type]
_table_at = cython.declare(cython.int[64])  # type: ignore[misc,valid-type]
_stage_of = cython.declare(cython.int[65])  # type: ignore[misc,valid-type]
# (16-bit weights in a contiguous view, half the memory and no stride to multiply by: no quicker,
# 0.92–0.94 s against 0.91–0.94 s for depth-12 searches of 30 positions from games. `perf` puts
# half of a search's time in `_patterns` and a third of that just after the weights' loads, yet
# halving what they read changed nothing)
_weights = cython.declare(cython.int[:])  # type: ignore[misc]
#: keeps the weights' array alive (the memoryview above is the compiled form's way in)
_weight_arrays: list[object] = []

if not cython.compiled:
    # plain lists stand for the C arrays, of the same sizes
    _squares, _first, _table_at, _stage_of = [0] * 640, [0] * 65, [0] * 64, [0] * 65

# How `_patterns` reads an instance's index: not square by square, but line by line. Each
# instance's squares are cut into as few lines as can be (a row, a column or a diagonal each,
# `_line_groups`); a mask and a multiplication gather a line's squares of one side into a byte,
# as `flips` gathers its lines, and a table of 256 gives that byte's share of the index (the
# opponent's byte counts twice: its digits are 2). The 38 instances of the shipped set are 50
# lines: 100 table reads where square by square took 64 digits and 276 steps of base 3. One loop
# runs over all the lines, reading an instance's weight after its last one. Measured with
# valgrind over depth-9 searches of 6 positions with 40 empties: `_patterns` took 3,350
# instructions a call, now 1,710; the whole search 20 % less time (alternating runs).
#: the lines of all instances, one after another, instance by instance
_groups = cython.declare(cython.int, 0)
_group_mask = cython.declare(cython.ulonglong[256])  # type: ignore[misc,valid-type]
_group_gather = cython.declare(cython.ulonglong[256])  # type: ignore[misc,valid-type]
#: line g's share of its instance's index for each byte of one side's discs: [256 * g + byte]
_group_values = cython.declare(cython.int[65536])  # type: ignore[misc,valid-type]
#: 1 where line g is its instance's last: the index is complete, its weight is read
_group_ends = cython.declare(cython.int[256])  # type: ignore[misc,valid-type]
#: where the table of line g's instance starts in a block (`_table_at` by line: a count of
#: instances kept beside the lines cost the loop 12 % more instructions)
_group_table = cython.declare(cython.int[256])  # type: ignore[misc,valid-type]

if not cython.compiled:
    MAX_GROUPS = 256
    _group_mask, _group_gather = [0] * 256, [0] * 256
    _group_ends, _group_table = [0] * 256, [0] * 256
    _group_values = array("i", bytes(4 * 65536))

# Where the processor gathers bits in one instruction (BMI2's `pext`, `kernel.pxd`), an instance's
# squares of one side come out as one number in a single step, whatever their shape, and a table
# of its own gives that number's share of the index: 38 instances, 76 gathers, where the lines
# took 100 multiplications and reads from a table of 256 KB. The evaluation took 99 ns a call
# instead of 148 (2,379 positions from games, 200 passes, `kernel.pattern_value`'s loop in C), and
# a depth-12 search of 30 positions from games 0.66–0.70 s instead of 0.86–0.95 (the same 4.59
# million positions; three alternating runs of three). The compiled form does this only where the
# build has `pext`; plain Python and the other builds read the lines.
#: the most squares an instance may have: its table of gathered bits is 2**10 long
MAX_INSTANCE_SQUARES = 10
#: the squares of instance k
_instance_mask = cython.declare(cython.ulonglong[64])  # type: ignore[misc,valid-type]
#: instance k's share of its index for the gathered bits of one side: [1024 * k + bits]
_instance_values = cython.declare(cython.ushort[65536])  # type: ignore[misc,valid-type]

if not cython.compiled:
    _instance_mask = [0] * 64
    _instance_values = array("H", bytes(2 * 65536))


@cython.ccall
def gathers_bits() -> cython.bint:
    """Whether this form of the kernel reads the pattern instances with BMI2's `pext` (a compiled
    build that may use it) rather than line by line."""
    if cython.compiled:
        return othello_has_pext() != 0  # type: ignore[name-defined,no-any-return]  # noqa: F821
    return False


def _line_groups(squares: list[int]) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """`squares` (an instance's, in the order its index reads them) cut into as few lines as can
    be: rows, diagonals of either direction, or columns, whichever takes the fewest (in that order
    on a tie). Each line as its mask and the multiplier that gathers it into the top byte (a line
    of a row or a diagonal holds one square a column, one of a column one a row: no two land on
    one bit), and each square with its power of 3 in the index."""
    size = len(squares)
    chosen: list[list[int]] = []
    by_column = False
    for way in range(4):
        lines: dict[int, list[int]] = {}
        for square in squares:
            row, column = square >> 3, square & 7
            lines.setdefault((row, row - column, row + column, column)[way], []).append(square)
        if not chosen or len(lines) < len(chosen):
            chosen, by_column = list(lines.values()), way == 3
    found = []
    for line in chosen:
        mask = 0
        for square in line:
            mask |= 1 << square
        powers = [(square, 3 ** (size - 1 - squares.index(square))) for square in line]
        # a column's multiplier shifted down by the column's number instead of the squares: the
        # same product, since the squares have the column's low bits clear and the multiplier
        # its seven lowest
        found.append((mask, _GATHER_COLUMN >> (line[0] & 7) if by_column else _GATHER, powers))
    return found


@cython.ccall
def load_patterns(
    squares: object,
    first: object,
    table_at: object,
    stage_of: object,
    stage_size: cython.int,
    weights: object,
) -> cython.int:
    """Take a pattern set and its weights (`learned.py` checks them first): the squares of every
    instance one after another, where each instance starts (one more entry: the end), each
    instance's table offset in a block, the stage of each count of empties (0–64), the size of a
    block (its last four weights are the scalar terms) and the weights, an `array("i")` of whole
    blocks, stage 0 first. Until it is called, `pattern_value` must not be."""
    global _instances, _stage_size, _scalars, _weights, _groups
    k: cython.int
    count: cython.int = len(first) - 1  # type: ignore[arg-type]
    for k in range(count):
        if first[k + 1] - first[k] > MAX_INSTANCE_SQUARES:  # type: ignore[index]
            raise ValueError(f"instance {k} reads more than {MAX_INSTANCE_SQUARES} squares")
    for k in range(len(squares)):  # type: ignore[arg-type]
        _squares[k] = squares[k]  # type: ignore[index]
    for k in range(count + 1):
        _first[k] = first[k]  # type: ignore[index]
    for k in range(count):
        _table_at[k] = table_at[k]  # type: ignore[index]
    for k in range(65):
        _stage_of[k] = stage_of[k]  # type: ignore[index]
    _weight_arrays[:] = [weights]
    _weights = weights
    group: cython.int = 0
    byte: cython.int
    gathering: cython.bint = gathers_bits()
    for k in range(count):
        lines = _line_groups([squares[j] for j in range(first[k], first[k + 1])])  # type: ignore[index]
        if group + len(lines) > MAX_GROUPS:
            raise ValueError(f"the pattern set reads more than {MAX_GROUPS} lines")
        for mask, gather, powers in lines:
            _group_mask[group], _group_gather[group] = mask, gather
            # each square's bit in the gathered byte, and its power of 3 (no closure here: the
            # compiled form's `ccall` cannot hold one)
            bits: dict[int, int] = {}
            for square, power in powers:
                bit = _gathered(1 << square, mask, gather)
                if bit == 0 or bit & (bit - 1) or bit in bits:
                    raise ValueError(f"the squares of mask {mask:#x} are not one line")
                bits[bit] = power
            for byte in range(256):
                value = 0
                for bit, power in bits.items():
                    if byte & bit:
                        value += power
                _group_values[256 * group + byte] = value
            _group_ends[group], _group_table[group] = 0, table_at[k]  # type: ignore[index]
            group += 1
        _group_ends[group - 1] = 1
        if gathering:
            _fill_instance(k, lines)
    _groups = group
    _stage_size = stage_size
    _scalars = stage_size - 4
    _instances = count
    return 0


def _fill_instance(k: cython.int, lines: list[tuple[int, int, list[tuple[int, int]]]]) -> cython.int:
    """Instance k's mask and table for `_patterns`'s gathers, from its lines (`_line_groups`):
    their masks make the instance's, and `pext` puts the lowest square's bit first, so the
    squares' powers of 3 go in the order of their numbers."""
    mask: int = 0
    power_of: dict[int, int] = {}
    for line_mask, _gather, powers in lines:
        mask |= line_mask
        power_of.update(powers)
    _instance_mask[k] = mask
    ordered = [power_of[square] for square in sorted(power_of)]
    _instance_values[1024 * k] = 0
    for bits in range(1, 1 << len(ordered)):
        # the table's entry without the lowest bit, and that bit's power
        low = (bits & -bits).bit_length() - 1
        _instance_values[1024 * k + bits] = _instance_values[1024 * k + (bits & (bits - 1))] + ordered[low]
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _index(p: cython.ulonglong, o: cython.ulonglong, k: cython.int) -> cython.int:
    """The index of instance k's squares, read in base 3."""
    j: cython.int
    square: cython.int
    index: cython.int = 0
    for j in range(_first[k], _first[k + 1]):
        square = _squares[j]
        index = (
            index * 3
            + cython.cast(cython.int, (p >> square) & _ONE)
            + 2 * cython.cast(cython.int, (o >> square) & _ONE)
        )
    return index


@cython.ccall
@cython.nogil
@cython.exceptval(check=False)
def frontier(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """The opponent's discs next to an empty square less the mover's (as `evaluation.py` counts
    them: a liability of the side that has them)."""
    near: cython.ulonglong = _neighbours(~(p | o) & FULL)
    return popcount(o & near) - popcount(p & near)


@cython.ccall
def pattern_value(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """The learned evaluation of the position for `p`, the side to move, in 1/EVAL_UNITS of a
    final disc of difference (`load_patterns` first)."""
    return _patterns(p, o)


@cython.cfunc
@cython.nogil
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.exceptval(check=False)
def _patterns(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """`pattern_value` itself, callable from the searches without Python's lock."""
    empties: cython.int = 64 - popcount(p | o)
    base: cython.int = _stage_of[empties] * _stage_size
    total: cython.int = 0
    g: cython.int
    index: cython.int = 0
    mask: cython.ulonglong
    gather: cython.ulonglong
    k: cython.int
    if cython.compiled and othello_has_pext():  # type: ignore[name-defined]  # noqa: F821
        for k in range(_instances):
            mask = _instance_mask[k]
            index = _instance_values[1024 * k + othello_pext(p, mask)]  # type: ignore[name-defined]  # noqa: F821
            index += 2 * _instance_values[1024 * k + othello_pext(o, mask)]  # type: ignore[name-defined]  # noqa: F821
            total += _weights[base + _table_at[k] + index]
    else:
        for g in range(_groups):
            mask, gather = _group_mask[g], _group_gather[g]
            index += _group_values[256 * g + _gathered(p, mask, gather)]
            index += 2 * _group_values[256 * g + _gathered(o, mask, gather)]
            if _group_ends[g]:
                total += _weights[base + _group_table[g] + index]
                index = 0
    mobility: cython.int = popcount(legal_moves(p, o)) - popcount(legal_moves(o, p))
    total += _weights[base + _scalars] + _weights[base + _scalars + 1] * mobility
    if empties & 1:
        total += _weights[base + _scalars + 2]
    total += _weights[base + _scalars + 3] * frontier(p, o)
    # truncated towards zero in both forms (C's division and Python's differ on negative values)
    if total >= 0:
        return (total * EVAL_UNITS) // PATTERN_UNITS
    return -((-total * EVAL_UNITS) // PATTERN_UNITS)


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def pattern_indices(p: cython.ulonglong, o: cython.ulonglong, out: array[int]) -> cython.int:
    """For training (`train.py`): each instance's weight index within its stage's block into
    `out` (an `array("i")` of at least as many items as instances); returns the stage."""
    into = cython.declare(cython.int[:], out)  # type: ignore[misc]
    if len(out) < _instances:
        # the compiled loop does not check its bounds: a short array would be written past its end
        raise ValueError(f"pattern_indices needs room for {_instances} indices, not {len(out)}")
    k: cython.int
    for k in range(_instances):
        into[k] = _table_at[k] + _index(p, o, k)
    stage: cython.int = _stage_of[64 - popcount(p | o)]
    return stage


# ----- the hand-tuned evaluation ---------------------------------------------------------------------
# `evaluation.py` is its reference, written for reading; this is the same arithmetic for the
# compiled midgame search (`tests/othello/test_kernel_search.py` compares the two on random games).
if not cython.compiled:
    W_MOBILITY = 12
    W_FRONTIER = 6
    W_CORNER = 90
    W_X = 45
    W_C = 14
    W_STABLE = 18
    W_PARITY = 12


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _anchored(discs: cython.ulonglong) -> cython.ulonglong:
    """Edge discs joined to an own corner along the edge by own discs (never flipped again)."""
    edge: cython.ulonglong = discs & EDGES
    stable: cython.ulonglong = edge & CORNERS
    grown: cython.ulonglong
    if not stable:
        return 0
    while True:
        grown = stable | (
            edge
            & (((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H) | ((stable << 8) & FULL) | (stable >> 8))
        )
        if grown == stable:
            return stable
        stable = grown


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _hand(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """`evaluation.evaluate`: the hand-tuned value for `p`, the side to move (a tenth of a disc)."""
    occupied: cython.ulonglong = p | o
    empty: cython.ulonglong = ~occupied & FULL
    empties: cython.int = 64 - popcount(occupied)
    score: cython.int = W_MOBILITY * (popcount(legal_moves(p, o)) - popcount(legal_moves(o, p)))
    east: cython.ulonglong = (empty << 1) & NOT_A
    west: cython.ulonglong = (empty >> 1) & NOT_H
    row: cython.ulonglong = empty | east | west
    near: cython.ulonglong = ((row << 8) & FULL) | (row >> 8) | east | west
    score += W_FRONTIER * (popcount(o & near) - popcount(p & near))
    if occupied & CORNERS:
        score += W_CORNER * (popcount(p & CORNERS) - popcount(o & CORNERS))
        score += W_STABLE * (popcount(_anchored(p)) - popcount(_anchored(o)))
    # the X square and C squares of each empty corner
    x_mask: cython.ulonglong = 0
    c_mask: cython.ulonglong = 0
    if empty & _ONE:
        x_mask |= _ONE << 9
        c_mask |= (_ONE << 1) | (_ONE << 8)
    if empty & (_ONE << 7):
        x_mask |= _ONE << 14
        c_mask |= (_ONE << 6) | (_ONE << 15)
    if empty & (_ONE << 56):
        x_mask |= _ONE << 49
        c_mask |= (_ONE << 48) | (_ONE << 57)
    if empty & (_ONE << 63):
        x_mask |= _ONE << 54
        c_mask |= (_ONE << 55) | (_ONE << 62)
    score -= W_X * (popcount(p & x_mask) - popcount(o & x_mask))
    score -= W_C * (popcount(p & c_mask) - popcount(o & c_mask))
    late: cython.int
    if empties <= 20:
        if empties & 1:
            score += W_PARITY
        late = (20 - empties) * (popcount(p) - popcount(o))
        # Python's floor division, also for a negative difference
        score += late // 2 if late >= 0 else -((1 - late) // 2)
    return score


@cython.ccall
def hand_value(p: cython.ulonglong, o: cython.ulonglong) -> cython.int:
    """The hand-tuned evaluation as the compiled search computes it (for the tests)."""
    return _hand(p, o)


# ----- the midgame search ----------------------------------------------------------------------------
# A depth-limited principal variation search with either evaluation at its leaves, for the engine's
# midgame (`engine.py` drives its iterative deepening and its clock). Each search runs in a lane of
# its own: its count of positions, its budget of positions, its stop flag, its evaluation and its
# table are the lane's, so that searches in several threads never stop, count or fill for each
# other, and a search that counts its positions finds what it left there itself. An entry records
# the evaluation it was found with, and is only used by a search with the same one.
# Values: the evaluation's units (clamped inside ±MID_WIN) or, for a finished game, MID_WIN per disc.

if not cython.compiled:
    MID_LANES = 8
    MID_WIN = 4096
    MID_INF = 266240  # 65 × MID_WIN
    #: each lane's table has 2**MID_TABLE_BITS slots, in pairs: a position goes to the first slot of
    #: its pair unless that holds a deeper search of the current move's, then to the second (always
    #: replaced), so that the deep entries near the root survive the flood of shallow ones
    MID_TABLE_BITS = 17
    #: what a bound is offset by when packed (20 bits each)
    _MID_OFFSET = 524288
    #: at this remaining depth and more, a node orders its moves by their children's evaluation
    #: (ordering by a shallow search of each child instead, from 6 plies to go, took 23.1 million
    #: positions where this takes 12.4 for depth-14 searches of 30 positions from games; from 9
    #: plies, one ply deep, 17.2 million; a table four times as big, 12.0 million)
    MID_SORT_DEPTH = 3
    #: the evaluations a lane may use
    EVAL_PATTERNS = 0
    EVAL_HAND = 1
    #: the deepest search whose probable cut-off can be described (`probcut_load`)
    PROBCUT_DEPTHS = 64

#: for each evaluation (64 × evaluation + depth): the shallow search's depth (0: no probable
#: cut-off), the deep value's slope against it (in hundredths) and offset, and the margin (the
#: deep value's spread around that line times the confidence wanted), in evaluation units
_cut_shallow = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_cut_slope = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_cut_offset = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
_cut_margin = cython.declare(cython.int[128])  # type: ignore[misc,valid-type]
#: whether the lane's search makes probable cut-offs
_mid_cut = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
if not cython.compiled:
    _MASK20 = 0xFFFFF

#: (SPREAD apart, as the watches' counts)
_mid_nodes = cython.declare(cython.longlong[64])  # type: ignore[misc,valid-type]
_mid_limit = cython.declare(cython.longlong[8])  # type: ignore[misc,valid-type]
_mid_halt = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
_mid_eval = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
#: the best root move proven better than the root's alpha by the lane's last search (-1: none)
_mid_best = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
#: counts the lane's `mid_start`s (modulo 64): entries older than the current one may be replaced
_mid_age = cython.declare(cython.int[8])  # type: ignore[misc,valid-type]
# (the sizes are MID_LANES × 2**MID_TABLE_BITS)
_mid_p = cython.declare(cython.ulonglong[1048576])  # type: ignore[misc,valid-type]
_mid_o = cython.declare(cython.ulonglong[1048576])  # type: ignore[misc,valid-type]
_mid_data = cython.declare(cython.ulonglong[1048576])  # type: ignore[misc,valid-type]

if not cython.compiled:
    # flat arrays of machine words, as the exact search's table
    _mid_p, _mid_o, _mid_data = (array("Q", [0]) * 1048576 for _ in range(3))


@cython.ccall
def probcut_load(
    evaluation: cython.int,
    depth: cython.int,
    shallow: cython.int,
    slope: cython.int,
    offset: cython.int,
    margin: cython.int,
) -> cython.int:
    """Describe the probable cut-off of a search `depth` deep with `evaluation` (`probcut.py`):
    a search `shallow` deep (0: none) whose value v predicts the deep one as v × slope / 100 +
    offset, give or take `margin`."""
    at: cython.int = PROBCUT_DEPTHS * evaluation + depth
    _cut_shallow[at] = shallow
    _cut_slope[at] = slope if slope > 0 else 100
    _cut_offset[at] = offset
    _cut_margin[at] = margin
    return 0


@cython.ccall
def mid_start(
    lane: cython.int, evaluation: cython.int, limit: cython.longlong, probcut: cython.bint = False
) -> cython.int:
    """Make `lane` ready for a search with `evaluation` (EVAL_PATTERNS: `load_patterns` first)
    that stops after `limit` positions (-1: no limit), with probable cut-offs or without; its
    count starts at 0."""
    _mid_cut[lane] = probcut
    _mid_nodes[SPREAD * lane] = 0
    _mid_limit[lane] = limit if limit >= 0 else NO_LIMIT
    _mid_halt[lane] = 0
    _mid_eval[lane] = evaluation
    _mid_best[lane] = -1
    _mid_age[lane] = (_mid_age[lane] + 1) & 63
    return 0


@cython.ccall
def mid_halt(lane: cython.int) -> cython.int:
    """Ask `lane`'s search to stop now (from another thread: the search runs without the lock)."""
    _mid_halt[lane] = 1
    return 0


@cython.ccall
def mid_halted(lane: cython.int) -> cython.bint:
    """Whether `lane`'s last search stopped before it finished (its value is then meaningless)."""
    halted: cython.int = _mid_halt[lane]
    return halted != 0


@cython.ccall
def mid_nodes(lane: cython.int) -> cython.longlong:
    """Positions searched in `lane` since its `mid_start`."""
    count: cython.longlong = _mid_nodes[SPREAD * lane]
    return count


@cython.ccall
def mid_best(lane: cython.int) -> cython.int:
    """The root move of `lane`'s last search proven better than its alpha (-1: none was)."""
    move: cython.int = _mid_best[lane]
    return move


@cython.ccall
def mid_table_move(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int) -> cython.int:
    """The best move `lane`'s table remembers for the position, or -1 (for reading lines)."""
    slot: cython.int = _mid_find(p, o, _mid_slot(p, o, lane), lane)
    if slot < 0:
        return -1
    data: cython.ulonglong = _mid_data[slot]
    return cython.cast(cython.int, (data >> 40) & 0x7F) - 1


@cython.ccall
def clear_mid_table(lane: cython.int) -> cython.int:
    """Forget every position of `lane`'s table (a search that counts its positions starts so)."""
    slot: cython.int
    for slot in range(lane << MID_TABLE_BITS, (lane + 1) << MID_TABLE_BITS):
        _mid_p[slot] = 0
        _mid_o[slot] = 0
        _mid_data[slot] = 0
    return 0


@cython.ccall
def mid_search(
    p: cython.ulonglong,
    o: cython.ulonglong,
    depth: cython.int,
    alpha: cython.int,
    beta: cython.int,
    lane: cython.int,
) -> cython.int:
    """The value for `p` searched `depth` plies deep (fail-soft within alpha, beta) in `lane`
    (`mid_start` first); Python's lock is let go meanwhile. When `mid_halted(lane)` afterwards,
    the value means nothing, and `mid_best(lane)` tells whether a move was proven before."""
    score: cython.int
    _mid_best[lane] = -1
    with cython.nogil:
        score = _mid(p, o, alpha, beta, depth, False, True, lane)
    return score


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _mid_slot(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int) -> cython.int:
    """The first slot of the position's pair."""
    return (lane << MID_TABLE_BITS) | (
        cython.cast(cython.int, (((p * _HASH_P) & FULL) ^ ((o * _HASH_O) & FULL)) >> (64 - MID_TABLE_BITS))
        & ~1
    )


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _mid_find(p: cython.ulonglong, o: cython.ulonglong, pair: cython.int, lane: cython.int) -> cython.int:
    """The slot of `pair` that holds the position (found with the lane's evaluation), or -1."""
    if _mid_entry(p, o, pair, lane):
        return pair
    if _mid_entry(p, o, pair + 1, lane):
        return pair + 1
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _mid_victim(pair: cython.int, depth: cython.int, lane: cython.int) -> cython.int:
    """Where a new entry searched `depth` deep goes in `pair`."""
    data: cython.ulonglong = _mid_data[pair]
    if (
        not data
        or cython.cast(cython.int, (data >> 47) & 0x7F) <= depth
        or cython.cast(cython.int, (data >> 56) & 0x3F) != _mid_age[lane]
    ):
        return pair
    return pair + 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _mid_entry(
    p: cython.ulonglong, o: cython.ulonglong, slot: cython.int, lane: cython.int
) -> cython.ulonglong:
    """The packed entry of the position in `slot`, or 0 when the slot holds another one or one
    found with another evaluation than the lane's."""
    data: cython.ulonglong = _mid_data[slot]
    if not data or cython.cast(cython.int, (data >> 54) & 0x3) != _mid_eval[lane]:
        return 0
    check: cython.ulonglong = _check(data)
    if _mid_p[slot] ^ check == p and _mid_o[slot] ^ check == o:
        return data
    return 0


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _value(p: cython.ulonglong, o: cython.ulonglong, lane: cython.int) -> cython.int:
    """The lane's evaluation, kept inside ±MID_WIN so that it never passes for a finished game."""
    value: cython.int = _hand(p, o) if _mid_eval[lane] == EVAL_HAND else _patterns(p, o)
    if value >= MID_WIN:
        return MID_WIN - 1
    if value <= -MID_WIN:
        return 1 - MID_WIN
    return value


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _ceil_div(a: cython.int, b: cython.int) -> cython.int:
    """a / b rounded up, for b > 0, in both forms (C's division truncates, Python's floors)."""
    if a >= 0:
        return (a + b - 1) // b
    return -((-a) // b)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _mid(
    p: cython.ulonglong,
    o: cython.ulonglong,
    alpha: cython.int,
    beta: cython.int,
    depth: cython.int,
    passed: cython.bint,
    root: cython.bint,
    lane: cython.int,
) -> cython.int:
    """`mid_search` itself. The table's move first; then, with MID_SORT_DEPTH or more to go, the
    moves whose children evaluate worst for the opponent, else fastest first (fewest replies,
    corners counted double); the first move with the full window, the rest with a null window and
    searched again when they prove better. A pass costs no depth."""
    _mid_nodes[SPREAD * lane] += 1
    if _mid_nodes[SPREAD * lane] >= _mid_limit[lane]:
        _mid_halt[lane] = 1
    if _mid_halt[lane]:
        return 0
    if depth <= 0:
        if (p | o) == FULL:
            return final_score(p, o) * MID_WIN
        return _value(p, o, lane)
    moves: cython.ulonglong = legal_moves(p, o)
    if not moves:
        if passed or not legal_moves(o, p):
            return final_score(p, o) * MID_WIN
        return -_mid(o, p, -beta, -alpha, depth, True, False, lane)
    pair: cython.int = _mid_slot(p, o, lane)
    slot: cython.int = _mid_find(p, o, pair, lane)
    data: cython.ulonglong = 0
    remembered: cython.int = -1
    lower: cython.int
    upper: cython.int
    if slot >= 0:
        data = _mid_data[slot]
        remembered = cython.cast(cython.int, (data >> 40) & 0x7F) - 1
        if not root and cython.cast(cython.int, (data >> 47) & 0x7F) >= depth:
            lower = cython.cast(cython.int, data & _MASK20) - _MID_OFFSET
            upper = cython.cast(cython.int, (data >> 20) & _MASK20) - _MID_OFFSET
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
    at: cython.int
    bound: cython.int
    if _mid_cut[lane] and not root and depth < PROBCUT_DEPTHS and alpha > -MID_WIN and beta < MID_WIN:
        # a probable cut-off (Buro's ProbCut): when a shallow search says the value lies beyond
        # the window by more than the margin, the deep one most likely does too
        at = PROBCUT_DEPTHS * _mid_eval[lane] + depth
        if _cut_shallow[at] > 0:
            bound = _ceil_div((beta + _cut_margin[at] - _cut_offset[at]) * 100, _cut_slope[at])
            if bound < MID_WIN:
                if _mid(p, o, bound - 1, bound, _cut_shallow[at], passed, False, lane) >= bound:
                    return beta
                if _mid_halt[lane]:
                    return 0
            bound = -_ceil_div((_cut_offset[at] + _cut_margin[at] - alpha) * 100, _cut_slope[at])
            if bound > -MID_WIN:
                if _mid(p, o, bound, bound + 1, _cut_shallow[at], passed, False, lane) <= bound:
                    return alpha
                if _mid_halt[lane]:
                    return 0
    original_alpha: cython.int = alpha
    keys = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
    squares = cython.declare(cython.int[32])  # type: ignore[misc,valid-type]
    turned = cython.declare(cython.ulonglong[32])  # type: ignore[misc,valid-type]
    count: cython.int = 0
    low: cython.ulonglong
    f: cython.ulonglong
    reply: cython.ulonglong
    square: cython.int
    key: cython.int
    j: cython.int
    while moves:
        low = moves & (~moves + _ONE) & FULL
        moves ^= low
        square = _lowest(low)
        f = flips(p, o, square)
        if square == remembered:
            key = -0x40000000
        elif depth >= MID_SORT_DEPTH:
            key = _value(o ^ f, p | f | low, lane)
        elif depth >= 2:
            reply = legal_moves(o ^ f, p | f | low)
            key = (popcount(reply) + popcount(reply & CORNERS)) * 16
            if low & CORNERS:
                key -= 8
            elif low & X_SQUARES:
                key += 8
        else:
            # the children are evaluated where they stand: corners first, X squares last
            key = 0
            if low & CORNERS:
                key = -1
            elif low & X_SQUARES:
                key = 1
        count = _insert(keys, squares, turned, count, key, square, f)
    best: cython.int = -MID_INF
    best_move: cython.int = -1
    score: cython.int
    for j in range(count):
        square = squares[j]
        f = turned[j]
        low = _ONE << square
        if depth == 1:
            # a null window buys nothing where the evaluation ignores it
            _mid_nodes[SPREAD * lane] += 1
            if (p | o | low) == FULL:
                score = final_score(p | f | low, o ^ f) * MID_WIN
            else:
                score = -_value(o ^ f, p | f | low, lane)
        elif j == 0:
            score = -_mid(o ^ f, p | f | low, -beta, -alpha, depth - 1, False, False, lane)
        else:
            score = -_mid(o ^ f, p | f | low, -alpha - 1, -alpha, depth - 1, False, False, lane)
            if alpha < score < beta and not _mid_halt[lane]:
                score = -_mid(o ^ f, p | f | low, -beta, -score, depth - 1, False, False, lane)
        if _mid_halt[lane]:
            return 0
        if score > best:
            best = score
            best_move = square
            if score > alpha:
                alpha = score
                if root:
                    _mid_best[lane] = square
                if alpha >= beta:
                    break
    # bounds as offset 20-bit numbers, the move (+1) in 7 bits, the depth in 7, the evaluation in
    # 2, the age in 6
    lower = best if best > original_alpha else -MID_INF
    upper = best if best < beta else MID_INF
    data = cython.cast(cython.ulonglong, lower + _MID_OFFSET)
    data |= cython.cast(cython.ulonglong, upper + _MID_OFFSET) << 20
    data |= cython.cast(cython.ulonglong, best_move + 1) << 40
    data |= cython.cast(cython.ulonglong, depth if depth < 127 else 127) << 47
    data |= cython.cast(cython.ulonglong, _mid_eval[lane]) << 54
    data |= cython.cast(cython.ulonglong, _mid_age[lane]) << 56
    if slot < 0:
        slot = _mid_victim(pair, depth, lane)
    _mid_p[slot] = p ^ _check(data)
    _mid_o[slot] = o ^ _check(data)
    _mid_data[slot] = data
    return best


@cython.cfunc
def _zero_lanes() -> cython.int:
    """Every midgame lane idle and its table empty in plain Python too (whose arrays start as None)."""
    lane: cython.int
    for lane in range(MID_LANES):
        _mid_nodes[SPREAD * lane] = 0
        _mid_limit[lane] = 0
        _mid_halt[lane] = 0
        _mid_eval[lane] = 0
        _mid_best[lane] = -1
        _mid_age[lane] = 0
        _mid_cut[lane] = 0
    at: cython.int
    for at in range(2 * PROBCUT_DEPTHS):
        _cut_shallow[at] = 0
        _cut_slope[at] = 100
        _cut_offset[at] = 0
        _cut_margin[at] = 0
    return 0


_zero_lanes()
