"""A perfect Connect Four solver: negamax with alpha-beta over bitboards, in a compiled kernel.

Score of a position, for the side to move, under perfect play by both sides:

* 0 for a draw;
* if the side to move wins: 22 minus the number of its own discs on the board once its winning disc
  is played (a quicker win scores more);
* if it loses: the negative of the opponent's figure.

A position is three ints: `current` (the discs of the side to move), `mask` (all discs) and the
number of discs played. The key ``current + mask`` identifies a position uniquely (the sum sets the
bit above each column's top disc, which fixes the heights, and the lower bits are `current`).

The search itself is `kernel.py` (compiled by Cython where it can, `ludoteca.ai.native`):

* only *non-losing* moves are searched: a move must block an opponent threat that is playable now
  (two such threats lose at once), and must not be played right under an opponent threat;
* moves are tried in order of how many threats they create for the mover, centre columns first
  among equals; the threat sets travel down the recursion, so each is computed once;
* a transposition table keeps an upper or a lower bound per position;
* the root runs null-window searches that narrow the score interval, reusing the table.

This module keeps what is not hot: positions, the root's reading of every column, time budgets.
`Solver.solve_many` hands a whole list of positions to the kernel in one call (a file of quick
positions then costs its searches, not a Python call each), and reads back each one's processor
time, measured in the kernel around its search alone.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from threading import Event
from types import ModuleType

from ludoteca.ai.native import compiled
from ludoteca.games.connect4 import kernel as kernel_source
from ludoteca.games.connect4.bitboard import (
    BOTTOM,
    CELLS,
    COLUMN,
    TOP,
    WIDTH,
    has_four,
    playable,
    threats,
)


def kernel() -> ModuleType:
    """The kernel, compiled where Cython can. A first build takes seconds: it happens at the first
    search, on the thread that searches, not when the computer levels are declared."""
    return compiled(kernel_source)


#: what a stopped kernel search returns (the compiled module keeps its C constants to itself)
_STOPPED = kernel_source.STOPPED
#: the kernel's table and counters are one per process: one search at a time uses them
_kernel_lock = threading.Lock()


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


@dataclass(frozen=True, slots=True)
class Solved:
    """One position's answer from `Solver.solve_many`."""

    #: the exact score (only its sign for a weak solve); None when its time ran out
    score: int | None
    #: positions searched
    nodes: int
    #: processor seconds of its search alone (the kernel's clock, around the search)
    seconds: float


def win_score(played: int) -> int:
    """The score of the side to move when it wins with its next disc."""
    return (CELLS + 1 - played) // 2


