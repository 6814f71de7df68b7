"""One laser engine for both editions.

`INTERACTION[piece << 2 | direction]` says what a beam travelling in `direction` does on meeting
`piece`: a direction ≥ 0 (reflected that way), or one of ABSORBED, DESTROYED, SPLIT, LEFT. Every
rule about faces lives in that table, built once from the piece definitions below.

Two tracers read it:

* `trace` records everything (every segment of every branch, every piece met and what happened, what
  is removed afterwards) as a `Beam` value stored in the resulting state for front ends;
* `fire` only answers "which squares are destroyed", for the search, where speed matters.

Both follow the same rules (the tests check they agree): branches are traced on the board as it stood
before the shot, a destroyed piece stops every branch that reaches it and is removed afterwards, and
one set of (square, direction) for the whole shot ends any branch that enters a square in a direction
already lit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    LASER_DIRECTION,
    LASER_HOUSING,
    OBELISK,
    OFF,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SPHINX,
    SPHINX_HOME,
    STEP,
    Board,
    Piece,
    Square,
    kind_of,
    make_piece,
    orientation_of,
)

ABSORBED: Final = -1
DESTROYED: Final = -2
SPLIT: Final = -3
LEFT: Final = -4


def _slash(direction: int) -> int:
    """A beam meeting a `/` mirror: N↔E, S↔W."""
    return direction ^ 1


def _backslash(direction: int) -> int:
    """A beam meeting a `\\` mirror: N↔W, S↔E."""
    return 3 - direction


def _mirror(line: int, direction: int) -> int:
    return _slash(direction) if line == 0 else _backslash(direction)


def _interaction(piece: Piece, direction: int) -> int:
    kind, o = kind_of(piece), orientation_of(piece)
    struck = (direction + 2) & 3  # the side of the piece the beam hits
    if kind == PYRAMID:
        # mirrored sides: the corner's two sides; NE/SW mirrors lie like `\`, SE/NW like `/`
        if struck in (o, (o + 1) & 3):
            return _mirror(0 if o & 1 else 1, direction)
        return DESTROYED
    if kind in (SCARAB, DJED):
        return _mirror(o & 1, direction)
    if kind == EYE:
        return SPLIT
    if kind == ANUBIS:
        return ABSORBED if struck == o else DESTROYED
    if kind == SPHINX:
        return ABSORBED
    if kind in (PHARAOH, OBELISK):
        return DESTROYED
    raise ValueError(f"no piece {piece}")


def _build_table() -> tuple[int, ...]:
    table = [0] * (128 * 4)
    for direction in range(4):
        table[direction] = direction  # an empty square lets the beam through
        table[OFF << 2 | direction] = LEFT
    for kind in (PHARAOH, SPHINX, PYRAMID, SCARAB, ANUBIS, OBELISK, DJED, EYE):
        for orientation in range(4):
            for colour in (0, 1):
                piece = make_piece(kind, colour, orientation)
                for direction in range(4):
                    table[piece << 2 | direction] = _interaction(piece, direction)
    return tuple(table)


INTERACTION: Final = _build_table()
#: the reflected half of a split: the Eye reflects like a Djed of the same orientation
SPLIT_REFLECTION: Final = tuple(
    _mirror(orientation_of(code >> 2) & 1, code & 3) if (code >> 5) == EYE else -1 for code in range(128 * 4)
)


def laser_origin(colour: int, horus: bool, board: Board | list[int]) -> tuple[Square, int] | None:
    """Where `colour`'s beam starts and the direction it fires; None when it has no Sphinx."""
    if horus:
        return LASER_HOUSING[colour], LASER_DIRECTION[colour]
    home = SPHINX_HOME[colour]
    piece = board[home]
    if kind_of(piece) != SPHINX or piece & 1 != colour:
        return None
    return home, orientation_of(piece)


# ----- the fast tracer (search) ---------------------------------------------------------------
def fire(board: Board | list[int], origin: Square, direction: int) -> list[Square]:
    """The squares whose pieces the beam destroys (each once), without recording the path."""
    table = INTERACTION
    step = STEP
    sq, d = origin, direction
    while True:
        sq += step[d]
        p = board[sq]
        if p:
            t = table[p << 2 | d]
            if t >= 0:
                d = t
                continue
            if t == DESTROYED:
                return [sq]
            if t == SPLIT:
                return _fire_split(board, sq, d)
            return []


def _fire_split(board: Board | list[int], eye: Square, direction: int) -> list[Square]:
    """The rest of a shot whose beam just met an Eye of Horus on `eye` travelling `direction`.

    Away from an Eye a beam's path is reversible, so two branches can only merge (and a branch can
    only loop) right after an Eye: guarding the squares just after Eyes is enough.
    """
    table = INTERACTION
    step = STEP
    split = SPLIT_REFLECTION
    destroyed: list[Square] = []
    first = split[board[eye] << 2 | direction]
    pending = [(eye, first), (eye, direction)]
    seen = {(eye, first), (eye, direction)}
    while pending:
        sq, d = pending.pop()
        while True:
            sq += step[d]
            p = board[sq]
            if not p:
                continue
            t = table[p << 2 | d]
            if t >= 0:
                d = t
                continue
            if t == DESTROYED:
                if sq not in destroyed:
                    destroyed.append(sq)
            elif t == SPLIT:
                for out in (split[p << 2 | d], d):
                    if (sq, out) not in seen:
                        seen.add((sq, out))
                        pending.append((sq, out))
            break
    return destroyed


