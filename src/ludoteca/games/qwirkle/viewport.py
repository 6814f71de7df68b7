"""The part of the Qwirkle board the window shows, and how large.

A 12 × 26 board (up to 26 × 26) is mostly empty early on, so the view frames the tiles on it with
a margin, as close as `max_cell` allows, and widens as the lines grow, down to the size where the
whole board fits. The player may zoom (the mouse wheel, about the pointer) and pan (dragging with
the right button, or following the keyboard cursor); the board never leaves the view entirely.

Squares are (row, column) as in the game; the shared `Grid` speaks (column, row) cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from ludoteca.kits.window.grid import Grid

Square = tuple[int, int]

#: how much one notch of the wheel zooms
ZOOM_STEP = 1.18
#: empty squares shown round the tiles when the view frames them
MARGIN = 2


@dataclass
class Viewport:
    rect: pygame.Rect
    rows: int
    cols: int
    max_cell: float
    cell: float = 1.0
    left: float = 0.0
    top: float = 0.0
    #: the player zoomed or panned: keep their view until the position changes
    manual: bool = False

    @property
    def min_cell(self) -> float:
        """The size at which the whole board fits (never more than `max_cell`)."""
        whole = min(self.rect.width / self.cols, self.rect.height / self.rows)
        return max(2.0, min(whole, self.max_cell))

    def frame(self, squares: Iterable[Square]) -> None:
        """Frame these squares (the tiles on the board) with a margin; the middle when none."""
        squares = list(squares)
        if squares:
            r0 = min(r for r, _c in squares) - MARGIN
            r1 = max(r for r, _c in squares) + MARGIN
            c0 = min(c for _r, c in squares) - MARGIN
            c1 = max(c for _r, c in squares) + MARGIN
        else:
            r0, r1 = self.rows // 2 - MARGIN, self.rows // 2 + MARGIN
            c0, c1 = self.cols // 2 - MARGIN, self.cols // 2 + MARGIN
        height, width = r1 - r0 + 1, c1 - c0 + 1
        self.cell = max(self.min_cell, min(self.rect.width / width, self.rect.height / height, self.max_cell))
        middle_col, middle_row = (c0 + c1 + 1) / 2, (r0 + r1 + 1) / 2
        self.left = self.rect.centerx - middle_col * self.cell
        self.top = self.rect.centery - middle_row * self.cell
        self.manual = False
        self._clamp()

    def zoom(self, pos: tuple[float, float], steps: float) -> None:
        """Zoom in (steps > 0) or out about `pos`, keeping the square under it in place."""
        cell = max(self.min_cell, min(self.max_cell, self.cell * ZOOM_STEP**steps))
        if cell == self.cell:
            return
        x, y = pos
        self.left = x - (x - self.left) * cell / self.cell
        self.top = y - (y - self.top) * cell / self.cell
        self.cell = cell
        self.manual = True
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.left += dx
        self.top += dy
        self.manual = True
        self._clamp()

    def show(self, square: Square) -> None:
        """Pan just enough for `square` to be wholly in view."""
        r, c = square
        x0, y0 = self.left + c * self.cell, self.top + r * self.cell
        dx = max(0.0, self.rect.left - x0) - max(0.0, x0 + self.cell - self.rect.right)
        dy = max(0.0, self.rect.top - y0) - max(0.0, y0 + self.cell - self.rect.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def _clamp(self) -> None:
        """A board smaller than the view is centred in it; a larger one covers it."""
        width, height = self.cols * self.cell, self.rows * self.cell
        if width <= self.rect.width:
            self.left = self.rect.centerx - width / 2
        else:
            self.left = min(self.rect.left, max(self.rect.right - width, self.left))
        if height <= self.rect.height:
            self.top = self.rect.centery - height / 2
        else:
            self.top = min(self.rect.top, max(self.rect.bottom - height, self.top))

    # ----- reading ------------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return Grid(self.cols, self.rows, self.left, self.top, self.cell)

    def square_at(self, pos: tuple[float, float]) -> Square | None:
        if not self.rect.collidepoint(pos):
            return None
        col = int((pos[0] - self.left) // self.cell)
        row = int((pos[1] - self.top) // self.cell)
        return (row, col) if 0 <= row < self.rows and 0 <= col < self.cols else None

    def square_rect(self, square: Square) -> pygame.Rect:
        return self.grid.cell_rect(square[1], square[0])

    def center(self, square: Square) -> tuple[float, float]:
        return self.grid.center(square[1], square[0])

    def visible(self) -> tuple[range, range]:
        """The rows and columns at least partly in view."""
        first_row = max(0, int((self.rect.top - self.top) // self.cell))
        last_row = min(self.rows, int((self.rect.bottom - self.top) // self.cell) + 1)
        first_col = max(0, int((self.rect.left - self.left) // self.cell))
        last_col = min(self.cols, int((self.rect.right - self.left) // self.cell) + 1)
        return range(first_row, last_row), range(first_col, last_col)

    @property
    def board_rect(self) -> pygame.Rect:
        """The whole board in pixels, cut to the view."""
        whole = pygame.Rect(
            round(self.left), round(self.top), round(self.cols * self.cell), round(self.rows * self.cell)
        )
        return whole.clip(self.rect)
