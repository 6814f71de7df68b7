"""Computer players for Othello, levels 1 (a child can win) to 5 (the full engine).

1. random legal moves;
2. one move ahead with the evaluation (and a little noise, so it varies);
3. three moves ahead, no endgame solver;
4. up to six moves ahead, exact play in the last 12 empty squares;
5. the full engine: iterative deepening as deep as the time allows, exact play from 20 empties.

Given a count of positions instead of a time (`Budget.nodes`), levels 3–5 search that many
positions per move (the endgame solver's kernel counted), so they play the same on any machine;
levels 1 and 2 draw their choices and noise from their seeded generator.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from ludoteca.ai.base import Budget, Player, Report, SearchCancelled, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.core.game import Game, Seat
from ludoteca.games.othello.bitboard import BIT, flips, legal_moves, square_name, squares_of
from ludoteca.games.othello.settings import WIN_UNIT, EngineSettings, Evaluator, SearchProgress

if TYPE_CHECKING:
    from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.evaluation import evaluate
from ludoteca.games.othello.game import PASS, Move, OthelloState
from ludoteca.games.othello.learned import evaluate as learned_evaluate

#: seconds per move for each level (level 5 at most 2 s)
THINK_SECONDS: Final[dict[int, float]] = {1: 0.0, 2: 0.1, 3: 0.3, 4: 1.0, 5: 2.0}

#: level 5's evaluation at the leaves of its midgame search: the learned one (`learned.evaluate`:
#: the kernel's patterns with the shipped weights) or the hand-tuned one (`evaluation.py`). In the
#: compiled search, both with their probable cut-offs, 40 games from 20 random 8-ply openings with
#: both colours: the learned evaluation scored 23 of 40 at 0.3 s a move (seed 1) and 21 of 40 at
#: 1 s (seed 2) (`ludoteca bench othello --variants level5:hand --seconds S --seed N`).
LEVEL5_EVALUATOR: Final[Evaluator] = learned_evaluate

LEVEL_SETTINGS: Final[dict[int, EngineSettings]] = {
    3: EngineSettings(max_depth=3),
    4: EngineSettings(max_depth=6, solve_empties=12),
    # perfect play from 20 empties: the compiled solver needs about 0.45 s there (the median over
    # 91 positions from games; `ludoteca bench othello --level5 --seed N`) and 2 s for the slowest
    # on one thread, 1.4 s on two, so a short presearch leaves it most of the 2 s
    5: EngineSettings(
        max_depth=60, solve_empties=20, presearch_share=0.1, solve_threads=2, evaluator=LEVEL5_EVALUATOR
    ),
}


class RandomOthelloPlayer(Player):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        budget.check()
        move: Move = self._random.choice(list(game.legal_moves(state)))
        return move


class GreedyOthelloPlayer(Player):
    """Looks one move ahead with the evaluation, plus noise: often sensible, easy to trap."""

    name = "greedy"

    def __init__(self, noise: int = 40, seed: int | None = None) -> None:
        self.noise = noise
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        budget.check()
        assert isinstance(state, OthelloState)
        p, o = state.sides
        moves = legal_moves(p, o)
        if not moves:
            return PASS

        best, best_value = PASS, -(10**9)
        for square in squares_of(moves):
            f = flips(p, o, square)
            value = -evaluate(o ^ f, p | f | BIT[square]) + self._random.randint(-self.noise, self.noise)
            if value > best_value:
                best, best_value = square, value
        return best


class EnginePlayer(Player):
    """The bitboard engine with a level's settings; keeps its table between moves."""

    name = "othello engine"

    def __init__(self, settings: EngineSettings, default_seconds: float) -> None:
        self.settings = settings
        self._engine: Engine | None = None
        self.default_seconds = default_seconds

    @property
    def engine(self) -> Engine:
        """Made on first use, which is on the thinking thread: importing the search may compile
        its kernel (once per installation, seconds), and the window must keep drawing meanwhile."""
        if self._engine is None:
            from ludoteca.games.othello.engine import Engine

            self._engine = Engine(self.settings)
        return self._engine

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        budget.check()
        assert isinstance(state, OthelloState)
        p, o = state.sides
        if not legal_moves(p, o):
            return PASS
        seconds = budget.seconds_or(self.default_seconds)
        remaining = None if seconds is None else max(0.01, seconds - budget.elapsed())

        def relay(progress: SearchProgress) -> None:
            if report is None:
                return
            proven = progress.exact or abs(progress.score) >= WIN_UNIT
            score = progress.score / (WIN_UNIT if proven else self.engine.units_per_disc)
            line = tuple("pass" if s is None else square_name(s) for s in progress.line)
            report(SearchInfo(progress.depth, score, line, progress.nodes, budget.elapsed()))

        engine = self.engine
        move = engine.choose(p, o, remaining, budget.cancel.is_set, relay, nodes=budget.nodes_left())
        budget.spend(engine.spent)
        if budget.cancel.is_set():
            raise SearchCancelled
        return PASS if move is None else move


def player_for_level(level: int, seed: int | None = None) -> Player:
    """The player for `level` (1 easiest … 5 strongest); `seed` seeds its random choices."""
    level = max(1, min(5, level))
    if level == 1:
        return RandomOthelloPlayer(seed)
    if level == 2:
        return GreedyOthelloPlayer(seed=seed)
    return EnginePlayer(LEVEL_SETTINGS[level], THINK_SECONDS[level])


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)
