"""The brief's notation: one token per tile, `ebC1` = row e, column b, shape C, colour 1.

ebC1 ecC2      place a C1 on eb and a C2 on ec (tokens in any order, spaces or commas)
x C1 R2        exchange a C1 and an R2 with the bag (`x all` gives back the whole hand)
pass           the forced pass (bag empty, nothing can be placed)
"""

from __future__ import annotations

import re

from ludoteca.core.errors import NotationError
from ludoteca.games.qwirkle.lines import LETTERS, square_text
from ludoteca.games.qwirkle.state import PASS, Exchange, Move, Place, Placement
from ludoteca.games.qwirkle.tiles import Tile, parse_tile, tile_text
from ludoteca.i18n import _

EXCHANGE_WORDS = ("x", "exchange", "swap")
PASS_WORDS = ("pass", "-")


def format_move(move: Move) -> str:
    if isinstance(move, Place):
        return " ".join(placement_text(p) for p in move.tiles)
    if isinstance(move, Exchange):
        return " ".join(("x", *(tile_text(t) for t in move.tiles)))
    return "pass"


def placement_text(placement: Placement) -> str:
    row, col, tile = placement
    return square_text(row, col) + tile_text(tile)


def parse_move(text: str, hand: tuple[Tile, ...]) -> Move:
    """Read a move; `hand` (the mover's tiles) is only needed for `x all`."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise NotationError(_("type your tiles, e.g. ebC1 ecC2, or x C1 R2 to exchange, or pass"))
    head = tokens[0].lower()
    if head in PASS_WORDS and len(tokens) == 1:
        return PASS
    if head in EXCHANGE_WORDS:
        return _parse_exchange(tokens[1:], hand)
    return Place.of([_parse_placement(token) for token in tokens])


def _parse_exchange(tokens: list[str], hand: tuple[Tile, ...]) -> Exchange:
    if len(tokens) == 1 and tokens[0].lower() == "all":
        return Exchange.of(list(hand))
    if not tokens:
        raise NotationError(_("name the tiles to exchange after x, e.g. x C1 R2 (or x all)"))
    tiles: list[Tile] = []
    for token in tokens:
        tile = parse_tile(token)
        if tile is None:
            raise NotationError(
                _(
                    "{token!r} is not a tile: write a shape letter (C R E L T X) "
                    "and a colour digit (0-5), e.g. C1"
                ).format(token=token)
            )
        tiles.append(tile)
    return Exchange.of(tiles)


def _parse_placement(token: str) -> Placement:
    tile = parse_tile(token[2:]) if len(token) == 4 else None
    row, col = (
        (LETTERS.find(token[0].lower()), LETTERS.find(token[1].lower())) if len(token) == 4 else (-1, -1)
    )
    if tile is None or row < 0 or col < 0:
        raise NotationError(
            _(
                "{token!r} is not a tile placement: write the row letter, the column letter, the shape "
                "letter (C R E L T X) and the colour digit (0-5), e.g. ebC1"
            ).format(token=token)
        )
    return row, col, tile
