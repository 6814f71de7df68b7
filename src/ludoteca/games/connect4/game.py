"""The rules of Connect Four and of its Cascade variant."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ludoteca.core.errors import IllegalMove, NotationError, OptionError
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.grid import GridPicture, Piece
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.outcome import Outcome
from ludoteca.games.connect4.bitboard import (
    BOARD,
    BOTTOM,
    CELLS,
    COLUMN,
    HEIGHT,
    STRIDE,
    TOP,
    TOP_ALL,
    WIDTH,
    cells,
    has_four,
    runs_through,
)
from ludoteca.games.connect4.cascade import resolve
from ludoteca.games.connect4.evaluation import cascade_value, classic_value
from ludoteca.games.connect4.state import CASCADE, CLASSIC, VARIANTS, Connect4State
from ludoteca.i18n import N_, Sentence, _, ngettext

Move = int
"""A 0-based column; written as the 1-based column digit."""

DEFAULT_DROPS = 42


def _open_columns_table() -> dict[int, tuple[int, ...]]:
    table: dict[int, tuple[int, ...]] = {}
    for full in range(1 << WIDTH):
        tops = sum(TOP[c] for c in range(WIDTH) if full >> c & 1)
        table[tops] = tuple(c for c in range(WIDTH) if not full >> c & 1)
    return table


#: the open columns, looked up by the top-row cells already taken
_OPEN_COLUMNS = _open_columns_table()


class Connect4Game(Game[Connect4State, Move]):
    info = GameInfo(
        key="connect4",
        title=N_("Connect Four"),
        summary=N_("Drop discs into a 7×6 grid; four in a row wins. Cascade: lines score and vanish."),
        min_seats=2,
        max_seats=2,
        options=(
            OptionSpec(
                "variant",
                N_("classic: four in a row wins; cascade: lines score, vanish and fall"),
                CLASSIC,
                choices=VARIANTS,
                labels=((CLASSIC, N_("Classic")), (CASCADE, N_("Cascade"))),
                label=N_("Variant"),
                window_help=N_(
                    "Classic: four in a row wins. Cascade: each line of four scores a point and "
                    "vanishes, and the discs above it fall."
                ),
            ),
            OptionSpec(
                "drops",
                N_("Cascade only: how many drops in all before the game ends"),
                DEFAULT_DROPS,
                minimum=4,
                maximum=200,
                label=N_("Drops"),
                window_help=N_("How many discs are dropped in all before the game ends."),
                applies_when=(("variant", CASCADE),),
            ),
        ),
        seat_names=(N_("Yellow"), N_("Red")),
    )

    # ----- starting and playing ---------------------------------------------------------------
    def validate(self, options: Options) -> None:
        if options.get("variant") == CLASSIC and options.get("drops", DEFAULT_DROPS) != DEFAULT_DROPS:
            raise OptionError(
                _("the number of drops only counts in the Cascade variant: add --variant cascade")
            )

    def start(self, options: Options, seed: int, seats: int = 2) -> Connect4State:
        variant = str(options.get("variant", CLASSIC))
        drops = int(options.get("drops", DEFAULT_DROPS))
        return Connect4State(variant, drops if variant == CASCADE else CELLS)

    def seat_count(self, state: Connect4State) -> int:
        return 2

    def seat_name(self, state: Connect4State, seat: Seat) -> str:
        return _(self.info.seat_names[seat])

    def to_move(self, state: Connect4State) -> Seat | None:
        return None if state.over else len(state.moves) & 1

    def legal_moves(self, state: Connect4State) -> Sequence[Move]:
        if state.over:
            return ()
        return _OPEN_COLUMNS[(state.discs[0] | state.discs[1]) & TOP_ALL]

    def play(self, state: Connect4State, move: Move) -> Connect4State:
        if state.over:
            raise IllegalMove(_("the game is over"))
        if type(move) is not int or not 0 <= move < WIDTH:
            raise IllegalMove(_("there is no column {column}; the columns are 1 to 7").format(column=move))
        yellow, red = state.discs
        mask = yellow | red
        if mask & TOP[move]:
            raise IllegalMove(_("column {n} is full").format(n=move + 1))
        landed = (mask + BOTTOM[move]) & COLUMN[move]
        index = landed.bit_length() - 1
        last_cell = (move, index - move * STRIDE)
        seat = len(state.moves) & 1
        if seat:
            red |= landed
        else:
            yellow |= landed
        moves = (*state.moves, move)
        if state.variant == CLASSIC:
            board = red if seat else yellow
            if has_four(board):
                line = tuple(cells(runs_through(board, index)))
                return Connect4State(
                    CLASSIC,
                    state.drop_limit,
                    (yellow, red),
                    moves,
                    winner=seat,
                    winning_cells=line,
                    last_cell=last_cell,
                    over=True,
                )
            # positional arguments: this line is the hot path of perft and of search through the rules
            full = len(moves) == CELLS
            return Connect4State(
                CLASSIC, state.drop_limit, (yellow, red), moves, (0, 0), None, (), last_cell, (), full
            )
        result = resolve((yellow, red))
        points = (state.points[0] + result.gained[0], state.points[1] + result.gained[1])
        discs = result.discs
        over = len(moves) >= state.drop_limit or (discs[0] | discs[1]) == BOARD
        return Connect4State(
            CASCADE,
            state.drop_limit,
            discs,
            moves,
            points,
            last_cell=last_cell,
            cascade=result.steps,
            over=over,
        )

    def outcome(self, state: Connect4State) -> Outcome | None:
        if not state.over:
            return None
        if state.variant == CLASSIC:
            if state.winner is not None:
                name = Sentence(self.info.seat_names[state.winner])
                return Outcome.win(state.winner, 2, Sentence(N_("{name} connected four"), name=name))
            return Outcome.draw(2, Sentence(N_("The grid is full with no four in a row: a draw")))
        yellow, red = state.points
        # whole sentences, capital first, so that a language can order its parts its own way
        if len(state.moves) >= state.drop_limit:
            if yellow == red:
                reason = Sentence(
                    N_("All {n} drops have been played; equal points, {a} to {b}: a draw"),
                    n=state.drop_limit,
                    a=yellow,
                    b=red,
                )
            else:
                reason = Sentence(
                    N_("All {n} drops have been played; {name} has more points, {a} to {b}"),
                    n=state.drop_limit,
                    name=Sentence(self.info.seat_names[0 if yellow > red else 1]),
                    a=max(yellow, red),
                    b=min(yellow, red),
                )
        elif yellow == red:
            reason = Sentence(N_("The grid is full; equal points, {a} to {b}: a draw"), a=yellow, b=red)
        else:
            reason = Sentence(
                N_("The grid is full; {name} has more points, {a} to {b}"),
                name=Sentence(self.info.seat_names[0 if yellow > red else 1]),
                a=max(yellow, red),
                b=min(yellow, red),
            )
        return Outcome.by_scores(state.points, reason)

    def scores(self, state: Connect4State) -> tuple[int, ...] | None:
        return state.points if state.variant == CASCADE else None

    # ----- the board as a grid (drawn by the web client) ---------------------------------------
    def grid(self, state: Connect4State) -> GridPicture:
        """The grid as seen from the front, top row first; the winning line and the last disc marked."""
        pieces = {
            (column, HEIGHT - 1 - row): Piece("●", owner)
            for column in range(WIDTH)
            for row in range(HEIGHT)
            if (owner := state.disc_at(column, row)) is not None
        }
        marked = state.winning_cells or ((state.last_cell,) if state.last_cell is not None else ())
        return GridPicture(
            WIDTH,
            HEIGHT,
            pieces,
            col_labels=tuple(str(column + 1) for column in range(WIDTH)),
            last=tuple((column, HEIGHT - 1 - row) for column, row in marked),
        )

    def move_at(self, state: Connect4State, cell: tuple[int, int]) -> Move | None:
        """A click anywhere in a column drops a disc into it."""
        column = cell[0]
        return column if column in self.legal_moves(state) else None

    # ----- notation ---------------------------------------------------------------------------
    def format_move(self, state: Connect4State, move: Move) -> str:
        return str(move + 1)

    def parse_move(self, state: Connect4State, text: str) -> Move:
        cleaned = text.strip()
        if len(cleaned) == 1 and "1" <= cleaned <= "7":
            return int(cleaned) - 1
        raise NotationError(_("type a column number from 1 to 7, not {text!r}").format(text=cleaned))

    def position_text(self, state: Connect4State) -> str:
        """The columns played from the empty grid, e.g. ``4453`` (the solvers' convention)."""
        return "".join(str(move + 1) for move in state.moves)

    def parse_position(self, text: str, options: Options) -> Connect4State:
        state = self.start(options, 0)
        for number, char in enumerate(text.strip(), start=1):
            if not "1" <= char <= "7":
                raise NotationError(
                    _("a position is a string of column digits 1 to 7, not {text!r}").format(text=text)
                )
            try:
                state = self.play(state, int(char) - 1)
            except IllegalMove as err:
                raise NotationError(
                    _("move {number} of the position ({column}) cannot be played: {reason}").format(
                        number=number, column=char, reason=err.reason
                    )
                ) from None
        return state

    # ----- describing -------------------------------------------------------------------------
    def describe_last(self, state: Connect4State) -> str:
        if not state.moves:
            return ""
        seat = (len(state.moves) - 1) & 1
        name = self.player_name(state, seat)
        column = state.moves[-1] + 1
        if state.winner is not None:
            return _("{name} dropped in column {column} and connected four.").format(name=name, column=column)
        if not state.cascade:
            return _("{name} dropped in column {column}.").format(name=name, column=column)
        gained = [0, 0]
        removed = 0
        for step in state.cascade:
            removed += len(step.removed)
            for alignment in step.alignments:
                gained[alignment.owner] += 1
        count = gained[0] + gained[1]
        made = ngettext(
            "{name}'s drop in column {column} made {count} alignment",
            "{name}'s drop in column {column} made {count} alignments",
            count,
        ).format(name=name, column=column, count=count)
        parts = ", ".join(f"{self.seat_name(state, s)} +{gained[s]}" for s in (seat, 1 - seat) if gained[s])
        rounds = len(state.cascade)
        chain = (
            ngettext(" in a chain of {rounds} cascade", " in a chain of {rounds} cascades", rounds).format(
                rounds=rounds
            )
            if rounds > 1
            else ""
        )
        discs = ngettext("{n} disc removed", "{n} discs removed", removed).format(n=removed)
        return _("{made}{chain}: {points}; {removed}.").format(
            made=made, chain=chain, points=parts, removed=discs
        )

    # ----- search hooks -----------------------------------------------------------------------
    def evaluate(self, state: Connect4State, seat: Seat) -> float:
        mine, theirs = state.discs[seat], state.discs[1 - seat]
        mask = mine | theirs
        if state.variant == CASCADE:
            return float(cascade_value(mine, theirs, mask, state.points[seat], state.points[1 - seat]))
        to_move = len(state.moves) & 1
        return float(classic_value(mine, theirs, mask, seat == 0, seat == to_move))

    def state_key(self, state: Connect4State) -> Hashable:
        if state.variant == CLASSIC:
            # the discs alone fix the turn (by their count) and whether someone has won
            return state.discs
        return (state.discs, len(state.moves), state.points)
