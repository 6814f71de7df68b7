"""Othello in the web client: the scene `web/draw.js` draws.

The page runs no rules: the squares it offers are the rules' legal moves for the seat to move,
each with its text in the notation (`d3`), and the forced pass is offered as a button when it is
the only move. The last move comes with the discs it turned over, in the order the rules turned
them (direction by direction, nearest first), so the page can turn them in a wave from the new
disc as the window does.

Squares are [column, row], column 0 = a and row 0 = row 1 (the top, as the notation counts).
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.core.game import Seat
from ludoteca.games.othello.bitboard import COLUMNS, Square
from ludoteca.games.othello.game import BLACK, PASS, WHITE, OthelloGame, OthelloState
from ludoteca.i18n import N_

#: the words only the page says (its others are the rules' and the window's own: "Black",
#: "{name} to play: click a dotted square.", "{n} disc"…), so that the catalogues carry them to
#: /words/<lang>.json
WORDS: Final = (N_("Place a disc on {square}"),)

SIZE: Final = 8


def scene(game: OthelloGame, view: OthelloState, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """What the page draws for `seat`; the squares to play only when `seat` is to move."""
    moving = seat is not None and seat == to_move and game.to_move(view) == seat
    legal = list(game.legal_moves(view)) if moving else []
    discs = []
    for square in range(SIZE * SIZE):
        owner = _owner(view, square)
        if owner is not None:
            discs.append([*_cell(square), owner])
    return {
        "form": "othello",
        "size": SIZE,
        "files": list(COLUMNS),
        "ranks": [str(n) for n in range(1, SIZE + 1)],
        "discs": discs,
        "counts": list(view.counts()),
        "empties": view.empties,
        # [column, row, the move's text] for each square the seat to move may play
        "targets": [[*_cell(m), game.format_move(view, m)] for m in legal if m != PASS],
        "pass": game.format_move(view, PASS) if legal == [PASS] else None,
        "legal": [game.format_move(view, m) for m in legal],
        "last": _last(game, view),
        "can_claim_draw": moving and game.can_claim_draw(view),
    }


def _cell(square: Square) -> list[int]:
    return [square % SIZE, square // SIZE]


def _owner(view: OthelloState, square: Square) -> int | None:
    bit = 1 << square
    return BLACK if view.black & bit else WHITE if view.white & bit else None


def _last(game: OthelloGame, view: OthelloState) -> dict[str, Any] | None:
    last = view.last
    if last is None:
        return None
    return {
        "seat": last.seat,
        "move": game.format_move(view, PASS if last.square is None else last.square),
        "at": None if last.square is None else _cell(last.square),
        "flipped": [_cell(square) for square in last.flipped],
    }
