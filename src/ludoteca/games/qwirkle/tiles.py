"""Qwirkle tiles as small integers, with the letters and digits that write them and readable names.

A tile is `shape * 6 + colour`: shapes square, circle, star, diamond, clover, cross; colours the
digits 0–5. `HIDDEN` stands for a tile a seat may not see (another player's hand, the bag).

Records, saves and the network write every tile one way only, `tile_text`: the brief's letters
C R E L T X (the initials of carré, rond, étoile, losange, trèfle, croix) and the colour digit.
What a player reads and types is in their language (`LANGUAGE_LETTERS`): English shows
Q O S D K X (sQuare, O for the circle's own shape, Star, Diamond, K for clover, X cross), since
the English initials collide among themselves (Square/Star, Circle/Clover) and C is the French
square. Each colour has a letter too (English O R B Y P G, French O R B J P V), typed instead of
its digit if one likes.

The letters were chosen so that no letter names two different shapes, or two different colours,
across the languages: every letter of every language is then read everywhere (`parse_tile`), a
French record reads the same in an English game, and typing never depends on the language chosen.
tests/qwirkle/test_letters.py holds them to that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ludoteca.i18n import N_, _, language

Tile = int

HIDDEN: Tile = -1
#: the shape letters of records, saves and the network (the brief's)
SHAPES = "CRELTX"
KINDS = 6
TILE_TYPES = KINDS * KINDS


@dataclass(frozen=True)
class Letters:
    """How one language writes the tiles to its players: a letter per shape and per colour."""

    shapes: str
    colours: str


#: by language; a language not here is shown the English letters
LANGUAGE_LETTERS = {
    "en": Letters(shapes="QOSDKX", colours="ORBYPG"),
    "fr": Letters(shapes=SHAPES, colours="ORBJPV"),
}

#: how many copies of each tile a mode puts in the bag
COPIES = {"normal": 3, "short": 1}

_SHAPE_NAMES = (N_("square"), N_("circle"), N_("star"), N_("diamond"), N_("clover"), N_("cross"))
#: colour digits follow the brief's example (1 red, 2 blue, 0 orange, 5 green)
_COLOUR_NAMES = (N_("orange"), N_("red"), N_("blue"), N_("yellow"), N_("purple"), N_("green"))
#: every tile's name, written out whole so that a language can make its colour agree with its
#: shape (French: « étoile verte », « carrés bleus »); by shape, then colour digit
_TILE_NAMES = (
    (
        N_("orange square"),
        N_("red square"),
        N_("blue square"),
        N_("yellow square"),
        N_("purple square"),
        N_("green square"),
    ),
    (
        N_("orange circle"),
        N_("red circle"),
        N_("blue circle"),
        N_("yellow circle"),
        N_("purple circle"),
        N_("green circle"),
    ),
    (
        N_("orange star"),
        N_("red star"),
        N_("blue star"),
        N_("yellow star"),
        N_("purple star"),
        N_("green star"),
    ),
    (
        N_("orange diamond"),
        N_("red diamond"),
        N_("blue diamond"),
        N_("yellow diamond"),
        N_("purple diamond"),
        N_("green diamond"),
    ),
    (
        N_("orange clover"),
        N_("red clover"),
        N_("blue clover"),
        N_("yellow clover"),
        N_("purple clover"),
        N_("green clover"),
    ),
    (
        N_("orange cross"),
        N_("red cross"),
        N_("blue cross"),
        N_("yellow cross"),
        N_("purple cross"),
        N_("green cross"),
    ),
)
_TILE_PLURALS = (
    (
        N_("orange squares"),
        N_("red squares"),
        N_("blue squares"),
        N_("yellow squares"),
        N_("purple squares"),
        N_("green squares"),
    ),
    (
        N_("orange circles"),
        N_("red circles"),
        N_("blue circles"),
        N_("yellow circles"),
        N_("purple circles"),
        N_("green circles"),
    ),
    (
        N_("orange stars"),
        N_("red stars"),
        N_("blue stars"),
        N_("yellow stars"),
        N_("purple stars"),
        N_("green stars"),
    ),
    (
        N_("orange diamonds"),
        N_("red diamonds"),
        N_("blue diamonds"),
        N_("yellow diamonds"),
        N_("purple diamonds"),
        N_("green diamonds"),
    ),
    (
        N_("orange clovers"),
        N_("red clovers"),
        N_("blue clovers"),
        N_("yellow clovers"),
        N_("purple clovers"),
        N_("green clovers"),
    ),
    (
        N_("orange crosses"),
        N_("red crosses"),
        N_("blue crosses"),
        N_("yellow crosses"),
        N_("purple crosses"),
        N_("green crosses"),
    ),
)


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
    """`C1` — the records' shape letter then colour digit; `??` for a hidden tile."""
    if tile == HIDDEN:
        return "??"
    return f"{SHAPES[shape_of(tile)]}{colour_of(tile)}"


def letters() -> Letters:
    """The letters of the player's language."""
    return LANGUAGE_LETTERS.get(language(), LANGUAGE_LETTERS["en"])


def tile_label(tile: Tile) -> str:
    """`Q1` in English, `C1` in French — the tile as the player reads it; `??` when hidden."""
    if tile == HIDDEN:
        return "??"
    return f"{letters().shapes[shape_of(tile)]}{colour_of(tile)}"


def _reading() -> tuple[dict[str, int], dict[str, int]]:
    """Every shape letter and colour letter or digit read, whatever the language: the letters of
    every language (they never disagree) and the records' own."""
    shapes = {letter: shape for shape, letter in enumerate(SHAPES)}
    colours = {str(digit): digit for digit in range(KINDS)}
    for written in LANGUAGE_LETTERS.values():
        shapes.update({letter: shape for shape, letter in enumerate(written.shapes)})
        colours.update({letter: colour for colour, letter in enumerate(written.colours)})
    return shapes, colours


SHAPE_READING, COLOUR_READING = _reading()


def parse_tile(text: str) -> Tile | None:
    """`C1`, `Q1`, `CR`, `qr`… (any language's shape letter, in either case, then a colour digit
    or letter) → tile, or None when it is not a tile."""
    if len(text) != 2:
        return None
    shape = SHAPE_READING.get(text[0].upper())
    colour = COLOUR_READING.get(text[1].upper())
    if shape is None or colour is None:
        return None
    return make(shape, colour)


def colour_name(colour: int) -> str:
    return _(_COLOUR_NAMES[colour])


def shape_name(shape: int) -> str:
    return _(_SHAPE_NAMES[shape])


def tile_name(tile: Tile) -> str:
    """`red square`."""
    return _(_TILE_NAMES[shape_of(tile)][colour_of(tile)])


def tile_plural(tile: Tile) -> str:
    """`red squares`."""
    return _(_TILE_PLURALS[shape_of(tile)][colour_of(tile)])


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
