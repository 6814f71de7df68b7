"""Qwirkle's tiles drawn from code: six shapes in six colours on dark tiles, tile backs, and the
numbered seat markers. Shapes are drawn four times too large and scaled down, which smooths their
edges; each picture is made once per size and kept.

On the high-contrast theme each tile also carries its colour digit (the brief's notation, 0–5) in
a corner, so players who cannot tell the colours apart still can tell the tiles apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ludoteca.games.qwirkle.tiles import Tile, colour_of, shape_of
from ludoteca.kits.window.fonts import font
from ludoteca.kits.window.theme import Colour, Theme, mix

Point = tuple[float, float]

#: how much larger shapes are drawn before being scaled down
SUPERSAMPLE = 4
#: the corner radius of a tile, as a fraction of its side
CORNER = 0.14


@dataclass(frozen=True)
class QwirkleColours:
    """Qwirkle's own colours (themes restyle them as "qwirkle.<name>")."""

    felt: Colour = (44, 61, 55)
    felt_line: Colour = (56, 76, 68)
    felt_edge: Colour = (70, 92, 82)
    face: Colour = (30, 30, 33)
    face_edge: Colour = (70, 70, 76)
    back: Colour = (64, 58, 52)
    back_mark: Colour = (96, 88, 78)
    rack: Colour = (104, 76, 50)
    rack_edge: Colour = (134, 100, 68)
    lit: Colour = (146, 214, 160)
    digit: Colour = (236, 236, 236)
    #: colour digits 0–5: orange, red, blue, yellow, purple, green (the brief's example)
    tiles: tuple[Colour, ...] = (
        (244, 140, 44),
        (222, 58, 60),
        (62, 130, 232),
        (246, 212, 58),
        (166, 98, 214),
        (76, 186, 96),
    )


THEMED_COLOURS = {
    "walnut": QwirkleColours(
        felt=(70, 52, 38),
        felt_line=(86, 65, 48),
        felt_edge=(110, 84, 60),
        rack=(120, 86, 56),
        rack_edge=(150, 112, 76),
    ),
    "contrast": QwirkleColours(
        felt=(14, 14, 14),
        felt_line=(64, 64, 64),
        felt_edge=(150, 150, 150),
        face=(0, 0, 0),
        face_edge=(210, 210, 210),
        back=(60, 60, 60),
        back_mark=(150, 150, 150),
        rack=(90, 90, 90),
        rack_edge=(200, 200, 200),
        lit=(120, 255, 160),
        digit=(255, 255, 255),
        tiles=(
            (255, 140, 0),
            (255, 40, 60),
            (40, 140, 255),
            (255, 240, 0),
            (200, 90, 255),
            (40, 220, 90),
        ),
    ),
}


def palette_for(theme: Theme) -> QwirkleColours:
    return theme.palette("qwirkle", QwirkleColours(), THEMED_COLOURS)


# ----- shapes ------------------------------------------------------------------------------------
def _star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90.0) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180 / points)
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def draw_shape(surface: pygame.Surface, shape: int, colour: Colour, center: Point, side: float) -> None:
    """Shape `shape` (C R E L T X) filling a tile of `side` pixels centred on `center`."""
    x, y = center
    s = side
    edge = mix(colour, (0, 0, 0), 0.35)
    if shape == 0:  # square
        half = s * 0.25
        rect = pygame.Rect(round(x - half), round(y - half), round(2 * half), round(2 * half))
        pygame.draw.rect(surface, colour, rect, border_radius=round(s * 0.04))
        pygame.draw.rect(surface, edge, rect, width=max(1, round(s * 0.02)), border_radius=round(s * 0.04))
        return
    if shape == 1:  # circle
        pygame.draw.circle(surface, colour, (x, y), s * 0.28)
        pygame.draw.circle(surface, edge, (x, y), s * 0.28, max(1, round(s * 0.02)))
        return
    if shape == 4:  # clover: four lobes round a heart, notched between them
        lobe, reach = s * 0.125, s * 0.155
        centres = [(x + dx * reach, y + dy * reach) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        for centre in centres:
            pygame.draw.circle(surface, edge, centre, lobe + s * 0.02)
        for centre in centres:
            pygame.draw.circle(surface, colour, centre, lobe)
        pygame.draw.circle(surface, colour, (x, y), lobe * 0.9)
        return
    if shape == 2:  # star: eight points
        points = _star(x, y, s * 0.37, s * 0.2, 8, -90 + 22.5 / 2)
    elif shape == 3:  # diamond, a little taller than wide
        points = [(x, y - s * 0.35), (x + s * 0.26, y), (x, y + s * 0.35), (x - s * 0.26, y)]
    else:  # cross: a four-pointed star turned like an X
        points = _star(x, y, s * 0.38, s * 0.11, 4, -45)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, max(1, round(s * 0.02)))


