"""A board described as a grid of cells holding pieces, for games that need no drawing of their own.

A game that implements `Game.grid(state)` (and `Game.move_at(state, cell)` for clicks) gets a
terminal board and a window board from the front-end kits without writing either: the kits draw
each piece as its symbol in its owner's colour, and a click (or a typed cell) plays the move the
game says belongs to that cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Seat = int  # as in core.game, which imports this module

#: (column, row), row 0 being the top row as drawn
Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Piece:
    """What stands on a cell: a symbol ("X", "●", "K"), and whose it is (for its colour)."""

    symbol: str
    owner: Seat | None = None


@dataclass(frozen=True)
class GridPicture:
    """The whole board as a grid: its size, its pieces and the labels on its edges."""

    cols: int
    rows: int
    pieces: Mapping[Cell, Piece] = field(default_factory=dict)
    #: one label per column, left to right ("abc"), and per row, top to bottom ("321")
    col_labels: tuple[str, ...] = ()
    row_labels: tuple[str, ...] = ()
    #: cells to mark as the last move
    last: tuple[Cell, ...] = ()

    def at(self, cell: Cell) -> Piece | None:
        return self.pieces.get(cell)
