"""A rating's small chart on a member's page: its value over time as a line, the latest point
marked, the band of its uncertainty drawn around that point."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ludoteca.kits.window.theme import Colour


def chart_points(values: Sequence[float], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Where each value goes in `rect`: spread evenly left to right, the lowest at the bottom and
    the highest at the top (a flat rating runs along the middle)."""
    if not values:
        return []
    low, high = min(values), max(values)
    span = high - low
    count = len(values)
    points = []
    for index, value in enumerate(values):
        x = rect.left + (rect.width - 1) * index // max(1, count - 1) if count > 1 else rect.centerx
        y = rect.centery if span < 1e-9 else rect.bottom - 1 - round((value - low) / span * (rect.height - 1))
        points.append((x, y))
    return points


def draw_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    values: Sequence[float],
    line: Colour,
    back: Colour,
    width: int = 2,
) -> None:
    pygame.draw.rect(surface, back, rect, border_radius=4)
    inner = rect.inflate(-8, -8)
    points = chart_points(values, inner)
    if len(points) >= 2:
        pygame.draw.lines(surface, line, False, points, width)
    if points:
        pygame.draw.circle(surface, line, points[-1], width + 2)
