"""Khet's pieces as a theme may draw them (`kits.window.piece_art`): one picture a kind and colour
(and Obelisk stack), drawn at rest — a Pyramid's mirror towards the top right, an Anubis's front
and a Sphinx's lens up, a two-way mirror as `/` — and turned by the board to the piece's facing.
Whatever the theme does not draw is drawn in code (`piece_art.piece_sprite`)."""

from __future__ import annotations

from typing import Final

import pygame

from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    OBELISK,
    PHARAOH,
    PYRAMID,
    RED,
    SCARAB,
    SILVER,
    SPHINX,
    Piece,
    colour_of,
    kind_of,
    make_piece,
    stack_height,
)
from ludoteca.games.khet.piece_art import facing_angle, piece_sprite, sprite_side
from ludoteca.games.khet.window_look import KhetColours
from ludoteca.kits.window import piece_art

KIND_KEYS: Final = {
    PHARAOH: "pharaoh",
    SPHINX: "sphinx",
    PYRAMID: "pyramid",
    SCARAB: "scarab",
    ANUBIS: "anubis",
    OBELISK: "obelisk",
    DJED: "djed",
    EYE: "eye",
}
COLOUR_KEYS: Final = ("silver", "red")
#: the cell size the sheet is drawn for: its pictures are 144 pixels, with room to turn
SHEET_CELL: Final = 96
#: the kinds that face a way (drawn once, turned by the board)
TURNING: Final = frozenset({PYRAMID, SCARAB, ANUBIS, SPHINX, DJED, EYE})


def art_key(piece: Piece) -> str:
    """ "pyramid-silver", "obelisk-red-2" (a stack of two)."""
    key = f"{KIND_KEYS[kind_of(piece)]}-{COLOUR_KEYS[colour_of(piece)]}"
    return f"{key}-2" if stack_height(piece) > 1 else key


def _at_rest() -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    for colour in (SILVER, RED):
        for kind in KIND_KEYS:
            pieces[art_key(make_piece(kind, colour))] = make_piece(kind, colour)
        stack = make_piece(OBELISK, colour, 1)
        pieces[art_key(stack)] = stack
    return pieces


AT_REST: Final = _at_rest()
KEYS: Final = tuple(AT_REST)


def catalogue(palette: KhetColours) -> piece_art.ArtCatalogue:
    def drawn(key: str, side: int) -> pygame.Surface:
        return piece_sprite(AT_REST[key], round(side * SHEET_CELL / sprite_side(SHEET_CELL)), palette)

    turning = frozenset(key for key, piece in AT_REST.items() if kind_of(piece) in TURNING)
    return piece_art.ArtCatalogue("khet", KEYS, drawn, turning, side=sprite_side(SHEET_CELL))


def sprite(
    piece: Piece, size: int, palette: KhetColours, art: piece_art.ThemeArt | None, turn: float = 0.0
) -> pygame.Surface:
    """`piece_sprite`, asking the theme first: the picture for a cell of `size` pixels, turned
    `turn` degrees beyond its facing; blit it centred on the cell."""
    if art is not None:
        image = art.turned(art_key(piece), sprite_side(size), facing_angle(piece) + turn)
        if image is not None:
            return image
    return piece_sprite(piece, size, palette, turn)
