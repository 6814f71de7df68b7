"""Exact endgame solver: the final disc difference under perfect play from both sides.

Scores follow tournament practice: the final difference of discs, with the empty squares left by
an early end counted for the winner (so a position's value matches published endgame suites).

The value is found by null-window tests ("is it at least t?") whose thresholds bracket it; each
test is a negamax principal variation search (null windows after the first move):
* with many empties: a transposition table, the TT move first, then fastest-first ordering
  (the move that leaves the opponent the fewest replies first, corners preferred);
* with few empties (SMALL and below): no move generation at all, the list of empty squares is
  scanned with a neighbour test, squares of quarters holding an odd number of empties first
  (parity, kept up to date move by move), and the last three squares have their own functions;
* a stability cut-off: the opponent's discs that can never flip cap the score within reach.
The ordering, the loop over the moves, passes and the read-back of the best line are the midgame
search's too (`search.py`).

Profile notes (cProfile on 18-empty FFO positions): about 90 % of the time goes to the last
seven empties, and there to `flips` (≈ 6 million calls per hard position) and call overhead;
`legal_moves` is the cost of the ordering above them. What paid off, measured in calls to the
two primitives: scanning from 7 empties down rather than from 6 or 8 (−5 %; 4 and 5 worse), corners
counted double in the fastest-first key and the frontier of the mover as a tie-breaker (−8 %
nodes), parity updated at every small node (−9 % flips), the stability cut-off (−6 % nodes),
null-window tests converging on the value instead of one wide principal variation search at the
root (−12 % over the bench positions), the replies found while ordering handed down to the child
instead of generated again (−3 to −5 % CPU over the bench positions).
What did not: ordering by the midgame evaluation or a 2-ply search at 12–16 empties (better on
some positions, worse on others), enhanced transposition cut-offs, flips by bit tricks instead
of ray walks (slower in Python).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ludoteca.games.othello.bitboard import (
    BIT,
    EDGES,
    NEIGHBOURS,
    NOT_A,
    NOT_H,
    Bitboard,
    Square,
    flips,
    legal_moves,
    squares_of,
)
from ludoteca.games.othello.search import (
    RANK,
    SearchStopped,
    after,
    final_score,
    ordered_moves,
    out_of_time,
    pass_or_end,
    principal_line,
    search_moves,
)

#: below this many empties the solver scans empty squares instead of generating moves
SMALL: Final = 7
#: from this many empties on, positions go to the transposition table
TT_EMPTIES: Final = 8
#: try the stability cut-off only when `p` is looking for at least this score
STABILITY_ALPHA: Final = 8
#: a bound wider than any disc difference
INF: Final = 65

#: QUADRANT[s] = the index (0–3) of the 4×4 quarter of the board holding s
QUADRANT: Final[tuple[int, ...]] = tuple((s >> 5) * 2 + ((s & 7) >> 2) for s in range(64))


class SolveTimeout(SearchStopped):
    """The solver ran out of time (or was cancelled) before finishing."""


@dataclass
class SolveResult:
    score: int
    #: the best square, or None when the side to move must pass (or the game is over)
    move: Square | None
    nodes: int
    seconds: float
    line: tuple[Square | None, ...] = ()


class EndgameSolver:
    """Solves positions exactly. One solver keeps its transposition table between calls."""

    def __init__(self, deadline: float | None = None, stop: Callable[[], bool] | None = None) -> None:
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.deadline = deadline
        self.stop = stop

    # ----- public ---------------------------------------------------------------------------------
    def solve(
        self, p: Bitboard, o: Bitboard, alpha: int = -INF, beta: int = INF, first: Square | None = None
    ) -> SolveResult:
        """The exact value for `p` (within [alpha, beta]: outside, a bound) and a best move."""
        started = time.perf_counter()
        self.nodes = 0
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return SolveResult(final_score(p, o), None, 1, 0.0)
            score = -self._search(o, p, -beta, -alpha, 64 - (p | o).bit_count(), 0, -1)
            return SolveResult(score, None, self.nodes, time.perf_counter() - started)
        if alpha <= -INF and beta >= INF:
            score, move = self._converge(p, o, moves, first, 0)
        else:
            score, move = self._root(p, o, alpha, beta, moves, first)
        return SolveResult(score, move, self.nodes, time.perf_counter() - started)

    def _converge(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, first: Square | None, guess: int
    ) -> tuple[int, Square]:
        """The exact value by null-window tests only. A test "is the value at least t?" returns
        a bound (fail-soft) and the table keeps its work for the next test. Thresholds move away
        from the first guess in doubling steps until the value is bracketed, then halve the
        bracket. Values (and so bounds) are always even."""
        lower, upper = -64, 64
        best = first if first is not None else moves.bit_length() - 1
        threshold = min(max(guess + (guess & 1), lower + 2), upper)
        step, direction = 2, 0
        while lower < upper:
            score, move = self._root(p, o, threshold - 1, threshold, moves, best)
            if score >= threshold:
                lower, best = score, move
                direction = direction or 1
            else:
                upper = score
                direction = direction or -1
            if direction == 1 and upper == 64:
                threshold = lower + step
            elif direction == -1 and lower == -64:
                threshold = upper - step + 2
            else:
                threshold = lower + 2 * ((upper - lower) // 4 + 1)
            step *= 2
            threshold = min(max(threshold, lower + 2), upper)
        return lower, best

    def best_moves(self, p: Bitboard, o: Bitboard) -> tuple[int, list[Square]]:
        """The exact value and every move that reaches it."""
        result = self.solve(p, o)
        if result.move is None:
            return result.score, []
        best = []
        for square in squares_of(legal_moves(p, o)):
            value = -self.solve(*after(p, o, square), -result.score, -result.score + 1).score
            if value >= result.score:
                best.append(square)
        return result.score, best

    def principal_line(self, p: Bitboard, o: Bitboard, length: int = 60) -> tuple[Square | None, ...]:
        """The best line read back from the table (None for a pass); for display only."""
        return principal_line(self.table, p, o, length)

    # ----- search -----------------------------------------------------------------------------------
    def _root(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, moves: Bitboard, first: Square | None
    ) -> tuple[int, Square]:
        ordered = ordered_moves(p, o, moves, first, replies=True, frontier=True)
        return search_moves(self._search, p, o, ordered, alpha, beta, 64 - (p | o).bit_count(), -INF, -1)

    def _search(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, empties: int, passed: int, moves: Bitboard
    ) -> int:
        """Negamax value for `p`, fail-soft, `empties` empty squares left; `moves`: -1 when not
        generated yet."""
        self.nodes += 1
        if empties <= SMALL:
            occupied = p | o
            squares = [s for s in _BY_RANK if not occupied & BIT[s]]
            parity = 0
            for s in squares:
                parity ^= 1 << QUADRANT[s]
            return _small(p, o, alpha, beta, squares, False, parity)
        # every node above the plain scan looks at the clock: each may hold a whole
        # seven-empties scan below it (milliseconds), so counting nodes is no measure of time
        if out_of_time(self.deadline, self.stop):
            raise SolveTimeout
        if alpha >= STABILITY_ALPHA:
            # the opponent's discs that can never flip cap what `p` can reach
            upper = 64 - 2 * stable_discs(o, p | o).bit_count()
            if upper <= alpha:
                return upper
        if moves < 0:
            moves = legal_moves(p, o)
        if not moves:
            return pass_or_end(self._search, p, o, alpha, beta, empties, passed, 1)
        table = self.table
        key = 0
        tt_move = -1
        if empties >= TT_EMPTIES:
            key = (p << 64) | o
            entry = table.get(key)
            if entry is not None:
                lower, upper, tt_move = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
        original_alpha, original_beta = alpha, beta
        best, best_move = -INF, -1
        if moves & (moves - 1) == 0:
            # a single move: no ordering needed
            best_move = moves.bit_length() - 1
        elif tt_move >= 0 and moves & BIT[tt_move]:
            # the remembered best move often cuts at once: try it before sorting the rest
            best_move = tt_move
        if best_move >= 0:
            f = flips(p, o, best_move)
            best = -self._search(o ^ f, p | f | BIT[best_move], -beta, -alpha, empties - 1, 0, -1)
            moves ^= BIT[best_move]
            if best > alpha:
                alpha = best
        if moves and alpha < beta:
            ordered = ordered_moves(p, o, moves, None, replies=True, frontier=True)
            best, best_move = search_moves(self._search, p, o, ordered, alpha, beta, empties, best, best_move)
        if key:
            if best <= original_alpha:
                table[key] = (-INF, best, best_move)
            elif best >= original_beta:
                table[key] = (best, INF, best_move)
            else:
                table[key] = (best, best, best_move)
        return best


_BY_RANK: Final = tuple(sorted(range(64), key=lambda s: RANK[s]))


def _small(
    p: Bitboard, o: Bitboard, alpha: int, beta: int, squares: list[Square], passed: bool, parity: int
) -> int:
    """Solve by scanning the few empty `squares` (in a static order of preference), the squares
    of quarters with an odd number of empties first (`parity`: bit q set when quarter q is odd)."""
    count = len(squares)
    if count <= 3:
        if count == 3:
            a, b, c = squares
            if not parity >> QUADRANT[a] & 1:
                # an even-quarter square goes last when an odd one is available
                if parity >> QUADRANT[b] & 1:
                    a, b = b, a
                elif parity >> QUADRANT[c] & 1:
                    a, c = c, a
            return _three(p, o, alpha, beta, a, b, c, passed)
        if count == 2:
            return _two(p, o, alpha, beta, squares[0], squares[1], passed)
        if count == 1 and not passed:
            return _last(p, o, squares[0])
    best = -INF
    for wanted in (1, 0):
        for i, square in enumerate(squares):
            quarter = QUADRANT[square]
            if (parity >> quarter) & 1 != wanted or not NEIGHBOURS[square] & o:
                continue
            f = flips(p, o, square)
            if not f:
                continue
            rest = squares[:i] + squares[i + 1 :]
            score = -_small(o ^ f, p | f | BIT[square], -beta, -alpha, rest, False, parity ^ (1 << quarter))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_small(o, p, -beta, -alpha, squares, True, parity)
    return best


def _three(
    p: Bitboard, o: Bitboard, alpha: int, beta: int, a: Square, b: Square, c: Square, passed: bool
) -> int:
    """Solve with exactly three empty squares (in order of preference)."""
    # written out square by square: a loop over the three orders solved 300 positions of 7 empties
    # 4–8 % slower (best of 15 timeit runs), and this is where the solver spends its time
    best = -INF
    if NEIGHBOURS[a] & o:
        f = flips(p, o, a)
        if f:
            best = -_two(o ^ f, p | f | BIT[a], -beta, -alpha, b, c, False)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
    if NEIGHBOURS[b] & o:
        f = flips(p, o, b)
        if f:
            score = -_two(o ^ f, p | f | BIT[b], -beta, -alpha, a, c, False)
            if score > best:
                if score >= beta:
                    return score
                best = score
                if score > alpha:
                    alpha = score
    if NEIGHBOURS[c] & o:
        f = flips(p, o, c)
        if f:
            score = -_two(o ^ f, p | f | BIT[c], -beta, -alpha, a, b, False)
            if score > best:
                best = score
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_three(o, p, -beta, -alpha, a, b, c, True)
    return best


def _two(p: Bitboard, o: Bitboard, alpha: int, beta: int, a: Square, b: Square, passed: bool) -> int:
    """Solve with exactly two empty squares `a` and `b`."""
    best = -INF
    if NEIGHBOURS[a] & o:
        f = flips(p, o, a)
        if f:
            best = -_last(o ^ f, p | f | BIT[a], b)
            if best >= beta:
                return best
    if NEIGHBOURS[b] & o:
        f = flips(p, o, b)
        if f:
            score = -_last(o ^ f, p | f | BIT[b], a)
            if score > best:
                best = score
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_two(o, p, -beta, -alpha, a, b, True)
    return best


def _last(p: Bitboard, o: Bitboard, square: Square) -> int:
    """The final value for `p` with one empty `square` left."""
    mine = p.bit_count()
    f = flips(p, o, square)
    if f:
        return 2 * (mine + f.bit_count()) - 62
    f = flips(o, p, square)
    if f:
        return 2 * (mine - f.bit_count()) - 64
    # nobody can fill the square: it goes to the winner (63 discs: never a tie)
    diff = 2 * mine - 63
    return diff + 1 if diff > 0 else diff - 1


def solve(p: Bitboard, o: Bitboard, seconds: float | None = None) -> SolveResult:
    """Convenience: the exact value and a best move for `p`, with an optional time limit."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    return EndgameSolver(deadline).solve(p, o)


