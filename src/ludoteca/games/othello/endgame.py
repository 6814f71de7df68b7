"""Exact endgame solver: the final disc difference under perfect play from both sides.

Scores follow tournament practice: the final difference of discs, with the empty squares left by
an early end counted for the winner (so a position's value matches published endgame suites).

The value is found by null-window tests ("is it at least t?") whose thresholds bracket it. Python
keeps the root (the thresholds, the order of the root's moves, two threads sharing a test); each
root move is searched by the kernel (`kernel.solve_exact`, compiled where Cython can): a negamax
principal variation search (null windows after the first move) with
* a transposition table from 8 empties on, its move tried first, its slots in pairs so that a
  position with many empties is not pushed out by one with few;
* moves ordered fastest first (the move that leaves the opponent the fewest replies first,
  corners preferred, then the fewest own discs next to an empty square), and with 14 empties or
  more by a shallow search of each child with the hand-tuned evaluation too;
* a stability cut-off: the opponent's discs that can never flip cap the score within reach;
* in the last six empties no move generation at all: the empty squares next to an opponent disc
  scanned, those of quarters holding an odd number of empties first (parity).
A clock thread stops the kernel at the deadline (`search.run_clock`); the kernel stops itself at a
count of positions. The loop over the root's moves and the read-back of the best line are the
midgame search's too (`search.py`).

Measured (processor time, FFO #40, 20 empties): 125 s as plain Python before the kernel; 2.6–2.9 s
with the compiled kernel below 10–16 empties; 1.4 s with all but the root in the kernel. What paid
off, measured in positions: corners counted double in the fastest-first key and the frontier of
the mover as a tie-breaker (−8 %), parity (−9 % flips), the stability cut-off (−6 %), null-window
tests converging on the value instead of one wide principal variation search at the root (−12 %),
ordering by a shallow search with the hand-tuned evaluation from 14 empties on (−35 % over 16
positions with 22 empties from games) and deeper such searches from 19 empties on (−7 to −20 %),
the table from 8 empties on instead of 9 (−5 %), its slots in pairs (−1 % with 22 empties, −7 %
with 24), the first test one value below the guess (−17 %). And in time per position: `flips`
skipping the directions without an opponent disc next to the square (−25 % instructions), the
compiler's bit builtins (−13 % instructions, `kernel.pxd`), the last empty counted with line
tables instead of `flips` (−4 %), `flips` itself read from line tables, without a branch (2 %
more instructions, about 10 % less time), the kernel's constants as C macros the compiler folds
(−11 % instructions); these two together: 11–14 % less time at best, 21–23 % in the median of
alternating runs over FFO #40–#42.
What did not: ordering by the evaluation alone without a search, or from 16 empties on; the
learned evaluation there instead (as many positions, each dearer); heavier weight on the shallow
search's value against the fastest-first key; the table from 11 empties on; enhanced
transposition cut-offs (kept from 12 empties on, as they cost nothing measurable: 852–857 million
positions against 817–934 without, over 16 positions with 22 empties); a stability cut-off in the
last six empties (3 % fewer positions, no quicker); flips found along precomputed rays
instead of shifted fills (no quicker, within the machine's noise; skipping a direction whose first
square holds no opponent disc did pay: `kernel.flips`); the threads sharing the replies
of the root's first move instead of the root's moves (8 positions with 22 empties: 38 s instead of
31 s, wall); a deeper midgame search with the learned evaluation first (10 plies), its table's
best move tried first where the exact table knows none (from 14 empties on, the entries searched 5
or 7 plies deep or more): 15–18 % fewer positions over 8 positions with 22 empties, but 5–91 % more
on 3 with 24, where the fastest-first order beat the evaluation's choice; the scan of the last
empties specialised for three (the same order, sorted once instead of filtered six times): as
many instructions (valgrind); the kernel compiled for this processor (`-march=native`): no
quicker; guided by a profile of FFO #40: no gain firmer than this machine's noise. Measured
after the line tables (instructions over a full-window solve of FFO #40, valgrind; 8.12 G as
landed): the scan ordering its squares by parity alone, without corners first and X squares last
(5 % more positions, 1 % fewer instructions); scanning from 5 or from 7 empties instead of 6
(8.36 G, 8.48 G); with 7 empties, ordering by parity and square instead of fastest first (16 %
more positions, 8.84 G); the scan trying the legal moves instead of the empty squares next to an
opponent disc (9.20 G); the scan handing its quarters' parity down instead of counting it again
(same positions, 8.04 G: not worth a parameter more without a firmer gain in time). Measured
once the learned evaluation cost half as much (its line tables, `kernel._patterns`): the learned
evaluation at the leaves of the ordering searches, in 1/20 of a disc (twice the hand-tuned one's
weight), took 17 % fewer positions over 10 positions with 22 empties from games (527.5 million
against 436.5; in tenths of a disc, 474.1) and 10 % fewer over 5 with 24 (2,013 million against
1,813), but no less time with 22 empties (41.1 and 44.0 s against 42.8 and 41.8, alternating)
and 7 % less with 24 (one run); from 16 or 18 empties only, 3 % or no fewer positions. Not
landed: the solver would need the weights loaded before its first search, and its order (so its
count of positions under a budget) would hang on the weights file. A table four times as big
(2**22 slots a lane): 0.2 % fewer positions.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Final

from ludoteca.ai import native
from ludoteca.games.othello.bitboard import (
    BIT,
    Bitboard,
    Square,
    empty_count,
    squares_of,
)

# the C constants of the compiled kernel are not visible from Python: read them in its source
from ludoteca.games.othello.kernel import WATCHES as WATCH_COUNT
from ludoteca.games.othello.search import (
    Ordered,
    SearchStopped,
    Slots,
    after,
    final_score,
    kernel,
    legal_moves,
    line_from,
    ordered_moves,
    out_of_time,
    run_clock,
    search_moves,
)

#: the best line is found again by solving where the table does not know it, from this many empties down
LINE_RESOLVE_EMPTIES: Final = 12
#: a bound wider than any disc difference
INF: Final = 65


#: the kernel's lanes (`kernel.py`): solves share lane 0's table, from any thread at once; a solve
#: that counts positions (a budget that must stop at the same place in every run) takes lane 1,
#: from an empty table, so that nothing else changes its table. Such solves take it in turn.
SHARED_LANE: Final = 0
COUNTED_LANE: Final = 1
COUNTED_LOCK = threading.Lock()
#: the kernel's watches a solve (and each thread of a split test) takes for its count, budget and
#: stop flag; watches 0 and 1 are left to direct calls of the kernel, which number them as the lane
WATCHES: Final = Slots(range(2, WATCH_COUNT))


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
    """Solves positions exactly. The kernel's table keeps what a solve learns for the next one."""

    def __init__(
        self,
        deadline: float | None = None,
        stop: Callable[[], bool] | None = None,
        node_limit: int | None = None,
        threads: int = 1,
    ) -> None:
        self.nodes = 0
        self.deadline = deadline
        self.stop = stop
        #: the positions (the kernel's included) a solve may search; None: no count
        self.node_limit = node_limit
        #: the kernel's lane of the current solve
        self.lane = SHARED_LANE
        #: the kernel's watch of the current solve (-1: none)
        self.watch = -1
        #: threads that share a null-window test at the root (`_split`); 1 when positions are
        #: counted, whose budget must stop at the same place in every run
        self.threads = threads
        #: during a solve, the best lower bound proven so far and a move that reaches it (None
        #: until a test proves one): a move worth playing should the solve run out of time
        self.proven: tuple[int, Square] | None = None
        #: the watches searching for the current solve, which its clock stops; `_halted` once it has
        self._watching: set[int] = set()
        self._watching_lock = threading.Lock()
        self._halted = False

    # ----- public ---------------------------------------------------------------------------------
    def solve(
        self,
        p: Bitboard,
        o: Bitboard,
        alpha: int = -INF,
        beta: int = INF,
        first: Square | None = None,
        guess: int = 0,
    ) -> SolveResult:
        """The exact value for `p` (within [alpha, beta]: outside, a bound) and a best move.
        `guess` (a disc difference, from a midgame search) is where the null-window tests start:
        a good one saves about a third of the work on positions from games."""
        with self._kernel():
            return self._solve(p, o, alpha, beta, first, guess)

    @contextmanager
    def _kernel(self) -> Iterator[None]:
        """The kernel's lane and watch for this solve, and its clock: the counted lane, from an
        empty table, to this solve alone when it counts positions."""
        counted = self.node_limit is not None
        with COUNTED_LOCK if counted else nullcontext():
            self.lane = COUNTED_LANE if counted else SHARED_LANE
            if counted:
                kernel.clear_table(COUNTED_LANE)
            kernel.table_age(self.lane)
            with self._watch(-1 if self.node_limit is None else self.node_limit) as watch:
                self.watch = watch
                clock = None
                finished = threading.Event()
                self._halted = False
                if self.deadline is not None or self.stop is not None:
                    clock = run_clock(self._halt, self.deadline, self.stop, finished)
                try:
                    yield
                finally:
                    finished.set()
                    if clock is not None:
                        clock.join()

    @contextmanager
    def _watch(self, limit: int) -> Iterator[int]:
        """A watch of the kernel's for a search of this solve, stopped with the rest by `_halt`."""
        watch = WATCHES.take(wait=True)
        assert watch is not None
        kernel.exact_start(watch, limit)
        with self._watching_lock:
            self._watching.add(watch)
            if self._halted:
                kernel.exact_halt(watch)
        try:
            yield watch
        finally:
            with self._watching_lock:
                self._watching.discard(watch)
            WATCHES.give(watch)

    def _halt(self) -> None:
        """Stop every search of this solve (its clock calls this at the deadline or on a cancel)."""
        with self._watching_lock:
            self._halted = True
            for watch in self._watching:
                kernel.exact_halt(watch)

    def _solve(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, first: Square | None, guess: int
    ) -> SolveResult:
        started = time.perf_counter()
        self.nodes = 0
        self.proven = None
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return SolveResult(final_score(p, o), None, 1, 0.0)
            score = -self._search(o, p, -beta, -alpha, empty_count(p, o), 1, -1)
            return SolveResult(score, None, self.nodes, time.perf_counter() - started)
        if alpha <= -INF and beta >= INF:
            score, move = self._converge(p, o, moves, first, max(-64, min(64, guess)))
        else:
            score, move = self._root(p, o, alpha, beta, moves, first)
        return SolveResult(score, move, self.nodes, time.perf_counter() - started)

    def _converge(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, first: Square | None, guess: int
    ) -> tuple[int, Square]:
        """The exact value by null-window tests only. A test "is the value at least t?" returns
        a bound (fail-soft) and the table keeps its work for the next test. Thresholds move away
        from the first guess one value at a time, from the bound the last test returned, until the
        value is bracketed; then they halve the bracket. Values (and so bounds) are always even.

        Why one value at a time even far from the guess: a test far on the wrong side of the value
        is cheap, the two tests next to it are what cost. Over 91 positions with 20 empties from
        games (the midgame search's guess), stepping by one value took 10 % fewer positions than
        doubling the steps after three tests (815 against 904 million), and no position more than
        1.96 s.

        Why the first threshold is one value below the guess: a test that fails (the value is
        below its threshold) must refute every move, one that holds needs one move, so tests that
        hold are the cheap ones and the value is best approached from below. Over 16 positions with
        22 empties from games (a 4-ply midgame search's guess), 741 million positions instead of
        892; two values below, 740; three, 754; four, 780."""
        lower, upper = -64, 64
        best = first if first is not None else moves.bit_length() - 1
        threshold = min(max(guess + (guess & 1) - 2, lower + 2), upper)
        while lower < upper:
            score, move = self._root(p, o, threshold - 1, threshold, moves, best)
            if score >= threshold:
                lower, best = score, move
                self.proven = (lower, best)
            else:
                upper = score
            if upper == 64:
                threshold = lower + 2
            elif lower == -64:
                threshold = upper
            else:
                threshold = lower + 2 * ((upper - lower) // 4 + 1)
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
        """The best line, each move read from the kernel's table (None for a pass), else, in the
        last empties, found again by solving; for display only."""

        def remembered(p: Bitboard, o: Bitboard) -> int:
            # read in this solve's lane, searched again in the shared one: the counted lane's
            # table belongs to the counted solve running there, if any
            square = kernel.table_move(p, o, self.lane)
            moves = legal_moves(p, o)
            if square >= 0 and moves & BIT[square]:
                return square
            if empty_count(p, o) > LINE_RESOLVE_EMPTIES:
                return -1
            value = kernel.solve_exact(p, o, -INF, INF, False, SHARED_LANE)
            # the first move whose value is proven to reach the position's value
            return next(
                s
                for s in squares_of(moves)
                if -kernel.solve_exact(*after(p, o, s), -value, -value + 1, False, SHARED_LANE) >= value
            )

        return line_from(remembered, p, o, length)

    # ----- search -----------------------------------------------------------------------------------
    def _root(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, moves: Bitboard, first: Square | None
    ) -> tuple[int, Square]:
        ordered = ordered_moves(p, o, moves, first, replies=True, frontier=True)
        empties = empty_count(p, o)
        if self.threads > 1 and self.node_limit is None and beta == alpha + 1 and len(ordered) > 1:
            return self._split(p, o, alpha, beta, ordered, empties)
        return search_moves(self._search, p, o, ordered, alpha, beta, empties, -INF, -1)

    def _split(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, ordered: Ordered, empties: int
    ) -> tuple[int, Square]:
        """A null-window test at the root shared by `threads` threads. Each takes the next move
        nobody has taken and tests it under a watch of its own, in this solve's table; the first
        move proven to reach `beta` ends the test for all (the others' watches are stopped). The
        kernel lets go of Python's lock while it searches, so the threads seldom wait for each
        other. Measured over 91 positions with 20 empties from games, two threads against one
        (when the kernel searched from 12 empties only): the slowest solve 1.42 s instead of 1.98
        (wall), all of them 45 s instead of 52; the median was unchanged (0.45 s), as most tests
        end with their first move, where the second thread has nothing to add. Tried and not
        kept: a thread left without a root move helping with one still being tested, taking the
        opponent's replies to it from last to first (each must fail when the move holds) or, in
        another form, the moves after the table's reply from last to first (each must fail when
        that reply refutes it), its proofs met by the other thread in the shared table: 5
        positions with 24 empties from games (seed 1), 40.0 s in all (wall) against 39.8 and
        41.4 s; one thread took 68.0 s."""
        pending = iter(enumerate(ordered))
        lock = threading.Lock()
        finished = threading.Event()
        results: list[tuple[int, int, Square]] = []
        errors: list[BaseException] = []
        workers = [self._worker() for _ in range(self.threads)]

        def work(worker: EndgameSolver) -> None:
            try:
                with self._watch(-1) as watch:
                    worker.watch = watch
                    try:
                        while not finished.is_set():
                            with lock:
                                item = next(pending, None)
                            if item is None:
                                return
                            index, (_, f, square, reply) = item
                            np, no = o ^ f, p | f | BIT[square]
                            score = -worker._search(np, no, -beta, -alpha, empties - 1, 0, reply)
                            with lock:
                                results.append((score, -index, square))
                                if score >= beta:
                                    finished.set()
                                    for other in workers:
                                        if other is not worker and other.watch >= 0:
                                            kernel.exact_halt(other.watch)
                    finally:
                        # before the watch goes back to the pool, where another solve may take
                        # it: a late winner must not stop that solve
                        with lock:
                            worker.watch = -1
            except SolveTimeout:
                finished.set()
            except BaseException as error:  # handed to the calling thread
                errors.append(error)
                finished.set()

        helpers = [
            threading.Thread(target=work, args=(worker,), name="othello-solve", daemon=True)
            for worker in workers[1:]
        ]
        for helper in helpers:
            helper.start()
        work(workers[0])
        for helper in helpers:
            helper.join()
        self.nodes += sum(worker.nodes for worker in workers)
        if errors:
            raise errors[0]
        if not results:
            raise SolveTimeout
        # a move proven to reach beta settles the test (the highest proven, then the first in
        # order); without one, every move must have been tested
        score, _, square = max(results)
        if score < beta and len(results) < len(ordered):
            raise SolveTimeout
        return score, square

    def _worker(self) -> EndgameSolver:
        worker = EndgameSolver(self.deadline, self.stop)
        worker.lane = self.lane
        return worker

    def _search(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, empties: int, passed: int, moves: Bitboard
    ) -> int:
        """Negamax value for `p`, fail-soft, searched by the kernel under this solver's watch
        (`empties` and `moves`, the search loop's, are the kernel's to find again)."""
        self.nodes += 1
        if self._halted or out_of_time(self.deadline, self.stop):
            raise SolveTimeout
        watch = self.watch
        before = kernel.nodes(watch)
        score = kernel.solve_exact(p, o, alpha, beta, passed != 0, self.lane, watch)
        self.nodes += kernel.nodes(watch) - before
        if kernel.exact_halted(watch):
            raise SolveTimeout
        return score


def usable_threads(wanted: int) -> int:
    """`wanted` threads for a solve, or fewer where more would only wait: for processors, or for
    Python's lock when the kernel runs as plain Python."""
    if wanted <= 1 or not native.is_compiled(kernel):
        return 1
    processors = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(wanted, processors or 1))


def solve(p: Bitboard, o: Bitboard, seconds: float | None = None, nodes: int | None = None) -> SolveResult:
    """Convenience: the exact value and a best move for `p`, with an optional time limit or count
    of positions."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    return EndgameSolver(deadline, node_limit=nodes).solve(p, o)


#: discs of `me` that can never flip (the kernel's, so both searches cut on the same discs)
stable_discs = kernel.stable_discs
