"""The Khet board: squares, directions, reserved squares and piece codes.

The board is a mailbox of 121 cells (11 × 11): ranks 1–8 sit in rows 1–8 and files a–j in columns
1–10; row 0, rows 9–10 and column 0 are a frame of `OFF` cells. One step in any of the eight
directions from a real square lands on a real square or on the frame, never outside the list, so
the laser and the move generator need no bounds checks.

A piece is a small int: ``kind << 3 | orientation << 1 | colour`` (0 = empty square), so tables
indexed by piece answer every question about it in one lookup.
"""

from __future__ import annotations

from typing import Final

from ludoteca.i18n import N_

Square = int
Piece = int
Board = tuple[int, ...]

FILES: Final = "abcdefghij"
WIDTH: Final = 11
SIZE: Final = WIDTH * WIDTH
OFF: Final = 127  # the frame around the board

SILVER: Final = 0
RED: Final = 1
COLOUR_LETTERS: Final = ("S", "R")

# ----- directions (of travel, for beams; of facing, for pieces) ------------------------------
N, E, S, W = 0, 1, 2, 3
DIRECTION_NAMES: Final = ("N", "E", "S", "W")
#: the same directions as sentences write them, translated where shown (French writes O for west);
#: DIRECTION_NAMES stay the notation of positions
COMPASS_POINTS: Final = (N_("N"), N_("E"), N_("S"), N_("W"))
STEP: Final = (WIDTH, 1, -WIDTH, -1)
#: the eight neighbours, for steps, swaps and stacking
NEIGHBOURS: Final = (WIDTH, WIDTH + 1, 1, -WIDTH + 1, -WIDTH, -WIDTH - 1, -1, WIDTH - 1)


def square(file: int, rank: int) -> Square:
    """The square on `file` (0 = a … 9 = j) and `rank` (0 = rank 1 … 7 = rank 8)."""
    return (rank + 1) * WIDTH + file + 1


def file_of(sq: Square) -> int:
    return sq % WIDTH - 1


def rank_of(sq: Square) -> int:
    return sq // WIDTH - 1


def square_name(sq: Square) -> str:
    return f"{FILES[file_of(sq)]}{rank_of(sq) + 1}"


#: the 80 real squares, a1 b1 … j1 a2 … j8
SQUARES: Final = tuple(square(f, r) for r in range(8) for f in range(10))
#: the same squares as a set, for membership tests in tight loops
SQUARE_SET: Final = frozenset(SQUARES)
_BY_NAME: Final = {square_name(sq): sq for sq in SQUARES}


def parse_square(text: str) -> Square | None:
    """`e4` → its square, or None when the text names no square."""
    return _BY_NAME.get(text.strip().lower())


def empty_board() -> list[int]:
    cells = [OFF] * SIZE
    for sq in SQUARES:
        cells[sq] = 0
    return cells


# ----- reserved squares ----------------------------------------------------------------------
#: squares reserved for Silver (file j, b1, b8) and for Red (file a, i1, i8)
RESERVED_FOR: Final = (
    frozenset({square(9, r) for r in range(8)} | {square(1, 0), square(1, 7)}),
    frozenset({square(0, r) for r in range(8)} | {square(8, 0), square(8, 7)}),
)


def _allowed(colour: int) -> tuple[bool, ...]:
    real, forbidden = frozenset(SQUARES), RESERVED_FOR[1 - colour]
    return tuple(sq in real and sq not in forbidden for sq in range(SIZE))


#: ALLOWED[colour][sq]: may a piece of `colour` move onto `sq` (real square, not the opponent's)?
ALLOWED: Final = (_allowed(SILVER), _allowed(RED))

# ----- pieces --------------------------------------------------------------------------------
PHARAOH, SPHINX, PYRAMID, SCARAB, ANUBIS, OBELISK, DJED, EYE = range(1, 9)
KIND_LETTERS: Final = {
    PHARAOH: "K",
    SPHINX: "X",
    PYRAMID: "P",
    SCARAB: "S",
    ANUBIS: "A",
    OBELISK: "O",
    DJED: "D",
    EYE: "E",
}
#: (English: translated where shown)
KIND_NAMES: Final = {
    PHARAOH: N_("Pharaoh"),
    SPHINX: N_("Sphinx"),
    PYRAMID: N_("Pyramid"),
    SCARAB: N_("Scarab"),
    ANUBIS: N_("Anubis"),
    OBELISK: N_("Obelisk"),
    DJED: N_("Djed"),
    EYE: N_("Eye of Horus"),
}
#: the kinds of each edition
KHET2_KINDS: Final = frozenset({PHARAOH, SPHINX, PYRAMID, SCARAB, ANUBIS})
HORUS_KINDS: Final = frozenset({PHARAOH, PYRAMID, OBELISK, DJED, EYE})
#: a double mirror (`/` or `\`): Scarab, Djed, Eye
TWO_WAY_KINDS: Final = frozenset({SCARAB, DJED, EYE})
#: faces a side (N E S W)
FACING_KINDS: Final = frozenset({SPHINX, ANUBIS})

#: Pyramid orientations: the corner its mirror faces, clockwise from NE
PYRAMID_FACES: Final = ("NE", "SE", "SW", "NW")
#: Scarab/Djed/Eye orientations: the line of the mirror as drawn
MIRROR_LINES: Final = ("/", "\\")


def make_piece(kind: int, colour: int, orientation: int = 0) -> Piece:
    """`orientation`: Pyramid 0–3 (NE SE SW NW); Anubis/Sphinx 0–3 (N E S W); Scarab, Djed, Eye 0 `/`
    1 `\\`; Obelisk the stack height minus one; Pharaoh 0."""
    return kind << 3 | orientation << 1 | colour


def kind_of(piece: Piece) -> int:
    return piece >> 3


def colour_of(piece: Piece) -> int:
    return piece & 1


def orientation_of(piece: Piece) -> int:
    return (piece >> 1) & 3


def stack_height(piece: Piece) -> int:
    """How many Obelisks stand on the square (1 for every other piece)."""
    return orientation_of(piece) + 1 if kind_of(piece) == OBELISK else 1


def orientation_name(piece: Piece) -> str:
    """The orientation as the position format writes it ('' for a Pharaoh or a single Obelisk)."""
    kind, o = kind_of(piece), orientation_of(piece)
    if kind == PYRAMID:
        return PYRAMID_FACES[o]
    if kind in FACING_KINDS:
        return DIRECTION_NAMES[o]
    if kind in TWO_WAY_KINDS:
        return MIRROR_LINES[o & 1]
    if kind == OBELISK and o:
        return str(o + 1)
    return ""


def rotated(piece: Piece, clockwise: bool) -> Piece:
    """The piece turned a quarter turn (a two-way mirror flips between `/` and `\\`)."""
    kind, o = kind_of(piece), orientation_of(piece)
    if kind in TWO_WAY_KINDS:
        o ^= 1
    else:
        o = (o + (1 if clockwise else 3)) & 3
    return make_piece(kind, colour_of(piece), o)


#: where each Sphinx stands and the two directions it may fire
SPHINX_HOME: Final = (square(9, 0), square(0, 7))
SPHINX_DIRECTIONS: Final = ((N, W), (S, E))
#: where each fixed laser of the Eye of Horus edition sits (on the frame) and where it fires
LASER_HOUSING: Final = (square(9, -1), square(0, 8))
LASER_DIRECTION: Final = (N, S)