class Solver:
    """Solves positions exactly. The kernel's table is shared by every solver of the process and
    kept between searches (its bounds stay true); `clear_table` empties it, for benchmarks that
    must not profit from an earlier run.

    Every search takes an optional time budget (`seconds`), an optional count of positions
    (`nodes`: a budget that stops at the same place on any machine) and an optional `cancel`
    event, and raises SolverTimeout when one of them stops it; the table keeps what was learnt
    meanwhile.
    """

    def __init__(self, node_limit: int | None = None) -> None:
        #: searches stop (SolverTimeout) once this many positions were searched since `reset`
        self.node_limit = node_limit
        self._nodes = 0
        #: what the kernel's count read when this solver's `_nodes` was last brought up to date
        self._base = 0
        self._deadline = float("inf")
        self._cancel: Event | None = None
        #: this call's count of positions, as `_nodes` will read when it is spent (None: no count)
        self._stop_at: int | None = None

    @property
    def nodes(self) -> int:
        """Positions searched since the last `reset`."""
        return self._nodes

    def reset(self) -> None:
        self._nodes = 0

    @staticmethod
    def clear_table() -> None:
        with _kernel_lock:
            kernel().clear_table()

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

    def at_least(
        self,
        position: Position,
        value: int,
        seconds: float | None = None,
        cancel: Event | None = None,
        nodes: int | None = None,
    ) -> bool:
        """Whether the position scores `value` or more: one null-window search, quicker than the
        score itself. The side to move must not be able to win at once, nor the grid be full."""
        self._start(seconds, cancel, nodes)
        found = self._kernel(
            kernel().window, position.current, position.mask, position.played, value - 1, value
        )
        return found >= value

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
                    reply = self._kernel(
                        kernel().window, child.current, child.mask, child.played, -score, 1 - score
                    )
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
        known: Callable[[Position], int | None] | None = None,
    ) -> dict[int, int]:
        """The exact score of every open column (for the side to move); `known` gives the exact
        score of a position reached where a table has it (None: search it)."""
        self._start(seconds, cancel, nodes)
        scores: dict[int, int] = {}
        for column in range(WIDTH):
            if not position.can_play(column):
                continue
            if position.wins_with(column):
                scores[column] = win_score(position.played)
                continue
            child = position.play(column)
            score = known(child) if known is not None else None
            scores[column] = -(score if score is not None else self._solve(child))
        return scores

    def solve_many(
        self,
        positions: Sequence[Position],
        weak: bool = False,
        seconds: float | None = None,
        fresh: bool = True,
        cancel: Event | None = None,
    ) -> list[Solved]:
        """Every position's exact score (only its sign with `weak`), in one call to the kernel.

        With `fresh` the table is emptied before each position, as a solver started for that
        position alone would find it (the emptying is not timed); without it, each search keeps
        what the ones before it learnt. `seconds` is each position's own limit, in processor
        time: a position past it is answered None and the next one is solved. A `cancel` event,
        or the solver's `node_limit`, ends the batch: the list then stops short of the positions
        not answered. No position may be a finished game."""
        count = len(positions)
        currents = array("Q", (position.current for position in positions))
        masks = array("Q", (position.mask for position in positions))
        played = array("i", (position.played for position in positions))
        scores = array("i", bytes(4 * count))
        counts = array("q", bytes(8 * count))
        spent = array("q", bytes(8 * count))
        budget = 0 if seconds is None else max(1, round(seconds * 1e9))
        while not _kernel_lock.acquire(timeout=0.05):
            if cancel is not None and cancel.is_set():
                return []
        try:
            native = kernel()
            # only the solver's own count limits a batch (a call's `nodes` is not asked here)
            limit = -1 if self.node_limit is None else native.nodes() + max(0, self.node_limit - self._nodes)
            native.set_stop(None if cancel is None else cancel.is_set, limit)
            done = native.solve_batch(currents, masks, played, weak, fresh, budget, scores, counts, spent)
        finally:
            kernel().set_stop(None)
            _kernel_lock.release()
        # a position the stop cut short counts what it searched too (the others left are 0)
        self._nodes += sum(counts)
        return [
            Solved(None if scores[i] == _STOPPED else scores[i], counts[i], spent[i] / 1e9)
            for i in range(done)
        ]

    def _start(self, seconds: float | None, cancel: Event | None, nodes: int | None = None) -> None:
        """A call's budget: `seconds`, `cancel`, and `nodes` positions (a budget that stops at the
        same place on any machine, counted from now)."""
        self._deadline = float("inf") if seconds is None else time.perf_counter() + seconds
        self._cancel = cancel
        self._stop_at = None if nodes is None else self._nodes + nodes

    def _positions_left(self) -> int | None:
        """How many more positions this call may search (None: no count limits it)."""
        limits = [limit - self._nodes for limit in (self.node_limit, self._stop_at) if limit is not None]
        return max(0, min(limits)) if limits else None

    def _expired(self) -> bool:
        left = self._positions_left()
        if left is not None and kernel().nodes() - self._base >= left:
            return True
        return time.perf_counter() > self._deadline or (self._cancel is not None and self._cancel.is_set())

    def _solve(self, position: Position, weak: bool = False) -> int:
        return self._kernel(kernel().solve, position.current, position.mask, position.played, weak)

    def _kernel(self, search: Callable[..., int], *args: int | bool) -> int:
        """One kernel search under the lock (waiting for another thread's within the budget)."""
        while not _kernel_lock.acquire(timeout=0.05):
            # another thread's search: only the clock and a cancel count while waiting for it
            if time.perf_counter() > self._deadline or (self._cancel is not None and self._cancel.is_set()):
                raise SolverTimeout
        try:
            left = self._positions_left()
            limited = self._deadline < float("inf") or self._cancel or left is not None
            self._base = kernel().nodes()
            kernel().set_stop(self._expired if limited else None, -1 if left is None else self._base + left)
            result = search(*args)
            self._nodes += kernel().nodes() - self._base
        finally:
            kernel().set_stop(None)
            _kernel_lock.release()
        if result == _STOPPED:
            raise SolverTimeout
        return result
