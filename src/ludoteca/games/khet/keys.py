"""Zobrist keys of Khet positions, shared by the search's kernel and the players (who hand the
kernel the keys of a game's earlier positions), without importing the kernel itself."""

from __future__ import annotations

import random
from typing import Final

from ludoteca.games.khet.board import SIZE, Board

_source = random.Random(0x6B686574)  # fixed: keys are the same in every run and in both forms
#: ZOBRIST[piece * SIZE + square]
ZOBRIST: Final = tuple(_source.getrandbits(64) for _ in range(128 * SIZE))
#: XORed in when Red is to move
SIDE_KEY: Final = _source.getrandbits(64)


def zobrist(board: Board | list[int], to_move: int) -> int:
    h = SIDE_KEY if to_move else 0
    for sq, p in enumerate(board):
        if 0 < p < 127:
            h ^= ZOBRIST[p * SIZE + sq]
    return h
