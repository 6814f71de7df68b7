"""The rules of Gomoku (free-style): on a 15×15 board, Black then White put a stone on an empty
cell; the first to have five or more in a row wins; a full board is a draw.

For the computer: the state keeps, for every window of five cells in a row, how many stones of
each colour it holds, and each side's total of `WEIGHTS` over the windows only it occupies; a move
updates the twenty windows through its cell. `evaluate` reads the totals, `candidate_moves` ranks
the empty cells near the stones by what they would add to both sides' windows.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ludoteca.core import Game, GameInfo, IllegalMove, NotationError, Options, Outcome, Seat
from ludoteca.core.grid import STONE, Cell, GridPicture, Piece
from ludoteca.i18n import N_, _

SIZE = 15  # the board is SIZE × SIZE cells
LINE = 5  # how many in a row win
FILES = "abcdefghijklmnopqrstuvwxyz"[:SIZE]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
#: what a window of five holding 0…5 stones of one colour alone is worth to that colour
WEIGHTS = (0, 1, 8, 64, 1024, 1_000_000)
#: how many of the best-ranked cells a search looks at
CANDIDATES = 12


def _windows() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Every window of LINE cells in a row, and for each cell the windows through it."""
    windows: list[tuple[int, ...]] = []
    for row in range(SIZE):
        for file in range(SIZE):
            for df, dr in DIRECTIONS:
                cells = [(file + i * df, row + i * dr) for i in range(LINE)]
                if all(0 <= f < SIZE and 0 <= r < SIZE for f, r in cells):
                    windows.append(tuple(r * SIZE + f for f, r in cells))
    through: list[list[int]] = [[] for _ in range(SIZE * SIZE)]
    for index, window in enumerate(windows):
        for cell in window:
            through[cell].append(index)
    return tuple(windows), tuple(tuple(t) for t in through)


