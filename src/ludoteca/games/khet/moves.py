"""Moves: their encoding, their generation and their effect on the pieces (before the laser fires).

A move is an int, ``source | target << 7 | kind << 14``, so move lists are cheap to build, compare
and hash in the search. `move_source`, `move_target` and `move_kind` read it back.

* MOVE: the piece (or whole Obelisk stack) on `source` goes to `target`. What that means depends on
  what stands there: an empty square (a step), a piece to swap with (Scarab, Djed, Eye), the mover's
  other Obelisk (stacking). Written ``h2g3``.
* TURN_CW / TURN_CCW: a quarter turn of the piece on `source` (`target` = `source`). Written ``h2+`` /
  ``h2-``. A Scarab, Djed or Eye has one turn only (TURN_CW); a Sphinx has one (the one that reaches
  its other legal direction).
* UNSTACK: only the top Obelisk of a stack goes to `target`. Written ``d1^d2``.
* PASS: only when no other move exists (possible in a bare-bones Eye of Horus setup).
"""

from __future__ import annotations

from typing import Final

from ludoteca.games.khet.board import (
    ALLOWED,
    ANUBIS,
    DJED,
    EYE,
    NEIGHBOURS,
    OBELISK,
    OFF,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SPHINX,
    SPHINX_DIRECTIONS,
    SQUARES,
    Board,
    Piece,
    Square,
    make_piece,
    rotated,
)

Move = int

MOVE, TURN_CW, TURN_CCW, UNSTACK, PASS = range(5)
PASS_MOVE: Final = PASS << 14


def make_move(kind: int, source: Square, target: Square | None = None) -> Move:
    return source | (source if target is None else target) << 7 | kind << 14


def move_source(move: Move) -> Square:
    return move & 127


def move_target(move: Move) -> Square:
    return (move >> 7) & 127


def move_kind(move: Move) -> int:
    return move >> 14


def _turned(clockwise: bool) -> tuple[int, ...]:
    """Every piece code turned a quarter turn (the empty square and the frame stay as they are)."""
    return tuple(rotated(p, clockwise) if 1 <= p >> 3 <= 8 else p for p in range(128))


TURNED_CW: Final = _turned(True)
TURNED_CCW: Final = _turned(False)


def sphinx_turn(piece: Piece) -> int:
    """The one turn a Sphinx has: the one that reaches its other legal direction."""
    colour, facing = piece & 1, (piece >> 1) & 3
    first, second = SPHINX_DIRECTIONS[colour]
    other = second if facing == first else first
    return TURN_CW if (facing + 1) & 3 == other else TURN_CCW


# What a piece may swap places with, per kind of the moving piece.
_SWAPS_WITH: Final = {
    SCARAB: frozenset({PYRAMID, ANUBIS}),
    DJED: frozenset({PYRAMID, OBELISK}),
    EYE: frozenset({PYRAMID, OBELISK}),
}


def swaps_with(mover: Piece, other: Piece) -> bool:
    """May `mover` swap places with `other` (either colour)?"""
    allowed = _SWAPS_WITH.get(mover >> 3)
    return allowed is not None and 0 < other != OFF and (other >> 3) in allowed


def generate(board: Board | list[int], colour: int) -> list[Move]:
    """Every legal move of `colour` (the same generator serves both editions: the pieces on the
    board decide which rules apply)."""
    moves: list[Move] = []
    add = moves.append
    allowed = ALLOWED[colour]
    single_obelisk = make_piece(OBELISK, colour, 0)
    for sq in SQUARES:
        p = board[sq]
        if not p or p & 1 != colour:
            continue
        kind = p >> 3
        if kind == SPHINX:
            add(sq | sq << 7 | sphinx_turn(p) << 14)
            continue
        for delta in NEIGHBOURS:
            to = sq + delta
            q = board[to]
            if not q:
                if allowed[to]:
                    add(sq | to << 7)
                    if p == single_obelisk + 2:  # a stack of two may also shed its top
                        add(sq | to << 7 | UNSTACK << 14)
            elif q != OFF and allowed[to]:
                if kind in _SWAPS_WITH:
                    if (q >> 3) in _SWAPS_WITH[kind]:
                        add(sq | to << 7)
                elif p == single_obelisk and q == single_obelisk:
                    add(sq | to << 7)
        if kind in (PYRAMID, ANUBIS):
            add(sq | sq << 7 | TURN_CW << 14)
            add(sq | sq << 7 | TURN_CCW << 14)
        elif kind != PHARAOH and kind != OBELISK:  # Scarab, Djed, Eye: one turn
            add(sq | sq << 7 | TURN_CW << 14)
    if not moves:
        moves.append(PASS_MOVE)
    return moves


def apply(cells: list[int], move: Move) -> None:
    """Carry out `move` on `cells` in place (legality is the caller's business)."""
    source, target, kind = move & 127, (move >> 7) & 127, move >> 14
    p = cells[source]
    if kind == MOVE:
        q = cells[target]
        if not q:
            cells[target], cells[source] = p, 0
        elif (p >> 3) == OBELISK and q == p:  # stacking the mover's two Obelisks
            cells[target], cells[source] = p + 2, 0
        else:
            cells[target], cells[source] = p, q
    elif kind == TURN_CW:
        cells[source] = TURNED_CW[p]
    elif kind == TURN_CCW:
        cells[source] = TURNED_CCW[p]
    elif kind == UNSTACK:
        cells[source], cells[target] = p - 2, p - 2