def _line_masks() -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]:
    """Every diagonal of three squares or more, in both directions, as masks."""
    down_right, down_left = [], []
    for start in range(-7, 8):
        mask = 0
        for y in range(8):
            x = y + start
            if 0 <= x < 8:
                mask |= 1 << (y * 8 + x)
        if mask.bit_count() >= 3:
            down_right.append(mask)
        mask = 0
        for y in range(8):
            x = start + 7 - y
            if 0 <= x < 8:
                mask |= 1 << (y * 8 + x)
        if mask.bit_count() >= 3:
            down_left.append(mask)
    return tuple(down_right), tuple(down_left)


_DIAG_DOWN_RIGHT, _DIAG_DOWN_LEFT = _line_masks()
_SIDES_AH: Final = 0x8181818181818181
_SIDES_18: Final = 0xFF000000000000FF


def stable_discs(me: Bitboard, occupied: Bitboard) -> Bitboard:
    """Discs of `me` that can never be flipped: along each of the four lines through the disc,
    the line is full, or the disc touches the board's edge or another such disc of its colour."""
    full_h = 0
    for shift in range(0, 64, 8):
        if (occupied >> shift) & 0xFF == 0xFF:
            full_h |= 0xFF << shift
    columns = occupied & (occupied >> 32)
    columns &= columns >> 16
    columns &= columns >> 8
    full_v = (columns & 0xFF) * 0x0101010101010101
    full_dr = 0
    for mask in _DIAG_DOWN_RIGHT:
        if occupied & mask == mask:
            full_dr |= mask
    full_dl = 0
    for mask in _DIAG_DOWN_LEFT:
        if occupied & mask == mask:
            full_dl |= mask
    h_free = full_h | _SIDES_AH
    v_free = full_v | _SIDES_18
    dr_free = full_dr | EDGES
    dl_free = full_dl | EDGES
    stable = me & h_free & v_free & dr_free & dl_free
    if not stable:
        return 0
    while True:
        grown = stable | (
            me
            & (h_free | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H))
            & (v_free | (stable << 8) | (stable >> 8))
            & (dr_free | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H))
            & (dl_free | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A))
        )
        if grown == stable:
            return stable
        stable = grown
