"""Qwirkle positions and moves as immutable values."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.rng import Rng
from ludoteca.games.qwirkle.tiles import Tile

#: an empty square of the board
EMPTY: Tile = -2
#: (row, column, tile)
Placement = tuple[int, int, Tile]


@dataclass(frozen=True, slots=True)
class Place:
    """Put tiles on the board; `tiles` is sorted by square so equal moves compare equal."""

    tiles: tuple[Placement, ...]

    @staticmethod
    def of(tiles: tuple[Placement, ...] | list[Placement]) -> Place:
        return Place(tuple(sorted(tiles)))


@dataclass(frozen=True, slots=True)
class Exchange:
    """Give tiles back to the bag and draw as many; `tiles` is sorted."""

    tiles: tuple[Tile, ...]

    @staticmethod
    def of(tiles: tuple[Tile, ...] | list[Tile]) -> Exchange:
        return Exchange(tuple(sorted(tiles)))


@dataclass(frozen=True, slots=True)
class Pass:
    """The forced pass: the bag is empty and no tile of the hand can be placed."""


Move = Place | Exchange | Pass
PASS = Pass()


@dataclass(frozen=True, slots=True)
class LastPlay:
    """What the last move did, for front ends (animation, "last play" panel, score breakdown).

    `drawn` and `exchanged` are the mover's secret: views shown to other seats blank them.
    """

    seat: int
    kind: str  # "place", "exchange" or "pass"
    placed: tuple[Placement, ...] = ()
    score: int = 0
    #: the score of each line the play made or extended (a Qwirkle counts 12), then the end bonus
    lines: tuple[int, ...] = ()
    qwirkles: int = 0
    end_bonus: int = 0
    exchanged: tuple[Tile, ...] = ()
    drawn: tuple[Tile, ...] = ()


@dataclass(frozen=True, slots=True)
class QwirkleState:
    rows: int
    cols: int
    mode: str
    #: row-major, `EMPTY` where no tile lies
    cells: tuple[Tile, ...]
    #: sorted; other seats' tiles are HIDDEN in a view
    hands: tuple[tuple[Tile, ...], ...]
    #: drawn from the end; every tile is HIDDEN in a view
    bag: tuple[Tile, ...]
    #: None in a view: the future draws are nobody's business
    rng: Rng | None
    scores: tuple[int, ...]
    turn: int
    #: who played first (rounds are counted from this seat)
    starter: int = 0
    ply: int = 0
    #: forced passes in a row (with the bag empty)
    passes: int = 0
    #: None while playing; "out", "blocked" or "stuck" once over
    ended: str | None = None
    last: LastPlay | None = None
    #: official start: how many tiles the opening play must hold (0 = any number)
    opening: int = 0

    @property
    def seats(self) -> int:
        return len(self.hands)

    def at(self, row: int, col: int) -> Tile:
        return self.cells[row * self.cols + col]

    @property
    def board_empty(self) -> bool:
        return self.cells.count(EMPTY) == len(self.cells)
