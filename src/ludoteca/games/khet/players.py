"""Khet's computer players, levels 1–5, on the Khet search engine (`search.py`).

Level 1 looks one move ahead and often picks a move that is not the best; level 5 searches as deep
as two seconds allow (depth 7–8 from the standard setups with the compiled kernel, 4 as plain
Python), or as deep as a count of positions allows (`Budget.nodes`), which gives the same move on
any machine. Every level claims a draw by repetition when it judges itself worse: front ends ask
`wants_draw` before asking for a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ludoteca.ai.base import Budget, Player, Report, SearchCancelled, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.core.game import Game, Seat
from ludoteca.games.khet.evaluation import DEFAULT_WEIGHTS, Weights
from ludoteca.games.khet.keys import zobrist
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.state import KhetState

if TYPE_CHECKING:
    from ludoteca.games.khet.search import Engine, SearchResult

#: a level's depth when only the clock limits it (the search's MAX_PLY)
MAX_PLY: Final = 64
#: seconds per move for each level
THINK_SECONDS: Final = {1: 0.2, 2: 0.3, 3: 0.5, 4: 1.0, 5: 2.0}
#: a draw is welcome when the position is judged this much worse (hundredths of a Pyramid)
DRAW_MARGIN: Final = 60


@dataclass(frozen=True)
class Level:
    #: deepest iteration (plies)
    depth: int
    #: random shift of each move's score at the root (hundredths of a Pyramid)
    noise: int


LEVEL_SETTINGS: Final = {
    1: Level(depth=1, noise=150),
    2: Level(depth=2, noise=60),
    3: Level(depth=2, noise=0),
    4: Level(depth=MAX_PLY, noise=0),
    5: Level(depth=MAX_PLY, noise=0),
}


def history_keys(state: KhetState) -> list[int]:
    """Zobrist keys of the positions before the current one since the last removal (the
    side to move alternates back through the history)."""
    keys = []
    for back, board in enumerate(reversed(state.history[:-1]), start=1):
        keys.append(zobrist(board, state.turn ^ (back & 1)))
    return keys


class KhetPlayer(Player):
    def __init__(
        self,
        level: int,
        seed: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        depth: int | None = None,
    ) -> None:
        self.level = max(1, min(5, level))
        self.name = f"khet level {self.level}"
        settings = LEVEL_SETTINGS[self.level]
        self._settings = settings if depth is None else Level(depth, settings.noise)
        self._weights = weights
        self._seed = seed
        self._engines: dict[bool, Engine] = {}
        self.last: SearchResult | None = None

    def engine(self, horus: bool) -> Engine:
        """Made on first use, which is on the thinking thread: importing the search may compile
        its kernel (once per installation, seconds), and the window must keep drawing meanwhile."""
        if horus not in self._engines:
            from ludoteca.games.khet.search import Engine

            self._engines[horus] = Engine(horus, self._weights, noise=self._settings.noise, seed=self._seed)
        return self._engines[horus]

    def search(
        self,
        state: KhetState,
        seconds: float | None,
        budget: Budget,
        report: Report | None,
        repetitions_draw: bool = True,
    ) -> SearchResult:
        """Search `state`; with `repetitions_draw`, a return to an earlier position counts as a draw.
        A counted budget bounds the positions searched (and `seconds` should then be None)."""
        engine = self.engine(state.horus)

        def progress(result: SearchResult) -> None:
            if report is not None:
                line = tuple(format_move(m) for m in result.line) or (format_move(result.move),)
                report(SearchInfo(result.depth, result.score, line, result.nodes, budget.elapsed()))

        result = engine.search(
            state.board,
            state.turn,
            seconds,
            max_depth=self._settings.depth,
            history=history_keys(state) if repetitions_draw else (),
            stop=budget.cancel.is_set,
            report=progress,
            nodes=budget.nodes_left(),
        )
        budget.spend(result.nodes)
        if budget.cancel.is_set():
            raise SearchCancelled
        self.last = result
        return result

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        assert isinstance(state, KhetState)
        seconds = None
        if budget.counted:
            pass  # the count alone stops the search
        elif budget.seconds is not None:
            seconds = max(0.02, budget.seconds - budget.elapsed())
        elif self._settings.depth == MAX_PLY:
            seconds = THINK_SECONDS[self.level]
        return self.search(state, seconds, budget, report).move

    def wants_draw(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        seconds: float | None = None,
        budget: Budget | None = None,
    ) -> bool:
        """Whether this player, to move in `state`, would claim an available draw: when a short
        search (`seconds`, or a counted `budget`) judges its position worse than `DRAW_MARGIN`."""
        assert isinstance(state, KhetState)
        if not game.can_claim_draw(state) or game.to_move(state) != seat:
            return False
        think: float | None = None
        if budget is None or not budget.counted:
            think = seconds if seconds is not None else min(0.5, THINK_SECONDS[self.level] / 2)
            budget = Budget(think)
        # judged on its merits: with the repetitions counted as draws every line would score 0 here
        result = self.search(state, think, budget, None, repetitions_draw=False)
        return result.score < -DRAW_MARGIN


def player_for_level(level: int, seed: int | None = None) -> Player:
    return KhetPlayer(level, seed)


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)
