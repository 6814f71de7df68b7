"""Qwirkle tiles as small integers, with the brief's letters and digits and readable names.

A tile is `shape * 6 + colour`: shapes are the brief's letters C R E L T X (square, circle, star,
diamond, clover, cross), colours the digits 0–5. `HIDDEN` stands for a tile a seat may not see
(another player's hand, the bag).

The letters are the initials of the brief's French words (carré, rond, étoile, losange, trèfle,
croix) and stay the notation in every language. English initials are read too where they name one
shape and are no letter of the notation already: only D, for diamond (S would be square or star,
C circle or clover and is the square's letter already, X is the cross's letter in both).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ludoteca.i18n import N_, _

Tile = int

HIDDEN: Tile = -1
SHAPES = "CRELTX"
#: the French words the letters stand for, shown beside them in the legend
LETTER_WORDS = ("carré", "rond", "étoile", "losange", "trèfle", "croix")
#: English initials read as the notation's letters (see above)
ALIASES = {"D": "L"}
KINDS = 6
TILE_TYPES = KINDS * KINDS

#: how many copies of each tile a mode puts in the bag
COPIES = {"normal": 3, "short": 1}

_SHAPE_NAMES = (N_("square"), N_("circle"), N_("star"), N_("diamond"), N_("clover"), N_("cross"))
_SHAPE_PLURALS = (N_("squares"), N_("circles"), N_("stars"), N_("diamonds"), N_("clovers"), N_("crosses"))
#: colour digits follow the brief's example (1 red, 2 blue, 0 orange, 5 green)
_COLOUR_NAMES = (N_("orange"), N_("red"), N_("blue"), N_("yellow"), N_("purple"), N_("green"))


def make(shape: int, colour: int) -> Tile:
    return shape * KINDS + colour


def shape_of(tile: Tile) -> int:
    return tile // KINDS


def colour_of(tile: Tile) -> int:
    return tile % KINDS


def full_set(mode: str) -> tuple[Tile, ...]:
    """Every tile of a mode (108 or 36), in a fixed order."""
    return tuple(t for t in range(TILE_TYPES) for _copy in range(COPIES[mode]))


def tile_text(tile: Tile) -> str:
    """`C1` — shape letter then colour digit; `??` for a hidden tile."""
    if tile == HIDDEN:
        return "??"
    return f"{SHAPES[shape_of(tile)]}{colour_of(tile)}"


def parse_tile(text: str) -> Tile | None:
    """`C1` (shape letter in either case, or an English initial of `ALIASES`) → tile, or None
    when it is not a tile."""
    if len(text) != 2:
        return None
    letter = text[0].upper()
    shape = SHAPES.find(ALIASES.get(letter, letter))
    if shape < 0 or text[1] not in "012345":
        return None
    return make(shape, int(text[1]))


def colour_name(colour: int) -> str:
    return _(_COLOUR_NAMES[colour])


def shape_name(shape: int) -> str:
    return _(_SHAPE_NAMES[shape])


def tile_name(tile: Tile) -> str:
    """`red square`."""
    return _("{colour} {shape}").format(colour=colour_name(colour_of(tile)), shape=shape_name(shape_of(tile)))


def tile_plural(tile: Tile) -> str:
    """`red squares`."""
    return _("{colour} {shapes}").format(
        colour=colour_name(colour_of(tile)), shapes=_(_SHAPE_PLURALS[shape_of(tile)])
    )


def remove_tiles(hand: Iterable[Tile], tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """`hand` without `tiles` (as multisets), sorted; the caller has checked they are there."""
    left = Counter(hand)
    left.subtract(tiles)
    return tuple(sorted(left.elements()))


def missing_from(hand: Iterable[Tile], tiles: Iterable[Tile]) -> tuple[Tile, int] | None:
    """The first tile of `tiles` the hand holds too few of, with how many the hand holds."""
    have = Counter(hand)
    for tile, wanted in Counter(tiles).items():
        if have[tile] < wanted:
            return tile, have[tile]
    return None
