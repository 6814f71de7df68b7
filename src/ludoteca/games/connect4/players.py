"""Computer players for Connect Four (levels 1–5) and Cascade.

Classic, from weakest to strongest:

1. takes a win it sees, otherwise drops anywhere (a child beats it);
2. also blocks the opponent's immediate win and avoids handing one over;
3. looks four drops ahead with the threat heuristic, choosing among the moves it likes about equally;
4. searches as deep as one second allows, and plays perfectly once the solver finishes within
   half of that (late in the game);
5. as the first player, follows the opening book (`book.py`) of a winning strategy, then keeps the
   win with the solver: it never loses from the empty grid. With up to 2 discs on the grid it
   plays a best move from the book's exact scores (`scores.txt`). Otherwise it plays perfectly as soon
   as the solver can decide the position within its time (two seconds): first a weak solve, which
   tells which moves keep a win or a draw, then the exact one to choose the best of them; when the
   exact solve cannot finish, the deepest heuristic search in the remaining time picks among the
   moves the weak one kept.

Given a count of positions instead of a time (`Budget.nodes`), levels 4 and 5 share it as they
share the time: half of what is left to the solver, and so on; they then play the same on any
machine. Levels 1–3 do a fixed amount of work whatever the budget.

Cascade has no solver: levels 1–2 are the generic random and greedy players, levels 3–5 the generic
alpha-beta with this game's evaluation (depth 2, 4, then as deep as time allows).
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget, Player, Report, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core.game import Game, Seat
from ludoteca.games.connect4 import book
from ludoteca.games.connect4.bitboard import CELLS, CENTRE_ORDER, WIDTH
from ludoteca.games.connect4.search import SearchResult, search
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout
from ludoteca.games.connect4.state import CASCADE, Connect4State

#: seconds per move for each level (level 5 thinks up to 2 s)
THINK_SECONDS: dict[int, float] = {1: 0.0, 2: 0.0, 3: 0.3, 4: 1.0, 5: 2.0}

#: below this many discs the exact solver cannot finish in seconds, so level 5 does not try
SOLVE_FROM = 10
LEVEL4_SOLVE_FROM = 18


def player_for_level(level: int, seed: int | None = None) -> Player:
    if not 1 <= level <= 5:
        raise ValueError(f"levels are 1 to 5, not {level}")
    return Connect4Player(level, seed)


class Connect4Player(Player):
    """One level of play for both variants (the state says which one is being played)."""

    def __init__(self, level: int, seed: int | None = None) -> None:
        self.level = level
        self.name = f"connect4 level {level}"
        self.random = random.Random(seed)
        self.solver = Solver() if level >= 4 else None
        self.cascade: Player = (
            RandomPlayer(seed)
            if level == 1
            else GreedyPlayer(seed)
            if level == 2
            else AlphaBetaPlayer(max_depth={3: 2, 4: 4}.get(level, 64))
        )

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        assert isinstance(state, Connect4State)
        if state.variant == CASCADE:
            return self.cascade.choose(game, state, seat, budget, report)
        position = Position(state.discs[seat], state.mask, len(state.moves))
        seconds = budget.seconds_or(THINK_SECONDS[self.level])
        move = _Turn(self, position, budget, seconds, report).play()
        budget.check()
        return move


class _Turn:
    """One decision of a classic player."""

    def __init__(
        self,
        player: Connect4Player,
        position: Position,
        budget: Budget,
        seconds: float | None,
        report: Report | None,
    ) -> None:
        self.player = player
        self.position = position
        self.budget = budget
        self.seconds = seconds
        self.report = report
        self.random = player.random
        self.open = [c for c in range(WIDTH) if position.can_play(c)]

    def share(self, part: float) -> tuple[float | None, int | None]:
        """`part` of what is left: (seconds, None) on a time budget, (None, positions) on a
        count."""
        nodes = self.budget.nodes_left()
        if nodes is not None:
            return None, int(nodes * part)
        assert self.seconds is not None
        return max(0.0, self.seconds - self.budget.elapsed()) * part, None

    def play(self) -> int:
        wins = [c for c in self.open if self.position.wins_with(c)]
        if wins:
            return self.random.choice(wins)
        level = self.player.level
        if level == 1:
            return self.random.choice(self.open)
        safe = self.position.safe_columns()
        if level == 2:
            return self.random.choice(_nearest_centre(safe, self.random))
        if level == 3:
            result = search(self.position, 4, every_value=True, columns=safe)
            return self.pick(result, margin=1)
        allowed = safe
        if level == 4:
            if self.position.played >= LEVEL4_SOLVE_FROM:
                perfect = self.solve(0.5)
                if perfect is not None:
                    return self.random.choice(perfect)
        else:
            # the strategy first: its columns are the ones whose every reply it covers
            column = book.shipped().move(self.position.current, self.position.mask)
            if column is not None:
                self.tell(SearchInfo(0, None, (str(column + 1),), 0))
                return column
            exact = book.shipped_scores().get(self.position.current, self.position.mask)
            if exact is not None:
                score, best = exact
                self.tell(SearchInfo(CELLS - self.position.played, float(score), (str(best[0] + 1),), 0))
                return self.random.choice(best)
            if self.position.played >= SOLVE_FROM:
                # the weak solve first: it is the one that keeps a won position won past the book
                allowed = self.keep_result(0.5) or safe
                perfect = self.solve(0.5)
                if perfect is not None:
                    return self.random.choice(perfect)
        result = self.deepest(allowed)
        return self.pick(result, margin=0)

    def solve(self, part: float) -> list[int] | None:
        """The best columns by the exact solver, or None when it cannot finish in `part` of the
        budget left."""
        solver = self.player.solver
        assert solver is not None
        seconds, nodes = self.share(part)
        before = solver.nodes
        try:
            score, best = solver.best_moves(
                self.position, seconds=seconds, cancel=self.budget.cancel, nodes=nodes
            )
        except SolverTimeout:
            return None
        finally:
            self.budget.spend(solver.nodes - before)
        line = tuple(str(c + 1) for c in best)
        self.tell(SearchInfo(CELLS - self.position.played, float(score), line, solver.nodes))
        return best

    def keep_result(self, part: float) -> list[int] | None:
        """The columns that keep a win a win and a draw a draw, when a weak solve finishes within
        `part` of the budget left."""
        solver = self.player.solver
        assert solver is not None
        seconds, nodes = self.share(part)
        before = solver.nodes
        try:
            _sign, keep = solver.best_moves(
                self.position, weak=True, seconds=seconds, cancel=self.budget.cancel, nodes=nodes
            )
        except SolverTimeout:
            return None
        finally:
            self.budget.spend(solver.nodes - before)
        return keep

    def deepest(self, columns: list[int]) -> SearchResult:
        """The deepest heuristic search the rest of the budget allows, over `columns` only."""

        def progress(result: SearchResult) -> None:
            best = max(result.values, key=result.values.__getitem__)
            self.tell(SearchInfo(result.depth, float(result.best), (str(best + 1),), result.nodes))

        seconds, nodes = self.share(1.0)
        result = search(
            self.position,
            42,
            seconds,
            progress,
            columns=columns,
            cancel=self.budget.cancel,
            nodes_allowed=nodes,
        )
        self.budget.spend(result.nodes)
        return result

    def pick(self, result: SearchResult, margin: int) -> int:
        """A column valued within `margin` of the best."""
        values = result.values
        best = max(values.values())
        if margin == 0:
            # the first column found with the best value is exact; later ties may be bounds
            return next(c for c, v in values.items() if v == best)
        return self.random.choice([c for c, v in values.items() if v >= best - margin])

    def tell(self, info: SearchInfo) -> None:
        if self.report is not None:
            self.report(SearchInfo(info.depth, info.score, info.best_line, info.nodes, self.budget.elapsed()))


def _nearest_centre(columns: list[int], rng: random.Random) -> list[int]:
    """Usually the columns nearest the centre, sometimes all of them (a level-2 habit)."""
    if rng.random() < 0.3:
        return columns
    ranked = sorted(columns, key=CENTRE_ORDER.index)
    return ranked[:2]


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)
