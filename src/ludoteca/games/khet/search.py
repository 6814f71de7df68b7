"""Khet's search: iterative deepening in Python around the kernel's fixed-depth search.

The kernel (`kernel.py`, compiled by Cython where it can, plain Python elsewhere) holds the board,
the move generator, the laser, the evaluation and a negamax with principal variation search,
transposition table, killers, history, null moves and the frontier's cold-move shortcut. This
module drives it: it loads the position and the game's earlier keys, searches each root move one
iteration deeper than the last (so a level's noise can shift each root move's score, and an
unfinished iteration can still change the move when it has already proved another one better),
stops on the clock (the whole budget is spent, since an unfinished iteration still counts) or on a
cancel, and reads the best line back.

The kernel's scores are hundredths of `evaluation.py`'s units; results are given in those units.
The kernel is one per process: a lock keeps searches from several threads apart, and each engine
marks its table entries with its own salt, so two players in one process never share a table.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Final

from ludoteca.ai.native import compiled, is_compiled
from ludoteca.games.khet import kernel as kernel_source
from ludoteca.games.khet.board import Board
from ludoteca.games.khet.evaluation import DEFAULT_WEIGHTS, Weights
from ludoteca.games.khet.keys import zobrist
from ludoteca.games.khet.moves import Move

if TYPE_CHECKING:
    kernel = kernel_source
else:
    kernel = compiled(kernel_source)

__all__ = ["INFINITY", "MAX_PLY", "WIN", "Engine", "OutOfTime", "SearchResult", "kernel", "zobrist"]

#: a won game's value (minus the plies to the win), in the evaluation's units
WIN: Final = 1_000_000
INFINITY: Final = 10_000_000.0
MAX_PLY: Final = 64
#: the kernel's own: its scores are the evaluation's times SCALE
SCALE: Final = 100
KERNEL_WIN: Final = 100_000_000
KERNEL_INFINITY: Final = 1_000_000_000

_lock = threading.Lock()
#: the salt `solve.py`'s mate search starts the kernel with (it reads and writes no table entry;
#: every engine's salt is odd, so none is this one)
MATE_SALT: Final = 2


def lock() -> threading.Lock:
    """The lock that keeps the kernel's users (engines, the mate search) apart."""
    return _lock


class OutOfTime(Exception):
    """The search ran out of time (or was cancelled) in the middle of an iteration."""


@dataclass
class SearchResult:
    move: Move
    score: float
    depth: int
    nodes: int
    elapsed: float
    line: list[Move] = field(default_factory=list)


def score_of(value: int) -> float:
    """A kernel score in the evaluation's units (a win keeps its distance in plies)."""
    if value >= KERNEL_WIN - 2 * MAX_PLY:
        return WIN - (KERNEL_WIN - value)
    if value <= -(KERNEL_WIN - 2 * MAX_PLY):
        return -WIN + (KERNEL_WIN + value)
    return value / SCALE


_SALTS = itertools.count(1)


