"""Connect Four's exact search, written once: compiled by Cython where it can, plain Python elsewhere.

`ludoteca.ai.native.compiled` turns this file into a C extension (Cython's pure-Python mode: the
`cython.*` annotations give C types, plain Python ignores them); without a C compiler, or with
`LUDOTECA_NATIVE=0`, the same functions run here as written. `tests/connect4/test_kernel.py` runs
both forms against the public scores and against each other.

The grid is `bitboard.py`'s: 7 bits a column (6 cells and an empty sentinel), so a position is
`current` (the discs of the side to move), `mask` (every disc) and the number of discs played, and
``current + mask`` is a unique key. Scores are the solvers' convention (`solver.py`).

Rules for writing in this file, so that both forms compute the same thing:
* bitboards are `cython.ulonglong`; a left shift may carry bits past bit 63 in Python and lose
  them in C, so every shifted value is masked to the grid before it is kept;
* only non-negative numbers are divided (shifted right), where C and Python agree;
* constants are C macros, declared in `kernel.pxd` so that the C compiler folds them into the code
  (the table's slot, a key modulo TABLE_SLOTS, is then a multiplication, not a division); the
  plain form gets the same values here under `if not cython.compiled:`, and
  `tests/connect4/test_kernel.py` checks that both agree. Never bare literals above 2**31 in an
  expression: Cython keeps those as Python objects.

`solve_batch` answers a whole list of positions in one call, timing each search in processor time
here, so that a file of quick positions costs the searches and not one Python call each.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable

import cython

if cython.compiled:
    # C's own clock and memset: the plain form uses time.process_time_ns and new arrays instead
    from cython.cimports.libc.string import memset  # type: ignore[import-untyped]
    from cython.cimports.posix.time import (  # type: ignore[import-untyped]
        CLOCK_PROCESS_CPUTIME_ID,
        clock_gettime,
        timespec,
    )

if not cython.compiled:
    # the compiled form reads these from kernel.pxd, as C macros
    CELLS = 42
    #: every cell of the grid (7 columns of 6 bits, one sentinel bit between them)
    BOARD = 0xFDFBF7EFDFBF
    #: the bottom cell of every column
    BOTTOM_ALL = 0x40810204081
    #: one column's six cells
    COLUMN_0 = 0x3F
    _M1 = 0x5555555555555555
    _M2 = 0x3333333333333333
    _M4 = 0x0F0F0F0F0F0F0F0F
    _H01 = 0x0101010101010101
    _FULL = 0xFFFFFFFFFFFFFFFF
    #: the low bits of a table slot that hold the value (see `_table_put`)
    _VALUE_BITS = 7
    _VALUE_MASK = 0x7F

    #: what a search returns when it was stopped (no score is this low)
    STOPPED = -1000

    #: slots of the table: a prime, so that a key's slot (the key mod the prime) and its quotient
    #: (which the slot keeps) tell every 49-bit key apart; above 2**24, so that the quotient takes 25
    #: bits and the value 7 more of a slot's 32: one read of memory per probe, 64 MB in all
    TABLE_SLOTS = 16777259

#: the stop test runs once every 2**16 positions compiled, 2**10 plain: a few milliseconds either way
CHECK_MASK = cython.declare(cython.longlong, 0xFFFF if cython.compiled else 0x3FF)
#: the table is neither read nor written in a search's last plies, from TABLE_EMPTIES empty cells
#: down: compiled, a probe there is a trip to memory that costs more than searching the small tree
#: again (on the public sets, with the table emptied before each position: up to a third quicker,
#: the most on the easiest, for more positions searched, up to half more on positions past the
#: opening book; 10 or 12 would be quicker still, but cold solves there would outgrow the book's
#: budget of positions, `book_builder.py`);
#: the plain form's probes cost less than its searches, so it keeps the table to the end
TABLE_EMPTIES = cython.declare(cython.int, 8 if cython.compiled else 0)
#: the plain form searches some thirty times fewer positions a second: a smaller table serves it
#: as well, and is made at once (its slots are Python ints, which hold any quotient)
PLAIN_TABLE_SLOTS = 262147

_nodes = cython.declare(cython.longlong, 0)
_stopped = cython.declare(cython.bint, False)
_stop = cython.declare(object, None)
#: the count of positions (as `_nodes` reads) at which the search stops: a budget of positions is
#: met exactly, in both forms, whatever was searched before
_limit = cython.declare(cython.longlong, 0x3FFFFFFFFFFFFFFF)
_slots = cython.declare(cython.longlong, 0)
#: the processor time (`_cpu_ns`) past which the position being solved by `solve_batch` is given up
#: (0: no such limit), and whether that is what stopped the search
_deadline = cython.declare(cython.longlong, 0)
_expired = cython.declare(cython.bint, False)
_table = cython.declare(cython.uint[:])  # type: ignore[misc]
#: keeps the array alive (the memoryview above is the compiled form's way in)
_arrays: list[array[int]] = []


# ----- primitives ------------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount(x: cython.ulonglong) -> cython.int:
    if cython.compiled:
        x = x - ((x >> 1) & _M1)
        x = (x & _M2) + ((x >> 2) & _M2)
        x = (x + (x >> 4)) & _M4
        return cython.cast(cython.int, ((x * _H01) & _FULL) >> 56)
    return x.bit_count()


@cython.cfunc
@cython.exceptval(check=False)
def _cpu_ns() -> cython.longlong:
    """This process's processor time in nanoseconds (CLOCK_PROCESS_CPUTIME_ID in both forms)."""
    if cython.compiled:
        now = cython.declare(timespec)
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, cython.address(now))  # type: ignore[attr-defined]
        return cython.cast(cython.longlong, now.tv_sec * 1000000000 + now.tv_nsec)
    return time.process_time_ns()


