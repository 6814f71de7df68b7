"""What the computer thinks of a position: material, what each laser would do now, how close each
Pharaoh is to being lit.

Everything a beam contributes is summarised in a `Shot` (traced by `laser.shoot`): the squares it
lights (a bit mask, so "does this move touch the beam?" is one AND) and the squares it would
destroy. A move that touches neither side's mask leaves both shots exactly as they were, which is
what makes the search cheap: most moves reuse their parent's shots instead of tracing again.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    OBELISK,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SIZE,
    SQUARE_SET,
    SQUARES,
    STEP,
    WIDTH,
    Board,
    Square,
)
from ludoteca.games.khet.laser import DESTROYED, INTERACTION, Shot, shoot

#: a piece's worth (per Obelisk level); the mirrors that cannot be destroyed are worth nothing here
VALUE: Final = tuple(
    {PYRAMID: 100, ANUBIS: 90, OBELISK: 60}.get(code >> 3, 0)
    * ((((code >> 1) & 3) + 1) if code >> 3 == OBELISK else 1)
    if 0 < code < 127
    else 0
    for code in range(128)
)
#: what a piece counts for as a target of `potential`: its value, and more for a Pharaoh
TARGETS: Final = tuple(150 if 0 < code < 127 and code >> 3 == PHARAOH else VALUE[code] for code in range(128))
#: about the material of both sides at the start (for the trading term)
FULL_MATERIAL: Final = 1800
#: a position where the side to move's beam already strikes the other Pharaoh: it wins next move
THREAT_WIN: Final = 20_000


#: for each axis a beam travels on (0: N/S, 1: E/W), the two ways a mirror could turn it: (step, direction)
_ACROSS: Final = (((STEP[1], 1), (STEP[3], 3)), ((STEP[0], 0), (STEP[2], 2)))


def _ring(sq: int, radius: int) -> tuple[int, ...]:
    """The real squares exactly `radius` king steps from `sq`."""
    if not 0 <= sq < SIZE:
        return ()
    f, r = sq % WIDTH, sq // WIDTH
    return tuple(t for t in SQUARES if max(abs(t % WIDTH - f), abs(t // WIDTH - r)) == radius)


#: RINGS[sq]: the squares one and two king steps away (where a mirror could come from)
RINGS: Final = tuple((_ring(sq, 1), _ring(sq, 2)) for sq in range(SIZE))
#: NEARBY[sq]: a mask of both rings and `sq` itself
NEARBY: Final = tuple(
    (1 << sq) | sum(1 << t for t in RINGS[sq][0] + RINGS[sq][1]) if sq in SQUARES else 0 for sq in range(SIZE)
)
_MIRRORS: Final = frozenset({PYRAMID, SCARAB, DJED, EYE})
#: MIRROR_OF[colour][piece]: is `piece` a mirror of `colour` (one that could turn a beam)?
MIRROR_OF: Final = tuple(
    tuple(0 < p < 127 and p & 1 == colour and p >> 3 in _MIRRORS for p in range(128)) for colour in (0, 1)
)


def _lines(sq: int, axis: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """From `sq`, the two lines a mirror could turn a beam travelling on `axis` into: each a tuple
    of (square, mask of the line up to that square) ending on the frame, and its direction."""
    out = []
    for delta, direction in _ACROSS[axis]:
        steps = []
        mask = 0
        t = sq + delta
        while 0 <= t < SIZE:
            mask |= 1 << t
            steps.append((t, mask))
            if t not in SQUARE_SET:
                break
            t += delta
        out.append((tuple(steps), direction))
    return tuple(out)


#: LINES[axis][sq]: see `_lines` (only for real squares)
LINES: Final = tuple(
    tuple(_lines(sq, axis) if sq in SQUARE_SET else () for sq in range(SIZE)) for axis in (0, 1)
)


def potential(board: Board | list[int], shot: Shot, attacker: int) -> tuple[int, int]:
    """What one more mirror could bring within the attacker's beam, and the squares read.

    For every empty square the beam crosses, the first piece along each perpendicular line counts
    (`TARGETS`) when it is the opponent's and the beam would destroy it from there: a mirror on that
    square would strike it. It counts four times when one of the attacker's mirrors stands next to
    that square, twice when one stands two steps away, once otherwise, so bringing a mirror nearer
    shows. The second number is the mask of the squares read (a move elsewhere changes nothing)."""
    table = INTERACTION
    targets = TARGETS
    mirror = MIRROR_OF[attacker]
    rings = RINGS
    lines = LINES
    total = 0
    zone = 0
    for code in shot.path:
        sq = code >> 1
        for line, e in lines[code & 1][sq]:
            for t, reach in line:
                q = board[t]
                if q:
                    zone |= reach
                    break
            if q & 1 != attacker and table[q << 2 | e] == DESTROYED:
                near, far = rings[sq]
                zone |= NEARBY[sq]
                if any(mirror[board[n]] for n in near):
                    total += 4 * targets[q]
                elif any(mirror[board[n]] for n in far):
                    total += 2 * targets[q]
                else:
                    total += targets[q]
    return total, zone


def material(board: Board | list[int]) -> tuple[int, int]:
    """Silver's and Red's material."""
    totals = [0, 0]
    for sq in SQUARES:
        p = board[sq]
        if p:
            totals[p & 1] += VALUE[p]
    return totals[0], totals[1]


def pack(silver: int, red: int) -> int:
    """Both sides' material in one int (Silver's << 12 | Red's), cheap to carry through a search."""
    return silver << 12 | red


def pharaoh_square(board: Board | list[int], colour: int) -> Square | None:
    try:
        return board.index(PHARAOH << 3 | colour)
    except ValueError:
        return None


