"""The laser of both editions: what pieces do to a beam, and the two tracers that follow it.

The physics, written once and read by both tracers:

* `INTERACTION[piece << 2 | direction]` says what a beam travelling in `direction` does on meeting
  `piece`: a direction ≥ 0 (reflected that way), or one of ABSORBED, DESTROYED, SPLIT, LEFT. Every
  rule about faces lives in that table, built once from the piece definitions below;
* `SPLIT_OUTS` gives the two ways an Eye of Horus sends a beam on (reflected, then straight);
* `next_stop` moves a beam over empty squares to the next thing it meets (a piece, or the frame
  where it leaves the board);
* `laser_origin` says where each side's beam starts.

The two tracers:

* `shoot` (and `shoot_from`) answer what the search and the evaluation ask after every move: the
  lit squares as a bit mask, the empty squares crossed, and which squares are destroyed; no record
  of the path is kept, which is what makes them cheap;
* `trace` records everything front ends show (every segment of every branch, every piece met and
  what happened, what is removed afterwards) as a `Beam`, stored in the state by the rules.

Both follow the same rules (the tests check they agree): branches are traced on the board as it
stood before the shot, a destroyed piece stops every branch that reaches it and is removed
afterwards, and a branch entering a square in a direction already lit ends there.

Why that last rule only needs checking on the first square of a branch: away from an Eye a beam's
path can be run backwards (an empty square or a mirror has exactly one way in for each way out), so
two branches lit the same way somewhere have come the same way ever since the Eye that started
them; nor can a branch loop back onto itself without passing an Eye, which would end it. Light
only merges right after an Eye, or on the laser's own first step if light could cross the laser's
square (never so for a Sphinx or a housing: only `trace`, which tests fire from anywhere, minds it).
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush
from typing import Final, NamedTuple

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
    SIZE,
    SPHINX,
    SPHINX_HOME,
    SQUARE_SET,
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
#: SPLIT_OUTS[piece << 2 | direction] for an Eye: (reflected, straight on). The reflected half
#: turns like a Djed of the same orientation; the order is the order branches are numbered in.
SPLIT_OUTS: Final = tuple(
    (_mirror(orientation_of(code >> 2) & 1, code & 3), code & 3) if kind_of(code >> 2) == EYE else ()
    for code in range(128 * 4)
)


def next_stop(board: Board | list[int], sq: Square, direction: int) -> Square:
    """The first cell after `sq` in `direction` that is not empty: a piece, or the frame (`OFF`)."""
    delta = STEP[direction]
    sq += delta
    while not board[sq]:
        sq += delta
    return sq


def laser_origin(colour: int, horus: bool, board: Board | list[int]) -> tuple[Square, int] | None:
    """Where `colour`'s beam starts and the direction it fires; None when it has no Sphinx."""
    if horus:
        return LASER_HOUSING[colour], LASER_DIRECTION[colour]
    home = SPHINX_HOME[colour]
    piece = board[home]
    if kind_of(piece) != SPHINX or piece & 1 != colour:
        return None
    return home, orientation_of(piece)


# ----- the fast tracer (search, evaluation) -------------------------------------------------------
class Shot(NamedTuple):
    """One colour's beam on the current board, if it fired now."""

    #: bit per lit square (and the laser's own square), so a move touching it is one AND away
    mask: int
    #: squares whose pieces it would destroy, each once, in the order the tracer reached them
    destroyed: tuple[Square, ...]
    #: the empty squares it crosses, each as ``square << 1 | axis`` (axis 1: travelling E or W)
    path: tuple[int, ...] = ()


NO_SHOT: Final = Shot(0, ())


def _leg_tables() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For every straight run a beam can make, indexed ``start * SIZE + stop`` (as `next_stop`
    finds it): the mask of the real squares it lights after `start` up to and including `stop`,
    and the `Shot.path` codes of the squares strictly between (empty, since `stop` is the first
    thing met)."""
    lit = [0] * (SIZE * SIZE)
    crossed: list[tuple[int, ...]] = [()] * (SIZE * SIZE)
    for start in range(SIZE):
        for direction, delta in enumerate(STEP):
            mask = 0
            codes: list[int] = []
            sq = start + delta
            while 0 <= sq < SIZE:
                if sq in SQUARE_SET:
                    mask |= 1 << sq
                lit[start * SIZE + sq] = mask
                crossed[start * SIZE + sq] = tuple(codes)
                if sq not in SQUARE_SET:
                    break
                codes.append(sq << 1 | (direction & 1))
                sq += delta
    return tuple(lit), tuple(crossed)


# one lookup per straight run instead of bookkeeping on every square the beam crosses
_LEG_LIT, _LEG_CROSSED = _leg_tables()


def shoot(board: Board | list[int], colour: int, horus: bool) -> Shot:
    """`colour`'s beam as it would fire now (NO_SHOT when it has no Sphinx)."""
    origin = laser_origin(colour, horus, board)
    if origin is None:
        return NO_SHOT
    sq, direction = origin  # not `*origin`: unpacking into a call costs more, and this runs per node
    return shoot_from(board, sq, direction)


