"""Computer players for Five or More, levels 1–5 (level 3 also answers `hint`).

1. random moves;
2. greedy: the move scoring most points now, else the one making the longest line;
3. the board heuristic (`evaluation.py`: line potential, free and connected space) right after
   the move, over the 8 best moves of a quick ranking;
4. the same over the 16 best;
5. expected value over the next spawn: the 12 best moves are each played against 6 sampled
   spawns (`determinize`), and each resulting position is worth its best next move.

Every level sees only its view: the spawn positions are unknown to it and sampled when needed.
Levels 3–5 stop at their time, or, given a count instead (`Budget.nodes`), once they have judged
that many positions, which plays the same on any machine; their samples and tie-breaks come from
the player's seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.ai.simple import RandomPlayer
from ludoteca.core.game import Game, Seat
from ludoteca.games.fiveormore.board import EMPTY, LINE, geometry, points_for, runs_through
from ludoteca.games.fiveormore.config import Config
from ludoteca.games.fiveormore.evaluation import DEFAULT_WEIGHTS, Weights, evaluate_board
from ludoteca.games.fiveormore.ranking import best_moves
from ludoteca.games.fiveormore.rules import remove_lines
from ludoteca.games.fiveormore.state import FiveMove, FiveState, Move, Recolour

#: seconds per move at each level; the players stop early when their fixed work is done
THINK_SECONDS: dict[int, float] = {1: 0.0, 2: 0.3, 3: 0.3, 4: 0.5, 5: 0.9}

#: what a window that would become a full line is worth when picking candidates: far above the rest
_COMPLETES = 1000.0
#: what filling the board is worth: nothing could be worse
_LOST = 1e6


def _anchor(board: list[int], move: FiveMove) -> int:
    """Make `move` on `board` (no path check, no removal) and return the cell lines are checked at."""
    if isinstance(move, Recolour):
        board[move.cell] = move.colour
        return move.cell
    board[move.target], board[move.source] = board[move.source], EMPTY
    return move.target


def _undo(board: list[int], original: Sequence[int], move: FiveMove) -> None:
    if isinstance(move, Recolour):
        board[move.cell] = original[move.cell]
    else:
        board[move.source], board[move.target] = original[move.source], EMPTY


class GreedyFivePlayer(Player):
    """Most points now; failing that, the longest same-coloured line through the moved ball."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        assert isinstance(state, FiveState)
        geo = geometry(state.config.cols, state.config.rows)
        board = list(state.board)
        best: list[FiveMove] = []
        best_value = (-1, -1)
        for move in game.legal_moves(state):
            runs = runs_through(board, geo, _anchor(board, move))
            line = {cell for run in runs if len(run) >= LINE for cell in run}
            value = (points_for(len(line)), max(len(run) for run in runs))
            _undo(board, state.board, move)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self._random.choice(best)


