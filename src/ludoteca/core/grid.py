"""A board described as a grid of cells holding pieces, for games that need no drawing of their own.

A game that implements `Game.grid(state)` (and `Game.move_at(state, cell)` for clicks) gets a
terminal board and a window board from the front-end kits without writing either: the kits draw
each piece as its symbol in its owner's colour, and a click (or a typed cell) plays the move the
game says belongs to that cell.

A game chooses its pieces' look with data, never by subclassing the window board: a `shape` for
every piece of the picture (or for one piece), and a colour for each seat by name:

    GridPicture(15, 15, pieces, shape=STONE, seat_colours=("black", "white"))

The shapes are drawn, not typed, so they never depend on a font. A symbol is still shown where a
shape carries one (`COUNTER`, `SQUARE`, `MARK`) and is what the terminal prints; `SYMBOLS` lists
the ones the window's font is known to draw (a test draws each).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Seat = int  # as in core.game, which imports this module

#: (column, row), row 0 being the top row as drawn
Cell = tuple[int, int]


#: a disc in the owner's colour with the piece's symbol on it (the default)
COUNTER = "counter"
#: a round, shaded stone (go, gomoku); the symbol is for the terminal only
STONE = "stone"
#: a flat disc with a rim (othello, draughts); the symbol is for the terminal only
DISC = "disc"
#: the symbol alone, large, in the owner's colour (tic-tac-toe's X and O)
MARK = "mark"
#: a square tile in the owner's colour with the symbol on it
SQUARE = "square"
#: a hollow circle, a triangle, a diamond in the owner's colour (the symbol is for the terminal)
RING = "ring"
TRIANGLE = "triangle"
DIAMOND = "diamond"
SHAPES = (COUNTER, STONE, DISC, MARK, SQUARE, RING, TRIANGLE, DIAMOND)

#: the colours a game may give its seats or pieces, by name (red, green, blue)
COLOURS: dict[str, tuple[int, int, int]] = {
    "black": (34, 34, 38),
    "white": (238, 236, 228),
    "red": (214, 66, 56),
    "yellow": (242, 194, 48),
    "blue": (70, 140, 220),
    "green": (90, 180, 100),
    "orange": (240, 140, 40),
    "purple": (150, 90, 190),
    "brown": (140, 96, 60),
    "grey": (150, 150, 150),
}

#: symbols the window's font draws (letters and digits besides): suggest these, not "●" or "★",
#: which it lacks and would draw as a box. Shapes are the way to stones, discs and the like.
SYMBOLS = ("X", "O", "×", "+", "•", "·", "*", "#", "@", "=", "−", "!", "?", "%", "&", "$", "§", "¤", "°")


@dataclass(frozen=True, slots=True)
class Piece:
    """What stands on a cell: a symbol ("X", "K", "2"), whose it is (for its colour), and
    optionally a shape and a colour name of its own (else the picture's `shape`, the seat's
    colour)."""

    symbol: str
    owner: Seat | None = None
    shape: str | None = None
    colour: str | None = None

    def __post_init__(self) -> None:
        if self.shape is not None and self.shape not in SHAPES:
            raise ValueError(f"no piece shape {self.shape!r}; the shapes are {', '.join(SHAPES)}")
        if self.colour is not None and self.colour not in COLOURS:
            raise ValueError(f"no colour {self.colour!r}; the colours are {', '.join(COLOURS)}")


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
    #: how pieces are drawn in the window, unless a piece says otherwise (see `SHAPES`)
    shape: str = COUNTER
    #: each seat's colour by name (`COLOURS`), seat 0 first; empty: the theme's seat colours
    seat_colours: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"no piece shape {self.shape!r}; the shapes are {', '.join(SHAPES)}")
        unknown = [name for name in self.seat_colours if name not in COLOURS]
        if unknown:
            raise ValueError(f"no colour {unknown[0]!r}; the colours are {', '.join(COLOURS)}")

    def at(self, cell: Cell) -> Piece | None:
        return self.pieces.get(cell)
