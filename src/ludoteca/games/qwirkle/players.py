"""Computer players for Qwirkle, levels 1–5. Each sees only its own seat's view.

1. places a random tile or line (a beginner);
2. greedy: the highest-scoring play;
3. greedy with judgement: avoids leaving an open line of five to the next player;
4. and 5. look ahead: for the most promising moves (exchanges included), sample the hidden tiles
   many times, and in each sampled world see what the next player could score at once and what
   this player could score next turn with its new tiles; once the bag is empty in a two-player
   game nothing is hidden any more, and it searches the end of the game exactly. Level 5 thinks
   longer.

Levels 1–3 do a fixed amount of work; levels 4 and 5 stop at their time, or, given a count instead
(`Budget.nodes`), after that many simulated replies (or endgame positions), which plays the same on
any machine. Every random choice comes from the player's seeded generator.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchInfo
from ludoteca.ai.levels import Levels
from ludoteca.core.game import Game, Seat
from ludoteca.games.qwirkle import strategy
from ludoteca.games.qwirkle.state import PASS, Exchange, Move, Place, QwirkleState
from ludoteca.games.qwirkle.strategy import Candidate
from ludoteca.games.qwirkle.tiles import HIDDEN

THINK_SECONDS: dict[int, float] = {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.6, 5: 1.8}


class _QwirklePlayer(Player):
    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def _fallback(self, state: QwirkleState, hand: tuple[int, ...]) -> Move:
        """No placement: exchange the whole hand (as much as the bag allows), or pass."""
        if state.bag:
            return Exchange.of(list(hand[: len(state.bag)]))
        return PASS


class RandomPlacer(_QwirklePlayer):
    """Level 1: any placement at all, chosen at random."""

    name = "beginner"

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        hand = state.hands[seat]
        plays = strategy.placements(state, hand)
        if not plays:
            return self._fallback(state, hand)
        return self.random.choice(plays).move


class Greedy(_QwirklePlayer):
    """Level 2: the play scoring most now (ties at random)."""

    name = "greedy"

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        hand = state.hands[seat]
        plays = strategy.placements(state, hand)
        if not plays:
            return self._fallback(state, hand)
        best = max(c.score for c in plays)
        return self.random.choice([c for c in plays if c.score == best]).move


class Judicious(_QwirklePlayer):
    """Level 3: the best score now, less the Qwirkles it may hand over by leaving an open line of
    five (optionally, `keep` weighs the tiles kept)."""

    name = "judicious"

    def __init__(self, seed: int | None = None, keep: float = 0.0, threat: float = 1.0) -> None:
        super().__init__(seed)
        self.keep = keep
        self.threat = threat

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        hand = state.hands[seat]
        ranked = rank(state, seat, hand, self.keep, self.threat)
        if not ranked:
            return self._fallback(state, hand)
        return ranked[0][1].move


def rank(
    state: QwirkleState, seat: int, hand: tuple[int, ...], keep: float = 0.0, threat: float = 1.0
) -> list[tuple[float, Candidate]]:
    """Every candidate move with its static value, best first: its score, plus `keep` times the
    worth of the tiles kept, minus `threat` times the Qwirkles it may hand over; exchanges are
    offered only with some `keep` weight (or when nothing can be placed)."""
    unseen = strategy.unseen_counts(state, hand)
    unseen_total = sum(unseen)
    nxt = (seat + 1) % state.seats
    opponent_hand = len(state.hands[nxt])
    drawing = bool(state.bag)
    out: list[tuple[float, Candidate]] = []
    for c in strategy.placements(state, hand):
        value = c.score + (keep * strategy.keep_value(c.kept) if drawing else 0.0)
        if threat and not state.board_empty and isinstance(c.move, Place):
            value -= threat * strategy.five_threat(state, c.move, unseen, unseen_total, opponent_hand)
        if not c.kept and not drawing:
            value += 100.0  # going out ends the game: nothing can answer it
        out.append((value, c))
    if not out or (drawing and keep):
        # an exchange is worth what it keeps, minus a turn without points
        for c in strategy.exchanges(state, hand):
            out.append((keep * strategy.keep_value(c.kept) - 3.0 - 0.3 * len(c.kept), c))
    out.sort(key=lambda vc: -vc[0])
    return out


class LookAhead(_QwirklePlayer):
    """Levels 4–5: determinized Monte Carlo over the hidden tiles (see the module docstring)."""

    name = "look-ahead"

    def __init__(
        self,
        seed: int | None = None,
        candidates: int = 10,
        swaps: int = 3,
        again: float = 0.55,
        judgement: float = 0.25,
        rounds: int = 400,
    ) -> None:
        super().__init__(seed)
        self.candidates = candidates
        self.swaps = swaps
        self.again = again
        self.judgement = judgement
        self.rounds = rounds

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Move:
        view: QwirkleState = state
        hand = view.hands[seat]
        if not view.bag and view.seats == 2 and not view.board_empty:
            # the other hand is exactly the tiles not in sight: search to the end
            world = game.determinize(view, seat, self.random)

            def spent() -> bool:
                budget.spend()  # one position searched
                return budget.expired()

            found = strategy.endgame_move(world, seat, spent)
            if found is None:
                return self._fallback(view, hand)
            play, depth, lead = found
            if report is not None:
                report(SearchInfo(depth, lead, (game.format_move(view, play),), 0, budget.elapsed()))
            return play
        ranked = rank(view, seat, hand, keep=0.0)
        if not ranked:
            return self._fallback(view, hand)
        places = [c for _v, c in ranked if not isinstance(c.move, Exchange)][: self.candidates]
        # the exchanges worth trying keep the most promising tiles (a big group, no duplicate)
        swaps = sorted(strategy.exchanges(view, hand), key=lambda c: -strategy.keep_value(c.kept))[
            : self.swaps
        ]
        pool = places + swaps
        if len(pool) == 1:
            return pool[0].move
        # the static judgement (the Qwirkle danger of an open line of five) breaks near-ties
        static = {id(c): v for v, c in ranked}
        bias = [self.judgement * (static[id(c)] - c.score) if id(c) in static else 0.0 for c in pool]
        totals = [0.0] * len(pool)
        counts = [0] * len(pool)
        alive = list(range(len(pool)))
        # each round samples one world (the hidden tiles dealt at random) and tries every move left
        hidden = any(HIDDEN in h for h in view.hands) or HIDDEN in view.bag
        rounds = 0

        def value(i: int) -> float:
            return totals[i] / counts[i] + bias[i]

        while True:
            budget.check()
            world = view if not hidden else game.determinize(view, seat, self.random)
            for i in alive:
                reply = strategy.simulate(world, seat, pool[i])
                budget.spend()
                totals[i] += pool[i].score - reply.opponent + self.again * reply.again
                counts[i] += 1
                if budget.expired() and all(counts[j] for j in alive):
                    break
            rounds += 1
            if not hidden or rounds >= self.rounds or budget.expired():
                break
            if rounds in (3, 6, 12, 24) and len(alive) > 2:
                # successive halving: spend the remaining time on the better half
                alive.sort(key=lambda i: -value(i))
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        best = max(alive, key=value)
        if report is not None:
            report(
                SearchInfo(
                    depth=rounds,
                    score=value(best),
                    best_line=(game.format_move(view, pool[best].move),),
                    nodes=sum(counts),
                    elapsed=budget.elapsed(),
                )
            )
        return pool[best].move


def player_for_level(level: int, seed: int | None = None) -> Player:
    if level <= 1:
        return RandomPlacer(seed)
    if level == 2:
        return Greedy(seed)
    if level == 3:
        return Judicious(seed)
    return LookAhead(seed, candidates=8 if level == 4 else 12)


#: what the game declares as its computer levels
LEVELS = Levels(player_for_level, THINK_SECONDS)
