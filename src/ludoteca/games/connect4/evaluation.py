"""Heuristic values of Connect Four and Cascade positions, for depth-limited search.

Classic: a threat is an empty cell that would complete four. Threats decide most games, and their
row matters: the first player (Yellow) is helped by threats on odd rows (1, 3, 5 counted from the
bottom), the second player by threats on even rows, because of who is forced to fill each row when
the board runs out of other moves. Discs near the centre take part in more lines.

Cascade: points already scored dominate; threats are points waiting to be taken.
"""

from __future__ import annotations

from ludoteca.games.connect4.bitboard import BOTTOM_ALL, COLUMN, STRIDE, threats

#: rows 1, 3, 5 (0-based 0, 2, 4) of every column
_ODD_ROWS = sum(0b10101 << (c * STRIDE) for c in range(7))
_EVEN_ROWS = sum(0b101010 << (c * STRIDE) for c in range(7))
#: the rows a seat wants its threats on: index 0 = first player
GOOD_ROWS = (_ODD_ROWS, _EVEN_ROWS)
_CENTRE = COLUMN[3]
_NEAR_CENTRE = COLUMN[2] | COLUMN[4]

#: a value meaning "won" for the heuristic scales below (search scores stay well inside it)
DECIDED = 10_000


def classic_value(mine: int, theirs: int, mask: int, mine_first: bool, mine_to_move: bool) -> int:
    """How good the grid is for the owner of `mine` (bigger is better); the game is not over."""
    playable = (mask + BOTTOM_ALL) & ~mask
    my_threats = threats(mine, mask)
    their_threats = threats(theirs, mask)
    if mine_to_move:
        if my_threats & playable:
            return DECIDED // 2
        forced = their_threats & playable
        if forced & (forced - 1):
            return -DECIDED // 2
    else:
        if their_threats & playable:
            return -DECIDED // 2
        forced = my_threats & playable
        if forced & (forced - 1):
            return DECIDED // 2
    return static_value(mine, theirs, mask, mine_first, my_threats, their_threats)


def static_value(
    mine: int, theirs: int, mask: int, mine_first: bool, my_threats: int, their_threats: int
) -> int:
    """The quiet part of `classic_value`, when nobody can win at once (threats given, for speed)."""
    my_rows = GOOD_ROWS[0 if mine_first else 1]
    their_rows = GOOD_ROWS[1 if mine_first else 0]
    # a threat directly above one of the opponent's can never be reached first: it is worth little
    my_live = my_threats & ~(their_threats << 1)
    their_live = their_threats & ~(my_threats << 1)
    value = 6 * (my_live & my_rows).bit_count() + 3 * (my_live & ~my_rows).bit_count()
    value -= 6 * (their_live & their_rows).bit_count() + 3 * (their_live & ~their_rows).bit_count()
    value += 2 * ((mine & _CENTRE).bit_count() - (theirs & _CENTRE).bit_count())
    value += (mine & _NEAR_CENTRE).bit_count() - (theirs & _NEAR_CENTRE).bit_count()
    return value


def cascade_value(mine: int, theirs: int, mask: int, my_points: int, their_points: int) -> int:
    """Points first; then threats (a point each when played) and central discs."""
    my_threats = threats(mine, mask).bit_count()
    their_threats = threats(theirs, mask).bit_count()
    value = 100 * (my_points - their_points) + 8 * (my_threats - their_threats)
    value += 2 * ((mine & _CENTRE).bit_count() - (theirs & _CENTRE).bit_count())
    value += (mine & _NEAR_CENTRE).bit_count() - (theirs & _NEAR_CENTRE).bit_count()
    return value
