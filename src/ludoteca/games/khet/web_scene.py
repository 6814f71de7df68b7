"""Khet in the web client: the scene `web/draw.js` draws, both editions.

The page runs no rules, so everything it offers is read here from the rules' own legal moves: for
each piece the side to move can move or turn, the squares it may go to (and what going there does:
a step, a swap, stacking Obelisks, or moving only the top of a stack) and its quarter turns, each
with the move's text in Khet notation, which is what a click sends. The last shot comes from the
`Beam` the rules recorded, through `beam_path` (the polylines and ticks the window animates), so the
page draws the same light the window does.

Cells are (column, row) with column 0 = file a and row 0 = rank 8 (the top, from Silver's side);
the page turns the board round for Red. Pieces are written with the position format's letters
(K X P S A O D E) and a drawing angle in degrees clockwise from each shape's rest position: a
Pyramid's mirror facing NE, an Anubis or a Sphinx facing N, a two-way mirror lying like `/`.
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.core.game import Seat
from ludoteca.games.khet.beam_path import beam_path, cell_of
from ludoteca.games.khet.board import (
    ANUBIS,
    KIND_LETTERS,
    LASER_DIRECTION,
    LASER_HOUSING,
    PYRAMID,
    RED,
    RESERVED_FOR,
    SILVER,
    SPHINX,
    SQUARES,
    TWO_WAY_KINDS,
    Piece,
    Square,
    colour_of,
    kind_of,
    orientation_of,
    square_name,
    stack_height,
)
from ludoteca.games.khet.game import KhetGame
from ludoteca.games.khet.moves import (
    MOVE,
    PASS,
    TURN_CCW,
    TURN_CW,
    UNSTACK,
    move_kind,
    move_source,
    move_target,
)
from ludoteca.games.khet.notation import format_move
from ludoteca.games.khet.picking import STEP, SWAP, what_it_does
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import N_

#: the words only the page says (its other words are the rules' own: piece and colour names,
#: "Top Obelisk only", "Pass"…), so that the catalogues carry them to /words/<lang>.json
WORDS: Final = (
    N_("Choose one of your pieces ({colour}) to move or turn it."),
    N_("Choose a lit square to move there, or turn the piece."),
    N_("Choose a lit square to move there."),
    N_("Choose a ringed square to move the top Obelisk there."),
    N_("This piece can only turn."),
    N_("No piece can move or turn: pass."),
    N_("Turn anticlockwise"),
    N_("Turn clockwise"),
    N_("{colour}'s laser"),
)


def scene(game: KhetGame, view: KhetState, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """What the page draws for `seat`; the choices only when `seat` is the one to move."""
    moving = seat is not None and seat == to_move and view.end is None
    legal = list(game.legal_moves(view)) if moving else []
    return {
        "form": "khet",
        "edition": view.variant,
        "pieces": [_piece(view.board[sq], sq) for sq in SQUARES if view.board[sq]],
        "reserved": [[*cell_of(sq), side] for side in (SILVER, RED) for sq in sorted(RESERVED_FOR[side])],
        "lasers": [_housing(side) for side in (SILVER, RED)] if view.horus else [],
        "last": _last(view),
        "beam": _beam(view),
        "choices": _choices(view, legal),
        "pass": next((format_move(m) for m in legal if move_kind(m) == PASS), None),
        "legal": [format_move(m) for m in legal],
        "can_claim_draw": moving and game.can_claim_draw(view),
    }


def _angle(piece: Piece) -> int:
    kind, orientation = kind_of(piece), orientation_of(piece)
    if kind in (PYRAMID, ANUBIS, SPHINX):
        return 90 * orientation
    if kind in TWO_WAY_KINDS:
        return 90 * (orientation & 1)
    return 0


def _piece(piece: Piece, sq: Square) -> list[Any]:
    """[column, row, letter, side, angle, height]"""
    return [*cell_of(sq), KIND_LETTERS[kind_of(piece)], colour_of(piece), _angle(piece), stack_height(piece)]


def _housing(side: int) -> list[int]:
    """A fixed laser off the board: [column, row, side, angle it fires at (0 = up the screen)]."""
    return [*cell_of(LASER_HOUSING[side]), side, 90 * LASER_DIRECTION[side]]


def _last(view: KhetState) -> dict[str, Any] | None:
    move = view.last_move
    if move is None or move_kind(move) == PASS:
        return None
    kind, source, target = move_kind(move), move_source(move), move_target(move)
    if kind in (TURN_CW, TURN_CCW):
        how = "cw" if kind == TURN_CW else "ccw"
    elif kind == UNSTACK:
        how = "unstack"
    else:
        # the piece now on the source square came the other way (unless the shot took it)
        how = SWAP if view.board[source] else STEP
    return {"move": format_move(move), "from": list(cell_of(source)), "to": list(cell_of(target)), "how": how}


def _beam(view: KhetState) -> dict[str, Any] | None:
    if view.beam is None:
        return None
    path = beam_path(view.beam)
    return {
        "side": path.colour,
        "branches": [
            {
                "points": [[round(c.x, 3), round(c.y, 3), round(c.tick, 3)] for c in branch.corners],
                "end": branch.ending,
            }
            for branch in path.branches
        ],
        # each piece the shot removed, as it stood, and when the light reached it
        "removed": [[*_piece(burst.piece, burst.square), burst.tick] for burst in path.bursts],
    }


def _choices(view: KhetState, legal: list[int]) -> list[dict[str, Any]]:
    """Per piece that can move or turn: where it may go (`to`, and `top` for the top Obelisk of a
    stack alone) and its turns. A two-way mirror has one turn, offered both ways as the window does."""
    found: dict[Square, dict[str, Any]] = {}
    board = view.board
    for move in legal:
        kind = move_kind(move)
        if kind == PASS:
            continue
        source, target = move_source(move), move_target(move)
        entry = found.setdefault(
            source,
            {
                "at": list(cell_of(source)),
                "square": square_name(source),
                "to": [],
                "top": [],
                "cw": None,
                "ccw": None,
            },
        )
        text = format_move(move)
        if kind == MOVE:
            entry["to"].append([*cell_of(target), text, what_it_does(board, move)])
        elif kind == UNSTACK:
            entry["top"].append([*cell_of(target), text])
        else:
            entry["cw" if kind == TURN_CW else "ccw"] = text
    for source, entry in found.items():
        if kind_of(board[source]) in TWO_WAY_KINDS:
            entry["cw"] = entry["ccw"] = entry["cw"] or entry["ccw"]
    return [found[sq] for sq in sorted(found)]
