"""The 8×8 board: squares, facings, the starting layouts and the public position of the pieces.

A square is an int `row * 8 + col` with row 0 at the top and column 0 at the left, as in the rule
decisions. In notation a square is a letter for the column (a–h, left to right) and a number for the
row (1–8, top to bottom): `a1` is the top-left corner, the 2-player jewel stands on `d8`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import NotationError
from ludoteca.i18n import N_, _

SIZE = 8
SQUARES = SIZE * SIZE

Square = int
Facing = int

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
#: translated where shown
FACING_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))
_DELTAS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def square(row: int, col: int) -> Square:
    return row * SIZE + col


def row_col(sq: Square) -> tuple[int, int]:
    return divmod(sq, SIZE)


def _step_table() -> tuple[Square | None, ...]:
    table: list[Square | None] = []
    for sq in range(SQUARES):
        row, col = row_col(sq)
        for dr, dc in _DELTAS:
            r, c = row + dr, col + dc
            table.append(square(r, c) if 0 <= r < SIZE and 0 <= c < SIZE else None)
    return tuple(table)


_AHEAD = _step_table()


def ahead(sq: Square, facing: Facing) -> Square | None:
    """The square in front of `sq` when facing `facing`, or None past the edge."""
    return _AHEAD[sq * 4 + facing]


def turn_left(facing: Facing) -> Facing:
    return (facing + 3) % 4


def turn_right(facing: Facing) -> Facing:
    return (facing + 1) % 4


def turn_around(facing: Facing) -> Facing:
    return (facing + 2) % 4


def neighbours(sq: Square) -> list[Square]:
    return [n for f in range(4) if (n := ahead(sq, f)) is not None]


def square_name(sq: Square) -> str:
    row, col = row_col(sq)
    return f"{'abcdefgh'[col]}{row + 1}"


def parse_square(text: str) -> Square:
    text = text.strip().lower()
    if len(text) == 2 and text[0] in "abcdefgh" and text[1] in "12345678":
        return square(int(text[1]) - 1, "abcdefgh".index(text[0]))
    raise NotationError(
        _("{text!r} is not a square: use a column a–h and a row 1–8, like d4").format(text=text)
    )


@dataclass(frozen=True, slots=True)
class Turtle:
    square: Square
    facing: Facing


@dataclass(frozen=True, slots=True)
class Layout:
    starts: tuple[Square, ...]
    jewels: tuple[Square, ...]
    stone: frozenset[Square]


_RIGHT_COLUMN = frozenset(square(r, 7) for r in range(SIZE))

#: the "Galapagos" set-ups, by number of players; the solo layout (used by `ludoteca bench` to time
#: one turtle alone) is the 2-player board with the first turtle only
LAYOUTS: dict[int, Layout] = {
    1: Layout((square(0, 1),), (square(7, 3),), _RIGHT_COLUMN),
    2: Layout((square(0, 1), square(0, 5)), (square(7, 3),), _RIGHT_COLUMN),
    3: Layout(
        (square(0, 0), square(0, 3), square(0, 6)),
        (square(7, 0), square(7, 3), square(7, 6)),
        _RIGHT_COLUMN,
    ),
    4: Layout(
        (square(0, 0), square(0, 2), square(0, 5), square(0, 7)),
        (square(7, 1), square(7, 6)),
        frozenset(),
    ),
}


@dataclass(frozen=True, slots=True)
class Board:
    """Everything on the table that everyone sees: turtles, walls and jewels.

    `turtles[seat]` is None once that seat's turtle has reached a jewel and left the board.
    """

    seats: int
    turtles: tuple[Turtle | None, ...]
    stone: frozenset[Square]
    ice: frozenset[Square]
    jewels: tuple[Square, ...]
    starts: tuple[Square, ...]

    @staticmethod
    def initial(seats: int) -> Board:
        layout = LAYOUTS[seats]
        return Board(
            seats=seats,
            turtles=tuple(Turtle(start, SOUTH) for start in layout.starts),
            stone=layout.stone,
            ice=frozenset(),
            jewels=layout.jewels,
            starts=layout.starts,
        )

    @property
    def walls(self) -> frozenset[Square]:
        return self.stone | self.ice

    @property
    def turtles_key(self) -> tuple[Square | None, ...]:
        """Where each turtle stands (None: finished), ignoring facings."""
        return tuple(t.square if t is not None else None for t in self.turtles)

    def turtle_at(self, sq: Square) -> int | None:
        for seat, turtle in enumerate(self.turtles):
            if turtle is not None and turtle.square == sq:
                return seat
        return None

    @property
    def laser_turns_around(self) -> bool:
        """With two players (or one) a laser turns a turtle around; with more it sends it home."""
        return self.seats <= 2
