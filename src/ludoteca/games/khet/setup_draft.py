"""A setup being built in the editor: pieces placed, turned, stacked and removed, the box's counts,
the rules' own checks of a start position, the point-symmetric copy of one side, and the beams both
lasers would fire. No pygame: the editor page (`setup_editor.py`) draws and clicks; this decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ludoteca.core.errors import NotationError
from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    FACING_KINDS,
    KIND_NAMES,
    OBELISK,
    PHARAOH,
    PYRAMID,
    RED,
    SCARAB,
    SILVER,
    SPHINX,
    SPHINX_DIRECTIONS,
    SQUARES,
    Board,
    Piece,
    Square,
    colour_of,
    empty_board,
    file_of,
    kind_of,
    make_piece,
    orientation_of,
    rank_of,
    rotated,
    square,
    square_name,
    stack_height,
)
from ludoteca.games.khet.laser import Beam, laser_origin, trace
from ludoteca.games.khet.position import (
    BOX,
    COLOUR_NAMES,
    edition_of,
    format_position,
    parse_tokens,
    setup_problems,
)
from ludoteca.games.khet.setups import standard_setup
from ludoteca.i18n import _

#: the kinds each edition's palette offers, in the order shown
PALETTE: Final = {
    "khet2": (PHARAOH, SPHINX, PYRAMID, SCARAB, ANUBIS),
    "horus": (PHARAOH, PYRAMID, DJED, EYE, OBELISK),
}


def fresh_piece(kind: int, colour: int) -> Piece:
    """A piece as the palette hands it out: facing the other side (a Sphinx onto the board)."""
    if kind == SPHINX:
        return make_piece(SPHINX, colour, SPHINX_DIRECTIONS[colour][0])
    if kind in FACING_KINDS:
        return make_piece(kind, colour, 0 if colour == SILVER else 2)
    if kind == PYRAMID:
        return make_piece(kind, colour, 0 if colour == SILVER else 2)
    return make_piece(kind, colour, 0)


def half_turned(piece: Piece) -> Piece:
    """The piece seen from the other side of the board: the other colour, turned half round (a
    two-way mirror's line is the same after half a turn)."""
    kind, o = kind_of(piece), orientation_of(piece)
    if kind in (PYRAMID, *FACING_KINDS):
        o = (o + 2) & 3
    return make_piece(kind, 1 - colour_of(piece), o)


def opposite(sq: Square) -> Square:
    """The square a half turn of the board puts `sq` on (a1 ↔ j8)."""
    return square(9 - file_of(sq), 7 - rank_of(sq))


@dataclass
class SetupDraft:
    variant: str
    cells: list[int] = field(default_factory=empty_board)

    @staticmethod
    def from_text(text: str, variant: str | None = None) -> SetupDraft:
        """A draft holding the pieces of a setup text (its edition found from its pieces unless
        given); NotationError when the text cannot be read."""
        board = parse_tokens(text).board
        edition = variant or edition_of(board) or "khet2"
        return SetupDraft(edition, list(board))

    @staticmethod
    def standard(name: str, variant: str) -> SetupDraft:
        found = standard_setup(variant, name)
        if found is None:
            raise NotationError(_("there is no standard setup {name}").format(name=name))
        return SetupDraft.from_text(found.text, variant)

    @property
    def board(self) -> Board:
        return tuple(self.cells)

    @property
    def horus(self) -> bool:
        return self.variant == "horus"

    # ----- the box ------------------------------------------------------------------------------------
    def on_board(self, colour: int, kind: int) -> int:
        return sum(
            stack_height(p)
            for sq in SQUARES
            if (p := self.cells[sq]) and kind_of(p) == kind and colour_of(p) == colour
        )

    def left(self, colour: int, kind: int) -> int:
        """How many of that piece are still in the box."""
        return BOX[self.variant][kind] - self.on_board(colour, kind)

    # ----- changes (each returns None, or why it cannot be done) --------------------------------------
    def place(self, sq: Square, kind: int, colour: int) -> str | None:
        """Put a piece from the box on `sq` (an Obelisk on a single Obelisk of its colour stacks);
        a piece already there goes back to the box."""
        there = self.cells[sq]
        single = make_piece(OBELISK, colour, 0)
        if kind == OBELISK and there == single:
            if self.left(colour, OBELISK) < 1:
                return self._empty_box(colour, kind)
            self.cells[sq] = make_piece(OBELISK, colour, 1)
            return None
        returned = (
            stack_height(there) if there and kind_of(there) == kind and colour_of(there) == colour else 0
        )
        if self.left(colour, kind) + returned < 1:
            return self._empty_box(colour, kind)
        self.cells[sq] = fresh_piece(kind, colour)
        return None

    def _empty_box(self, colour: int, kind: int) -> str:
        return _("the box holds no more {colour} {piece}: {most} at most").format(
            colour=_(COLOUR_NAMES[colour]), piece=_(KIND_NAMES[kind]), most=BOX[self.variant][kind]
        )

    def move(self, source: Square, target: Square) -> str | None:
        """Move a placed piece (a whole stack) to another square; onto a piece: they trade places,
        except a single Obelisk onto its twin, which stacks."""
        if source == target or not self.cells[source]:
            return None
        piece, there = self.cells[source], self.cells[target]
        if kind_of(piece) == OBELISK and piece == there and stack_height(piece) == 1:
            self.cells[source], self.cells[target] = 0, make_piece(OBELISK, colour_of(piece), 1)
            return None
        self.cells[source], self.cells[target] = there, piece
        return None

    def remove(self, sq: Square) -> str | None:
        """Take the piece off `sq` (the top Obelisk of a stack)."""
        piece = self.cells[sq]
        if not piece:
            return _("{square} is empty").format(square=square_name(sq))
        if kind_of(piece) == OBELISK and stack_height(piece) > 1:
            self.cells[sq] = make_piece(OBELISK, colour_of(piece), 0)
        else:
            self.cells[sq] = 0
        return None

    def turn(self, sq: Square, clockwise: bool) -> str | None:
        """A quarter turn of the piece on `sq` (a Sphinx toggles between its two directions)."""
        piece = self.cells[sq]
        if not piece:
            return _("{square} is empty").format(square=square_name(sq))
        kind = kind_of(piece)
        if kind in (PHARAOH, OBELISK):
            return _("a {piece} has no facing to turn").format(piece=_(KIND_NAMES[kind]))
        if kind == SPHINX:
            first, second = SPHINX_DIRECTIONS[colour_of(piece)]
            facing = second if orientation_of(piece) == first else first
            self.cells[sq] = make_piece(SPHINX, colour_of(piece), facing)
            return None
        self.cells[sq] = rotated(piece, clockwise)
        return None

    def clear(self) -> None:
        self.cells = empty_board()

    def mirror(self, colour: int) -> None:
        """Give the other side `colour`'s pieces turned half round the board, as every standard
        setup is: build one half, get the whole."""
        for sq in SQUARES:
            if self.cells[sq] and colour_of(self.cells[sq]) != colour:
                self.cells[sq] = 0
        for sq in SQUARES:
            piece = self.cells[sq]
            if piece and colour_of(piece) == colour:
                self.cells[opposite(sq)] = half_turned(piece)

    # ----- reading ----------------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What keeps this from being a setup to play (the rules' checks of a start position)."""
        return setup_problems(self.board, self.variant)

    def text(self) -> str:
        return format_position(self.board, per_line=11)

    def beams(self) -> list[Beam]:
        """What each laser would fire on this board (both colours)."""
        found = []
        for colour in (SILVER, RED):
            origin = laser_origin(colour, self.horus, self.cells)
            if origin is not None:
                found.append(trace(self.cells, colour, *origin))
        return found
