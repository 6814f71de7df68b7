"""A table of text whose columns share the width by what they hold: the score history.

Each column starts as wide as its widest cell (and its heading). When they do not all fit, the
columns of names (`may_cut`: players' own names may lose their end) give up room first, the widest
first, down to a readable width; then the others wrap their cells onto a second line (every row of
the table becomes two lines high); only then do names shrink further, down to their heading.
Widths are worked out once, for every row the table may show, so they do not jump from page to
page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.theme import Colour

#: the most lines a cell may wrap onto
MAX_LINES = 2


@dataclass(frozen=True)
class Column:
    heading: str
    #: its cells hold names, which may be shortened with "…"
    may_cut: bool = False


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    widths: tuple[int, ...]
    lines: int  # text lines per row

    @staticmethod
    def plan(
        font: pygame.font.Font,
        heading_font: pygame.font.Font,
        columns: Sequence[Column],
        rows: Sequence[Sequence[str]],
        width: int,
        gap: int,
        least: int = 0,
    ) -> Table:
        """Widths for `columns` holding `rows` in `width` pixels, `gap` between columns; names
        keep `least` pixels as long as wrapping the other columns can make room."""
        room = width - gap * (len(columns) - 1)
        floor = [heading_font.size(column.heading)[0] for column in columns]
        natural = [max([floor[k], *(font.size(row[k])[0] for row in rows)]) for k in range(len(columns))]
        widths = list(natural)
        cuttable = [k for k, column in enumerate(columns) if column.may_cut]
        # names give up room first, down to a readable width; then the other columns wrap onto
        # two lines; then names give up the rest, down to their headings
        readable = [max(floor[k], min(natural[k], least)) for k in range(len(columns))]
        over = _shrink(widths, cuttable, readable, sum(widths) - room)
        lines = 1
        if over > 0:
            lines, over = MAX_LINES, _wrap_others(font, columns, rows, widths, floor, natural, over)
        over = _shrink(widths, cuttable, floor, over)
        # what is left over is shared out evenly
        spare = max(0, room - sum(widths)) // max(1, len(columns))
        return Table(tuple(columns), tuple(w + spare for w in widths), lines)

    def row_height(self, font: pygame.font.Font) -> int:
        return self.lines * font.get_linesize() + 8

    def lefts(self, left: int, gap: int) -> list[int]:
        xs, x = [], left
        for w in self.widths:
            xs.append(x)
            x += w + gap
        return xs

    def draw_headings(
        self, surface: pygame.Surface, font: pygame.font.Font, colour: Colour, left: int, top: int, gap: int
    ) -> None:
        for x, column, width in zip(self.lefts(left, gap), self.columns, self.widths, strict=True):
            with fit.inside(pygame.Rect(x, top, width, font.get_linesize()), "table heading"):
                draw.text(surface, font, column.heading, colour, (x, top))

    def draw_row(
        self,
        surface: pygame.Surface,
        font: pygame.font.Font,
        colour: Colour,
        cells: Sequence[str],
        left: int,
        top: int,
        gap: int,
    ) -> None:
        for x, column, width, cell in zip(
            self.lefts(left, gap), self.columns, self.widths, cells, strict=True
        ):
            box = pygame.Rect(x, top, width, self.lines * font.get_linesize())
            with fit.inside(box, "table cell"):
                if column.may_cut or self.lines == 1:
                    shown = draw.ellipsize(font, cell, width, may_cut=column.may_cut)
                    draw.text(surface, font, shown, colour, (x, top))
                else:
                    draw.paragraph(surface, font, cell, colour, box, 0)


def _shrink(widths: list[int], columns: list[int], floors: Sequence[int], over: int) -> int:
    """Take up to `over` pixels from `columns`, the widest first (so a short name is not cut for
    a long one's sake), none below its floor; returns what is still over."""
    while over > 0:
        shrinking = [k for k in columns if widths[k] > floors[k]]
        if not shrinking:
            break
        widest = max(widths[k] for k in shrinking)
        top = [k for k in shrinking if widths[k] == widest]
        lower = max([floors[k] for k in top] + [widths[k] for k in shrinking if widths[k] < widest])
        for k in top:
            cut = min(widest - max(lower, floors[k]), -(-over // len(top)), over)
            widths[k] -= cut
            over -= cut
    return over


def _wrap_others(
    font: pygame.font.Font,
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    widths: list[int],
    floor: Sequence[int],
    natural: Sequence[int],
    over: int,
) -> int:
    """Narrow the columns that are not names towards what two lines need; returns what is still over."""
    for k, column in enumerate(columns):
        if column.may_cut:
            continue
        two = max([floor[k], *(_two_lines(font, row[k]) for row in rows)])
        cut = min(widths[k] - min(two, natural[k]), over)
        if cut > 0:
            widths[k] -= cut
            over -= cut
    return over


def _two_lines(font: pygame.font.Font, text: str) -> int:
    """The narrowest width in which `text` wraps onto at most two lines (its longest word at
    least)."""
    words = text.split(" ")
    best = font.size(text)[0]
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        best = min(best, max(font.size(first)[0], font.size(second)[0]))
    return best
