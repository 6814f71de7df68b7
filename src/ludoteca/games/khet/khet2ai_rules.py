"""Khet2-AI's own rules for a move, written from its source's description, so the referee of games
against it (`khet2ai.py`) can hold every move either side plays to both rule sets.

Ludoteca's rules (`moves.py`) and Khet2-AI's agree by design (the perft vectors agree to depth 4),
but a move the two engines judge differently would make a game mean nothing, silently: the engine
would search a position that is not the one on the board. This module is deliberately a second,
separate statement of the rules, in Khet2-AI's own terms, not a call into Ludoteca's generator:

* its board is 12 columns by 10 rows with a frame, files a–j in columns 1–10, ranks 1–8 in rows
  1–8; Silver may never enter file a, i1 or i8, Red never file j, b1 or b8;
* an Anubis or a Pyramid steps to an empty square in any of the eight directions or turns a
  quarter either way; a Scarab steps, or swaps with an Anubis or a Pyramid of either side, onto a
  square its side may enter, and turns clockwise only (its two turns give the same piece); a
  Pharaoh only steps, to an empty square; a Sphinx only turns, the one way that keeps it firing
  onto the board (Silver's turns anticlockwise from north, clockwise back; Red's anticlockwise
  from south, clockwise back);
* moves are written as Khet2-AI writes them: ``h2g3``, ``h2+`` (clockwise), ``h2-``.
"""

from __future__ import annotations

from typing import Final

from ludoteca.games.khet.board import (
    ANUBIS,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SPHINX,
    SQUARES,
    Board,
    colour_of,
    file_of,
    kind_of,
    orientation_of,
    rank_of,
)

COLUMNS: Final = 12
ROWS: Final = 10
FILES: Final = "XabcdefghijX"
#: the eight steps on its board
STEPS: Final = (COLUMNS, 1, -COLUMNS, -1, COLUMNS + 1, COLUMNS - 1, -COLUMNS + 1, -COLUMNS - 1)
#: its orientations: up, right, down, left (a Sphinx's are the way it fires)
UP, RIGHT, DOWN, LEFT = range(4)


def _cell(file: int, rank: int) -> int:
    """Its cell for `file` 1–10 and `rank` 1–8."""
    return rank * COLUMNS + file


def _enterable(colour: int) -> frozenset[int]:
    everything = {_cell(f, r) for f in range(1, 11) for r in range(1, 9)}
    if colour == 0:  # Silver: never file a, i1, i8
        barred = {_cell(1, r) for r in range(1, 9)} | {_cell(9, 1), _cell(9, 8)}
    else:  # Red: never file j, b1, b8
        barred = {_cell(10, r) for r in range(1, 9)} | {_cell(2, 1), _cell(2, 8)}
    return frozenset(everything - barred)


ENTERABLE: Final = (_enterable(0), _enterable(1))


def _name(cell: int) -> str:
    return f"{FILES[cell % COLUMNS]}{cell // COLUMNS}"


def _board(board: Board) -> dict[int, tuple[int, int, int]]:
    """The pieces on its board: cell → (owner, kind, orientation); Ludoteca's Anubis and Sphinx
    orientations are already its own (north, east, south, west)."""
    pieces = {}
    for sq in SQUARES:
        piece = board[sq]
        if piece:
            pieces[_cell(file_of(sq) + 1, rank_of(sq) + 1)] = (
                colour_of(piece),
                kind_of(piece),
                orientation_of(piece),
            )
    return pieces


def legal_moves(board: Board, colour: int) -> frozenset[str]:
    """Every move Khet2-AI's rules allow `colour` on `board` (a game still going), in its notation."""
    pieces = _board(board)
    enterable = ENTERABLE[colour]
    found: set[str] = set()
    for cell, (owner, kind, facing) in pieces.items():
        if owner != colour:
            continue
        here = _name(cell)
        if kind == SPHINX:
            turn_back = facing == (UP if colour == 0 else DOWN)
            found.add(here + ("-" if turn_back else "+"))
            continue
        for step in STEPS:
            target = cell + step
            if target not in enterable:
                continue
            other = pieces.get(target)
            if other is None or (kind == SCARAB and other[1] in (ANUBIS, PYRAMID)):
                found.add(here + _name(target))
        if kind in (ANUBIS, PYRAMID):
            found.update((here + "+", here + "-"))
        elif kind == SCARAB:
            found.add(here + "+")
        elif kind != PHARAOH:
            raise ValueError(f"Khet2-AI has no piece of kind {kind} (it plays Khet 2.0 only)")
    return frozenset(found)
