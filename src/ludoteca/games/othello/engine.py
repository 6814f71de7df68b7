"""The Othello engine: a midgame search on bitboards and the hand-over to the exact solver.

Negamax alpha-beta with principal variation search (null windows after the first move),
iterative deepening with aspiration windows at the root, a transposition table (the best move of
each position is tried first next time), killer-free ordering by "fastest first" (the move that
leaves the opponent the fewest replies, corners ahead, X squares behind) and, at the leaves, the
settings' evaluation: the hand-tuned one of `evaluation.py` or the learned one (`learned.py`,
computed in the kernel). Positions are (player, opponent) int pairs; moves are made by
building the two new ints, so there is nothing to undo. The ordering, the loop over the moves,
passes and the read-back of the best line are the exact solver's too (`search.py`).

A search given a time (and no count of positions) runs in the compiled kernel where there is one
(`kernel.mid_search`: the same search in C types, with a table per lane and either evaluation
computed there), about five times as many positions a second as this module's search, which still
serves searches given a count of positions or a fixed depth (they must give the same move with or
without a C compiler) and machines without a compiler. Level 5 with the compiled search against
level 5 searching here, both then with the hand-tuned evaluation and no probable cut-offs, 0.3 s a
move, 40 games from 20 random 8-ply openings with both colours: 83.8 % (33.5 of 40; today's
command: `ludoteca bench othello --variants hand+no-probcut:python+hand --games 40 --seconds 0.3`).

The search stops when its deadline passes, when it has searched the count of positions it was
given (a budget that stops at the same place on any machine; the exact solver's count includes the
kernel's positions) or when its budget is cancelled, and returns the best move of the deepest
finished iteration (or of the unfinished one, once a move is proven better than the previous best).

Profile notes (cProfile, depth-7 searches from positions 20 plies into random games): move
generation (`legal_moves`, ≈ 4 µs a call) takes over half the time, mostly inside the evaluation
(both sides' mobility at every leaf) and the fastest-first ordering; flips and the rest of the
evaluation share most of the remainder. Hence: frontier nodes evaluate their children directly
with cheap static ordering, and the replies computed for ordering are handed down to the child
instead of being generated twice.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Final

from ludoteca.ai import native
from ludoteca.games.othello import evaluation, probcut
from ludoteca.games.othello.bitboard import BIT, Bitboard, Square, empty_count, squares_of
from ludoteca.games.othello.endgame import EndgameSolver, SolveTimeout, usable_threads

# the C constants of the compiled kernel are not visible from Python: read them in its source
from ludoteca.games.othello.kernel import EVAL_HAND, EVAL_PATTERNS, EVAL_UNITS, MID_INF, MID_LANES, MID_WIN
from ludoteca.games.othello.learned import resolve
from ludoteca.games.othello.search import (
    SearchStopped,
    Slots,
    after,
    kernel,
    legal_moves,
    line_from,
    ordered_moves,
    out_of_time,
    pass_or_end,
    principal_line,
    run_clock,
    search_moves,
)
from ludoteca.games.othello.settings import WIN_UNIT, EngineSettings, SearchProgress

INFINITY: Final = 10_000_000
EXACT, LOWER, UPPER = 0, 1, 2
#: how many entries the table may hold before it is cleared
TABLE_LIMIT: Final = 400_000
#: the midgame evaluation's units per final disc of difference, for the exact solver's first guess.
#: Near the end the evaluation is sure of itself: fitted on 24 positions with 20 empties from games
#: (`ludoteca bench othello --level5`), 20 units a disc made the solves 25 % quicker than 10, and
#: the slowest one half as long
GUESS_UNITS_PER_DISC: Final = 20
#: the share of the midgame search's value the exact solver's first guess takes. The learned
#: evaluation overshoots there (the exact value against a 4-ply search's: a slope of 0.89 over 10
#: positions with 22 empties from games), and a null-window test above the value is the dear one,
#: so a guess drawn towards zero pays: positions searched by level 5's solve (one thread, from an
#: empty table) with 80 % of the value against all of it, 40 positions with 20 empties 290 million
#: against 309, 10 with 22 513 against 528, 13 with 24 2,510 against 3,137 (seeds 3, 1, 1 and 2
#: of the bench's positions from games). 83 % and 85 % did as well with 20 empties.
GUESS_SHARE: Final = 0.8


#: the compiled midgame search's lanes (`kernel.py`)
LANES: Final = Slots(range(MID_LANES))

#: a search of the root: (depth, alpha, beta, the move to try first) → (value, best move); it
#: raises `SearchStopped` (with a move proven better than alpha, or None) when it is stopped
Root = Callable[[int, int, int, Square], tuple[int, Square]]


class Engine:
    """One engine per player: the transposition table is kept from one move to the next."""

    def __init__(self, settings: EngineSettings | None = None) -> None:
        self.settings = settings or EngineSettings()
        #: what the leaves call: the settings' evaluator, or the kernel's function itself for the
        #: learned evaluation (`learned.resolve`: its weights are loaded on first use)
        self.evaluate = resolve(self.settings.evaluator)
        #: the compiled search's code for that evaluation; None: the search runs here in Python
        #: (no compiled kernel, or an evaluation the kernel does not have)
        self.kernel_evaluation = _kernel_evaluation(self.evaluate)
        #: the evaluation's units per final disc of difference (the hand-tuned one counts tenths)
        self.units_per_disc = EVAL_UNITS if self.evaluate is kernel.pattern_value else 10
        self._lane = -1
        #: the best line of the compiled search's last finished iteration, and its position
        self._line: tuple[Bitboard, Bitboard, tuple[Square | None, ...]] = (0, 0, ())
        self.table: dict[int, tuple[int, int, int, int]] = {}
        #: kept from move to move: a solve that ran out of time still fills the table the next
        #: move's solve (two empties fewer) starts from
        self.solver = EndgameSolver()
        self.nodes = 0
        #: the value of the deepest finished iteration, for the side to move (evaluation units)
        self.score = 0
        self.deadline = float("inf")
        #: the count of positions at which the midgame search stops (no count: never)
        self.node_limit: float = float("inf")
        #: positions searched by the last `choose`, the solver's included
        self.spent = 0
        self.stop: Callable[[], bool] = lambda: False

    # ----- public ---------------------------------------------------------------------------------
    def choose(
        self,
        p: Bitboard,
        o: Bitboard,
        seconds: float | None,
        stop: Callable[[], bool] | None = None,
        report: Callable[[SearchProgress], None] | None = None,
        nodes: int | None = None,
    ) -> Square | None:
        """The move to play for `p` (None: pass), found within about `seconds`, or within `nodes`
        positions searched (then `seconds` should be None: the count alone decides)."""
        started = time.perf_counter()
        deadline = None if seconds is None else started + seconds
        self.stop = stop or (lambda: False)
        self.nodes = self.spent = 0
        moves = legal_moves(p, o)
        if not moves:
            return None
        if moves & (moves - 1) == 0:
            return moves.bit_length() - 1
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        empties = empty_count(p, o)
        settings = self.settings
        if empties <= settings.solve_empties:
            # a short midgame search first: its best move is tried first by the solver, and it is
            # the answer should the solver run out of time
            solver = self.solver
            if nodes is not None:
                best = self.iterate(p, o, None, report, started, nodes=int(nodes * settings.presearch_share))
                solver.node_limit = max(0, nodes - self.nodes)
            else:
                presearch = None if seconds is None else seconds * settings.presearch_share
                depth_limit = 4 if seconds is None else 60
                best = self.iterate(p, o, presearch, report, started, depth_limit=depth_limit)
                solver.node_limit = None
            solver.deadline, solver.stop = deadline, self.stop
            solver.threads = usable_threads(settings.solve_threads)
            try:
                guess = round(self.score * GUESS_SHARE / GUESS_UNITS_PER_DISC)
                result = solver.solve(p, o, first=best, guess=guess)
            except SolveTimeout:
                # a move proven to reach some score beats the midgame search's guess: near the
                # end of the time it is usually already a best move, only not yet proven one
                return best if solver.proven is None else solver.proven[1]
            finally:
                self.spent = self.nodes + solver.nodes
            if report is not None:
                line = (result.move, *solver.principal_line(*after(p, o, result.move)))
                report(
                    SearchProgress(
                        empties,
                        result.score * WIN_UNIT,
                        line,
                        solver.nodes,
                        time.perf_counter() - started,
                        True,
                    )
                )
            return result.move
        best = self.iterate(p, o, seconds, report, started, nodes=nodes)
        self.spent = self.nodes
        return best

    def iterate(
        self,
        p: Bitboard,
        o: Bitboard,
        seconds: float | None,
        report: Callable[[SearchProgress], None] | None = None,
        started: float | None = None,
        depth_limit: int = 60,
        nodes: int | None = None,
    ) -> Square:
        """Iterative deepening from depth 1; the best move of the deepest search done in time
        (or within `nodes` positions).

        Searches by time run in the compiled kernel where it has the evaluation; searches by a
        count of positions or to a fixed depth run here, so that they give the same move whether
        or not the kernel is compiled and whatever its lanes' tables hold (the training's
        self-play, the review and the puzzles' games are the same everywhere)."""
        started = time.perf_counter() if started is None else started
        if seconds is not None and nodes is None and self.kernel_evaluation is not None:
            lane = LANES.take(self._lane)
            if lane is not None:
                self._lane = lane
                try:
                    return self._kernel_iterate(p, o, seconds, report, started, depth_limit, lane)
                finally:
                    LANES.give(lane)
        self.deadline = float("inf") if seconds is None else time.perf_counter() + seconds
        self.node_limit = float("inf") if nodes is None else nodes
        self.nodes = 0
        return self._deepen(p, o, partial(self._root, p, o), INFINITY, WIN_UNIT, report, started, depth_limit)

    def _deepen(
        self,
        p: Bitboard,
        o: Bitboard,
        root: Root,
        infinity: int,
        win: int,
        report: Callable[[SearchProgress], None] | None,
        started: float,
        depth_limit: int,
    ) -> Square:
        """Iterative deepening of `root` (either search's, its values below `infinity`, a finished
        game from `win` a disc on) with aspiration windows; the best move of the deepest depth
        done, or of the unfinished one once a move is proven better than its alpha."""
        self.score = 0
        best = squares_of(legal_moves(p, o))[0]
        score = 0
        empties = empty_count(p, o)
        for depth in range(1, min(self.settings.max_depth, depth_limit, empties) + 1):
            try:
                score, best = _aspiration(root, depth, score, best, infinity)
            except SearchStopped as stopped:
                if stopped.args and stopped.args[0] is not None:
                    best = stopped.args[0]
                break
            self.score = score if abs(score) < win else score // win * WIN_UNIT
            if report is not None:
                report(
                    SearchProgress(
                        depth,
                        self.score,
                        self.principal_line(p, o, depth),
                        self.nodes,
                        time.perf_counter() - started,
                    )
                )
            if abs(score) >= win:
                break
            if time.perf_counter() - started > 0.45 * (self.deadline - started):
                # the next depth would most likely not finish (using the whole time and the
                # unfinished depth's proven move scored 11 of 25 against this in the compiled
                # search, 0.3 s a move). 0.6 instead: 58.8 % of 120 games against 0.45 at 0.1 s a
                # move, but for a fifth more processor time; against Egaroucid 4 at 0.5 s, 62.5 %
                # of 40 games while using 1.18 times its processor time (64.2 % of 60 at 0.87 with
                # 0.45): nothing bought at equal time. 0.5, Egaroucid 4's own rule, matched its
                # processor time (0.98–1.00) and scored 62.5 % of 60 (55 %, 67.5 %, 65 %)
                break
        return best

    def principal_line(self, p: Bitboard, o: Bitboard, length: int) -> tuple[Square | None, ...]:
        root_p, root_o, line = self._line
        if (root_p, root_o) == (p, o) and line:
            return line[:length]
        return principal_line(self.table, p, o, length)

    # ----- the compiled search ----------------------------------------------------------------------
    def _kernel_iterate(
        self,
        p: Bitboard,
        o: Bitboard,
        seconds: float,
        report: Callable[[SearchProgress], None] | None,
        started: float,
        depth_limit: int,
        lane: int,
    ) -> Square:
        """`iterate` in the kernel's `lane`: each search of the root is one call to C, which a
        watching thread halts when the deadline passes or the search is cancelled."""
        self.deadline = time.perf_counter() + seconds
        self.nodes = 0
        code = self.kernel_evaluation
        assert code is not None
        kernel.mid_start(lane, code, -1, self.settings.probcut and probcut.load(kernel, code))

        def root(depth: int, alpha: int, beta: int, first: Square) -> tuple[int, Square]:
            # (the kernel tries its table's move first: `first` is that move)
            score = kernel.mid_search(p, o, depth, alpha, beta, lane)
            self.nodes = kernel.mid_nodes(lane)
            proven = kernel.mid_best(lane)
            if kernel.mid_halted(lane):
                raise SearchStopped(proven if proven >= 0 else None)
            # read while the lane is this engine's: afterwards another search may take it
            self._line = (p, o, self._kernel_line(p, o, lane))
            return score, proven

        finished = threading.Event()
        clock = run_clock(lambda: kernel.mid_halt(lane), self.deadline, self.stop, finished)
        try:
            return self._deepen(p, o, root, MID_INF, MID_WIN, report, started, depth_limit)
        finally:
            finished.set()
            clock.join()

    @staticmethod
    def _kernel_line(p: Bitboard, o: Bitboard, lane: int) -> tuple[Square | None, ...]:
        """The best line read back from `lane`'s table (for display)."""
        return line_from(lambda q, r: kernel.mid_table_move(q, r, lane), p, o, 60)

    # ----- search -----------------------------------------------------------------------------------
    def _root(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, first: Square
    ) -> tuple[int, Square]:
        # replies are worth generating for ordering only where the children search on
        ordered = ordered_moves(p, o, legal_moves(p, o), first, replies=depth >= 2, frontier=False)
        best, best_move = search_moves(self._pvs, p, o, ordered, alpha, beta, depth, -INFINITY, -1)
        self.table[(p << 64) | o] = (depth, _bound(best, alpha, beta), best, best_move)
        return best, best_move

    def _pvs(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, depth: int, passed: int, moves: Bitboard
    ) -> int:
        """Negamax value for `p`, fail-soft; `moves`: -1 when not generated yet."""
        self.nodes += 1
        if depth <= 0:
            return self.evaluate(p, o)
        # every inner node looks at the clock: a node costs tens of microseconds (its children's
        # evaluations included), the clock well under one, and a count of nodes between looks
        # would stretch with the frontier's size and the machine's load
        if self.nodes >= self.node_limit or out_of_time(self.deadline, self.stop):
            raise SearchStopped(None)
        if moves < 0:
            moves = legal_moves(p, o)
        if not moves:
            return pass_or_end(self._pvs, p, o, alpha, beta, depth, passed, WIN_UNIT)
        key = (p << 64) | o
        table = self.table
        entry = table.get(key)
        tt_move = -1
        if entry is not None:
            entry_depth, flag, value, tt_move = entry
            if entry_depth >= depth:
                if flag == EXACT:
                    return value
                if flag == LOWER:
                    if value >= beta:
                        return value
                elif value <= alpha:
                    return value
        original_alpha = alpha
        if depth == 1:
            # the children are evaluated where they stand: a null window would buy nothing (the
            # evaluation ignores it) and a re-search would evaluate twice, so plain alpha-beta
            evaluator = self.evaluate
            best, best_move = -INFINITY, -1
            for _, f, square, _ in ordered_moves(p, o, moves, tt_move, replies=False, frontier=False):
                self.nodes += 1
                score = -evaluator(o ^ f, p | f | BIT[square])
                if score > best:
                    best, best_move = score, square
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        else:
            ordered = ordered_moves(p, o, moves, tt_move, replies=True, frontier=False)
            best, best_move = search_moves(self._pvs, p, o, ordered, alpha, beta, depth, -INFINITY, -1)
        table[key] = (depth, _bound(best, original_alpha, beta), best, best_move)
        return best


