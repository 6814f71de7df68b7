"""The two easiest players: random, and greedy one-ply."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, has_evaluate
from ludoteca.core.game import Game, Seat


class RandomPlayer(Player):
    """Plays any legal move: the level a child can beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        return self._random.choice(list(game.legal_moves(state)))


class GreedyPlayer(Player):
    """Plays the move whose resulting position `game.evaluate` likes best (ties broken at random).
    With hidden information or chance, it evaluates one sampled world (`determinize`).

    For a game without `evaluate` it still takes a win and shuns a loss it can see, and otherwise
    plays at random: every unfinished position counts as even."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        world = game.determinize(state, seat, self._random)
        evaluates = has_evaluate(game)
        best: list[Any] = []
        best_value = float("-inf")
        for move in game.legal_moves(world):
            value = _value_after(game, world, move, seat, evaluates)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self._random.choice(best)


def _value_after(game: Game[Any, Any], state: Any, move: Any, seat: Seat, evaluates: bool) -> float:
    after = game.play(state, move)
    outcome = game.outcome(after)
    if outcome is not None:
        if outcome.solitaire:
            return float(outcome.scores[0]) if outcome.scores else 0.0
        if outcome.ranks[seat] == 1 and not outcome.is_draw:
            return float("inf")
        if outcome.is_draw:
            return 0.0
        return float("-inf")
    return game.evaluate(after, seat) if evaluates else 0.0