def shoot_from(board: Board | list[int], origin: Square, direction: int) -> Shot:
    """The beam fired from `origin` in `direction`: what it lights, crosses and destroys.

    Light must not come back through `origin` going `direction` (it cannot through a Sphinx or a
    housing, where `laser_origin` puts it): light coming round again is only looked for after Eyes
    (see the module notes), which keeps the search's tracer lean."""
    table = INTERACTION
    lit = _LEG_LIT
    crossed = _LEG_CROSSED
    stop = next_stop
    mask = 1 << origin
    path: list[int] = []
    destroyed: list[Square] = []
    # Depth first, unlike `trace`: the evaluation only reads what is lit and destroyed, not when.
    pending: list[tuple[Square, int]] = []
    # (Eye, direction) of every branch begun; made on the first split, as most shots meet no Eye
    started: set[tuple[Square, int]] | None = None
    sq, d = origin, direction
    while True:
        end = stop(board, sq, d)
        leg = sq * SIZE + end
        mask |= lit[leg]
        path += crossed[leg]
        p = board[end]
        t = table[p << 2 | d]
        if t >= 0:
            sq, d = end, t
            continue
        if t == DESTROYED:
            if end not in destroyed:
                destroyed.append(end)
        elif t == SPLIT:
            if started is None:
                started = set()
            for out in SPLIT_OUTS[p << 2 | d]:
                if (end, out) not in started:
                    started.add((end, out))
                    pending.append((end, out))
        if not pending:
            return Shot(mask, tuple(destroyed), tuple(path))
        sq, d = pending.pop()


# ----- the recording tracer (what front ends show) -------------------------------------------------
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


def trace(board: Board | list[int], colour: int, origin: Square, direction: int) -> Beam:
    """Trace a whole shot, recording it as an animation shows it: every branch advancing one
    square per tick, together.

    That timing decides which of two branches leaving an Eye the same way lights the way (the
    other ends in LOOP_EFFECT), how branches are numbered (in the order they begin, then in the
    order of their parents) and the order of `Beam.destroyed`. Since light can only merge on a
    branch's first square (see the module notes), each branch is walked whole, branches are taken
    in the order they begin, and hits are put in time order at the end."""
    table = INTERACTION
    stop = next_stop
    # (tick it begins, rank, start, direction, parent index). The rank orders branches beginning on
    # the same tick: a split's halves take their parent's place among the branches still lit.
    queue: list[tuple[int, tuple[int, ...], Square, int, int]] = [(0, (), origin, direction, -1)]
    branches: list[BeamBranch] = []
    entered: set[tuple[Square, int]] = set()  # first square and direction of every branch
    hits: list[tuple[int, tuple[int, ...], Square, Piece]] = []
    # the laser's first step, which a later leg may light again if light can cross the laser's
    # square; tick 0 marks the one leg allowed to: the laser's own first
    again = origin + STEP[direction]
    while queue:
        delay, rank, sq, d, parent = heappop(queue)
        index = len(branches)
        start, tick = sq, delay
        segments: list[BeamSegment] = []
        events: list[BeamEvent] = []
        first = sq + STEP[d]
        if board[first] != OFF and (first, d) in entered:
            segments.append(BeamSegment(d, (first,)))
            events.append(BeamEvent(first, board[first], LOOP_EFFECT, d))
        else:
            entered.add((first, d))
            while True:
                end = stop(board, sq, d)
                piece = board[end]
                t = table[piece << 2 | d]
                delta = STEP[d]
                ahead = range(sq + delta, end if t == LEFT else end + delta, delta)
                if d == direction and tick and again in ahead:
                    ahead = range(sq + delta, again + delta, delta)
                    segments.append(BeamSegment(d, tuple(ahead)))
                    events.append(BeamEvent(again, board[again], LOOP_EFFECT, d))
                    break
                if ahead:
                    segments.append(BeamSegment(d, tuple(ahead)))
                tick += len(ahead)
                if t == LEFT:
                    events.append(BeamEvent(None, 0, LEFT_EFFECT, d))
                    break
                if t >= 0:
                    events.append(BeamEvent(end, piece, REFLECTED, d, (t,)))
                    sq, d = end, t
                    continue
                if t == DESTROYED:
                    events.append(BeamEvent(end, piece, DESTROYED_EFFECT, d))
                    hits.append((tick, rank, end, piece))
                elif t == SPLIT:
                    outs = SPLIT_OUTS[piece << 2 | d]
                    events.append(BeamEvent(end, piece, SPLIT_EFFECT, d, outs))
                    for half, out in enumerate(outs):
                        heappush(queue, (tick, (*rank, half), end, out, index))
                else:
                    events.append(BeamEvent(end, piece, ABSORBED_EFFECT, d))
                break
        branches.append(
            BeamBranch(start, parent if parent >= 0 else None, delay, tuple(segments), tuple(events))
        )
    destroyed: dict[Square, Piece] = {}
    for _tick, _rank, sq, piece in sorted(hits):
        destroyed.setdefault(sq, piece)
    return Beam(colour, origin, direction, tuple(branches), tuple(destroyed.items()))


def remove_destroyed(cells: list[int], destroyed: list[Square] | tuple[Square, ...]) -> None:
    """Take the destroyed pieces off `cells` (an Obelisk stack loses only its top)."""
    for sq in destroyed:
        piece = cells[sq]
        if kind_of(piece) == OBELISK and orientation_of(piece):
            cells[sq] = piece - 2  # one level less
        else:
            cells[sq] = 0
