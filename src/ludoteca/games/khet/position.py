"""The position format (setups, `perft --position`, records' [Position] tag) and setup checks.

A position is a list of tokens separated by spaces (or commas, or new lines)::

    S:P:c1:NW  S:K:e1  S:X:j1:N  S:S:e4:/  S:O:d1:2  R:A:e8:S  …  turn:R

Each piece is ``colour:piece:square[:orientation]``: colour S (Silver) or R (Red); piece X Sphinx,
K Pharaoh, P Pyramid, S Scarab, A Anubis (Khet 2.0), O Obelisk, D Djed, E Eye of Horus (Eye of Horus
edition); orientation the corner a Pyramid's mirror faces (NE SE SW NW), the direction an Anubis's
front or a Sphinx's beam faces (N E S W), the line of a Scarab's, Djed's or Eye's mirror (`/` or `\\`),
the height of an Obelisk stack (2; a single Obelisk needs none), nothing for a Pharaoh. An optional
``turn:S`` or ``turn:R`` says who moves next (Silver when absent).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from ludoteca.core.errors import NotationError
from ludoteca.core.text import shown_back
from ludoteca.games.khet.board import (
    ANUBIS,
    COLOUR_LETTERS,
    DIRECTION_NAMES,
    DJED,
    EYE,
    FACING_KINDS,
    HORUS_KINDS,
    KHET2_KINDS,
    KIND_LETTERS,
    KIND_NAMES,
    MIRROR_LINES,
    OBELISK,
    PHARAOH,
    PYRAMID,
    PYRAMID_FACES,
    RED,
    RESERVED_FOR,
    SCARAB,
    SILVER,
    SPHINX,
    SPHINX_DIRECTIONS,
    SPHINX_HOME,
    SQUARES,
    TWO_WAY_KINDS,
    Board,
    colour_of,
    empty_board,
    kind_of,
    make_piece,
    orientation_name,
    parse_square,
    square_name,
    stack_height,
)
from ludoteca.i18n import N_, _

COLOUR_NAMES: Final = (N_("Silver"), N_("Red"))
_KIND_BY_LETTER: Final = {letter: kind for kind, letter in KIND_LETTERS.items()}

#: the pieces in each edition's box, per side (an Obelisk stack counts each level)
BOX: Final = {
    "khet2": {PHARAOH: 1, SPHINX: 1, SCARAB: 2, PYRAMID: 7, ANUBIS: 2},
    "horus": {PHARAOH: 1, PYRAMID: 7, DJED: 1, EYE: 1, OBELISK: 2},
}
EDITION_NAMES: Final = {"khet2": N_("Khet 2.0"), "horus": N_("the Eye of Horus edition")}


@dataclass(frozen=True, slots=True)
class Position:
    """A parsed position: the board cells and who moves next."""

    board: Board
    turn: int
    #: whether the text said whose turn it is
    turn_given: bool = False


def piece_name(piece: int) -> str:
    """'Red Pyramid', 'Silver Obelisk stack' — for messages."""
    name = KIND_NAMES[kind_of(piece)]
    if kind_of(piece) == OBELISK and stack_height(piece) > 1:
        name = N_("Obelisk stack")
    return _("{colour} {piece}").format(colour=_(COLOUR_NAMES[colour_of(piece)]), piece=_(name))


def edition_of(board: Board) -> str | None:
    """'khet2' when the board holds a Sphinx, Scarab or Anubis, 'horus' when it holds an Obelisk,
    Djed or Eye, None when its pieces exist in both editions."""
    kinds = {kind_of(board[sq]) for sq in SQUARES if board[sq]}
    if kinds & {SPHINX, SCARAB, ANUBIS}:
        return "khet2"
    if kinds & {OBELISK, DJED, EYE}:
        return "horus"
    return None


# ----- reading --------------------------------------------------------------------------------
def _orientation(kind: int, text: str, token: str) -> int:
    word = text.strip().upper()
    if kind == PYRAMID:
        if word in PYRAMID_FACES:
            return PYRAMID_FACES.index(word)
        raise NotationError(
            _("{token}: a Pyramid's orientation is the corner its mirror faces: NE, SE, SW or NW").format(
                token=shown_back(token)
            )
        )
    if kind in FACING_KINDS:
        if word in DIRECTION_NAMES:
            return DIRECTION_NAMES.index(word)
        raise NotationError(
            _("{token}: the {piece} faces N, E, S or W").format(
                token=shown_back(token), piece=_(KIND_NAMES[kind])
            )
        )
    if kind in TWO_WAY_KINDS:
        if word in MIRROR_LINES:
            return MIRROR_LINES.index(word)
        raise NotationError(
            _("{token}: the mirror of a {piece} is written / or \\").format(
                token=shown_back(token), piece=_(KIND_NAMES[kind])
            )
        )
    if kind == OBELISK:
        if word in ("", "1", "2"):
            return 1 if word == "2" else 0
        raise NotationError(
            _("{token}: an Obelisk takes no orientation, or 2 for a stack of two").format(
                token=shown_back(token)
            )
        )
    if word:
        raise NotationError(_("{token}: a Pharaoh has no orientation").format(token=shown_back(token)))
    return 0


def parse_tokens(text: str) -> Position:
    """Read the pieces and the turn; only the syntax and one piece per square are checked here."""
    cells = empty_board()
    turn, turn_given = SILVER, False
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise NotationError(_("the position is empty: list the pieces, e.g. S:K:e1 R:K:f8"))
    for token in tokens:
        parts = token.split(":")
        if parts[0].lower() == "turn" and len(parts) == 2:
            letter = parts[1].strip().upper()
            if letter not in COLOUR_LETTERS:
                raise NotationError(
                    _("{token}: the turn is S (Silver) or R (Red)").format(token=shown_back(token))
                )
            turn, turn_given = COLOUR_LETTERS.index(letter), True
            continue
        if len(parts) not in (3, 4):
            raise NotationError(
                _("{token} is not a piece: write colour:piece:square[:orientation], e.g. S:P:c1:NW").format(
                    token=shown_back(token)
                )
            )
        colour_letter, kind_letter, square_text = parts[0].upper(), parts[1].upper(), parts[2]
        if colour_letter not in COLOUR_LETTERS:
            raise NotationError(
                _("{token}: the colour is S (Silver) or R (Red)").format(token=shown_back(token))
            )
        kind = _KIND_BY_LETTER.get(kind_letter)
        if kind is None:
            raise NotationError(
                _(
                    "{token}: unknown piece {letter}; the pieces are X Sphinx, K Pharaoh, P Pyramid, "
                    "S Scarab, A Anubis, O Obelisk, D Djed, E Eye of Horus"
                ).format(token=shown_back(token), letter=kind_letter)
            )
        sq = parse_square(square_text)
        if sq is None:
            raise NotationError(
                _("{token}: {square} is not a square (a1 to j8)").format(
                    token=shown_back(token), square=shown_back(square_text)
                )
            )
        if cells[sq]:
            raise NotationError(
                _("{token}: {square} already holds a piece").format(
                    token=shown_back(token), square=square_name(sq)
                )
            )
        if len(parts) == 3 and kind in (PYRAMID, *FACING_KINDS, *TWO_WAY_KINDS):
            raise NotationError(
                _("{token}: the {piece} needs an orientation").format(
                    token=shown_back(token), piece=_(KIND_NAMES[kind])
                )
            )
        orientation = _orientation(kind, parts[3] if len(parts) == 4 else "", token)
        cells[sq] = make_piece(kind, COLOUR_LETTERS.index(colour_letter), orientation)
    return Position(tuple(cells), turn, turn_given)


def board_problems(board: Board, variant: str) -> list[str]:
    """What makes `board` impossible in `variant` (any position, not only a start): pieces of the
    other edition, Pharaoh and Sphinx counts and places, more pieces than the box holds."""
    problems: list[str] = []
    kinds = KHET2_KINDS if variant == "khet2" else HORUS_KINDS
    box = BOX[variant]
    counts: Counter[tuple[int, int]] = Counter()
    foreign: set[str] = set()
    for sq in SQUARES:
        piece = board[sq]
        if not piece:
            continue
        kind, colour = kind_of(piece), colour_of(piece)
        if kind not in kinds:
            foreign.add(_(KIND_NAMES[kind]))
            continue
        counts[colour, kind] += stack_height(piece)
        if kind == SPHINX and sq != SPHINX_HOME[colour]:
            problems.append(
                _("the {colour} Sphinx must stand on {home}, not {square}").format(
                    colour=_(COLOUR_NAMES[colour]),
                    home=square_name(SPHINX_HOME[colour]),
                    square=square_name(sq),
                )
            )
        elif kind == SPHINX and (piece >> 1) & 3 not in SPHINX_DIRECTIONS[colour]:
            first, second = (DIRECTION_NAMES[d] for d in SPHINX_DIRECTIONS[colour])
            legal = _("{a} or {b}").format(a=first, b=second)
            problems.append(
                _("the {colour} Sphinx must fire onto the board: {legal}").format(
                    colour=_(COLOUR_NAMES[colour]), legal=legal
                )
            )
    if foreign:
        problems.append(
            _("{pieces}: not a piece of {edition}").format(
                pieces=", ".join(sorted(foreign)), edition=_(EDITION_NAMES[variant])
            )
        )
    for colour in (SILVER, RED):
        name = _(COLOUR_NAMES[colour])
        if counts[colour, PHARAOH] != 1:
            problems.append(
                _("{colour} needs exactly one Pharaoh (found {n})").format(
                    colour=name, n=counts[colour, PHARAOH]
                )
            )
        if variant == "khet2" and counts[colour, SPHINX] != 1:
            problems.append(
                _("{colour} needs its Sphinx on {home}").format(
                    colour=name, home=square_name(SPHINX_HOME[colour])
                )
            )
        for kind, most in box.items():
            if kind not in (PHARAOH, SPHINX) and counts[colour, kind] > most:
                problems.append(
                    _("{colour} has {n} × {piece}; the box holds {most}").format(
                        colour=name, n=counts[colour, kind], piece=_(KIND_NAMES[kind]), most=most
                    )
                )
    return problems


def setup_problems(board: Board, variant: str) -> list[str]:
    """`board_problems` plus what only a start position must respect: no piece on a square
    reserved for its opponent."""
    problems = board_problems(board, variant)
    for sq in SQUARES:
        piece = board[sq]
        if piece and sq in RESERVED_FOR[1 - colour_of(piece)]:
            problems.append(
                _("the {piece} on {square} stands on a square reserved for {other}").format(
                    piece=piece_name(piece),
                    square=square_name(sq),
                    other=_(COLOUR_NAMES[1 - colour_of(piece)]),
                )
            )
    return problems


def parse_position(text: str, variant: str | None) -> Position:
    """Read a position and check it can occur in `variant` (None: decided by its pieces, Khet 2.0
    when they fit both editions). Raises NotationError listing every problem."""
    position = parse_tokens(text)
    edition = variant or edition_of(position.board) or "khet2"
    problems = board_problems(position.board, edition)
    if problems:
        raise NotationError(_("; ").join(problems))
    return position


def parse_setup(text: str, variant: str | None) -> Position:
    """Read a setup (a start position, Silver to move) for `variant` (None: decided by its pieces)
    and check every setup rule; NotationError listing every problem otherwise."""
    position = parse_tokens(text)
    found = edition_of(position.board)
    if variant is not None and found is not None and found != variant:
        raise NotationError(
            _("this setup is for {edition}; choose the variant {variant}").format(
                edition=_(EDITION_NAMES[found]), variant=found
            )
        )
    edition = variant or found or "khet2"
    problems = setup_problems(position.board, edition)
    if position.turn_given and position.turn != SILVER:
        problems.append(_("a setup starts with Silver to move (leave out turn:R)"))
    if problems:
        raise NotationError(_("; ").join(problems))
    return position


# ----- writing --------------------------------------------------------------------------------
def piece_token(piece: int, sq: int) -> str:
    parts = [COLOUR_LETTERS[colour_of(piece)], KIND_LETTERS[kind_of(piece)], square_name(sq)]
    orientation = orientation_name(piece)
    if orientation:
        parts.append(orientation)
    return ":".join(parts)


def format_position(board: Board, turn: int | None = None, per_line: int = 0) -> str:
    """Silver's pieces then Red's, each rank by rank from a1; `turn` appended when given.
    `per_line` > 0 breaks the list into lines of that many tokens (for files)."""
    tokens = [
        piece_token(board[sq], sq)
        for colour in (SILVER, RED)
        for sq in SQUARES
        if board[sq] and colour_of(board[sq]) == colour
    ]
    if turn is not None:
        tokens.append(f"turn:{COLOUR_LETTERS[turn]}")
    if per_line > 0:
        return "\n".join(" ".join(tokens[i : i + per_line]) for i in range(0, len(tokens), per_line))
    return " ".join(tokens)