@cython.ccall
@cython.exceptval(check=False)
def threats(board: cython.ulonglong, mask: cython.ulonglong) -> cython.ulonglong:
    """The empty cells where one more disc would give `board` four in a row."""
    # per direction with shift s, a cell completes a line with two neighbours on one side and one
    # more on either side; vertically only the three below count
    found: cython.ulonglong = (board << 1) & (board << 2) & (board << 3)
    up: cython.ulonglong = board << 7
    down: cython.ulonglong = board >> 7
    found |= (up & (board << 14) & ((board << 21) | down)) | (down & (board >> 14) & (up | (board >> 21)))
    up = board << 6
    down = board >> 6
    found |= (up & (board << 12) & ((board << 18) | down)) | (down & (board >> 12) & (up | (board >> 18)))
    up = board << 8
    down = board >> 8
    found |= (up & (board << 16) & ((board << 24) | down)) | (down & (board >> 16) & (up | (board >> 24)))
    return found & (BOARD ^ mask)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _playable(mask: cython.ulonglong) -> cython.ulonglong:
    return (mask + BOTTOM_ALL) & BOARD


# ----- the table -------------------------------------------------------------------------------------
@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def clear_table() -> cython.int:
    """Forget every position (benchmarks start each run from an empty table). The first call makes
    the table, so importing the kernel costs no memory."""
    global _table, _slots
    if cython.compiled and _slots:
        memset(cython.address(_table[0]), 0, _slots * 4)  # type: ignore[attr-defined]
        return 0
    # the plain form makes a new array: quicker than its loop over the old one
    slots: cython.longlong = TABLE_SLOTS if cython.compiled else PLAIN_TABLE_SLOTS
    table = array("I", bytes(4 * slots)) if cython.compiled else array("Q", bytes(8 * slots))
    _arrays[:] = [table]
    _table = table
    _slots = slots
    return 0


@cython.ccall
def table_slots() -> cython.longlong:
    return _slots


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _slot(key: cython.ulonglong) -> cython.longlong:
    if cython.compiled:
        # a constant divisor: the C compiler turns the division into a multiplication
        return cython.cast(cython.longlong, key % cython.cast(cython.ulonglong, TABLE_SLOTS))
    return key % _slots


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _quotient(key: cython.ulonglong) -> cython.ulonglong:
    if cython.compiled:
        return key // cython.cast(cython.ulonglong, TABLE_SLOTS)
    return key // _slots


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _table_get(key: cython.ulonglong) -> cython.int:
    """What the table holds for `key` (see `_table_put`), 0 for nothing (an empty slot holds 0,
    whose value part is 0 whatever the quotient)."""
    kept: cython.ulonglong = _table[_slot(key)]
    value: cython.int = 0
    if kept >> _VALUE_BITS == _quotient(key):
        value = cython.cast(cython.int, kept & _VALUE_MASK)
    return value


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _table_put(key: cython.ulonglong, score: cython.int, lower: cython.bint) -> cython.int:
    """Keep a bound of the score, always replacing: the key's quotient, then in the low 7 bits
    (score + 32) * 2 plus 1 for a lower bound (11 to 107 for scores of -21 to 21, never 0)."""
    value: cython.ulonglong = ((score + 32) << 1) | lower
    _table[_slot(key)] = (_quotient(key) << _VALUE_BITS) | value
    return 0


