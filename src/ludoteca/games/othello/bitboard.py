"""Othello bitboards on Python ints: one 64-bit int per colour.

Square index = 8 * row + column, with a1 = 0 in the top-left corner, h1 = 7, a2 = 8 … h8 = 63 (rows
are numbered top to bottom). The same order is used by the position text, so character i of a
position string describes square i.

Everything here works on (player, opponent) pairs: the side to move and the other side. Nothing
allocates more than a few ints, so the search can call these functions millions of times.
"""

from __future__ import annotations

from typing import Final

Bitboard = int
Square = int

FULL: Final = (1 << 64) - 1
#: squares that are not on column a / column h (to stop shifts wrapping round a row)
NOT_A: Final = 0xFEFEFEFEFEFEFEFE
NOT_H: Final = 0x7F7F7F7F7F7F7F7F
#: opponent discs that can lie inside a horizontal or diagonal run (columns b–g)
INNER_COLS: Final = 0x7E7E7E7E7E7E7E7E
CORNERS: Final = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
#: the squares on the board's edge
EDGES: Final = 0xFF818181818181FF

COLUMNS: Final = "abcdefgh"

#: (dx, dy) for the eight directions, in the order used for the flip wave: east, south-east,
#: south, south-west, west, north-west, north, north-east (dy grows downwards, towards row 8)
DIRECTIONS: Final = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def empty_count(p: Bitboard, o: Bitboard) -> int:
    """How many squares neither side holds."""
    return 64 - (p | o).bit_count()


def square_name(square: Square) -> str:
    return f"{COLUMNS[square & 7]}{(square >> 3) + 1}"


def _ray(square: Square, dx: int, dy: int) -> tuple[Bitboard, ...]:
    x, y = square & 7, square >> 3
    out: list[Bitboard] = []
    x, y = x + dx, y + dy
    while 0 <= x < 8 and 0 <= y < 8:
        out.append(1 << (y * 8 + x))
        x, y = x + dx, y + dy
    return tuple(out)


#: RAYS[s] = the rays from s (nearest square first) long enough to flip something (≥ 2 squares),
#: in DIRECTIONS order; each ray is a tuple of one-bit ints
RAYS: Final[tuple[tuple[tuple[Bitboard, ...], ...], ...]] = tuple(
    tuple(ray for dx, dy in DIRECTIONS if len(ray := _ray(s, dx, dy)) >= 2) for s in range(64)
)

#: NEIGHBOURS[s] = the (up to eight) squares touching s
NEIGHBOURS: Final[tuple[Bitboard, ...]] = tuple(
    sum(ray[0] for dx, dy in DIRECTIONS if (ray := _ray(s, dx, dy))) for s in range(64)
)

BIT: Final[tuple[Bitboard, ...]] = tuple(1 << s for s in range(64))


def squares_of(bb: Bitboard) -> list[Square]:
    """The set squares of `bb`, lowest index first."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def legal_moves(p: Bitboard, o: Bitboard) -> Bitboard:
    """Every square where the player `p` may play against `o` (shift-and-mask, 8 directions).

    For each direction, the opponent discs reachable from a player's disc in a straight run are
    collected in six doubling steps; one more step beyond the run lands on a candidate square.
    Left shifts are not masked to 64 bits: the `& h`/`& o` and the final `& empty` cut them back.
    """
    empty = ~(p | o) & FULL
    h = o & INNER_COLS
    # east (+1) and west (-1)
    t = h & (p << 1)
    t |= h & (t << 1)
    t |= h & (t << 1)
    t |= h & (t << 1)
    t |= h & (t << 1)
    t |= h & (t << 1)
    moves = t << 1
    t = h & (p >> 1)
    t |= h & (t >> 1)
    t |= h & (t >> 1)
    t |= h & (t >> 1)
    t |= h & (t >> 1)
    t |= h & (t >> 1)
    moves |= t >> 1
    # south (+8) and north (-8)
    t = o & (p << 8)
    t |= o & (t << 8)
    t |= o & (t << 8)
    t |= o & (t << 8)
    t |= o & (t << 8)
    t |= o & (t << 8)
    moves |= t << 8
    t = o & (p >> 8)
    t |= o & (t >> 8)
    t |= o & (t >> 8)
    t |= o & (t >> 8)
    t |= o & (t >> 8)
    t |= o & (t >> 8)
    moves |= t >> 8
    # south-east (+9) and north-west (-9)
    t = h & (p << 9)
    t |= h & (t << 9)
    t |= h & (t << 9)
    t |= h & (t << 9)
    t |= h & (t << 9)
    t |= h & (t << 9)
    moves |= t << 9
    t = h & (p >> 9)
    t |= h & (t >> 9)
    t |= h & (t >> 9)
    t |= h & (t >> 9)
    t |= h & (t >> 9)
    t |= h & (t >> 9)
    moves |= t >> 9
    # south-west (+7) and north-east (-7)
    t = h & (p << 7)
    t |= h & (t << 7)
    t |= h & (t << 7)
    t |= h & (t << 7)
    t |= h & (t << 7)
    t |= h & (t << 7)
    moves |= t << 7
    t = h & (p >> 7)
    t |= h & (t >> 7)
    t |= h & (t >> 7)
    t |= h & (t >> 7)
    t |= h & (t >> 7)
    t |= h & (t >> 7)
    moves |= t >> 7
    return moves & empty


def flips(p: Bitboard, o: Bitboard, square: Square) -> Bitboard:
    """The opponent discs a disc of `p` placed on the empty `square` would flip (0: not legal)."""
    flipped = 0
    for ray in RAYS[square]:
        run = 0
        for bit in ray:
            if o & bit:
                run |= bit
            else:
                if p & bit:
                    flipped |= run
                break
    return flipped


def flips_in_order(p: Bitboard, o: Bitboard, square: Square) -> tuple[Square, ...]:
    """The flipped squares ordered outward: direction by direction (DIRECTIONS order), nearest
    first, so a front end can turn them over in a wave."""
    out: list[Square] = []
    for ray in RAYS[square]:
        run: list[Square] = []
        for bit in ray:
            if o & bit:
                run.append(bit.bit_length() - 1)
            else:
                if p & bit:
                    out.extend(run)
                break
    return tuple(out)