class Engine:
    """One search engine; a player keeps one to reuse its table from move to move."""

    def __init__(
        self,
        horus: bool,
        weights: Weights = DEFAULT_WEIGHTS,
        noise: int = 0,
        seed: int | None = None,
        core: ModuleType | None = None,
    ) -> None:
        """`core`: the kernel's form to search with (tests compare both; by default the compiled
        one when it could be built)."""
        self.kernel: ModuleType = kernel if core is None else core
        self.horus = horus
        self.weights = weights
        #: null-move pruning (on: 8 wins, 5 losses, 3 draws at equal processor time against the
        #: same search without it, measured on the pure-Python search this one carries over)
        self.null_move = True
        #: the clock the time budget is read on (benchmarks may count processor time instead)
        self.clock: Callable[[], float] = time.perf_counter
        self.noise = noise
        self.rng = random.Random(seed)
        # marks this engine's entries in the kernel's one table; any odd number that differs
        # from the other engines' does, and a counter keeps games free of unseeded chance
        self.salt = (next(_SALTS) * 0x9E3779B97F4A7C15 & (1 << 64) - 1) | 1
        #: how many kernel nodes pass between looks at the clock: compiled, a node takes
        #: microseconds; as plain Python, milliseconds
        self.interval = 64 if is_compiled(self.kernel) else 1
        self.nodes = 0
        #: the best (score, move) of the root iteration in progress, in kernel units
        self.partial: tuple[int, Move] | None = None

    def load(self, board: Board | list[int], to_move: int, history: Iterable[int] = ()) -> None:
        """Hand the kernel the position, the earlier positions' keys and the weights (tests read
        the kernel directly after this)."""
        w = self.weights
        self.kernel.set_weights(
            round(w.own_threat * SCALE),
            round(w.their_threat * SCALE),
            round(w.pharaoh_attacked * SCALE),
            round(w.self_damage * SCALE),
            round(w.potential * SCALE),
            round(w.exposure * SCALE),
            round(w.guard * SCALE),
            round(w.trade * SCALE),
            [round(c * SCALE) for c in w.closeness],
        )
        self.kernel.load(board, to_move, self.horus, list(history))

    def search(
        self,
        board: Board,
        to_move: int,
        seconds: float | None,
        max_depth: int = MAX_PLY,
        history: Iterable[int] = (),
        stop: Callable[[], bool] | None = None,
        report: Callable[[SearchResult], None] | None = None,
        nodes: int | None = None,
    ) -> SearchResult:
        """The best move found within `seconds` (None: until `max_depth`) and `nodes` positions
        (None: any number; a count gives the same move on any machine); `history` holds the
        Zobrist keys of earlier positions of the game (a return to one of them scores as a draw)."""
        with _lock:
            return self._search(board, to_move, seconds, max_depth, history, stop, report, nodes)

    def _search(
        self,
        board: Board,
        to_move: int,
        seconds: float | None,
        max_depth: int,
        history: Iterable[int],
        stop: Callable[[], bool] | None,
        report: Callable[[SearchResult], None] | None,
        nodes: int | None = None,
    ) -> SearchResult:
        clock = self.clock
        started = clock()
        deadline = started + seconds if seconds is not None else float("inf")
        cancelled = stop or (lambda: False)
        kernel = self.kernel
        limit = nodes

        def must_stop() -> bool:
            # asked every `interval` kernel calls, a count that does not depend on the machine, so
            # a count of positions stops at the same place everywhere
            if limit is not None:
                return kernel.nodes() >= limit or cancelled()
            return clock() > deadline or cancelled()

        self.load(board, to_move, history)
        # a counted search looks every 64 calls in both forms, so that the compiled kernel and
        # plain Python stop at the same node (a timed one looks at every call when plain)
        interval = 64 if limit is not None else self.interval
        self.kernel.begin(must_stop, interval, self.salt, self.null_move)
        moves = self.kernel.root_moves()
        for move, result, _key in moves:
            if result == KERNEL_WIN:
                return SearchResult(move, WIN - 1, 1, len(moves), clock() - started, [move])
        alive = [(move, key) for move, result, key in moves if result != -KERNEL_WIN] or [
            (move, key) for move, _result, key in moves
        ]
        if len(alive) == 1:
            return SearchResult(alive[0][0], 0.0, 0, 1, clock() - started, [alive[0][0]])
        order = [move for move, _key in sorted(alive, key=lambda pair: -pair[1])]
        bonus = {m: self.rng.randint(-self.noise, self.noise) * SCALE for m in order} if self.noise else {}
        best = SearchResult(order[0], -INFINITY, 0, 0, 0.0, [order[0]])
        scores: dict[Move, int] = {}
        for depth in range(1, max_depth + 1):
            self.partial = None
            try:
                value, move = self._root(order, depth, scores, bonus)
            except OutOfTime:
                if self.partial is not None and self.partial[1] != best.move:
                    # the unfinished iteration already proved another move better: play it
                    partial_value, partial_move = self.partial
                    best = SearchResult(partial_move, score_of(partial_value), best.depth, 0, 0.0, [])
                break
            self.nodes = self.kernel.nodes()
            best = SearchResult(move, score_of(value), depth, self.nodes, clock() - started)
            best.line = self.kernel.principal_line(depth) or [move]
            if report is not None:
                report(best)
            order.sort(key=lambda m: (m != move, -scores.get(m, -KERNEL_INFINITY)))
            if abs(best.score) >= WIN - MAX_PLY:
                break
            # no early stop on the clock: an iteration the clock cuts short still counts where it
            # already proved another move better, so the whole budget is worth spending
        best.nodes = self.nodes = self.kernel.nodes()
        best.elapsed = clock() - started
        return best

    def _root(
        self, order: list[Move], depth: int, scores: dict[Move, int], bonus: dict[Move, int]
    ) -> tuple[int, Move]:
        """One iteration at the root. `bonus` (weaker levels) shifts each move's score a little."""
        alpha = -KERNEL_INFINITY
        best_move = order[0]
        for index, move in enumerate(order):
            extra = bonus.get(move, 0)
            value = self.kernel.root_value(move, depth, alpha - extra, KERNEL_INFINITY, index == 0) + extra
            if self.kernel.stopped():
                raise OutOfTime
            scores[move] = value
            if value > alpha:
                alpha, best_move = value, move
                self.partial = (alpha, best_move)
        self.kernel.remember_root(depth, alpha, best_move)
        return alpha, best_move
