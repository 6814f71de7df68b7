"""The Khet pieces, drawn from code as seen from above, so that what a beam will do reads from the
picture: mirrors are bright bars with a white glint (a Pyramid's one face, the two faces of a Scarab
or a Djed, the Eye's striped half-mirror), shields are dark gold (an Anubis's front, the ring of
the Sphinx, which absorbs from every side), and everything else in the piece's colour breaks.

Shapes are polygons in a unit cell centred on 0 (x right, y down), turned by the piece's facing,
drawn twice as large and smoothed down for clean edges; sprites are cached per piece and size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    OBELISK,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SPHINX,
    Piece,
    colour_of,
    kind_of,
    orientation_of,
    stack_height,
)
from ludoteca.games.khet.window_look import KhetColours
from ludoteca.kits.window.theme import Colour, mix

Point = tuple[float, float]
#: drawn this many times larger, then smoothed down
SUPERSAMPLE = 2


def facing_angle(piece: Piece) -> float:
    """Degrees clockwise from the drawing's rest position: a Pyramid at rest faces NE, an Anubis or
    a Sphinx N, a two-way mirror lies like `/`."""
    kind, o = kind_of(piece), orientation_of(piece)
    if kind in (PYRAMID, ANUBIS, SPHINX):
        return 90.0 * o
    if kind in (SCARAB, DJED, EYE):
        return 90.0 * (o & 1)
    return 0.0


class Pen:
    """Draws unit-cell shapes turned by `angle` degrees about the middle of a square surface, one
    cell being `unit` pixels."""

    def __init__(self, surface: pygame.Surface, angle: float, unit: float) -> None:
        self.surface = surface
        self.size = unit
        self.c = surface.get_width() / 2
        rad = math.radians(angle)
        self.cos, self.sin = math.cos(rad), math.sin(rad)

    def at(self, p: Point) -> Point:
        x, y = p
        return (
            self.c + (x * self.cos - y * self.sin) * self.size,
            self.c + (x * self.sin + y * self.cos) * self.size,
        )

    def width(self, w: float) -> int:
        return max(1, round(w * self.size))

    def polygon(
        self, points: list[Point], fill: Colour, edge: Colour | None = None, edge_w: float = 0.02
    ) -> None:
        drawn = [self.at(p) for p in points]
        pygame.draw.polygon(self.surface, fill, drawn)
        if edge is not None:
            pygame.draw.polygon(self.surface, edge, drawn, self.width(edge_w))

    def line(self, a: Point, b: Point, colour: Colour, w: float) -> None:
        pygame.draw.line(self.surface, colour, self.at(a), self.at(b), self.width(w))

    def circle(self, centre: Point, r: float, colour: Colour, w: float = 0.0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(centre), r * self.size, self.width(w) if w else 0)

    def bar(self, a: Point, b: Point, thickness: float, fill: Colour, edge: Colour) -> None:
        """A flat bar from `a` to `b` (a mirror, a shield), `thickness` wide."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * thickness / 2, dx / length * thickness / 2
        self.polygon(
            [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)],
            fill,
            edge,
            0.014,
        )


def piece_sprite(piece: Piece, size: int, palette: KhetColours, turn: float = 0.0) -> pygame.Surface:
    """The piece drawn for a cell of `size` pixels, turned `turn` degrees more than its facing (a turn
    being animated), on a square half as large again as the cell (so that a turning piece's corners
    fit): blit it centred on the cell. Sprites at rest are cached."""
    if turn == 0.0:
        return _cached(piece, size, palette)
    return _render(piece, size, palette, facing_angle(piece) + turn)


@lru_cache(maxsize=512)
def _cached(piece: Piece, size: int, palette: KhetColours) -> pygame.Surface:
    return _render(piece, size, palette, facing_angle(piece))


def _render(piece: Piece, size: int, palette: KhetColours, angle: float) -> pygame.Surface:
    canvas = sprite_side(size)
    big = pygame.Surface((canvas * SUPERSAMPLE, canvas * SUPERSAMPLE), pygame.SRCALPHA)
    unit = size * SUPERSAMPLE
    _DRAWERS[kind_of(piece)](Pen(big, angle, unit), piece, palette, Pen(big, 0.0, unit))
    return pygame.transform.smoothscale(big, (canvas, canvas))


