"""Monte Carlo tree search (UCT) for any game, with determinization for chance and hidden information.

Each iteration samples one world consistent with what the player's seat can see
(`game.determinize`), then walks a single tree shared by all the samples: edges are moves in
notation, so a move that exists in several sampled worlds is one edge. A child's exploration term
counts how often it was *available* rather than how often its parent was visited — the
"information set" variant of UCT, which keeps rare moves from looking over-explored.

Rewards are per seat (1 for first place, 0 for last, shared ranks in between), so the same search
serves two-player, multi-player and solitaire games. Playouts are random, cut off after
`playout_depth` plies where the game's `evaluate` (if any) estimates the result.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchInfo
from ludoteca.core.game import Game, Seat
from ludoteca.core.outcome import Outcome


@dataclass
class _Node:
    seat: Seat | None  # who chose the move leading here (None at the root)
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)


def outcome_rewards(outcome: Outcome, score_scale: float) -> list[float]:
    """Reward per seat in [0, 1]: rank-based, or a squashed score for a solitaire."""
    if outcome.solitaire:
        score = outcome.scores[0] if outcome.scores else 0
        return [1.0 - math.exp(-score / score_scale)]
    worst = max(outcome.ranks)
    if worst == 1:
        return [0.5] * len(outcome.ranks)
    return [(worst - rank) / (worst - 1) for rank in outcome.ranks]


class MctsPlayer(Player):
    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        exploration: float = 0.7,
        playout_depth: int = 60,
        score_scale: float = 100.0,
        seed: int | None = None,
    ) -> None:
        self.iterations = iterations
        self.exploration = exploration
        self.playout_depth = playout_depth
        self.score_scale = score_scale
        self._random = random.Random(seed)

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        legal = list(game.legal_moves(state))
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        count = 0
        while True:
            budget.check()
            if self.iterations is not None and count >= self.iterations:
                break
            if self.iterations is None and count > 0 and budget.expired():
                break
            world = game.determinize(state, seat, self._random)
            self._iterate(game, world, root)
            count += 1
            if report is not None and count % 200 == 0:
                report(SearchInfo(0, None, (self._best_key(root),), count, budget.elapsed()))
        best_key = self._best_key(root)
        for move in legal:
            if game.format_move(state, move) == best_key:
                return move
        return legal[0]

    @staticmethod
    def _best_key(root: _Node) -> str:
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _iterate(self, game: Game[Any, Any], state: Any, root: _Node) -> None:
        path = [root]
        node = root
        # selection and expansion
        while (seat := game.to_move(state)) is not None:
            moves = {game.format_move(state, m): m for m in game.legal_moves(state)}
            untried = [k for k in moves if k not in node.children]
            for key in moves:
                if key in node.children:
                    node.children[key].available += 1
            if untried:
                key = self._random.choice(untried)
                child = _Node(seat, available=1)
                node.children[key] = child
                state = game.play(state, moves[key])
                path.append(child)
                break
            log_term = self.exploration
            key = max(
                (k for k in moves),
                key=lambda k: (
                    node.children[k].reward / node.children[k].visits
                    + log_term * math.sqrt(math.log(node.children[k].available) / node.children[k].visits)
                ),
            )
            node = node.children[key]
            state = game.play(state, moves[key])
            path.append(node)
        rewards = self._playout(game, state)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += rewards[visited.seat]

    def _playout(self, game: Game[Any, Any], state: Any) -> list[float]:
        for _ply in range(self.playout_depth):
            if game.to_move(state) is None:
                break
            state = game.play(state, self._random.choice(list(game.legal_moves(state))))
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome_rewards(outcome, self.score_scale)
        seats = game.seat_count(state)
        try:
            values = [game.evaluate(state, s) for s in range(seats)]
        except NotImplementedError:
            return [0.5] * seats
        if seats == 1:
            return [1.0 / (1.0 + math.exp(-values[0] / self.score_scale))]
        # relative standing, squashed to [0, 1]
        mean = sum(values) / seats
        return [1.0 / (1.0 + math.exp(-(v - mean) / self.score_scale)) for v in values]