def _kernel_evaluation(evaluate: Callable[[Bitboard, Bitboard], int]) -> int | None:
    """The compiled search's code for `evaluate`, or None where the search must run in Python."""
    if not native.is_compiled(kernel):
        return None
    if evaluate is evaluation.evaluate:
        return EVAL_HAND
    if evaluate is kernel.pattern_value:
        return EVAL_PATTERNS
    return None


def _aspiration(root: Root, depth: int, guess: int, first: Square, infinity: int) -> tuple[int, Square]:
    """`root`'s value and best move at `depth`: a full window for the first two depths, then a
    window around `guess` that widens fourfold, on the side the value fell, until it holds it."""
    if depth <= 2:
        return root(depth, -infinity, infinity, first)
    window = 60
    alpha, beta = guess - window, guess + window
    while True:
        score, move = root(depth, alpha, beta, first)
        if score <= alpha:
            alpha = -infinity if window > 500 else score - window * 4
        elif score >= beta:
            beta = infinity if window > 500 else score + window * 4
        else:
            return score, move
        first = move
        window *= 4


def _bound(best: int, alpha: int, beta: int) -> int:
    """What a fail-soft value found within (alpha, beta) tells: an upper bound, a lower bound or
    the exact value."""
    if best <= alpha:
        return UPPER
    if best >= beta:
        return LOWER
    return EXACT


def perft(p: Bitboard, o: Bitboard, depth: int, passed: bool = False) -> int:
    """Leaf count of the move tree on raw bitboards (a forced pass is a ply), for benchmarks and
    for checking the engine's move generation against the rules: the kernel's, compiled or not."""
    return kernel.perft(p, o, depth, passed)
