"""The page's words that are not widgets (titles, names of options, help): placed while the page is
laid out, drawn at each frame."""

from __future__ import annotations

from typing import Any

import pygame

from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App


class Captions:
    def __init__(self, app: App) -> None:
        self.app = app
        self.placed: list[tuple[str, str, pygame.Rect]] = []  # (text, style, where)

    def clear(self) -> None:
        self.placed = []

    def font(self, style: str) -> Any:
        fonts = self.app.fonts
        return {"title": fonts.body_bold, "bold": fonts.body_bold, "small": fonts.small, "dim": fonts.body}[
            style
        ]

    def height(self, text: str, style: str, width: int) -> int:
        """How tall `text` is, wrapped to `width`."""
        font = self.font(style)
        return draw.lines_height(font, len(draw.wrap(font, text, width)), 0)

    def add(self, text: str, style: str, rect: pygame.Rect) -> None:
        self.placed.append((text, style, rect))

    def block(self, text: str, style: str, left: int, y: int, width: int) -> int:
        """`text` wrapped to `width` at (left, y); returns the y under it."""
        height = self.height(text, style, width)
        self.add(text, style, pygame.Rect(left, y, width, height))
        return y + height

    def draw(self, surface: pygame.Surface) -> None:
        c = self.app.theme.colours
        colours = {"title": c.accent, "bold": c.text, "small": c.text_dim, "dim": c.text_dim}
        for text, style, rect in self.placed:
            draw.paragraph(surface, self.font(style), text, colours[style], rect, 0)
