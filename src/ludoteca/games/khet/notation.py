"""Move notation (``h2g3`` step or swap or stacking, ``h2+``/``h2-`` turn, ``d1^d2`` unstack) and the
sentences that say why a move is not legal."""

from __future__ import annotations

import re
from typing import Final

from ludoteca.core.errors import NotationError
from ludoteca.games.khet.board import (
    NEIGHBOURS,
    OBELISK,
    PHARAOH,
    RESERVED_FOR,
    SPHINX,
    TWO_WAY_KINDS,
    Board,
    colour_of,
    kind_of,
    orientation_of,
    parse_square,
    square_name,
    stack_height,
)
from ludoteca.games.khet.describe import compass
from ludoteca.games.khet.moves import (
    MOVE,
    PASS,
    PASS_MOVE,
    TURN_CCW,
    TURN_CW,
    TURNED_CCW,
    TURNED_CW,
    UNSTACK,
    Move,
    make_move,
    move_kind,
    move_source,
    move_target,
    sphinx_turn,
    swaps_with,
)
from ludoteca.games.khet.position import COLOUR_NAMES, piece_name
from ludoteca.i18n import N_, _

_TURN: Final = re.compile(r"^([a-j][1-8])\s*([+-])$")
_MOVE: Final = re.compile(r"^([a-j][1-8])\s*(\^)?\s*[-x]?\s*([a-j][1-8])$")
_HELP: Final = N_("write a step or swap as h2g3, a quarter turn as h2+ (clockwise) or h2- (anticlockwise)")


def format_move(move: Move) -> str:
    kind = move_kind(move)
    if kind == PASS:
        return "pass"
    source = square_name(move_source(move))
    if kind == TURN_CW:
        return source + "+"
    if kind == TURN_CCW:
        return source + "-"
    target = square_name(move_target(move))
    return f"{source}^{target}" if kind == UNSTACK else source + target


def parse_move(board: Board, text: str) -> Move:
    """Read a move. A Scarab, Djed or Eye turn may be typed with + or - (both give the same result);
    the Sphinx's turn must name its direction."""
    cleaned = text.strip().lower()
    if cleaned == "pass":
        return PASS_MOVE
    turn = _TURN.match(cleaned)
    if turn:
        sq = parse_square(turn[1])
        assert sq is not None
        if kind_of(board[sq]) in TWO_WAY_KINDS:
            return make_move(TURN_CW, sq)
        return make_move(TURN_CW if turn[2] == "+" else TURN_CCW, sq)
    step = _MOVE.match(cleaned)
    if step:
        source, target = parse_square(step[1]), parse_square(step[3])
        assert source is not None and target is not None
        return make_move(UNSTACK if step[2] else MOVE, source, target)
    raise NotationError(
        _("'{text}' is not a Khet move: {help}, an unstacking as d1^d2").format(
            text=text.strip(), help=_(_HELP)
        )
    )


def illegal_reason(board: Board, colour: int, move: Move) -> str:
    """A sentence saying why `move`, which is not legal here, cannot be played by `colour`."""
    kind = move_kind(move)
    if kind == PASS:
        return _("passing is not allowed: move or turn one of your pieces")
    source, target = move_source(move), move_target(move)
    piece = board[source]
    where = square_name(source)
    if not piece:
        return _("there is no piece on {square}").format(square=where)
    if colour_of(piece) != colour:
        return _("the {piece} on {square} is not yours").format(piece=piece_name(piece), square=where)
    what = piece_name(piece)
    if kind in (TURN_CW, TURN_CCW):
        if kind_of(piece) == PHARAOH:
            return _("a Pharaoh never turns")
        if kind_of(piece) == OBELISK:
            return _("an Obelisk never turns")
        if kind_of(piece) == SPHINX:
            wanted = sphinx_turn(piece)
            facing = TURNED_CW[piece] if wanted == TURN_CW else TURNED_CCW[piece]
            return _("the Sphinx on {square} can only turn to fire {direction}: {move}").format(
                square=where,
                direction=compass(orientation_of(facing)),
                move=where + ("+" if wanted == TURN_CW else "-"),
            )
        return _("a {piece} has one turn, written {move}").format(piece=what, move=where + "+")
    there = square_name(target)
    if kind_of(piece) == SPHINX:
        return _("a Sphinx never moves; it can only turn")
    if target - source not in NEIGHBOURS:
        return _("squares {a} and {b} are not neighbours: a piece moves one square").format(a=where, b=there)
    occupant = board[target]
    if kind == UNSTACK and stack_height(piece) < 2:
        return _("only a stack of two Obelisks can move its top alone (d1^d2)")
    if target in RESERVED_FOR[1 - colour]:
        return _("square {square} is reserved for {other}").format(
            square=there, other=_(COLOUR_NAMES[1 - colour])
        )
    if occupant:
        if kind == UNSTACK:
            return _("square {square} is occupied").format(square=there)
        if kind_of(piece) in TWO_WAY_KINDS and not swaps_with(piece, occupant):
            return _("a {piece} cannot swap with the {other} on {square}").format(
                piece=what, other=piece_name(occupant), square=there
            )
        if kind_of(piece) == OBELISK and kind_of(occupant) == OBELISK:
            return _("only two single Obelisks of the same colour can be stacked")
        return _("square {square} is occupied by the {other}").format(
            square=there, other=piece_name(occupant)
        )
    return _("the move {move} is not legal here").format(move=format_move(move))