def sprite_side(size: int) -> int:
    """The side of a piece's sprite for a cell of `size` pixels."""
    return round(size * 1.5) // 2 * 2 + (size % 2)


# ----- the pieces -------------------------------------------------------------------------------------
def _body(pen: Pen, piece: Piece, p: KhetColours, radius: float = 0.36) -> None:
    """A round token in the piece's colour, a little lighter on top."""
    side = colour_of(piece)
    pen.circle((0.02, 0.03), radius, mix(p.edge[side], (0, 0, 0), 0.5))
    pen.circle((0, 0), radius, p.edge[side])
    pen.circle((0, 0), radius * 0.9, p.body[side])
    pen.circle((-radius * 0.25, -radius * 0.3), radius * 0.35, mix(p.body[side], p.relief[side], 0.6))


def _mirror(pen: Pen, a: Point, b: Point, p: KhetColours, faces: tuple[int, ...]) -> None:
    """A mirror bar from `a` to `b`; a white glint on each reflecting face (1: left of a→b, -1:
    right of it)."""
    pen.bar(a, b, 0.11, p.mirror, p.mirror_edge)
    for side in faces:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        nx, ny = -dy / length * 0.03 * side, dx / length * 0.03 * side
        pen.line((a[0] * 0.8 + nx, a[1] * 0.8 + ny), (b[0] * 0.8 + nx, b[1] * 0.8 + ny), p.glint, 0.016)