_KING_STEPS: Final = (11, 12, 1, -10, -11, -12, -1, 10)


def pharaoh_zone(board: Board | list[int], pharaoh: Square | None) -> int:
    """The squares the Pharaoh terms read: the Pharaoh, its eight neighbours, and its four lines up
    to and including the first piece on each."""
    if pharaoh is None:
        return 0
    mask = 1 << pharaoh
    for delta in _KING_STEPS:
        mask |= 1 << (pharaoh + delta)
    for delta in STEP:
        sq = pharaoh + delta
        while not board[sq]:
            mask |= 1 << sq
            sq += delta
        mask |= 1 << sq
    return mask


def exposure(board: Board | list[int], pharaoh: Square | None, attacker_mask: int) -> int:
    """How open a Pharaoh is to the attacker's beam: every empty square on a line from the Pharaoh
    that the beam crosses is a square where one well-turned mirror would bring the beam home."""
    if pharaoh is None:
        return 0
    count = 0
    for delta in STEP:
        sq = pharaoh + delta
        while not board[sq]:
            if attacker_mask >> sq & 1:
                count += 1
            sq += delta
    return count


def _distance(a: Square, b: Square) -> int:
    return max(abs(a % 11 - b % 11), abs(a // 11 - b // 11))


#: DISTANCE[a * SIZE + b]: how many king steps apart two squares are
DISTANCE: Final = tuple(_distance(a, b) for a in range(SIZE) for b in range(SIZE))


def closeness(shot: Shot, pharaoh: Square | None, scale: tuple[int, ...]) -> int:
    """How near the beam passes to a Pharaoh: `scale[d]` for the nearest lit empty square, `d`
    king steps away (0 when the beam keeps far away)."""
    if pharaoh is None or not shot.path:
        return 0
    nearest = 9
    base = pharaoh
    distance = DISTANCE
    for code in shot.path:
        d = distance[(code >> 1) * SIZE + base]
        if d < nearest:
            nearest = d
    return scale[nearest] if nearest < len(scale) else 0


class Weights(NamedTuple):
    """How much each feature counts (hundredths of a Pyramid)."""

    #: a piece the side to move's beam would destroy right now: almost taken
    own_threat: float = 0.8
    #: a piece of the side to move the other beam would destroy: it must parry
    their_threat: float = 0.35
    #: the other beam would strike the side to move's Pharaoh next turn
    pharaoh_attacked: int = 250
    #: own pieces in one's own beam's way (the beam destroys them unless moved)
    self_damage: float = 0.15
    #: times what one more mirror could bring within one's beam (see `potential`)
    potential: float = 0.04
    #: per square of a Pharaoh's open lines that the enemy beam crosses
    exposure: int = 0
    #: per own piece standing next to one's own Pharaoh (a shield)
    guard: int = 6
    #: how much more a material lead counts as the board empties (trading down when ahead)
    trade: float = 0.5
    #: for a beam passing 0, 1, 2 … squares from the other Pharaoh (see `closeness`)
    closeness: tuple[int, ...] = (0, 30, 18, 8, 3)


DEFAULT_WEIGHTS: Final = Weights()


def evaluate_position(
    board: Board | list[int],
    to_move: int,
    shots: tuple[Shot, Shot],
    packed: int,
    potentials: tuple[int, int],
    weights: Weights = DEFAULT_WEIGHTS,
) -> float:
    """The position's worth for the side to move; `packed` is both sides' material (`pack`),
    `potentials` each side's `potential`."""
    me, them = to_move, 1 - to_move
    silver, red = packed >> 12, packed & 4095
    lead = silver - red if me == 0 else red - silver
    score: float = lead * (1.0 + weights.trade * (1.0 - (silver + red) / FULL_MATERIAL))
    mine, theirs = shots[me], shots[them]
    for sq in mine.destroyed:
        p = board[sq]
        if p & 1 == them:
            if p >> 3 == PHARAOH:
                return THREAT_WIN
            score += weights.own_threat * VALUE[p]
        else:
            score -= weights.self_damage * VALUE[p]
    for sq in theirs.destroyed:
        p = board[sq]
        if p & 1 == me:
            score -= weights.pharaoh_attacked if p >> 3 == PHARAOH else weights.their_threat * VALUE[p]
        else:
            score += weights.self_damage * VALUE[p]
    if weights.potential:
        score += weights.potential * (potentials[me] - potentials[them])
    my_king, their_king = pharaoh_square(board, me), pharaoh_square(board, them)
    if weights.exposure:
        score += weights.exposure * (
            exposure(board, their_king, mine.mask) - exposure(board, my_king, theirs.mask)
        )
    if weights.guard:
        score += weights.guard * (_guards(board, my_king, me) - _guards(board, their_king, them))
    if weights.closeness:
        scale = weights.closeness
        score += closeness(mine, their_king, scale) - closeness(theirs, my_king, scale)
    return score


def _guards(board: Board | list[int], pharaoh: Square | None, colour: int) -> int:
    if pharaoh is None:
        return 0
    count = 0
    for delta in _KING_STEPS:
        p = board[pharaoh + delta]
        if p and p != 127 and p & 1 == colour:
            count += 1
    return count


def evaluate_board(board: Board, to_move: int, horus: bool, seat: int) -> float:
    """The generic entry point (`Game.evaluate`): the worth of `board` for `seat`."""
    shots = (shoot(board, 0, horus), shoot(board, 1, horus))
    potentials = (potential(board, shots[0], 0)[0], potential(board, shots[1], 1)[0])
    value = evaluate_position(board, to_move, shots, pack(*material(board)), potentials)
    return value if seat == to_move else -value