# ----- the full tracer (what front ends show) ---------------------------------------------------
REFLECTED: Final = "reflected"
SPLIT_EFFECT: Final = "split"
ABSORBED_EFFECT: Final = "absorbed"
DESTROYED_EFFECT: Final = "destroyed"
LEFT_EFFECT: Final = "left"
LOOP_EFFECT: Final = "loop"


@dataclass(frozen=True, slots=True)
class BeamEvent:
    """A branch meeting a piece (or leaving the board, or re-entering lit light)."""

    #: where it happened; None when the beam left the board
    square: Square | None
    #: the piece met as it stood before the shot (0 when the beam left the board)
    piece: Piece
    #: REFLECTED, SPLIT_EFFECT, ABSORBED_EFFECT, DESTROYED_EFFECT, LEFT_EFFECT or LOOP_EFFECT
    effect: str
    #: direction of travel on arrival
    arriving: int
    #: directions the light goes on in: one when reflected; reflected then straight on a split
    leaving: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class BeamSegment:
    """A straight leg of a branch: the squares it enters, in order, all in `direction`."""

    direction: int
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class BeamBranch:
    """One beam from its origin (the laser, or the Eye that split it) to where it ended."""

    #: the Sphinx, the laser housing (a frame square) or the splitting Eye
    origin: Square
    #: the branch this one split from (None for the laser's own beam)
    parent: int | None
    #: how many squares the light had crossed when this branch began (to animate branches together)
    delay: int
    segments: tuple[BeamSegment, ...]
    #: every piece met, in order; the last event says how the branch ended
    events: tuple[BeamEvent, ...]

    @property
    def end(self) -> BeamEvent:
        return self.events[-1]

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(sq for segment in self.segments for sq in segment.squares)


@dataclass(frozen=True, slots=True)
class Beam:
    """Everything one shot did: branches in order of creation, then what was removed."""

    colour: int
    origin: Square
    direction: int
    branches: tuple[BeamBranch, ...]
    #: (square, piece as it stood) of every piece destroyed, in the order first hit; for an
    #: Obelisk stack only its top is removed
    destroyed: tuple[tuple[Square, Piece], ...]

    def lit(self) -> dict[Square, set[int]]:
        """Every lit square and the directions light crossed it in (for drawing the beam)."""
        found: dict[Square, set[int]] = {}
        for branch in self.branches:
            for segment in branch.segments:
                for sq in segment.squares:
                    found.setdefault(sq, set()).add(segment.direction)
        return found


class _Builder:
    __slots__ = ("delay", "direction", "events", "origin", "parent", "position", "segments", "squares")

    def __init__(self, origin: Square, parent: int | None, delay: int, direction: int) -> None:
        self.origin = origin
        self.parent = parent
        self.delay = delay
        self.position = origin
        self.direction = direction
        self.squares: list[Square] = []
        self.segments: list[BeamSegment] = []
        self.events: list[BeamEvent] = []

    def close_segment(self) -> None:
        if self.squares:
            self.segments.append(BeamSegment(self.direction, tuple(self.squares)))
            self.squares = []

    def freeze(self) -> BeamBranch:
        self.close_segment()
        return BeamBranch(self.origin, self.parent, self.delay, tuple(self.segments), tuple(self.events))


def trace(board: Board | list[int], colour: int, origin: Square, direction: int) -> Beam:
    """Trace a whole shot, one square per tick for all branches together (so the record of which
    branch reached a square first matches what an animation shows)."""
    table = INTERACTION
    builders = [_Builder(origin, None, 0, direction)]
    active = [0]
    seen: set[tuple[Square, int]] = set()
    destroyed: dict[Square, Piece] = {}
    tick = 0
    while active:
        tick += 1
        still: list[int] = []
        for index in active:
            branch = builders[index]
            d = branch.direction
            sq = branch.position + STEP[d]
            piece = board[sq]
            if piece == OFF:
                branch.events.append(BeamEvent(None, 0, LEFT_EFFECT, d))
                continue
            branch.squares.append(sq)
            branch.position = sq
            if (sq, d) in seen:
                branch.events.append(BeamEvent(sq, piece, LOOP_EFFECT, d))
                continue
            seen.add((sq, d))
            if not piece:
                still.append(index)
                continue
            t = table[piece << 2 | d]
            if t >= 0:
                branch.events.append(BeamEvent(sq, piece, REFLECTED, d, (t,)))
                branch.close_segment()
                branch.direction = t
                still.append(index)
            elif t == DESTROYED:
                branch.events.append(BeamEvent(sq, piece, DESTROYED_EFFECT, d))
                destroyed.setdefault(sq, piece)
            elif t == SPLIT:
                outs = (SPLIT_REFLECTION[piece << 2 | d], d)
                branch.events.append(BeamEvent(sq, piece, SPLIT_EFFECT, d, outs))
                for out in outs:
                    still.append(len(builders))
                    builders.append(_Builder(sq, index, tick, out))
            else:
                branch.events.append(BeamEvent(sq, piece, ABSORBED_EFFECT, d))
        active = still
    return Beam(colour, origin, direction, tuple(b.freeze() for b in builders), tuple(destroyed.items()))


def remove_destroyed(cells: list[int], destroyed: list[Square] | tuple[Square, ...]) -> None:
    """Take the destroyed pieces off `cells` (an Obelisk stack loses only its top)."""
    for sq in destroyed:
        piece = cells[sq]
        if kind_of(piece) == OBELISK and orientation_of(piece):
            cells[sq] = piece - 2  # one level less
        else:
            cells[sq] = 0