def _pyramid(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    nw, se, sw = (-0.41, -0.41), (0.41, 0.41), (-0.41, 0.41)
    pen.polygon(
        [(nw[0] + 0.03, nw[1] + 0.05), (se[0] + 0.03, se[1] + 0.05), (sw[0] + 0.03, sw[1] + 0.05)],
        mix(p.edge[side], (0, 0, 0), 0.5),
    )
    pen.polygon([nw, se, sw], p.body[side], p.edge[side], 0.03)
    # the faces rising to the apex, one lit and one in shade
    apex = (-0.17, 0.17)
    pen.polygon([nw, apex, sw], mix(p.body[side], p.relief[side], 0.55))
    pen.polygon([sw, apex, se], mix(p.body[side], p.edge[side], 0.35))
    # the mirror on the long side, facing the corner the piece is named after
    _mirror(pen, (nw[0] + 0.03, nw[1] - 0.01), (se[0] + 0.01, se[1] - 0.03), p, faces=(-1,))


def _scarab(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    # a beetle's oval shell under a two-faced mirror
    pen.polygon(_ellipse(0.27, 0.37, 0.0, 0.0), p.edge[side])
    pen.polygon(_ellipse(0.24, 0.34, 0.0, 0.0), p.body[side])
    pen.line((0, -0.32), (0, 0.32), p.edge[side], 0.02)
    _mirror(pen, (-0.40, 0.40), (0.40, -0.40), p, faces=(1, -1))


def _djed(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    # a pillar with its bands, under a two-faced mirror
    pen.polygon(
        [(-0.22, -0.36), (0.22, -0.36), (0.22, 0.36), (-0.22, 0.36)], p.body[side], p.edge[side], 0.03
    )
    for y in (-0.24, -0.14, -0.04):
        pen.line((-0.22, y), (0.22, y), p.edge[side], 0.025)
    _mirror(pen, (-0.40, 0.40), (0.40, -0.40), p, faces=(1, -1))


def _eye(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    _body(pen, piece, p, 0.34)
    # the eye, across the half-mirror
    pen.polygon(_ellipse(0.24, 0.12, 0.0, 0.0, tilt=45.0), p.relief[side], p.edge[side], 0.02)
    pen.circle((0, 0), 0.07, p.edge[side])
    # a half-mirror: the bar striped, light partly goes through
    a, b = (-0.40, 0.40), (0.40, -0.40)
    pen.bar(a, b, 0.09, p.mirror_edge, p.mirror_edge)
    for i in range(7):
        t0, t1 = i / 7 + 0.02, (i + 0.55) / 7
        s = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        e = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pen.line(s, e, p.mirror, 0.07)


def _anubis(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    _body(pen, piece, p, 0.32)
    # ears pointing the way it faces
    pen.polygon([(-0.16, -0.12), (-0.09, -0.30), (-0.02, -0.12)], p.edge[side])
    pen.polygon([(0.16, -0.12), (0.09, -0.30), (0.02, -0.12)], p.edge[side])
    # the shield on its front
    pen.polygon(_arc_band(0.34, 0.44, -52, 52), p.shield, p.shield_edge, 0.016)


def _sphinx(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    pen.polygon(
        [
            (-0.38, -0.30),
            (-0.30, -0.38),
            (0.30, -0.38),
            (0.38, -0.30),
            (0.38, 0.30),
            (0.30, 0.38),
            (-0.30, 0.38),
            (-0.38, 0.30),
        ],
        p.body[side],
        p.shield,
        0.045,
    )
    # the barrel and its lens, pointing where it fires
    pen.polygon([(-0.09, 0.06), (0.09, 0.06), (0.09, -0.40), (-0.09, -0.40)], p.edge[side])
    pen.circle((0, -0.34), 0.07, p.beam[side])
    pen.circle((0, 0.10), 0.14, mix(p.body[side], p.relief[side], 0.6), 0.0)
    pen.circle((0, 0.10), 0.14, p.edge[side], 0.02)


def _pharaoh(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    _body(pen, piece, p, 0.38)
    # a crown: the piece every beam is hunting
    flat.polygon(
        [
            (-0.22, 0.12),
            (-0.24, -0.14),
            (-0.11, -0.02),
            (0.0, -0.20),
            (0.11, -0.02),
            (0.24, -0.14),
            (0.22, 0.12),
        ],
        p.crown,
        p.shield_edge,
        0.02,
    )
    flat.circle((0, 0.20), 0.045, p.crown)


def _obelisk(pen: Pen, piece: Piece, p: KhetColours, flat: Pen) -> None:
    side = colour_of(piece)
    levels = stack_height(piece)
    shade = mix(p.edge[side], (0, 0, 0), 0.5)
    for level in range(levels):
        # the lower Obelisk shows below and to the right of the one on top
        off = 0.07 * (levels - 1 - level) - 0.035 * (levels - 1)
        h = 0.30
        square = [(-h + off, -h + off), (h + off, -h + off), (h + off, h + off), (-h + off, h + off)]
        flat.polygon([(x + 0.03, y + 0.04) for x, y in square], shade)
        flat.polygon(square, p.body[side], p.edge[side], 0.03)
        top = (off, off)
        for i, corner in enumerate(square):
            face = mix(p.body[side], p.relief[side] if i in (0, 3) else p.edge[side], 0.35)
            flat.polygon([corner, square[(i + 1) % 4], top], face)
        for corner in square:
            flat.line(corner, top, p.edge[side], 0.012)
    if levels > 1:
        flat.circle((0.30, 0.30), 0.12, p.crown)
        flat.circle((0.30, 0.30), 0.12, p.shield_edge, 0.02)
        for dy in (-0.035, 0.035):  # two notches: a stack of two
            flat.line((0.25, 0.30 + dy), (0.35, 0.30 + dy), p.shield_edge, 0.025)


def _ellipse(rx: float, ry: float, cx: float, cy: float, tilt: float = 0.0, steps: int = 28) -> list[Point]:
    t = math.radians(tilt)
    points = []
    for i in range(steps):
        a = 2 * math.pi * i / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append((cx + x * math.cos(t) - y * math.sin(t), cy + x * math.sin(t) + y * math.cos(t)))
    return points


def _arc_band(inner: float, outer: float, start: float, end: float, steps: int = 14) -> list[Point]:
    """A curved band round the top of the cell from `start` to `end` degrees (0 = north)."""
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    outside = [(outer * math.sin(a), -outer * math.cos(a)) for a in angles]
    inside = [(inner * math.sin(a), -inner * math.cos(a)) for a in reversed(angles)]
    return outside + inside


_DRAWERS = {
    PYRAMID: _pyramid,
    SCARAB: _scarab,
    DJED: _djed,
    EYE: _eye,
    ANUBIS: _anubis,
    SPHINX: _sphinx,
    PHARAOH: _pharaoh,
    OBELISK: _obelisk,
}