WINDOWS, THROUGH = _windows()
#: the cells within two of each cell (where a search looks near a stone)
NEAR = tuple(
    tuple(
        r * SIZE + f
        for r in range(max(0, cell // SIZE - 2), min(SIZE, cell // SIZE + 3))
        for f in range(max(0, cell % SIZE - 2), min(SIZE, cell % SIZE + 3))
        if r * SIZE + f != cell
    )
    for cell in range(SIZE * SIZE)
)

#: what a stone adds to a window holding `have` of the mover's stones and `other` of the other's
#: (at index have * 8 + other): what it gives the mover, plus what it takes from the other
WORTH = tuple(
    (WEIGHTS[min(have + 1, LINE)] - WEIGHTS[have] if other == 0 else 0)
    + (WEIGHTS[min(other + 1, LINE)] - WEIGHTS[other] if have == 0 else 0)
    if have + other <= LINE
    else 0
    for have in range(8)
    for other in range(8)
)


@dataclass(frozen=True, slots=True)
class State:
    #: the seat owning each cell (None: empty); cell = row * SIZE + file, row 0 at the bottom
    cells: tuple[Seat | None, ...] = (None,) * (SIZE * SIZE)
    to_move: Seat = 0
    winner: Seat | None = None
    last: int | None = None  # the cell of the last move, for the boards to show
    #: stones of Black and of White in each window (see WINDOWS)
    black: tuple[int, ...] = (0,) * len(WINDOWS)
    white: tuple[int, ...] = (0,) * len(WINDOWS)
    #: each colour's total of WEIGHTS over the windows it holds alone
    totals: tuple[int, int] = (0, 0)


def cell_name(cell: int) -> str:
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


def wins(cells: tuple[Seat | None, ...], cell: int) -> bool:
    """Whether the stone just put on `cell` makes LINE in a row (only lines through it can)."""
    seat, file, row = cells[cell], cell % SIZE, cell // SIZE
    for df, dr in DIRECTIONS:
        count = 1
        for sign in (1, -1):
            f, r = file + sign * df, row + sign * dr
            while 0 <= f < SIZE and 0 <= r < SIZE and cells[r * SIZE + f] == seat:
                count += 1
                f, r = f + sign * df, r + sign * dr
        if count >= LINE:
            return True
    return False


class GomokuGame(Game[State, int]):
    info = GameInfo(
        key="gomoku",
        title=N_("Gomoku"),
        summary=N_("five stones in a row on a 15×15 board"),
        min_seats=2,
        max_seats=2,
        seat_names=(N_("Black"), N_("White")),
    )

    def start(self, options: Options, seed: int, seats: int) -> State:
        return State()

    def seat_count(self, state: State) -> int:
        return 2

    def to_move(self, state: State) -> Seat | None:
        if state.winner is not None or None not in state.cells:
            return None
        return state.to_move

    def legal_moves(self, state: State) -> Sequence[int]:
        if self.to_move(state) is None:
            return ()
        return tuple(i for i, owner in enumerate(state.cells) if owner is None)

    def play(self, state: State, move: int) -> State:
        if self.to_move(state) is None:
            raise IllegalMove(_("the game is over"))
        if not 0 <= move < SIZE * SIZE:
            raise IllegalMove(_("there is no cell number {n}").format(n=move))
        if state.cells[move] is not None:
            raise IllegalMove(_("Cell {cell} is already taken").format(cell=cell_name(move)))
        seat = state.to_move
        cells = list(state.cells)
        cells[move] = seat
        after = tuple(cells)
        winner = seat if wins(after, move) else None
        mine, theirs = (
            (list(state.black), list(state.white)) if seat == 0 else (list(state.white), list(state.black))
        )
        gain = [0, 0]  # what each colour's total changes by
        for index in THROUGH[move]:
            have, other = mine[index], theirs[index]
            if other == 0:
                gain[seat] += WEIGHTS[min(have + 1, LINE)] - WEIGHTS[have]
            elif have == 0:
                gain[1 - seat] -= WEIGHTS[other]  # the window is no longer theirs alone
            mine[index] = have + 1
        black, white = (mine, theirs) if seat == 0 else (theirs, mine)
        totals = (state.totals[0] + gain[0], state.totals[1] + gain[1])
        return State(after, 1 - seat, winner, move, tuple(black), tuple(white), totals)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is not None:
            reason = _("{name} has {n} in a row").format(name=self.seat_name(state, state.winner), n=LINE)
            return Outcome.win(state.winner, 2, reason)
        if None not in state.cells:
            return Outcome.draw(2, _("the board is full"))
        return None

    # ----- notation: a cell is its file and its row, a1 at the bottom left -----------------------
    def format_move(self, state: State, move: int) -> str:
        return cell_name(move)

    def parse_move(self, state: State, text: str) -> int:
        text = text.strip().lower()
        file, row = text[:1], text[1:]
        last = cell_name(SIZE * SIZE - 1)
        if not file or file not in FILES or not row.isascii() or not row.isdigit():
            raise NotationError(
                _("{text!r} is not a cell; cells are a1 … {last}").format(text=text, last=last)
            )
        number = int(row)
        if not 1 <= number <= SIZE:
            raise NotationError(
                _("{text!r} is off the board; cells are a1 … {last}").format(text=text, last=last)
            )
        return FILES.index(file) + SIZE * (number - 1)

    # ----- for the computer ------------------------------------------------------------------------
    def evaluate(self, state: State, seat: Seat) -> float:
        """The windows `seat` holds alone against those the other holds. The side to move gets a
        small edge only: a large one makes a search's value swing with the parity of its depth."""
        mine, theirs = state.totals[seat], state.totals[1 - seat]
        tempo = 1.1 if state.to_move == seat else 1 / 1.1
        return mine * tempo - theirs / tempo

    def state_key(self, state: State) -> Hashable:
        """The stones alone identify a position (the window counts follow from them): a cheaper
        key for the search's table than the whole state."""
        return state.cells

    def candidate_moves(self, state: State) -> Sequence[int]:
        """The empty cells within two of a stone (the centre on an empty board), best first by
        what a stone there would add to the mover's windows and take from the other's; only the
        CANDIDATES best, since a search gains more from depth than from far-fetched moves."""
        if self.to_move(state) is None:
            return ()
        cells = state.cells
        near = {
            c for cell, owner in enumerate(cells) if owner is not None for c in NEAR[cell] if cells[c] is None
        }
        if not near:
            return (SIZE * SIZE // 2,) if cells[SIZE * SIZE // 2] is None else self.legal_moves(state)[:1]
        seat = state.to_move
        mine, theirs = (state.black, state.white) if seat == 0 else (state.white, state.black)

        def worth(cell: int) -> int:
            return sum([WORTH[mine[index] * 8 + theirs[index]] for index in THROUGH[cell]])

        return sorted(near, key=lambda cell: (-worth(cell), cell))[:CANDIDATES]

    # ----- the board as a grid: the terminal and the window draw it ------------------------------
    def grid(self, state: State) -> GridPicture:
        pieces = {
            (i % SIZE, SIZE - 1 - i // SIZE): Piece("XO"[owner], owner)
            for i, owner in enumerate(state.cells)
            if owner is not None
        }
        last = () if state.last is None else ((state.last % SIZE, SIZE - 1 - state.last // SIZE),)
        return GridPicture(
            SIZE,
            SIZE,
            pieces,
            col_labels=tuple(FILES),
            row_labels=tuple(str(r) for r in range(SIZE, 0, -1)),
            last=last,
            shape=STONE,
            seat_colours=("black", "white"),
        )

    def move_at(self, state: State, cell: Cell) -> int | None:
        col, row = cell  # row 0 is the top row as drawn
        return col + SIZE * (SIZE - 1 - row) if 0 <= col < SIZE and 0 <= row < SIZE else None


GAME = GomokuGame()
