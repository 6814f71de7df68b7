"""A Connect Four (or Cascade) position as an immutable value."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.connect4.bitboard import STRIDE, Cell
from ludoteca.games.connect4.cascade import CascadeStep
from ludoteca.i18n import N_

#: the variants (option values, translated where shown)
CLASSIC = N_("classic")
CASCADE = N_("cascade")
VARIANTS = (CLASSIC, CASCADE)

YELLOW, RED = 0, 1


@dataclass(frozen=True, slots=True)
class Connect4State:
    """The grid, whose turn it is (the parity of `moves`), and what the last drop did.

    `discs[seat]` is that seat's bitboard (see `bitboard`); `moves` are the 0-based columns dropped
    into from the empty grid, which is also the position's text form.
    """

    variant: str = CLASSIC
    #: Cascade: the number of drops agreed before the game (the classic game ignores it)
    drop_limit: int = 42
    discs: tuple[int, int] = (0, 0)
    moves: tuple[int, ...] = ()
    #: Cascade points per seat
    points: tuple[int, int] = (0, 0)
    #: classic: the seat that connected four
    winner: int | None = None
    #: classic: every cell of the winning line(s), to highlight them
    winning_cells: tuple[Cell, ...] = ()
    #: where the last disc landed (in Cascade it may have vanished since)
    last_cell: Cell | None = None
    #: Cascade: the rounds of removals and falls the last drop set off
    cascade: tuple[CascadeStep, ...] = ()
    over: bool = False

    @property
    def mask(self) -> int:
        return self.discs[0] | self.discs[1]

    def disc_at(self, column: int, row: int) -> int | None:
        """The seat owning the disc at (column, row), or None for an empty cell."""
        here = 1 << (column * STRIDE + row)
        if self.discs[0] & here:
            return YELLOW
        if self.discs[1] & here:
            return RED
        return None
