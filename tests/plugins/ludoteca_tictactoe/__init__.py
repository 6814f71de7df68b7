"""Tic-tac-toe: the worked example of docs/adding-a-game.md, and a tiny game for the core's tests.

It is a game package of its own, found the way any installed game is: the `*.dist-info` folder
beside it names `DECLARATION` in the `ludoteca.games` entry-point group, and the tests put this
folder on `sys.path` (`tests/conftest.py`). It writes no board and no levels: the grid description
below gives it the terminal board and the window board, and the generic levels play it. Its words
are marked where they are defined and translated in its own catalogue, `locale/fr.po`, written by
`ludoteca catalogue fr --package tests/plugins/ludoteca_tictactoe`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core import Game, GameInfo, IllegalMove, NotationError, Options, Outcome, Seat
from ludoteca.core.declaration import GameDeclaration
from ludoteca.core.grid import Cell, GridPicture, Piece
from ludoteca.i18n import N_, _

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
FILES = "abc"


@dataclass(frozen=True, slots=True)
class State:
    cells: tuple[int | None, ...] = (None,) * 9  # the seat owning each cell, a1 b1 c1 a2 …
    to_move: Seat = 0


def square_name(index: int) -> str:
    return f"{FILES[index % 3]}{index // 3 + 1}"


class TicTacToe(Game[State, int]):
    info = GameInfo(
        key="tictactoe",
        title=N_("Tic-tac-toe"),
        summary=N_("Three in a row on a 3×3 grid wins."),
        min_seats=2,
        max_seats=2,
        seat_names=(N_("X"), N_("O")),
    )

    def start(self, options: Options, seed: int, seats: int) -> State:
        return State()

    def seat_count(self, state: State) -> int:
        return 2

    def _winner(self, state: State) -> Seat | None:
        for a, b, c in LINES:
            if state.cells[a] is not None and state.cells[a] == state.cells[b] == state.cells[c]:
                return state.cells[a]
        return None

    def to_move(self, state: State) -> Seat | None:
        if self._winner(state) is not None or None not in state.cells:
            return None
        return state.to_move

    def legal_moves(self, state: State) -> Sequence[int]:
        if self.to_move(state) is None:
            return ()
        return tuple(i for i, cell in enumerate(state.cells) if cell is None)

    def play(self, state: State, move: int) -> State:
        if self.to_move(state) is None:
            raise IllegalMove(_("the game is over"))
        if not 0 <= move < 9:
            raise IllegalMove(_("there is no square number {n}").format(n=move))
        if state.cells[move] is not None:
            raise IllegalMove(_("Square {square} is already taken").format(square=square_name(move)))
        cells = list(state.cells)
        cells[move] = state.to_move
        return State(tuple(cells), 1 - state.to_move)

    def outcome(self, state: State) -> Outcome | None:
        winner = self._winner(state)
        if winner is not None:
            reason = _("{name} has three in a row").format(name=self.seat_name(state, winner))
            return Outcome.win(winner, 2, reason)
        if None not in state.cells:
            return Outcome.draw(2, _("the grid is full"))
        return None

    def format_move(self, state: State, move: int) -> str:
        return square_name(move)

    def parse_move(self, state: State, text: str) -> int:
        text = text.strip().lower()
        if len(text) != 2 or text[0] not in FILES or text[1] not in "123":
            raise NotationError(_("{text!r} is not a square; squares are a1 … c3").format(text=text))
        return FILES.index(text[0]) + 3 * (int(text[1]) - 1)

    def evaluate(self, state: State, seat: Seat) -> float:
        return 0.0

    # the board as a grid: row 0 on screen is rank 3
    def grid(self, state: State) -> GridPicture:
        pieces = {
            (i % 3, 2 - i // 3): Piece(self.info.seat_names[owner], owner)
            for i, owner in enumerate(state.cells)
            if owner is not None
        }
        return GridPicture(3, 3, pieces, col_labels=tuple(FILES), row_labels=("3", "2", "1"))

    def move_at(self, state: State, cell: Cell) -> int | None:
        col, row = cell
        return col + 3 * (2 - row) if 0 <= col < 3 and 0 <= row < 3 else None


GAME = TicTacToe()

#: everything this package offers Ludoteca: the rules alone
DECLARATION = GameDeclaration(GAME, order=1000)
