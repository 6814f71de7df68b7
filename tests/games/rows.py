"""k in a row on a small board: a test game that has no `evaluate`.

Without an evaluation the generic levels have to search it by Monte Carlo playouts, and unlike
tic-tac-toe, four in a row on a board of this size is not drawn by two players who make mistakes,
so a match between two levels says which one is stronger. With `gravity` a stone drops to the
lowest empty cell of its file, as in Connect Four.

Like tests/tictactoe.py it is not on the shelf: tests build it and pass it around by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ludoteca.core import Game, GameInfo, IllegalMove, NotationError, Options, Outcome, Seat

FILES = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True)
class RowsState:
    #: one bitboard per seat; bit `rank * width + file` is the cell, rank 0 at the bottom
    stones: tuple[int, int]
    #: the empty cells in increasing order, kept so that listing the moves costs nothing in playouts
    empty: tuple[int, ...]
    to_move: Seat = 0
    winner: Seat | None = None

    @property
    def occupied(self) -> int:
        return self.stones[0] | self.stones[1]


@cache
def _lines_through(width: int, height: int, k: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the masks of the k-cell lines through it: a stone can only complete those."""
    through: list[list[int]] = [[] for _ in range(width * height)]
    for rank in range(height):
        for file in range(width):
            for df, dr in DIRECTIONS:
                cells = [(file + i * df, rank + i * dr) for i in range(k)]
                if all(0 <= f < width and 0 <= r < height for f, r in cells):
                    mask = sum(1 << (r * width + f) for f, r in cells)
                    for f, r in cells:
                        through[r * width + f].append(mask)
    return tuple(tuple(masks) for masks in through)


class RowsGame(Game[RowsState, int]):
    def __init__(self, width: int = 7, height: int = 7, k: int = 4, gravity: bool = False) -> None:
        if not (2 <= width <= len(FILES) and 2 <= height <= 99 and 2 <= k <= max(width, height)):
            raise ValueError(f"no {k} in a row on a {width}×{height} board")
        self.width, self.height, self.k, self.gravity = width, height, k, gravity
        self.cells = width * height
        self.lines = _lines_through(width, height, k)
        self.info = GameInfo(
            key="rows_test",
            title=f"{k} in a row ({width}×{height}{', gravity' if gravity else ''})",
            summary=f"line up {k} stones on a {width}×{height} board",
            min_seats=2,
            max_seats=2,
            seat_names=("Black", "White"),
        )

    def start(self, options: Options, seed: int, seats: int) -> RowsState:
        return RowsState((0, 0), tuple(range(self.cells)))

    def seat_count(self, state: RowsState) -> int:
        return 2

    def to_move(self, state: RowsState) -> Seat | None:
        if state.winner is not None or not state.empty:
            return None
        return state.to_move

    def legal_moves(self, state: RowsState) -> Sequence[int]:
        if self.to_move(state) is None:
            return ()
        if not self.gravity:
            return state.empty
        occupied, width = state.occupied, self.width
        return tuple(cell for cell in state.empty if cell < width or occupied >> (cell - width) & 1)

    def play(self, state: RowsState, move: int) -> RowsState:
        if self.to_move(state) is None:
            raise IllegalMove("the game is over")
        if not 0 <= move < self.cells:
            raise IllegalMove(f"there is no cell number {move}")
        if state.occupied >> move & 1:
            raise IllegalMove(f"{self.cell_name(move)} is already taken")
        if self.gravity and move >= self.width and not state.occupied >> (move - self.width) & 1:
            raise IllegalMove(f"{self.cell_name(move)} has no stone below it")
        seat = state.to_move
        mine = state.stones[seat] | 1 << move
        stones = (mine, state.stones[1]) if seat == 0 else (state.stones[0], mine)
        won = False
        for line in self.lines[move]:
            if mine & line == line:
                won = True
                break
        index = state.empty.index(move)
        empty = state.empty[:index] + state.empty[index + 1 :]
        return RowsState(stones, empty, 1 - seat, seat if won else None)

    def outcome(self, state: RowsState) -> Outcome | None:
        if state.winner is not None:
            name = self.info.seat_names[state.winner]
            return Outcome.win(state.winner, 2, f"{name} has {self.k} in a row")
        if not state.empty:
            return Outcome.draw(2, "the board is full")
        return None

    def cell_name(self, cell: int) -> str:
        return f"{FILES[cell % self.width]}{cell // self.width + 1}"

    def format_move(self, state: RowsState, move: int) -> str:
        return self.cell_name(move)

    def parse_move(self, state: RowsState, text: str) -> int:
        text = text.strip().lower()
        corner = self.cell_name(self.cells - 1)
        file, rank = text[:1], text[1:]
        if not file or file not in FILES[: self.width] or not rank.isdigit():
            raise NotationError(f"{text!r} is not a cell; cells are a1 … {corner}")
        number = int(rank)
        if not 1 <= number <= self.height:
            raise NotationError(f"{text!r} is off the board; cells are a1 … {corner}")
        return FILES.index(file) + self.width * (number - 1)

    def position_text(self, state: RowsState) -> str:
        """Rank by rank from the top: `x` for Black, `o` for White, `.` for an empty cell."""
        rows = []
        for rank in reversed(range(self.height)):
            row = ""
            for file in range(self.width):
                bit = 1 << (rank * self.width + file)
                row += "x" if state.stones[0] & bit else "o" if state.stones[1] & bit else "."
            rows.append(row)
        return "\n".join(rows)

    def parse_position(self, text: str, options: Options) -> RowsState:
        rows = [line.strip() for line in text.strip().splitlines()]
        if len(rows) != self.height or any(len(row) != self.width or set(row) - set("xo.") for row in rows):
            raise NotationError(f"a position is {self.height} lines of {self.width} cells, each x, o or .")
        stones = [0, 0]
        for index, row in enumerate(rows):
            rank = self.height - 1 - index
            for file, mark in enumerate(row):
                if mark != ".":
                    stones[mark == "o"] |= 1 << (rank * self.width + file)
        occupied = stones[0] | stones[1]
        if self.gravity and any(
            occupied >> cell & 1 and not occupied >> (cell - self.width) & 1
            for cell in range(self.width, self.cells)
        ):
            raise NotationError("with gravity a stone lies on the bottom rank or on another stone")
        black, white = (bin(s).count("1") for s in stones)
        if black - white not in (0, 1):
            raise NotationError("Black moves first, so it has as many stones as White or one more")
        winners = [
            seat
            for seat in (0, 1)
            if any(stones[seat] & line == line for lines in self.lines for line in lines)
        ]
        if len(winners) > 1:
            raise NotationError("only one seat can have a line")
        empty = tuple(cell for cell in range(self.cells) if not occupied >> cell & 1)
        return RowsState((stones[0], stones[1]), empty, black - white, winners[0] if winners else None)


GAME = RowsGame()
