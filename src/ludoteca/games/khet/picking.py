"""The move a person is putting together on the Khet board: a selected piece, then a move waiting
for Fire (or played at once).

Everything offered comes from `legal_moves`: a selected piece's destinations are the targets of its
legal moves, sorted by what they would do (a step, a swap, stacking, moving only the top Obelisk),
and its turns are its legal quarter turns. A refused click is explained with the rules' own
sentence (`notation.illegal_reason`). A pending move is shown by applying it with the rules'
`moves.apply` to a copy of the board. No pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from ludoteca.games.khet.board import (
    OBELISK,
    TWO_WAY_KINDS,
    Board,
    Square,
    colour_of,
    kind_of,
    square_name,
    stack_height,
)
from ludoteca.games.khet.moves import (
    MOVE,
    TURN_CCW,
    TURN_CW,
    UNSTACK,
    Move,
    apply,
    generate,
    make_move,
    move_kind,
    move_source,
    move_target,
)
from ludoteca.games.khet.notation import illegal_reason
from ludoteca.games.khet.position import COLOUR_NAMES, piece_name
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import _

STEP, SWAP, STACK, UNSTACK_TOP = "step", "swap", "stack", "unstack"
CLOCKWISE, ANTICLOCKWISE = "cw", "ccw"
TURNS: Final = {TURN_CW: CLOCKWISE, TURN_CCW: ANTICLOCKWISE}


def what_it_does(board: Board, move: Move) -> str:
    """What a move to another square (`MOVE` or `UNSTACK`) does: only the top Obelisk goes
    (UNSTACK_TOP), a step to an empty square, an Obelisk onto an Obelisk (STACK), or a SWAP. The
    window and the web client light destinations by it."""
    if move_kind(move) == UNSTACK:
        return UNSTACK_TOP
    occupant = board[move_target(move)]
    if not occupant:
        return STEP
    if kind_of(occupant) == OBELISK and kind_of(board[move_source(move)]) == OBELISK:
        return STACK
    return SWAP


@dataclass(frozen=True)
class Target:
    """A square the selected piece may go to, and what going there does."""

    square: Square
    move: Move
    kind: str  # STEP, SWAP, STACK or UNSTACK_TOP


@dataclass
class Picking:
    """The choice in progress for the side to move in `state`."""

    state: KhetState
    selected: Square | None = None
    #: a stack of two Obelisks is selected and only its top is to move
    top_only: bool = False
    #: a move chosen but not fired yet
    pending: Move | None = None
    _legal: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._legal = generate(self.state.board, self.state.turn) if self.state.end is None else []

    @property
    def colour(self) -> int:
        return self.state.turn

    @property
    def legal(self) -> list[Move]:
        return self._legal

    # ----- what is on offer ---------------------------------------------------------------------
    def mine(self, sq: Square) -> bool:
        """A piece of the side to move stands on `sq`."""
        piece = self.state.board[sq]
        return bool(piece) and colour_of(piece) == self.colour

    def movable(self, sq: Square) -> bool:
        return any(move_source(m) == sq for m in self._legal)

    def is_stack(self, sq: Square | None) -> bool:
        piece = self.state.board[sq] if sq is not None else 0
        return kind_of(piece) == OBELISK and stack_height(piece) > 1

    def targets(self) -> dict[Square, Target]:
        """Where the selected piece may go (the top of a stack only, when `top_only`)."""
        sq = self.selected
        if sq is None:
            return {}
        board = self.state.board
        found: dict[Square, Target] = {}
        for move in self._legal:
            kind = move_kind(move)
            if move_source(move) != sq or kind not in (MOVE, UNSTACK):
                continue
            if (kind == UNSTACK) != self.top_only:
                continue
            to = move_target(move)
            found[to] = Target(to, move, what_it_does(board, move))
        return found

    def turns(self) -> dict[str, Move]:
        """The selected piece's quarter turns: CLOCKWISE / ANTICLOCKWISE → move. A piece with one
        turn (a two-way mirror flips between / and \\) offers it both ways."""
        sq = self.selected
        if sq is None:
            return {}
        found = {
            TURNS[move_kind(m)]: m for m in self._legal if move_source(m) == sq and move_kind(m) in TURNS
        }
        piece = self.state.board[sq]
        if len(found) == 1 and kind_of(piece) in TWO_WAY_KINDS:
            only = next(iter(found.values()))
            found = {CLOCKWISE: only, ANTICLOCKWISE: only}
        return found

    # ----- choosing ------------------------------------------------------------------------------
    def select(self, sq: Square) -> None:
        self.selected = sq
        self.top_only = False

    def deselect(self) -> bool:
        had = self.selected is not None
        self.selected = None
        self.top_only = False
        return had

    def choose(self, move: Move) -> None:
        self.pending = move
        self.selected = None
        self.top_only = False

    def take_back(self) -> Move | None:
        """Forget the pending move (the piece is shown where it was); returns it."""
        move, self.pending = self.pending, None
        return move

    def shown_board(self) -> Board:
        """The board as the person sees it: with the pending move made."""
        return self.state.board if self.pending is None else self.board_after(self.pending)

    def board_after(self, move: Move) -> Board:
        """The pieces once `move` is made, before the laser fires (the rules' `apply`)."""
        cells = list(self.state.board)
        apply(cells, move)
        return tuple(cells)

    def pending_square(self) -> Square | None:
        """Where the piece of the pending move now stands."""
        if self.pending is None:
            return None
        kind = move_kind(self.pending)
        return move_source(self.pending) if kind in TURNS else move_target(self.pending)

    # ----- sentences -----------------------------------------------------------------------------
    def refusal(self, sq: Square) -> str:
        """Why a click on `sq` does nothing useful (with a piece selected, or not)."""
        board, colour = self.state.board, self.colour
        if self.selected is not None and sq != self.selected:
            kind = UNSTACK if self.top_only else MOVE
            return _sentence(illegal_reason(board, colour, make_move(kind, self.selected, sq)))
        piece = board[sq]
        if not piece:
            return _("Click one of your pieces ({colour}) to move or turn it.").format(
                colour=_(COLOUR_NAMES[colour])
            )
        if colour_of(piece) != colour:
            return _sentence(illegal_reason(board, colour, make_move(TURN_CW, sq)))
        return _("The {piece} on {square} cannot move or turn now.").format(
            piece=piece_name(piece), square=square_name(sq)
        )


def _sentence(reason: str) -> str:
    """The rules' reason as a sentence; a square's name keeps its small letter ("i1 is reserved…")."""
    reason = reason.rstrip(".") + "."
    return reason if _SQUARE_FIRST.match(reason) else reason[:1].upper() + reason[1:]


_SQUARE_FIRST: Final = re.compile(r"[a-j][1-8]\b")