# ----- the search ------------------------------------------------------------------------------------
@cython.ccall
def nodes() -> cython.longlong:
    """Positions searched since the program started."""
    return _nodes


@cython.ccall
def set_stop(stop: Callable[[], bool] | None, limit: cython.longlong = -1) -> cython.int:
    """`stop()` is asked every few milliseconds (CHECK_MASK); when it answers True, or when `nodes()`
    reaches `limit` (-1: no limit), the search unwinds and returns STOPPED, keeping in the table
    only what it had finished."""
    global _stop, _stopped, _limit
    _stop = stop
    _stopped = False
    _limit = limit if limit >= 0 else 0x3FFFFFFFFFFFFFFF
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _must_stop() -> cython.bint:
    """The test made every CHECK_MASK + 1 positions: the batch's deadline, then `set_stop`'s."""
    global _expired
    if _deadline and _cpu_ns() > _deadline:
        _expired = True
        return True
    return _stop is not None and bool(_stop())


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(moves=cython.ulonglong[7], made=cython.ulonglong[7], counts=cython.int[7])  # type: ignore[misc,valid-type]
def _negamax(
    current: cython.ulonglong,
    mask: cython.ulonglong,
    played: cython.int,
    alpha: cython.int,
    beta: cython.int,
    theirs: cython.ulonglong,
) -> cython.int:
    """The score within [alpha, beta] (fail-hard outside) of a position whose side to move cannot
    win at once; `theirs` are the opponent's threats."""
    global _nodes, _stopped
    _nodes += 1
    if _nodes >= _limit or (not (_nodes & CHECK_MASK) and _must_stop()):
        _stopped = True
    if _stopped:
        return STOPPED
    possible: cython.ulonglong = _playable(mask)
    forced: cython.ulonglong = possible & theirs
    if forced:
        if forced & (forced - 1):
            # two threats to block at once: lost when the opponent plays next
            return -((CELLS - played) >> 1)
        possible = forced
    # never play right under a cell where the opponent would then win
    possible &= ~(theirs >> 1)
    if not possible:
        return -((CELLS - played) >> 1)
    if played >= CELLS - 2:
        return 0
    low: cython.int = -((CELLS - 2 - played) >> 1)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high: cython.int = (CELLS - 1 - played) >> 1
    key: cython.ulonglong = current + mask
    kept: cython.bint = played < CELLS - TABLE_EMPTIES
    entry: cython.int = _table_get(key) if kept else 0
    if entry:
        bound: cython.int = (entry >> 1) - 32
        if entry & 1:
            if alpha < bound:
                alpha = bound
                if alpha >= beta:
                    return alpha
        elif bound < high:
            high = bound
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta

    # the moves, most threats made first, the centre first among equals (insertion keeps the
    # centre-first order of ties)
    if not cython.compiled:
        # Python lists for the plain form (its emulated C arrays cost a class a call)
        moves, made, counts = [0] * 7, [0] * 7, [0] * 7
    count: cython.int = 0
    i: cython.int
    j: cython.int
    move: cython.ulonglong
    new: cython.ulonglong
    value: cython.int
    for i in range(7):
        # columns 3, 2, 4, 1, 5, 0, 6
        if i & 1:
            move = possible & (COLUMN_0 << (7 * (3 - ((i + 1) >> 1))))
        else:
            move = possible & (COLUMN_0 << (7 * (3 + (i >> 1))))
        if not move:
            continue
        new = threats(current | move, mask | move)
        value = _popcount(new)
        j = count
        while j > 0 and counts[j - 1] < value:
            moves[j] = moves[j - 1]
            made[j] = made[j - 1]
            counts[j] = counts[j - 1]
            j -= 1
        moves[j] = move
        made[j] = new
        counts[j] = value
        count += 1

    opponent: cython.ulonglong = current ^ mask
    score: cython.int
    for i in range(count):
        score = -_negamax(opponent, mask | moves[i], played + 1, -beta, -alpha, made[i])
        if _stopped:
            return STOPPED
        if score >= beta:
            if kept:
                _table_put(key, score, True)
            return score
        if score > alpha:
            alpha = score
    if kept:
        _table_put(key, alpha, False)
    return alpha


