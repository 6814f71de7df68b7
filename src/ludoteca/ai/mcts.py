"""Monte Carlo tree search (UCT) for any game, with determinization for chance and hidden information.

Each iteration samples one world consistent with what the player's seat can see
(`game.determinize`), then walks a single tree shared by all the samples: edges are moves in
notation, so a move that exists in several sampled worlds is one edge. A child's exploration term
counts how often it was *available* rather than how often its parent was visited — the
"information set" variant of UCT, which keeps rare moves from looking over-explored.

Rewards are per seat (1 for first place, 0 for last, shared ranks in between), so the same search
serves two-player, multi-player and solitaire games. Playouts are random, cut off after
`playout_depth` plies where the game's `evaluate` (if it has one) estimates the result. In a game
without chance or hidden information a win in one move is not left to the dice: the player takes
one when it has it, and a position whose seat to move can win at once counts as won for that seat
instead of being played out at random: random playouts keep walking past such wins, so without
this, 400 of them could still miss a block that a child would see.

A search stops after `iterations` playouts or when the budget runs out, whichever comes first (or
earlier, once the remaining playouts could not change its choice): counting playouts makes a level's
strength the same on every machine, the clock keeps a slow game or a slow machine from keeping the
player waiting. A counted budget (`Budget.nodes`) is a number of playouts too, and never looks at
the clock. All randomness comes from the player's own generator, so a seeded player facing the same
positions makes the same moves, as long as the clock is not what stopped it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchInfo, has_evaluate
from ludoteca.core.game import Game, Seat, implements
from ludoteca.core.outcome import Outcome


@dataclass
class _Node:
    seat: Seat | None  # who chose the move leading here (None at the root)
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)
    #: when a node stands for one position only (see `MctsPlayer.choose`), its moves by
    #: notation and those not yet expanded, in the random order they will be tried
    moves: dict[str, Any] | None = None
    untried: list[str] | None = None
    #: the rewards of the game's end when the seat to move here can win at once (found the first
    #: time the search walks through the node), backed up in place of a playout from then on
    known: list[float] | None = None


def _winning_move(
    game: Game[Any, Any], state: Any, seat: Seat, legal: Sequence[Any]
) -> tuple[Any, Outcome] | None:
    """A move that ends the game with `seat` alone in first place, and that ending, if there is one:
    nothing can be better, and a small budget spread over many moves could miss it."""
    for move in legal:
        outcome = game.outcome(game.play(state, move))
        if outcome is not None and outcome.winners == (seat,):
            return move, outcome
    return None


def _settled(root: _Node, remaining: int) -> bool:
    """Whether the most visited move stays ahead whatever the remaining iterations do: the search
    would choose it anyway, so the rest of a playout budget is spared (the choice is unchanged)."""
    if len(root.children) < 2:
        return False
    first, second = sorted((child.visits for child in root.children.values()), reverse=True)[:2]
    return first - second > remaining


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
        self._choices: Any = None  # the moves searched, per position: set by `choose`

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        legal = list(game.legal_moves(state))
        if len(legal) == 1:
            return legal[0]
        # Without chance or hidden information every world is the position itself: a node always
        # stands for the same position, so it may keep its moves instead of re-reading them each
        # pass, and what a move leads to can be tried out once and trusted.
        fixed = not (game.info.chance or game.info.hidden_information)
        if fixed:
            winning = _winning_move(game, state, seat, legal)
            if winning is not None:
                return winning[0]
        evaluates = has_evaluate(game)
        # a game that names the moves worth a thought (`candidate_moves`) has the tree grown and
        # the playouts played among those only: on a wide board, random stones far from the
        # others say nothing about who is winning, and a tree over every cell never gets deep
        self._choices = game.candidate_moves if implements(game, "candidate_moves") else game.legal_moves
        root = _Node(None)
        count = 0
        while self.iterations is None or count < self.iterations:
            budget.check()
            if count > 0 and budget.expired():
                break
            if self.iterations is not None and count % 32 == 0 and _settled(root, self.iterations - count):
                break
            world = game.determinize(state, seat, self._random)
            self._iterate(game, world, root, fixed, evaluates)
            count += 1
            budget.spend()
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

    def _moves(
        self, game: Game[Any, Any], state: Any, node: _Node, seat: Seat, fixed: bool
    ) -> tuple[dict[str, Any], list[str]]:
        """The moves of `state` by notation, and those of them `node` has not expanded yet (the first
        time through a node of a fixed game, also whether `seat` can win at once there)."""
        if not fixed:
            moves = {game.format_move(state, m): m for m in self._choices(state)}
            return moves, [k for k in moves if k not in node.children]
        if node.moves is None or node.untried is None:
            legal = self._choices(state)
            node.moves = {game.format_move(state, m): m for m in legal}
            node.untried = list(node.moves)
            self._random.shuffle(node.untried)
            winning = _winning_move(game, state, seat, legal)
            if winning is not None:
                node.known = outcome_rewards(winning[1], self.score_scale)
        return node.moves, node.untried

    def _iterate(self, game: Game[Any, Any], state: Any, root: _Node, fixed: bool, evaluates: bool) -> None:
        path = [root]
        node = root
        # selection and expansion
        while (seat := game.to_move(state)) is not None:
            moves, untried = self._moves(game, state, node, seat, fixed)
            if node.known is not None:
                self._back_up(path, node.known)
                return
            children = node.children
            if fixed:
                for child in children.values():
                    child.available += 1
            else:
                for key in moves:
                    if key in children:
                        children[key].available += 1
            if untried:
                key = untried.pop() if fixed else self._random.choice(untried)
                child = _Node(seat, available=1)
                node.children[key] = child
                state = game.play(state, moves[key])
                path.append(child)
                break
            log_term = self.exploration
            key = max(
                moves,
                key=lambda k: (
                    children[k].reward / children[k].visits
                    + log_term * math.sqrt(math.log(children[k].available) / children[k].visits)
                ),
            )
            node = children[key]
            state = game.play(state, moves[key])
            path.append(node)
        self._back_up(path, self._playout(game, state, evaluates))

    @staticmethod
    def _back_up(path: list[_Node], rewards: list[float]) -> None:
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += rewards[visited.seat]

    def _playout(self, game: Game[Any, Any], state: Any, evaluates: bool) -> list[float]:
        choice = self._random.choice
        for _ply in range(self.playout_depth):
            if game.to_move(state) is None:
                break
            state = game.play(state, choice(self._choices(state)))
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome_rewards(outcome, self.score_scale)
        seats = game.seat_count(state)
        if not evaluates:
            return [0.5] * seats
        values = [game.evaluate(state, s) for s in range(seats)]
        if seats == 1:
            return [1.0 / (1.0 + math.exp(-values[0] / self.score_scale))]
        # relative standing, squashed to [0, 1]
        mean = sum(values) / seats
        return [1.0 / (1.0 + math.exp(-(v - mean) / self.score_scale)) for v in values]
