"""The brief's notation: one token per tile, `ebC1` = row e, column b, shape C, colour 1.

ebC1 ecC2      place a C1 on eb and a C2 on ec (tokens in any order, spaces or commas)
x C1 R2        exchange a C1 and an R2 with the bag (`x all` gives back the whole hand)
pass           the forced pass (bag empty, nothing can be placed)

`format_move` writes records, saves and the network's messages, always with the brief's letters;
`shown_move` writes a move for a player to read, in their language's letters (tiles.py). Either
is read back by `parse_move`, as is any language's letter, and a colour letter for the digit
(`ebQr` is `ebC1`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ludoteca.core.errors import NotationError
from ludoteca.games.qwirkle.lines import LETTERS, square_text
from ludoteca.games.qwirkle.state import PASS, Exchange, Move, Place, Placement
from ludoteca.games.qwirkle.tiles import Tile, letters, make, parse_tile, tile_label, tile_text
from ludoteca.i18n import _

EXCHANGE_WORDS = ("x", "exchange", "swap")
PASS_WORDS = ("pass", "-")
#: words typed at a prompt that colour letters would make a placement (`help`: row h, column e,
#: a purple diamond; `undo`, `redo`: an orange diamond): never read as tiles
WORDS = frozenset({"help", "undo", "redo", "stop"})


def format_move(move: Move) -> str:
    """The move as records write it."""
    return _written(move, tile_text)


def shown_move(move: Move) -> str:
    """The move as the player reads it, in their language's letters."""
    return _written(move, tile_label)


def _written(move: Move, write: Callable[[Tile], str]) -> str:
    if isinstance(move, Place):
        return " ".join(square_text(r, c) + write(tile) for r, c, tile in move.tiles)
    if isinstance(move, Exchange):
        return " ".join(("x", *(write(t) for t in move.tiles)))
    return "pass"


def shown_text(text: str) -> str:
    """Notation (a move, a group of tiles such as `C1 C2`) with each tile in the player's letters;
    other words are left as they are."""
    shown = []
    for token in text.split(" "):
        tile = parse_tile(token) if len(token) == 2 else None
        placed = _placement(token) if len(token) == 4 else None
        if tile is not None:
            token = tile_label(tile)
        elif placed is not None:
            token = square_text(placed[0], placed[1]) + tile_label(placed[2])
        shown.append(token)
    return " ".join(shown)


def example() -> str:
    """Two tiles in the player's letters, as the help and the error messages show them."""
    return shown_move(Place(((4, 1, make(0, 1)), (4, 2, make(0, 2)))))


def parse_move(text: str, hand: tuple[Tile, ...]) -> Move:
    """Read a move; `hand` (the mover's tiles) is only needed for `x all`."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise NotationError(
            _("type your tiles, e.g. {example}, or x {tiles} to exchange, or pass").format(
                example=example(), tiles=" ".join(example_tiles())
            )
        )
    head = tokens[0].lower()
    if head in PASS_WORDS and len(tokens) == 1:
        return PASS
    if head in EXCHANGE_WORDS:
        return _parse_exchange(tokens[1:], hand)
    return Place.of([_parse_placement(token) for token in tokens])


def example_tiles() -> tuple[str, str]:
    """A red square and a blue circle in the player's letters (`Q1 O2`)."""
    return tile_label(make(0, 1)), tile_label(make(1, 2))


def _letters() -> dict[str, str]:
    """The player's shape and colour letters, for the error messages."""
    own = letters()
    return {"shapes": " ".join(own.shapes), "colours": " ".join(own.colours)}


def _parse_exchange(tokens: list[str], hand: tuple[Tile, ...]) -> Exchange:
    if len(tokens) == 1 and tokens[0].lower() == "all":
        return Exchange.of(list(hand))
    if not tokens:
        raise NotationError(
            _("name the tiles to exchange after x, e.g. x {tiles} (or x all)").format(
                tiles=" ".join(example_tiles())
            )
        )
    tiles: list[Tile] = []
    for token in tokens:
        tile = parse_tile(token)
        if tile is None:
            raise NotationError(
                _(
                    "{token!r} is not a tile: write a shape letter ({shapes}) and a colour digit "
                    "(0-5) or letter ({colours}), e.g. {tile}"
                ).format(token=token, tile=example_tiles()[0], **_letters())
            )
        tiles.append(tile)
    return Exchange.of(tiles)


def _placement(token: str) -> Placement | None:
    """`ebC1` → (row, column, tile), or None when the token is no tile placement."""
    if len(token) != 4 or token.lower() in WORDS:
        return None
    tile = parse_tile(token[2:])
    row, col = LETTERS.find(token[0].lower()), LETTERS.find(token[1].lower())
    if tile is None or row < 0 or col < 0:
        return None
    return row, col, tile


def _parse_placement(token: str) -> Placement:
    placement = _placement(token)
    if placement is None:
        raise NotationError(
            _(
                "{token!r} is not a tile placement: write the row letter, the column letter, the shape "
                "letter ({shapes}) and the colour digit (0-5) or letter ({colours}), e.g. {placement}"
            ).format(token=token, placement=example().split()[0], **_letters())
        )
    return placement
