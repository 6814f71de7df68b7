"""The program cards: forward (blue), turn left (yellow), turn right (purple) and laser."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import IntEnum

from ludoteca.i18n import _


class Card(IntEnum):
    FORWARD = 0
    LEFT = 1
    RIGHT = 2
    LASER = 3
    #: a card this view may not see (other hands, any deck, a face-down program)
    UNKNOWN = 4


PLAYABLE = (Card.FORWARD, Card.LEFT, Card.RIGHT, Card.LASER)

#: one letter per card in the move notation
LETTERS = {Card.FORWARD: "F", Card.LEFT: "L", Card.RIGHT: "R", Card.LASER: "X", Card.UNKNOWN: "?"}

#: what a player may type for each card (letters and words, any case)
SPELLINGS: dict[str, Card] = {
    "f": Card.FORWARD,
    "forward": Card.FORWARD,
    "blue": Card.FORWARD,
    "l": Card.LEFT,
    "left": Card.LEFT,
    "yellow": Card.LEFT,
    "r": Card.RIGHT,
    "right": Card.RIGHT,
    "purple": Card.RIGHT,
    "x": Card.LASER,
    "laser": Card.LASER,
}

DECK_COUNTS = {Card.FORWARD: 18, Card.LEFT: 8, Card.RIGHT: 8, Card.LASER: 3}
#: a fresh deck, in a fixed order before shuffling
DECK: tuple[Card, ...] = tuple(card for card, n in DECK_COUNTS.items() for _ in range(n))
DECK_SIZE = len(DECK)
HAND_SIZE = 5
MAX_ADD = 5
STONE_WALLS = 3
ICE_WALLS = 2


def card_name(card: Card) -> str:
    return {
        Card.FORWARD: _("forward"),
        Card.LEFT: _("left"),
        Card.RIGHT: _("right"),
        Card.LASER: _("laser"),
        Card.UNKNOWN: _("hidden card"),
    }[card]


def letters(cards: Iterable[Card]) -> str:
    return " ".join(LETTERS[c] for c in cards)


def remove_cards(pile: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """`pile` without one copy of each of `cards`, or None when `pile` lacks some of them."""
    left = Counter(pile)
    for card in cards:
        if left[card] == 0:
            return None
        left[card] -= 1
    return tuple(sorted(left.elements()))
