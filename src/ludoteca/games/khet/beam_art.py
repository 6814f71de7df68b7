"""Beams on the board: the shot travelling (a glowing line with a bright core), the faint trace the
last shot leaves until the next move, the dashed preview of a move not played yet, the burst where a
piece is destroyed, and the mark a destroyed piece leaves on its square."""

from __future__ import annotations

import itertools
import math

import pygame

from ludoteca.games.khet.beam_path import BeamPath, BranchPath
from ludoteca.games.khet.board_art import square_centre, to_pixels
from ludoteca.games.khet.window_look import KhetColours
from ludoteca.kits.window.grid import Grid
from ludoteca.kits.window.theme import Colour, mix

Point = tuple[float, float]


def _widths(grid: Grid) -> tuple[int, int]:
    """(glow, core) widths of a beam in pixels."""
    return max(3, round(grid.cell * 0.2)), max(2, round(grid.cell * 0.07))


def _polyline(
    surface: pygame.Surface, colour: Colour | tuple[int, int, int, int], points: list[Point], width: int
) -> None:
    if len(points) < 2:
        return
    pygame.draw.lines(surface, colour, False, points, width)
    if width > 2:
        for x, y in points[1:-1]:  # round the corners
            pygame.draw.circle(surface, colour, (x, y), width / 2)


def draw_beam(
    surface: pygame.Surface, grid: Grid, path: BeamPath, tick: float, palette: KhetColours, ground: Colour
) -> None:
    """The shot as far as it has gone at `tick` (squares travelled): a glow blended with the board
    colour `ground`, and a bright core."""
    glow_w, core_w = _widths(grid)
    glow = mix(palette.beam[path.colour], ground, 0.35)
    core = palette.beam_core[path.colour]
    lit = [[to_pixels(grid, p) for p in branch.up_to(tick)] for branch in path.branches]
    for points in lit:
        _polyline(surface, glow, points, glow_w)
    for points in lit:
        _polyline(surface, palette.beam[path.colour], points, max(core_w + 2, glow_w // 2))
        _polyline(surface, core, points, core_w)
        if len(points) >= 2:  # the head of the light
            pygame.draw.circle(surface, core, points[-1], core_w * 1.2)


def draw_faint_beam(
    surface: pygame.Surface, grid: Grid, path: BeamPath, palette: KhetColours, alpha: int = 110
) -> None:
    """The whole of a finished shot, see-through (drawn once into the board's still picture)."""
    glow_w, core_w = _widths(grid)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    colour = palette.beam[path.colour]
    for branch in path.branches:
        points = [to_pixels(grid, p) for p in branch.full()]
        _polyline(layer, (*colour, 255), points, max(core_w + 1, glow_w // 2))
    layer.set_alpha(alpha)
    surface.blit(layer, (0, 0))


def draw_preview(
    surface: pygame.Surface, grid: Grid, path: BeamPath, palette: KhetColours, alpha: int = 190
) -> None:
    """A move's beam before it is played: dashes in the shooter's colour, and a ring with a cross on
    every piece it would destroy."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    _glow_w, core_w = _widths(grid)
    colour = (*palette.beam[path.colour], 255)
    dash, gap = grid.cell * 0.22, grid.cell * 0.14
    for branch in path.branches:
        _dashed(layer, colour, [to_pixels(grid, p) for p in branch.full()], max(2, core_w), dash, gap)
    for burst in path.bursts:
        doomed(layer, grid, burst.square, palette.doomed)
    layer.set_alpha(alpha)
    surface.blit(layer, (0, 0))


def doomed(surface: pygame.Surface, grid: Grid, sq: int, colour: Colour) -> None:
    """The mark of a piece a previewed move would destroy."""
    x, y = square_centre(grid, sq)
    r = grid.cell * 0.44
    w = max(2, round(grid.cell * 0.07))
    pygame.draw.circle(surface, colour, (x, y), r, w)
    d = r * 0.6
    pygame.draw.line(surface, colour, (x - d, y - d), (x + d, y + d), w)
    pygame.draw.line(surface, colour, (x - d, y + d), (x + d, y - d), w)


def _dashed(
    surface: pygame.Surface,
    colour: tuple[int, int, int, int],
    points: list[Point],
    width: int,
    dash: float,
    gap: float,
) -> None:
    carry = 0.0  # how far into the dash pattern the next segment starts
    period = dash + gap
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        s = -carry
        while s < length:
            a, b = max(0.0, s), min(length, s + dash)
            if b > a:
                pygame.draw.line(
                    surface, colour, (x0 + ux * a, y0 + uy * a), (x0 + ux * b, y0 + uy * b), width
                )
            s += period
        carry = (carry + length) % period


def draw_burst(
    surface: pygame.Surface, grid: Grid, sq: int, t: float, palette: KhetColours, colour: int
) -> None:
    """A piece struck: a flash and rays flying out, `t` from 0 to 1."""
    if not 0.0 < t < 1.0:
        return
    x, y = square_centre(grid, sq)
    cell = grid.cell
    fade = 1.0 - t
    flash = mix(palette.burst, palette.beam[colour], t)
    pygame.draw.circle(
        surface, flash, (x, y), cell * (0.18 + 0.42 * t), max(2, round(cell * 0.09 * fade) + 1)
    )
    if t < 0.5:
        pygame.draw.circle(surface, palette.beam_core[colour], (x, y), cell * 0.22 * (1 - 2 * t))
    for i in range(8):
        a = math.tau * i / 8 + 0.3
        inner, outer = cell * (0.2 + 0.35 * t), cell * (0.32 + 0.5 * t)
        pygame.draw.line(
            surface,
            flash,
            (x + math.cos(a) * inner, y + math.sin(a) * inner),
            (x + math.cos(a) * outer, y + math.sin(a) * outer),
            max(1, round(cell * 0.05 * fade) + 1),
        )


def draw_scar(surface: pygame.Surface, grid: Grid, sq: int, palette: KhetColours, colour: int) -> None:
    """Where the last shot destroyed a piece: a scorched star on the square, until the next move."""
    x, y = square_centre(grid, sq)
    cell = grid.cell
    mark = mix(palette.beam[colour], palette.square, 0.45)
    points = []
    for i in range(16):
        r = cell * (0.3 if i % 2 == 0 else 0.12)
        a = math.tau * i / 16
        points.append((x + math.cos(a) * r, y + math.sin(a) * r))
    pygame.draw.polygon(surface, mark, points)
    pygame.draw.circle(surface, mix(mark, palette.burst, 0.4), (x, y), cell * 0.08)


def branch_pixels(grid: Grid, branch: BranchPath) -> list[Point]:
    return [to_pixels(grid, p) for p in branch.full()]
