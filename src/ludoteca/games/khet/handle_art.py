"""The two turning handles of a selected Khet piece: round badges at its square's top corners,
each with one bold curved arrow, clockwise on the right, anticlockwise on the left.

They are sized from the square, so they stay a fingertip wide on the smallest window and grow
with the board: `HANDLE_REACH` of a square is the hit area's radius, `HANDLE_RADIUS` the badge's.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

import pygame

from ludoteca.kits.window.theme import Colour, Colours

#: the badge's radius and the hit area's, in squares: at 800×600 (a square of 39 px) the hit area
#: is 37 px across, and a neighbour's middle (0.71 square from the corner) stays the neighbour's
HANDLE_RADIUS: Final = 0.38
HANDLE_REACH: Final = 0.47
#: never smaller than this (pixels), whatever the square
SMALLEST_RADIUS: Final = 9.0
#: drawn this many times larger, then smoothed down: antialiased edges for the arc and the head
_SUPERSAMPLE: Final = 4


def draw_handle(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    clockwise: bool,
    colours: Colours,
    hovered: bool,
) -> None:
    """A badge (gold rim, dark face) with a curved arrow; hovered, the face turns gold."""
    fill = colours.accent if hovered else colours.status
    ink = colours.primary_text if hovered else colours.accent
    sprite = _handle(max(4, round(radius)), clockwise, fill, colours.accent, ink, colours.shadow)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1] + 1))))


@lru_cache(maxsize=16)
def _handle(
    radius: int, clockwise: bool, fill: Colour, rim: Colour, ink: Colour, shadow: Colour
) -> pygame.Surface:
    k = _SUPERSAMPLE
    pad = 3  # room for the shadow below the badge
    size = (radius + pad) * 2
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    r = radius * k
    pygame.draw.circle(big, (*shadow, 150), (c, c + 2 * k), r)
    pygame.draw.circle(big, rim, (c, c - k), r)
    pygame.draw.circle(big, fill, (c, c - k), r - max(k, round(r * 0.13)))
    _arrow(big, (c, c - k), r, ink)
    image = pygame.transform.smoothscale(big, (size, size))
    # the anticlockwise arrow is the clockwise one seen in a mirror
    return image if clockwise else pygame.transform.flip(image, True, False)


def _arrow(image: pygame.Surface, centre: tuple[float, float], radius: float, ink: Colour) -> None:
    """A clockwise arrow (y grows downwards, so growing angles turn clockwise on the screen): an
    arc three quarters round, open at the top left, its head there pointing on round the circle."""
    x, y = centre
    r = radius * 0.5
    half = radius * 0.11  # half the arc's thickness
    start, end = -80.0, 180.0
    steps = 24
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    outer = [(x + (r + half) * math.cos(a), y + (r + half) * math.sin(a)) for a in angles]
    inner = [(x + (r - half) * math.cos(a), y + (r - half) * math.sin(a)) for a in reversed(angles)]
    pygame.draw.polygon(image, ink, outer + inner)
    # the head: a triangle across the arc's end, pointing along it (the tangent, clockwise)
    a = angles[-1]
    along = (-math.sin(a), math.cos(a))
    across = (math.cos(a), math.sin(a))
    base = (x + r * math.cos(a), y + r * math.sin(a))
    wide, long = radius * 0.3, radius * 0.36
    tip = (base[0] + along[0] * long, base[1] + along[1] * long)
    left = (base[0] + across[0] * wide, base[1] + across[1] * wide)
    right = (base[0] - across[0] * wide, base[1] - across[1] * wide)
    pygame.draw.polygon(image, ink, [tip, left, right])
