"""Qwirkle's tiles as a theme may draw them (`kits.window.piece_art`): one picture a tile kind
("tile-red-star") and one for a tile's back, each with its shadow as `tile_art` draws it.
Whatever the theme does not draw is drawn in code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from ludoteca.games.qwirkle.table import Look
from ludoteca.games.qwirkle.tile_art import QwirkleColours, back_sprite, tile_sprite
from ludoteca.games.qwirkle.tiles import KINDS, TILE_TYPES, Tile, colour_of, shape_of
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.fonts import font

#: the tiles' colours and shapes in keys, in the order `tiles` numbers them
COLOUR_KEYS: Final = ("orange", "red", "blue", "yellow", "purple", "green")
SHAPE_KEYS: Final = ("square", "circle", "star", "diamond", "clover", "cross")
BACK: Final = "back"
assert len(COLOUR_KEYS) == len(SHAPE_KEYS) == KINDS


def art_key(tile: Tile) -> str:
    return f"tile-{COLOUR_KEYS[colour_of(tile)]}-{SHAPE_KEYS[shape_of(tile)]}"


KEYS: Final = (*(art_key(tile) for tile in range(TILE_TYPES)), BACK)
_TILES: Final = {art_key(tile): tile for tile in range(TILE_TYPES)}


def picture_side(size: int) -> int:
    """The side of a tile's picture with its shadow, for a tile of `size` pixels (`tile_sprite`)."""
    size = max(6, size)
    return size + max(1, round(size * 0.05))


def catalogue(palette: QwirkleColours) -> piece_art.ArtCatalogue:
    def drawn(key: str, side: int) -> pygame.Surface:
        size = round(side / 1.05)
        if key == BACK:
            return back_sprite(size, palette)
        return tile_sprite(_TILES[key], size, palette, False)

    return piece_art.ArtCatalogue("qwirkle", KEYS, drawn)


@dataclass(frozen=True)
class ThemedLook(Look):
    """`Look`, asking the theme for each tile first."""

    art: piece_art.ThemeArt | None = None

    def tile(self, tile: Tile, size: int) -> pygame.Surface:
        image = self.art.sprite(art_key(tile), picture_side(size)) if self.art is not None else None
        if image is None:
            return super().tile(tile, size)
        if self.digits and size >= 14:  # the colour's number stays on a themed tile too (as tile_art)
            image = image.copy()
            label = font(max(8, round(size * 0.24)), True).render(
                str(colour_of(tile)), True, self.palette.digit
            )
            image.blit(
                label, label.get_rect(bottomright=(size - round(size * 0.08), size - round(size * 0.02)))
            )
        return image

    def back(self, size: int) -> pygame.Surface:
        image = self.art.sprite(BACK, picture_side(size)) if self.art is not None else None
        return image if image is not None else super().back(size)