class HeuristicPlayer(Player):
    """Ranks every move cheaply by the windows it changes (`ranking.py`), then judges the
    `candidates` best by playing them out: on the board right after the move when `samples` is 0,
    otherwise averaged over `samples` sampled spawns. With `replies`, a sampled position is worth
    the best of its `replies` best-ranked next moves (a look two moves deep, the second without
    its spawn).

    Each sampled spawn is an order of the cells, drawn from a world `determinize` made up: every
    new ball takes the first empty cell in that order, which is a uniform choice among the empty
    cells as in the rules. All candidates are judged against the same orders, so they are compared
    on the same luck rather than on different draws."""

    name = "heuristic"

    def __init__(
        self,
        candidates: int,
        samples: int,
        replies: int = 0,
        weights: Weights = DEFAULT_WEIGHTS,
        seed: int | None = None,
    ) -> None:
        self.candidates = candidates
        self.samples = samples
        self.replies = replies
        self.weights = weights
        self._table = (*weights.window[:5], _COMPLETES)
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        assert isinstance(state, FiveState)
        config = state.config
        shortlist = self._shortlist(config, state.board, self.candidates)
        if len(shortlist) <= 1:
            return shortlist[0] if shortlist else game.legal_moves(state)[0]
        cells = range(config.cols * config.rows)
        orders: list[tuple[int, ...]] = []
        for _sample in range(self.samples):
            world = game.determinize(state, seat, self._random)
            assert world.rng is not None
            orders.append(world.rng.shuffled(cells)[0])
        best, best_value = shortlist[0], float("-inf")
        for done, move in enumerate(shortlist):
            budget.check()
            value = self._judge(state, orders, move, budget)
            if value is None:
                break  # out of time: keep the best move judged in full (or the best-ranked one)
            if value > best_value:
                best, best_value = move, value
            if report is not None:
                report(
                    SearchInfo(1, best_value, (game.format_move(state, best),), done + 1, budget.elapsed())
                )
        return best

    def _shortlist(self, config: Config, board: Sequence[int], count: int) -> list[FiveMove]:
        geo = geometry(config.cols, config.rows)
        colours = config.colours if config.recolour else 0
        ranked = best_moves(board, geo, self._table, count, colours, self._random)
        if config.recolour:
            return [Recolour(cell, colour) for _value, cell, colour in ranked]
        return [Move(cell, target) for _value, cell, target in ranked]

    def _played(self, config: Config, board: Sequence[int], move: FiveMove) -> tuple[list[int], int]:
        """The board after `move` and the lines it completed, and the points those scored."""
        after = list(board)
        removal = remove_lines(config, after, _anchor(after, move))
        return after, removal.points if removal is not None else 0

    def _static(self, config: Config, board: Sequence[int], move: FiveMove) -> float:
        """Points and board heuristic right after `move` and its removals, before any spawn."""
        after, points = self._played(config, board, move)
        return self.weights.point * points + evaluate_board(config, after, self.weights)

    def _value(self, config: Config, board: list[int], gained: float) -> float:
        """`gained` plus what `board` is worth to the player about to move on it: the value of
        its best reply with `replies`, else the board heuristic."""
        if self.replies:
            replies = self._shortlist(config, board, self.replies)
            if replies:
                return gained + max(self._static(config, board, reply) for reply in replies)
        return gained + evaluate_board(config, board, self.weights)

    def _judge(
        self, state: FiveState, orders: list[tuple[int, ...]], move: FiveMove, budget: Budget
    ) -> float | None:
        """The value of `move`, averaged over the sampled spawn orders when there are any; None
        when the budget ran out first."""
        config = state.config
        if budget.expired():
            return None
        if not orders:
            budget.spend()
            return self._static(config, state.board, move)
        board, points = self._played(config, state.board, move)
        gained = self.weights.point * points
        if points and any(value != EMPTY for value in board):
            # A removal: the player moves again and nothing spawns.
            budget.spend()
            return self._value(config, board, gained)
        total = 0.0
        for order in orders:
            if budget.expired():
                return None
            budget.spend()
            spawned = list(board)
            spawn_points = _spawn_in_order(config, spawned, state.preview, order)
            if EMPTY not in spawned:
                total += gained - _LOST
            else:
                total += self._value(config, spawned, gained + self.weights.point * spawn_points)
        return total / len(orders)


def _spawn_in_order(config: Config, board: list[int], colours: Sequence[int], order: Sequence[int]) -> int:
    """Drop the balls of `colours` each on the first empty cell of `order` (removing the lines
    they complete); returns the points they scored."""
    points = 0
    for colour in colours:
        cell = next((c for c in order if board[c] == EMPTY), None)
        if cell is None:
            break
        board[cell] = colour
        removal = remove_lines(config, board, cell)
        points += removal.points if removal is not None else 0
    return points


def player_for_level(level: int, seed: int | None = None) -> Player:
    if level <= 1:
        return RandomPlayer(seed)
    if level == 2:
        return GreedyFivePlayer(seed)
    if level == 3:
        return HeuristicPlayer(candidates=8, samples=0, seed=seed)
    if level == 4:
        return HeuristicPlayer(candidates=16, samples=0, seed=seed)
    return HeuristicPlayer(candidates=12, samples=6, replies=6, seed=seed)


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)