# ----- sprites -----------------------------------------------------------------------------------
def _shadowed(size: int) -> tuple[pygame.Surface, int]:
    """A transparent picture with room for a tile and its soft shadow, and the shadow's offset."""
    offset = max(1, round(size * 0.05))
    return pygame.Surface((size + offset, size + offset), pygame.SRCALPHA), offset


def _tile_body(size: int, fill: Colour, edge: Colour) -> pygame.Surface:
    big = size * SUPERSAMPLE
    image = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = round(big * CORNER)
    pygame.draw.rect(image, fill, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, edge, image.get_rect(), width=max(1, SUPERSAMPLE), border_radius=radius)
    return image


@lru_cache(maxsize=768)
def tile_sprite(tile: Tile, size: int, palette: QwirkleColours, digits: bool) -> pygame.Surface:
    """A tile of `size` pixels, with its shadow below and to the right."""
    size = max(6, size)
    big = _tile_body(size, palette.face, palette.face_edge)
    side = big.get_width()
    draw_shape(big, shape_of(tile), palette.tiles[colour_of(tile)], (side / 2, side / 2), side)
    image, offset = _shadowed(size)
    pygame.draw.rect(image, (0, 0, 0, 90), (offset, offset, size, size), border_radius=round(size * CORNER))
    image.blit(pygame.transform.smoothscale(big, (size, size)), (0, 0))
    if digits and size >= 14:
        label = font(max(8, round(size * 0.24)), True).render(str(colour_of(tile)), True, palette.digit)
        image.blit(label, label.get_rect(bottomright=(size - round(size * 0.08), size - round(size * 0.02))))
    return image


@lru_cache(maxsize=64)
def back_sprite(size: int, palette: QwirkleColours) -> pygame.Surface:
    """A tile seen from behind (another player's hand)."""
    size = max(6, size)
    big = _tile_body(size, palette.back, palette.back_mark)
    side = big.get_width()
    inner = pygame.Rect(0, 0, side * 0.56, side * 0.56)
    inner.center = (side // 2, side // 2)
    pygame.draw.rect(big, palette.back_mark, inner, width=max(2, side // 22), border_radius=side // 8)
    image, offset = _shadowed(size)
    pygame.draw.rect(image, (0, 0, 0, 90), (offset, offset, size, size), border_radius=round(size * CORNER))
    image.blit(pygame.transform.smoothscale(big, (size, size)), (0, 0))
    return image


@lru_cache(maxsize=32)
def seat_sprite(seat: int, size: int, palette: QwirkleColours, text: Colour) -> pygame.Surface:
    """A player's marker: a tile back with the seat's number, the same in the panel and on the
    table, so a rack can be matched to its player without relying on colour."""
    image = back_sprite(size, palette).copy()
    label = font(max(8, round(size * 0.55)), True).render(str(seat + 1), True, text)
    image.blit(label, label.get_rect(center=(size / 2, size / 2)))
    return image
