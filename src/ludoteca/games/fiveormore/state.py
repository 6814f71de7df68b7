"""The values of Five or More: moves, what a turn did, and the state itself."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.rng import Rng
from ludoteca.games.fiveormore.board import EMPTY, Board, Cell
from ludoteca.games.fiveormore.config import Config


@dataclass(frozen=True, slots=True)
class Move:
    """Take the ball on `source` to the empty cell `target` (classic game)."""

    source: Cell
    target: Cell


@dataclass(frozen=True, slots=True)
class Recolour:
    """Paint the ball on `cell` in `colour` (1-based; the recolour variant)."""

    cell: Cell
    colour: int


FiveMove = Move | Recolour


@dataclass(frozen=True, slots=True)
class Removal:
    """Balls taken off the board in one go (lines through one ball) and the points they scored."""

    cells: tuple[Cell, ...]
    colour: int
    points: int


@dataclass(frozen=True, slots=True)
class Spawned:
    """One ball the game added, and the lines it completed (removed at once), if any."""

    cell: Cell
    colour: int
    removal: Removal | None = None


@dataclass(frozen=True, slots=True)
class Effects:
    """What the last turn did, in the order a front end shows it: the ball travels `path` (or is
    recoloured), `removal` happens, then the balls of `spawned` appear one by one."""

    move: FiveMove | None  # None for the opening spawn
    #: cells the moved ball went through, source first and target last; () for a recolour
    path: tuple[Cell, ...] = ()
    #: the colour a recoloured ball had before
    old_colour: int | None = None
    removal: Removal | None = None
    spawned: tuple[Spawned, ...] = ()
    #: every point scored this turn (the move's lines and the spawned balls' lines)
    points: int = 0

    @property
    def extra_move(self) -> bool:
        """The player's move removed balls, so nothing spawned and the player moves again."""
        return self.removal is not None and not self.spawned

    @property
    def removals(self) -> tuple[Removal, ...]:
        """Every removal of the turn, in order (the move's first, then each spawned ball's)."""
        found = [self.removal] if self.removal else []
        found.extend(s.removal for s in self.spawned if s.removal)
        return tuple(found)


@dataclass(frozen=True, slots=True)
class FiveState:
    config: Config
    board: Board
    #: colours of the next spawn, shown to the player in advance
    preview: tuple[int, ...]
    score: int
    #: where the next spawns fall; None in a player's view (see `FiveOrMoreGame.view`)
    rng: Rng | None
    #: player moves made so far
    turn: int = 0
    last: Effects | None = None

    @property
    def over(self) -> bool:
        return EMPTY not in self.board

    @property
    def balls(self) -> int:
        return sum(1 for value in self.board if value != EMPTY)
