"""Depth-limited Connect Four search with a heuristic at the horizon (before the solver can see to the
end of the game).

The same bitboards and move filter as the solver (only non-losing moves; a playable win ends the
search), iterative deepening under a budget of time or of positions, a transposition table keeping
the best move of each position to try it first at the next depth. Values: the heuristic of
`evaluation.classic_value` for the side to move, or ``±(WIN - discs played)`` once the outcome is
certain.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from threading import Event

from ludoteca.games.connect4.bitboard import BOARD, BOTTOM_ALL, CELLS, CENTRE_FIRST, COLUMN, playable, threats
from ludoteca.games.connect4.evaluation import static_value
from ludoteca.games.connect4.solver import Position

#: far above any heuristic value
WIN = 100_000


class SearchTimeout(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SearchResult:
    #: the value of every root move searched to `depth` (for the side to move)
    values: dict[int, int]
    depth: int
    #: positions searched so far
    nodes: int

    @property
    def best(self) -> int:
        return max(self.values.values())

    def decided(self) -> bool:
        """Whether the best value is a proven win or loss."""
        return abs(self.best) >= WIN - CELLS


def search(
    position: Position,
    max_depth: int,
    seconds: float | None = None,
    on_depth: Callable[[SearchResult], None] | None = None,
    every_value: bool = False,
    columns: Collection[int] | None = None,
    cancel: Event | None = None,
    nodes_allowed: int | None = None,
) -> SearchResult:
    """Iterative deepening from depth 1 to `max_depth`, until `seconds` run out, `nodes_allowed`
    positions have been searched (a budget that stops at the same place on any machine) or
    `cancel` is set.

    Returns the deepest completed iteration; depth 1 always completes. With `every_value` each
    root move gets its exact value (slower); otherwise moves worse than the best get upper bounds.
    `columns` restricts the root moves (all open columns by default)."""
    deadline = float("inf") if seconds is None else time.perf_counter() + seconds
    # position key -> (depth searched, kind of bound, value, best column)
    table: dict[int, tuple[int, int, int, int]] = {}
    nodes = [0]
    limit = float("inf") if nodes_allowed is None else nodes_allowed
    current, mask, played = position.current, position.mask, position.played
    result: SearchResult | None = None
    for depth in range(1, max_depth + 1):
        try:
            limits = _Limits(deadline, cancel, limit, nodes[0]) if result else _Limits(float("inf"), None)
            previous = result.values if result else {}
            values = _root(current, mask, played, depth, table, nodes, limits, every_value, columns, previous)
        except SearchTimeout:
            break
        result = SearchResult(values, depth, nodes[0])
        if on_depth is not None:
            on_depth(result)
        if result.decided() or played + depth >= CELLS or time.perf_counter() > deadline:
            break
    assert result is not None
    # the count of every position searched, the unfinished iteration's included: what it cost
    return SearchResult(result.values, result.depth, nodes[0])


def _root(
    current: int,
    mask: int,
    played: int,
    depth: int,
    table: dict[int, tuple[int, int, int, int]],
    nodes: list[int],
    limits: _Limits,
    every_value: bool,
    columns: Collection[int] | None,
    previous: dict[int, int],
) -> dict[int, int]:
    """The value of each root move at `depth`, the best of the previous depth tried first."""
    possible = playable(mask)
    if columns is not None:
        possible &= sum(COLUMN[c] for c in columns)
    values: dict[int, int] = {}
    mine = threats(current, mask)
    for column_mask, column, _priority in CENTRE_FIRST:
        move = possible & column_mask
        if move and move & mine:
            values[column] = WIN - played - 1
    if values:
        return values
    theirs = threats(current ^ mask, mask)
    negamax = _make_negamax(table, nodes, limits)
    alpha = -WIN - 1
    moves = [item for item in CENTRE_FIRST if possible & item[0]]
    moves.sort(key=lambda item: -previous.get(item[1], 0))
    for column_mask, column, _priority in moves:
        move = possible & column_mask
        after = mask | move
        if theirs & playable(after) & ~move:
            # the opponent wins with its next disc (the search below assumes it cannot)
            value = -(WIN - played - 2)
        else:
            made = threats(current | move, after)
            value = -negamax(current ^ mask, after, played + 1, depth - 1, -WIN - 1, -alpha, made)
        values[column] = value
        if not every_value and value > alpha:
            alpha = value
    return values


#: nodes between two looks at the clock: every 256 is a few milliseconds (static values are
#: slow), so a short budget stays short on a busy machine
CHECK_EVERY = 256


class _Limits:
    __slots__ = ("cancel", "check_at", "deadline", "limit")

    def __init__(
        self, deadline: float, cancel: Event | None, limit: float = float("inf"), nodes: int = 0
    ) -> None:
        self.deadline = deadline
        self.cancel = cancel
        #: the node count at which the search stops
        self.limit = limit
        #: the node count at which `reached` is next asked
        self.check_at = min(nodes + CHECK_EVERY, limit)

    def reached(self, nodes: int) -> bool:
        if nodes >= self.limit or time.perf_counter() > self.deadline:
            return True
        if self.cancel is not None and self.cancel.is_set():
            return True
        self.check_at = min(nodes + CHECK_EVERY, self.limit)
        return False


#: kinds of table entries: the value is exact, at least it (a cut-off), or at most it
_EXACT, _LOWER, _UPPER = 0, 1, 2


def _make_negamax(
    table: dict[int, tuple[int, int, int, int]], nodes: list[int], limits: _Limits
) -> Callable[[int, int, int, int, int, int, int], int]:
    def negamax(current: int, mask: int, played: int, depth: int, alpha: int, beta: int, theirs: int) -> int:
        """The side to move cannot win at once; `theirs` are the opponent's threats."""
        nodes[0] += 1
        if nodes[0] >= limits.check_at and limits.reached(nodes[0]):
            raise SearchTimeout
        possible = (mask + BOTTOM_ALL) & BOARD
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return -(WIN - played - 1)
            possible = forced
        possible &= ~(theirs >> 1)
        if not possible:
            return -(WIN - played - 1)
        if played >= CELLS - 2:
            return 0
        opponent = current ^ mask
        if depth <= 0:
            return static_value(current, opponent, mask, not played & 1, threats(current, mask), theirs)
        key = current + mask
        entry = table.get(key)
        first = -1
        if entry is not None:
            stored_depth, kind, stored, first = entry
            if stored_depth >= depth and (
                kind == _EXACT or (kind == _LOWER and stored >= beta) or (kind == _UPPER and stored <= alpha)
            ):
                return stored
        original_alpha = alpha
        candidates: list[tuple[int, int, int, int, int]] = []
        for column_mask, column, priority in CENTRE_FIRST:
            move = possible & column_mask
            if move:
                made = threats(current | move, mask | move)
                score = 100 if column == first else made.bit_count()
                candidates.append((score, priority, column, move, made))
        if len(candidates) > 1:
            candidates.sort(reverse=True)
        best, best_column = -WIN - 1, candidates[0][2]
        for _score, _priority, column, move, made in candidates:
            value = -negamax(opponent, mask | move, played + 1, depth - 1, -beta, -alpha, made)
            if value > best:
                best, best_column = value, column
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        kind = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        table[key] = (depth, kind, best, best_column)
        return best

    return negamax
