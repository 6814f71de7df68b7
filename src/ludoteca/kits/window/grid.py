"""The shared board widget: a grid of square cells fitted into a rectangle, with coordinates.

Renderers lay their board out with `Grid.fit`, draw into `cell_rect`/`center`, and hit-test
clicks with `cell_at`; the board screen knows nothing else about a game's geometry.
Cells are addressed (column, row) with row 0 at the top of the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ludoteca.kits.window import draw
from ludoteca.kits.window.theme import Colour

Cell = tuple[int, int]


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    left: float
    top: float
    cell: float

    @staticmethod
    def fit(area: pygame.Rect, cols: int, rows: int, margin: float = 0.6, max_cell: float = 110.0) -> Grid:
        """The largest grid of `cols`×`rows` square cells that fits `area` with a border of
        `margin` cells on every side (for the frame and the coordinates), centred."""
        cell = min(area.width / (cols + 2 * margin), area.height / (rows + 2 * margin), max_cell)
        cell = max(4.0, cell)
        left = area.centerx - cols * cell / 2
        top = area.centery - rows * cell / 2
        return Grid(cols, rows, left, top, cell)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(
            round(self.left), round(self.top), round(self.cols * self.cell), round(self.rows * self.cell)
        )

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        x0 = round(self.left + col * self.cell)
        y0 = round(self.top + row * self.cell)
        x1 = round(self.left + (col + 1) * self.cell)
        y1 = round(self.top + (row + 1) * self.cell)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def center(self, col: float, row: float) -> tuple[float, float]:
        return (self.left + (col + 0.5) * self.cell, self.top + (row + 0.5) * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        col = int((pos[0] - self.left) // self.cell)
        row = int((pos[1] - self.top) // self.cell)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return (col, row)
        return None

    def column_at(self, x: int) -> int | None:
        col = int((x - self.left) // self.cell)
        return col if 0 <= col < self.cols else None

    def draw_coordinates(
        self,
        surface: pygame.Surface,
        font: pygame.font.Font,
        colour: Colour,
        columns: Sequence[str] = (),
        rows: Sequence[str] = (),
        gap: float = 0.32,
        top: bool = False,
    ) -> None:
        """Column labels under (or above) the grid and row labels to its left."""
        offset = self.cell * gap
        for col, label in enumerate(columns):
            x = self.left + (col + 0.5) * self.cell
            if top:
                draw.text(surface, font, label, colour, (x, self.top - offset), "center")
            else:
                draw.text(
                    surface, font, label, colour, (x, self.top + self.rows * self.cell + offset), "center"
                )
        for row, label in enumerate(rows):
            y = self.top + (row + 0.5) * self.cell
            draw.text(surface, font, label, colour, (self.left - offset, y), "center")
