"""A perfect Connect Four solver: negamax with alpha-beta over bitboards on Python ints.

Score of a position, for the side to move, under perfect play by both sides:

* 0 for a draw;
* if the side to move wins: 22 minus the number of its own discs on the board once its winning disc
  is played (a quicker win scores more);
* if it loses: the negative of the opponent's figure.

A position is three ints: `current` (the discs of the side to move), `mask` (all discs) and the
number of discs played. The key ``current + mask`` identifies a position uniquely (the sum sets the
bit above each column's top disc, which fixes the heights, and the lower bits are `current`).

What makes it fast enough in Python (see `tools/bench_connect4.py` and the notes there):

* only *non-losing* moves are searched: a move must block an opponent threat that is playable now
  (two such threats lose at once), and must not be played right under an opponent threat;
* moves are tried in order of how many threats they create for the mover, centre columns first
  among equals; the threat sets travel down the recursion, so each is computed once;
* a transposition table (a dict) keeps an upper or a lower bound per position;
* the root runs null-window searches that narrow the score interval, reusing the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from threading import Event

from ludoteca.games.connect4.bitboard import (
    BOARD,
    BOTTOM,
    BOTTOM_ALL,
    CELLS,
    CENTRE_FIRST,
    COLUMN,
    TOP,
    WIDTH,
    has_four,
    playable,
    threats,
)


class SolverTimeout(Exception):
    """The solver ran out of its time budget before it could decide the position."""


@dataclass(frozen=True, slots=True)
class Position:
    current: int
    mask: int
    played: int

    @property
    def key(self) -> int:
        return self.current + self.mask

    def can_play(self, column: int) -> bool:
        return not self.mask & TOP[column]

    def move_bit(self, column: int) -> int:
        return (self.mask + BOTTOM[column]) & COLUMN[column]

    def wins_with(self, column: int) -> bool:
        """Whether dropping in `column` gives the side to move four in a row."""
        return has_four(self.current | self.move_bit(column))

    def can_win_now(self) -> bool:
        return bool(threats(self.current, self.mask) & playable(self.mask))

    def safe_columns(self) -> list[int]:
        """The open columns that do not let the opponent win with its next disc: the one that
        blocks its playable threat, if any, and never the cell right under one of its threats.
        All open columns when none is safe (nothing saves the game then)."""
        open_columns = [c for c in range(WIDTH) if self.can_play(c)]
        theirs = threats(self.current ^ self.mask, self.mask)
        cells = playable(self.mask)
        forced = theirs & cells
        if forced:
            blocks = [c for c in open_columns if forced & COLUMN[c]]
            return blocks if len(blocks) == 1 else open_columns
        safe = [c for c in open_columns if not (theirs >> 1) & cells & COLUMN[c]]
        return safe or open_columns

    def play(self, column: int) -> Position:
        """The position after the side to move drops in `column` (which must be open)."""
        return Position(self.current ^ self.mask, self.mask | self.move_bit(column), self.played + 1)

    @staticmethod
    def from_moves(moves: Iterable[int]) -> Position:
        """Replay 0-based columns from the empty grid; ValueError for a full column or a finished game."""
        position = Position(0, 0, 0)
        for number, column in enumerate(moves, start=1):
            if not 0 <= column < WIDTH:
                raise ValueError(f"move {number}: there is no column {column + 1}")
            if not position.can_play(column):
                raise ValueError(f"move {number}: column {column + 1} is full")
            if position.wins_with(column):
                raise ValueError(
                    f"move {number} (column {column + 1}) connects four: the game is already over"
                )
            position = position.play(column)
        return position

    @staticmethod
    def from_text(text: str) -> Position:
        """A position in the solvers' notation: the 1-based columns played, e.g. ``4453``."""
        text = text.strip()
        if not all("1" <= char <= "7" for char in text):
            raise ValueError(f"a position is a string of column digits 1 to 7, not {text!r}")
        return Position.from_moves(int(char) - 1 for char in text)


