"""What each seat may know, and sampling a full state back from that (for the computer players).

A seat sees the board, everyone's wall stock, program length, hand size, deck size and discard
size, its own hand and its own discard pile. It never sees another hand, any deck's order, or the
Rng; it sees its own program's cards only when the table plays with "show my program".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from ludoteca.core.rng import Rng
from ludoteca.games.turtles.cards import DECK, Card
from ludoteca.games.turtles.state import PlayerState, TurtlesState


def _hidden(pile: tuple[Card, ...]) -> tuple[Card, ...]:
    return (Card.UNKNOWN,) * len(pile)


def view(state: TurtlesState, seat: int | None) -> TurtlesState:
    players: list[PlayerState] = []
    for index, p in enumerate(state.players):
        own = index == seat
        players.append(
            replace(
                p,
                deck=_hidden(p.deck),
                hand=p.hand if own else _hidden(p.hand),
                program=p.program if own and state.show_program else _hidden(p.program),
                discard=p.discard if own else _hidden(p.discard),
            )
        )
    last = state.last
    if last is not None and last.action == "add" and not (last.seat == seat and state.show_program):
        last = replace(last, cards=_hidden(last.cards))
    return replace(state, players=tuple(players), rng=None, last=last)


def _fill(pile: tuple[Card, ...], cards: Iterator[Card]) -> tuple[Card, ...]:
    return tuple(next(cards) if c is Card.UNKNOWN else c for c in pile)


def determinize(state: TurtlesState, rnd: random.Random) -> TurtlesState:
    """A full state agreeing with the view `state`: each hidden card drawn from what is left of
    its owner's 37, and a fresh Rng for the decks' future."""
    players: list[PlayerState] = []
    for p in state.players:
        piles = (p.deck, p.hand, p.program, p.discard)
        known: Counter[Card] = Counter(c for pile in piles for c in pile if c is not Card.UNKNOWN)
        full: Counter[Card] = Counter(DECK)
        pool = list((full - known).elements())
        rnd.shuffle(pool)
        cards = iter(pool)
        players.append(
            replace(
                p,
                deck=_fill(p.deck, cards),
                hand=tuple(sorted(_fill(p.hand, cards))),
                program=_fill(p.program, cards),
                discard=_fill(p.discard, cards),
            )
        )
    rng = state.rng if state.rng is not None else Rng.from_seed(rnd.getrandbits(64))
    return replace(state, players=tuple(players), rng=rng)
