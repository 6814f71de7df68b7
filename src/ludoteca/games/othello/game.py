"""The rules of Othello as a `core.Game`.

Black (seat 0) moves first. A disc must outflank at least one opposing disc; every outflanked line
flips. A player without a legal move must pass (the move `pass`, then the only legal one); once
neither player can move the game is over at once and the side with more discs wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ludoteca.core.errors import IllegalMove, NotationError
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.grid import GridPicture, Piece
from ludoteca.core.options import Options
from ludoteca.core.outcome import Outcome
from ludoteca.games.othello.bitboard import (
    COLUMNS,
    Bitboard,
    Square,
    empty_count,
    flips_in_order,
    legal_moves,
    square_name,
    squares_of,
)
from ludoteca.i18n import N_, Sentence, _

Move = int
#: the forced pass (the only legal move of a player who cannot place a disc)
PASS: Final[Move] = -1
BLACK: Final[Seat] = 0
WHITE: Final[Seat] = 1

START_BLACK: Final[Bitboard] = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE: Final[Bitboard] = (1 << 27) | (1 << 36)  # d4, e5


@dataclass(frozen=True, slots=True)
class LastMove:
    """What the last move did, for animations and status lines.

    `square` is None for a pass; `flipped` lists the turned discs direction by direction, nearest
    to the new disc first (east, south-east, south, south-west, west, north-west, north, north-east).
    """

    seat: Seat
    square: Square | None
    flipped: tuple[Square, ...] = ()


@dataclass(frozen=True, slots=True)
class OthelloState:
    black: Bitboard
    white: Bitboard
    #: the seat to move (kept after the end too, but `over` is what tells the game has ended)
    side: Seat
    #: the legal squares of the side to move as a bitboard (0 with `over` False: it must pass)
    mobility: Bitboard
    over: bool = False
    last: LastMove | None = None

    def discs(self, seat: Seat) -> Bitboard:
        return self.black if seat == BLACK else self.white

    def split(self, seat: Seat) -> tuple[Bitboard, Bitboard]:
        """`seat`'s discs, then the other seat's: the (p, o) pair the engines take."""
        return split_discs(self.black, self.white, seat)

    @property
    def sides(self) -> tuple[Bitboard, Bitboard]:
        """The discs of the side to move, then the other side's."""
        return self.split(self.side)

    def counts(self) -> tuple[int, int]:
        return self.black.bit_count(), self.white.bit_count()

    @property
    def empties(self) -> int:
        return empty_count(self.black, self.white)


def split_discs(black: Bitboard, white: Bitboard, seat: Seat) -> tuple[Bitboard, Bitboard]:
    """`seat`'s discs, then the other seat's. Its own inverse: given `seat`'s discs and the other's,
    it gives back Black's and White's."""
    return (black, white) if seat == BLACK else (white, black)


def make_state(black: Bitboard, white: Bitboard, side: Seat, last: LastMove | None = None) -> OthelloState:
    """A state from raw bitboards; works out the mobility and whether the game is over."""
    own, other = split_discs(black, white, side)
    mobility = legal_moves(own, other)
    over = not mobility and not legal_moves(other, own)
    return OthelloState(black, white, side, mobility, over, last)