@cython.ccall
def window(
    current: cython.ulonglong, mask: cython.ulonglong, played: cython.int, alpha: cython.int, beta: cython.int
) -> cython.int:
    """The score within [alpha, beta] (fail-hard) of a position whose side to move cannot win at
    once and whose grid is not full; STOPPED when the stop test said so."""
    if not _slots:
        clear_table()
    return _negamax(current, mask, played, alpha, beta, threats(current ^ mask, mask))


@cython.ccall
def solve(
    current: cython.ulonglong, mask: cython.ulonglong, played: cython.int, weak: cython.bint
) -> cython.int:
    """The exact score of a position (with `weak`, only its sign), or STOPPED: null-window
    searches that narrow the interval the score lies in, first near 0 (most positions are close)."""
    if played >= CELLS:
        return 0
    if threats(current, mask) & _playable(mask):
        return 1 if weak else (CELLS + 1 - played) >> 1
    low: cython.int = -((CELLS - played) >> 1)
    high: cython.int = (CELLS + 1 - played) >> 1
    if weak:
        low = max(low, -1)
        high = min(high, 1)
    middle: cython.int
    result: cython.int
    while low < high:
        middle = low + ((high - low) >> 1)
        # halve towards 0 (Python's floor division, which Cython keeps for negative numbers)
        if middle <= 0 and low // 2 < middle:
            middle = low // 2
        elif middle >= 0 and high // 2 > middle:
            middle = high // 2
        result = window(current, mask, played, middle, middle + 1)
        if result == STOPPED:
            return STOPPED
        if result <= middle:
            high = result
        else:
            low = result
    if weak:
        # a weak search may prove more than a win or a loss on the way; only the sign is reported
        return (low > 0) - (low < 0)
    return low


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def solve_batch(
    currents: array[int],
    masks: array[int],
    played: array[int],
    weak: cython.bint,
    fresh: cython.bint,
    budget: cython.longlong,
    scores: array[int],
    counts: array[int],
    spent: array[int],
) -> cython.longlong:
    """`solve` of every position in turn (`currents[i]`, `masks[i]`, `played[i]`; none finished),
    into `scores[i]`, with the positions it searched in `counts[i]` and the processor nanoseconds
    of its search alone in `spent[i]`. With `fresh`, the table is emptied before each position
    (not timed), as a new process would find it. A position whose search takes more than `budget`
    processor nanoseconds (0: no limit) scores STOPPED and the batch goes on; a stop from
    `set_stop` ends the batch. Returns how many positions were answered (those given up included)."""
    global _deadline, _expired, _stopped
    # typed views of the arrays ('Q', 'Q', 'i', 'i', 'q', 'q'): C arrays to the compiled form
    in_currents = cython.declare(cython.ulonglong[:], currents)  # type: ignore[misc]
    in_masks = cython.declare(cython.ulonglong[:], masks)  # type: ignore[misc]
    in_played = cython.declare(cython.int[:], played)  # type: ignore[misc]
    out_scores = cython.declare(cython.int[:], scores)  # type: ignore[misc]
    out_counts = cython.declare(cython.longlong[:], counts)  # type: ignore[misc]
    out_spent = cython.declare(cython.longlong[:], spent)  # type: ignore[misc]
    total: cython.longlong = len(in_currents)
    i: cython.longlong
    before: cython.longlong
    started: cython.longlong
    score: cython.int
    current: cython.ulonglong
    mask: cython.ulonglong
    discs: cython.int
    if not _slots:
        clear_table()
    for i in range(total):
        if fresh:
            clear_table()
        # the position is read before the clock starts, as a solver reading a file would have it
        current = in_currents[i]
        mask = in_masks[i]
        discs = in_played[i]
        before = _nodes
        _expired = False
        started = _cpu_ns()
        _deadline = started + budget if budget > 0 else 0
        score = solve(current, mask, discs, weak)
        out_spent[i] = _cpu_ns() - started
        _deadline = 0
        out_scores[i] = score
        out_counts[i] = _nodes - before
        if score == STOPPED:
            if not _expired:
                # `set_stop`'s test: this position is not answered
                return i
            # only this position's time ran out: the next one starts afresh
            _stopped = False
            _expired = False
    return total
