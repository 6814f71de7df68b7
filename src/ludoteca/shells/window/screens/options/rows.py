"""Named rows stacked down a column: each row's name, its help and its control. When they do not
all fit (a small window), each name goes beside its control where the control leaves room for it;
rows of pictures take the room the others leave."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.options.captions import Captions


@dataclass(frozen=True)
class Row:
    """`height_of` the control's height in a width; None for a row of pictures, which takes the
    room left."""

    name: str
    help: str
    height_of: Callable[[int], int] | None
    make: Callable[[pygame.Rect], None]


class RowStack:
    def __init__(self, app: App, captions: Captions) -> None:
        self.app = app
        self.captions = captions

    def place(self, rows: list[Row], column: pygame.Rect, y: int, keep: int) -> int:
        """The rows down `column` from `y`, leaving `keep` pixels free under them; returns the y below."""
        s = self.app.theme.sizes
        pictured = [row for row in rows if row.height_of is None]
        smallest = 2 * s.button_height
        names_w = self._name_width(rows, column.width)

        def needs(compact: bool) -> int:
            return sum(self._row_height(row, column.width, names_w, compact, smallest) for row in rows)

        compact = y + needs(False) + keep > column.bottom
        picture_h = smallest
        if pictured:
            room = column.bottom - keep - y - needs(compact)
            picture_h = max(smallest, min(round(s.button_height * 4.2), smallest + room // len(pictured)))
        for row in rows:
            y = self._row(row, column, y, compact, names_w, picture_h)
        return y

    def _name_width(self, rows: list[Row], width: int) -> int:
        """How much of the column a name beside its control takes: the room of the longest name
        that fits in half the column (a longer one stays above its control)."""
        gap = self.app.theme.sizes.gap
        needs = [self.app.fonts.body_bold.size(row.name)[0] + gap for row in rows]
        return max((need for need in needs if need <= width // 2), default=width // 2)

    def _beside(self, row: Row, width: int, names_w: int) -> bool:
        """Whether the row's name goes beside its control: the name on one line in `names_w`,
        the control on one row in the rest."""
        s = self.app.theme.sizes
        return (
            row.height_of is not None
            and self.app.fonts.body_bold.size(row.name)[0] + s.gap <= names_w
            and row.height_of(width - names_w) <= s.button_height
        )

    def _row_height(self, row: Row, width: int, names_w: int, compact: bool, picture_h: int) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        help_h = self.captions.height(row.help, "small", width) if row.help else 0
        if compact and self._beside(row, width, names_w):
            return s.button_height + 2 + help_h + s.gap
        gaps = s.gap if compact else s.gap * 2
        control_h = row.height_of(width) if row.height_of is not None else picture_h
        return fonts.body_bold.get_linesize() + help_h + 4 + control_h + gaps

    def _row(self, row: Row, column: pygame.Rect, y: int, compact: bool, names_w: int, picture_h: int) -> int:
        s, fonts, captions = self.app.theme.sizes, self.app.fonts, self.captions
        bh = s.button_height
        if compact and self._beside(row, column.width, names_w):
            line = fonts.body_bold.get_linesize()
            captions.add(row.name, "bold", pygame.Rect(column.left, y + (bh - line) // 2, names_w, bh))
            row.make(pygame.Rect(column.left + names_w, y, column.width - names_w, bh))
            y = (
                captions.block(row.help, "small", column.left, y + bh + 2, column.width)
                if row.help
                else y + bh
            )
            return y + s.gap
        y = captions.block(row.name, "bold", column.left, y, column.width)
        if row.help:  # an option with nothing more to say takes no line for it
            y = captions.block(row.help, "small", column.left, y, column.width)
        y += 4
        height = row.height_of(column.width) if row.height_of is not None else picture_h
        row.make(pygame.Rect(column.left, y, column.width, height))
        return y + height + (s.gap if compact else s.gap * 2)