def win_score(played: int) -> int:
    """The score of the side to move when it wins with its next disc."""
    return (CELLS + 1 - played) // 2


class Solver:
    """Solves positions exactly. Keep one instance to share its table between related positions
    (the moves of one game: the bounds stay true); call `reset` between unrelated ones to measure
    fairly.

    Every search takes an optional time budget (`seconds`), an optional count of positions
    (`nodes`: a budget that stops at the same place on any machine) and an optional `cancel`
    event, and raises SolverTimeout when one of them stops it; the table keeps what was learnt
    meanwhile.
    """

    def __init__(self, table_limit: int = 1_000_000) -> None:
        self.table: dict[int, int] = {}
        self.table_limit = table_limit
        self._clock = _Clock()
        self._negamax = _make_negamax(self.table, self._clock)

    @property
    def nodes(self) -> int:
        """Positions searched since the last `reset`."""
        return self._clock.nodes

    def reset(self) -> None:
        self.table.clear()
        self._clock.nodes = 0
        self._clock.start(float("inf"), None, None)

    def solve(
        self,
        position: Position,
        weak: bool = False,
        seconds: float | None = None,
        cancel: Event | None = None,
        nodes: int | None = None,
    ) -> int:
        """The exact score (only its sign with `weak`)."""
        self._start(seconds, cancel, nodes)
        return self._solve(position, weak)

    def best_moves(
        self,
        position: Position,
        weak: bool = False,
        seconds: float | None = None,
        cancel: Event | None = None,
        nodes: int | None = None,
    ) -> tuple[int, list[int]]:
        """The exact score and every column that achieves it (the game must not be over).

        With `weak`, the score is only its sign (-1, 0, 1) and the columns are those that keep a
        win a win and a draw a draw (every column, in a lost position): quicker to find."""
        self._start(seconds, cancel, nodes)
        score = self._solve(position, weak)
        if weak and score < 0:
            return score, [c for c in range(WIDTH) if position.can_play(c)]
        best = []
        for column in range(WIDTH):
            if not position.can_play(column):
                continue
            if position.wins_with(column):
                value = win_score(position.played)
            else:
                child = position.play(column)
                if child.played >= CELLS:
                    value = 0
                elif child.can_win_now():
                    value = -win_score(child.played)
                else:
                    # a null window around -score: does this move hold the opponent to -score?
                    theirs = threats(child.current ^ child.mask, child.mask)
                    reply = self._negamax(child.current, child.mask, child.played, -score, 1 - score, theirs)
                    value = score if reply <= -score else score - 1
            # no move scores more than the position; in the weak case `score` is a threshold
            if value >= score:
                best.append(column)
        return score, best

    def analyse(
        self,
        position: Position,
        seconds: float | None = None,
        cancel: Event | None = None,
        nodes: int | None = None,
    ) -> dict[int, int]:
        """The exact score of every open column (for the side to move)."""
        self._start(seconds, cancel, nodes)
        scores: dict[int, int] = {}
        for column in range(WIDTH):
            if not position.can_play(column):
                continue
            if position.wins_with(column):
                scores[column] = win_score(position.played)
            else:
                scores[column] = -self._solve(position.play(column))
        return scores

    def _start(self, seconds: float | None, cancel: Event | None, nodes: int | None) -> None:
        self._clock.start(float("inf") if seconds is None else time.perf_counter() + seconds, cancel, nodes)
        if len(self.table) > self.table_limit:
            self.table.clear()

    def _solve(self, position: Position, weak: bool = False) -> int:
        current, mask, played = position.current, position.mask, position.played
        if played >= CELLS:
            return 0
        if position.can_win_now():
            return 1 if weak else win_score(played)
        theirs = threats(current ^ mask, mask)
        low = -((CELLS - played) // 2)
        high = (CELLS + 1 - played) // 2
        if weak:
            low, high = max(low, -1), min(high, 1)
        negamax = self._negamax
        while low < high:
            middle = low + (high - low) // 2
            if middle <= 0 and low // 2 < middle:
                middle = low // 2
            elif middle >= 0 and high // 2 > middle:
                middle = high // 2
            # a null window: is the score above `middle` or not?
            result = negamax(current, mask, played, middle, middle + 1, theirs)
            if result <= middle:
                high = result
            else:
                low = result
        # a weak search may prove more than a win or a loss on the way; only the sign is reported
        return (low > 0) - (low < 0) if weak else low


#: positions searched between two looks at the clock: a few milliseconds, so a short budget stays
#: short on a busy machine
CHECK_EVERY = 1024


class _Clock:
    """The search's node count and limits, shared with the negamax closure."""

    __slots__ = ("cancel", "check_at", "deadline", "limit", "nodes")

    def __init__(self) -> None:
        self.nodes = 0
        self.deadline = float("inf")
        self.cancel: Event | None = None
        #: the node count at which the search stops (a count of positions as the budget)
        self.limit: float = float("inf")
        #: the node count at which `tick` is next called
        self.check_at: float = CHECK_EVERY

    def start(self, deadline: float, cancel: Event | None, nodes: int | None) -> None:
        self.deadline = deadline
        self.cancel = cancel
        self.limit = float("inf") if nodes is None else self.nodes + nodes
        self.check_at = min(self.nodes + CHECK_EVERY, self.limit)

    def tick(self) -> bool:
        """Whether the search must stop now (called when the count reaches `check_at`)."""
        if self.nodes >= self.limit or time.perf_counter() > self.deadline:
            return True
        if self.cancel is not None and self.cancel.is_set():
            return True
        self.check_at = min(self.nodes + CHECK_EVERY, self.limit)
        return False


Negamax = Callable[[int, int, int, int, int, int], int]


def _make_negamax(table: dict[int, int], clock: _Clock) -> Negamax:
    """The search, as a closure: locals and closure cells are the fastest names CPython reads, and
    this function runs for every node (the profile showed its own overhead at ~40 % of the time)."""
    columns = [(column_mask, priority) for column_mask, _column, priority in CENTRE_FIRST]

    def negamax(current: int, mask: int, played: int, alpha: int, beta: int, theirs: int) -> int:
        """The score within [alpha, beta] (fail-hard outside) of a position whose side to move
        cannot win at once; `theirs` are the opponent's threats (see `bitboard.threats`)."""
        clock.nodes += 1
        # an exact count when a count is the budget, and a look at the clock now and then
        if clock.nodes >= clock.check_at and clock.tick():
            raise SolverTimeout
        possible = (mask + BOTTOM_ALL) & BOARD  # bitboard.playable, inlined
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return -((CELLS - played) // 2)
            possible = forced
        # never play right under a cell where the opponent would then win
        possible &= ~(theirs >> 1)
        if not possible:
            return -((CELLS - played) // 2)
        if played >= CELLS - 2:
            return 0
        low = -((CELLS - 2 - played) // 2)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (CELLS - 1 - played) // 2
        key = current + mask
        entry = table.get(key)
        if entry is not None:
            # the low bit tells a lower bound (1) from an upper bound (0)
            bound = entry >> 1
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

        candidates: list[tuple[int, int, int, int]] = []
        for column_mask, rank in columns:
            move = possible & column_mask
            if move:
                made = threats(current | move, mask | move)
                candidates.append((made.bit_count(), rank, move, made))
        if len(candidates) > 1:
            # most threats created first; among equals the column nearer the centre
            candidates.sort(reverse=True)

        opponent = current ^ mask
        for _count, _rank, move, made in candidates:
            score = -negamax(opponent, mask | move, played + 1, -beta, -alpha, made)
            if score >= beta:
                table[key] = (score << 1) | 1
                return score
            if score > alpha:
                alpha = score
        table[key] = alpha << 1
        return alpha

    return negamax
