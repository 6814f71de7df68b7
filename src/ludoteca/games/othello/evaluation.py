"""A hand-tuned Othello evaluation on bitboards, from the side to move's point of view.

Terms: mobility (moves now), potential mobility (frontier discs: own discs touching an empty
square are liabilities), corners, X and C squares next to an empty corner, edge discs anchored
on an own corner (they can never flip), and late in the game parity and the disc count.
Units: roughly a tenth of a disc; only the order of values matters to the search.
"""

from __future__ import annotations

from typing import Final

from ludoteca.games.othello.bitboard import CORNERS, EDGES, FULL, NOT_A, NOT_H, Bitboard, legal_moves

_A1, _H1, _A8, _H8 = 0, 7, 56, 63

#: the X square (diagonal neighbour) and C squares (edge neighbours) of each corner
_X_OF: Final = {_A1: 9, _H1: 14, _A8: 49, _H8: 54}
_C_OF: Final = {_A1: (1, 8), _H1: (6, 15), _A8: (48, 57), _H8: (55, 62)}


def _danger_masks() -> tuple[tuple[Bitboard, Bitboard], ...]:
    """For each of the 16 sets of empty corners: (X squares, C squares) next to an empty corner."""
    corners = (_A1, _H1, _A8, _H8)
    out = []
    for pattern in range(16):
        x_mask = c_mask = 0
        for i, corner in enumerate(corners):
            if pattern >> i & 1:
                x_mask |= 1 << _X_OF[corner]
                for c in _C_OF[corner]:
                    c_mask |= 1 << c
        out.append((x_mask, c_mask))
    return tuple(out)


DANGER: Final = _danger_masks()

# weights
W_MOBILITY: Final = 12
W_FRONTIER: Final = 6
W_CORNER: Final = 90
W_X: Final = 45
W_C: Final = 14
W_STABLE: Final = 18
W_PARITY: Final = 12


def corner_pattern(empty: Bitboard) -> int:
    return (empty & 1) | (empty >> 6 & 2) | (empty >> 54 & 4) | (empty >> 60 & 8)


def anchored(discs: Bitboard) -> Bitboard:
    """Edge discs joined to an own corner by an unbroken line of own discs along the edge:
    such discs can never be flipped again."""
    edge = discs & EDGES
    stable = edge & CORNERS
    if not stable:
        return 0
    while True:
        grown = stable | (
            edge & (((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H) | (stable << 8) | (stable >> 8))
        )
        grown &= FULL
        if grown == stable:
            return stable
        stable = grown


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """The value of the position for `p`, the side to move (bigger is better for `p`)."""
    occupied = p | o
    empty = ~occupied & FULL
    empties = 64 - occupied.bit_count()
    mp = legal_moves(p, o).bit_count()
    mo = legal_moves(o, p).bit_count()
    score = W_MOBILITY * (mp - mo)
    # frontier: own discs next to an empty square give the opponent moves later
    east = (empty << 1) & NOT_A
    west = (empty >> 1) & NOT_H
    row = empty | east | west
    near_empty = (row << 8) | (row >> 8) | east | west
    score += W_FRONTIER * ((o & near_empty).bit_count() - (p & near_empty).bit_count())
    if occupied & CORNERS:
        score += W_CORNER * ((p & CORNERS).bit_count() - (o & CORNERS).bit_count())
        score += W_STABLE * (anchored(p).bit_count() - anchored(o).bit_count())
    x_mask, c_mask = DANGER[corner_pattern(empty)]
    score -= W_X * ((p & x_mask).bit_count() - (o & x_mask).bit_count())
    score -= W_C * ((p & c_mask).bit_count() - (o & c_mask).bit_count())
    if empties <= 20:
        # the last move of a region (and of the game) tends to go to the side with parity
        if empties & 1:
            score += W_PARITY
        score += (20 - empties) * (p.bit_count() - o.bit_count()) // 2
    return score