class OthelloGame(Game[OthelloState, Move]):
    info = GameInfo(
        key="othello",
        title=N_("Othello"),
        summary=N_("Outflank your opponent's discs to turn them to your colour; most discs wins."),
        min_seats=2,
        max_seats=2,
        default_seats=2,
        seat_names=(N_("Black"), N_("White")),
    )

    # ----- starting -------------------------------------------------------------------------
    def start(self, options: Options, seed: int, seats: int) -> OthelloState:
        return make_state(START_BLACK, START_WHITE, BLACK)

    def seat_count(self, state: OthelloState) -> int:
        return 2

    # ----- playing --------------------------------------------------------------------------
    def to_move(self, state: OthelloState) -> Seat | None:
        return None if state.over else state.side

    def legal_moves(self, state: OthelloState) -> Sequence[Move]:
        if state.over:
            return []
        if not state.mobility:
            return [PASS]
        return squares_of(state.mobility)

    def play(self, state: OthelloState, move: Move) -> OthelloState:
        if state.over:
            raise IllegalMove(_("the game is over"))
        side = state.side
        own, other = state.sides
        if move == PASS:
            if state.mobility:
                example = square_name(squares_of(state.mobility)[0])
                raise IllegalMove(
                    _("{name} cannot pass while a disc can be placed (for example on {square})").format(
                        name=self.seat_name(state, side), square=example
                    )
                )
            # the opponent can move: otherwise the game would already be over
            return OthelloState(
                state.black,
                state.white,
                1 - side,
                legal_moves(other, own),
                False,
                LastMove(side, None),
            )
        if not isinstance(move, int) or not 0 <= move < 64:
            raise IllegalMove(_("{move!r} is not a square of the board").format(move=move))
        bit = 1 << move
        if (own | other) & bit:
            raise IllegalMove(_("square {square} is already taken").format(square=square_name(move)))
        if not state.mobility:
            raise IllegalMove(
                _("{name} has no legal move and must pass").format(name=self.seat_name(state, side))
            )
        if not state.mobility & bit:
            raise IllegalMove(
                _("a disc on {square} would not outflank any opposing disc").format(square=square_name(move))
            )
        flipped = flips_in_order(own, other, move)
        turned = 0
        for square in flipped:
            turned |= 1 << square
        own |= bit | turned
        other &= ~turned
        last = LastMove(side, move, flipped)
        reply = legal_moves(other, own)
        if reply:
            nxt, mobility, over = 1 - side, reply, False
        else:
            # the opponent must pass, unless neither side can move: then the game is over
            nxt, mobility = 1 - side, 0
            over = not legal_moves(own, other)
        black, white = split_discs(own, other, side)
        return OthelloState(black, white, nxt, mobility, over, last)

    def outcome(self, state: OthelloState) -> Outcome | None:
        if not state.over:
            return None
        black, white = state.counts()
        scores = (black, white)
        if black == white:
            return Outcome.draw(2, Sentence(N_("Draw, {a} to {b}"), a=black, b=white), scores)
        winner = BLACK if black > white else WHITE
        high, low = max(black, white), min(black, white)
        reason = Sentence(
            N_("{name} wins {a} to {b}"), name=Sentence(self.info.seat_names[winner]), a=high, b=low
        )
        return Outcome.win(winner, 2, reason, scores)

    def scores(self, state: OthelloState) -> tuple[int, ...] | None:
        return state.counts()

    # ----- the board as a grid (drawn by the web client) ---------------------------------------
    def grid(self, state: OthelloState) -> GridPicture:
        """Row 1 at the top, as the notation counts; the last disc placed marked."""
        pieces = {}
        for square in range(64):
            bit = 1 << square
            owner = BLACK if state.black & bit else WHITE if state.white & bit else None
            if owner is not None:
                pieces[(square & 7, square >> 3)] = Piece("●", owner)
        last = state.last.square if state.last is not None else None
        return GridPicture(
            8,
            8,
            pieces,
            col_labels=tuple(COLUMNS),
            row_labels=tuple(str(row + 1) for row in range(8)),
            last=((last & 7, last >> 3),) if last is not None else (),
        )

    def move_at(self, state: OthelloState, cell: tuple[int, int]) -> Move | None:
        square = cell[1] * 8 + cell[0]
        return square if not state.over and state.mobility >> square & 1 else None

    # ----- notation -------------------------------------------------------------------------
    def format_move(self, state: OthelloState, move: Move) -> str:
        return "pass" if move == PASS else square_name(move)

    def parse_move(self, state: OthelloState, text: str) -> Move:
        return parse_square_or_pass(text)

    def position_text(self, state: OthelloState) -> str:
        return format_position(state.black, state.white, state.side)

    def parse_position(self, text: str, options: Options) -> OthelloState:
        black, white, side = parse_position_text(text)
        return make_state(black, white, side)

    # ----- describing ---------------------------------------------------------------------
    def describe_last(self, state: OthelloState) -> str:
        last = state.last
        if last is None:
            return ""
        name = self.player_name(state, last.seat)
        if last.square is None:
            return _("{name} had no move and passed.").format(name=name)
        flipped = [square_name(s) for s in last.flipped]
        if len(flipped) == 1:
            text = _("{name} played {square} and flipped {discs}.")
        else:
            text = _("{name} played {square} and flipped {count} discs: {discs}.")
        return text.format(
            name=name, square=square_name(last.square), count=len(flipped), discs=", ".join(flipped)
        )

    # ----- hooks for search -------------------------------------------------------------------
    def evaluate(self, state: OthelloState, seat: Seat) -> float:
        from ludoteca.games.othello.evaluation import evaluate

        own, other = state.split(seat)
        if state.over:
            return float(1000 * (own.bit_count() - other.bit_count()))
        return float(evaluate(own, other))

    def state_key(self, state: OthelloState) -> tuple[int, int, int]:
        return (state.black, state.white, state.side)


def parse_square_or_pass(text: str) -> Move:
    word = text.strip().lower()
    if word == "pass":
        return PASS
    if len(word) == 2 and word[0] in COLUMNS and word[1] in "12345678":
        return (int(word[1]) - 1) * 8 + COLUMNS.index(word[0])
    raise NotationError(
        _("{text!r} is not a move: type a square such as d3 (column a–h, row 1–8), or pass").format(
            text=text.strip()
        )
    )


def format_position(black: Bitboard, white: Bitboard, side: Seat) -> str:
    """64 characters a1…h1, a2…h2, …, h8 (X black, O white, - empty), a space, the side to move."""
    cells = []
    for square in range(64):
        bit = 1 << square
        cells.append("X" if black & bit else "O" if white & bit else "-")
    return "".join(cells) + " " + ("X" if side == BLACK else "O")


def parse_position_text(text: str) -> tuple[Bitboard, Bitboard, Seat]:
    """Read the position format of `format_position` (`.` is also read as an empty square, and
    the side may be written Black/White); raises NotationError."""
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(
            _("a position is 64 squares (X, O or -) then a space and the side to move (X or O)")
        )
    board, who = parts
    if len(board) != 64:
        raise NotationError(
            _("a position needs 64 squares a1…h1, a2…h2, …, h8, not {n}").format(n=len(board))
        )
    black = white = 0
    for square, char in enumerate(board.upper()):
        if char == "X":
            black |= 1 << square
        elif char == "O":
            white |= 1 << square
        elif char not in "-.":
            raise NotationError(
                _("{char!r} on {square} is not X, O or -").format(char=char, square=square_name(square))
            )
    side_word = who.upper()
    if side_word in ("X", "B", "BLACK"):
        side = BLACK
    elif side_word in ("O", "W", "WHITE"):
        side = WHITE
    else:
        raise NotationError(_("the side to move must be X or O, not {who!r}").format(who=who))
    return black, white, side
