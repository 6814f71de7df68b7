"""The network page's own words (titles, the fields' names, notes), placed when the page is built
and drawn every frame in the colour of their style."""

from __future__ import annotations

from typing import Any

import pygame

from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App


class Labels:
    def __init__(self, app: App) -> None:
        self.app = app
        self._placed: list[tuple[str, str, pygame.Rect, bool]] = []  # (text, style, where, centred)

    def clear(self) -> None:
        self._placed = []

    def add(self, text: str, style: str, rect: pygame.Rect, *, middle: bool = False) -> int:
        """A text of ours at `rect` (wrapped to its width; a height of 0: as tall as it needs);
        returns the y under it."""
        font = self.font(style)
        if rect.height == 0:
            rect = pygame.Rect(
                rect.left,
                rect.top,
                rect.width,
                draw.lines_height(font, len(draw.wrap(font, text, rect.width)), 0),
            )
        self._placed.append((text, style, rect, middle))
        return rect.bottom

    def font(self, style: str) -> Any:
        fonts = self.app.fonts
        return {
            "title": fonts.body_bold,
            "bold": fonts.body_bold,
            "field": fonts.body,
            "dim": fonts.body,
            "small": fonts.small,
        }[style]

    def draw(self, surface: pygame.Surface) -> None:
        c = self.app.theme.colours
        colours = {"title": c.accent, "bold": c.text, "field": c.text, "dim": c.text_dim, "small": c.text_dim}
        for text, style, rect, middle in self._placed:
            draw.block(surface, (self.font(style),), text, colours[style], rect, 0, middle=middle)
