"""Where a recorded beam runs on the screen, and when: the geometry and timing the window animates.

The rules record each shot as a `laser.Beam` (branches of straight segments, and what every piece
met did to the light). This module turns one into polylines in board cells — column 0 = file a,
row 0 = rank 8 at the top, so a fixed laser's housing is row 8 below j1 or row -1 above a8 — each
corner stamped with the *tick* at which light reaches it. The tracer advances every branch one
square per tick, so a branch split at an Eye on tick t enters its first square on tick t + 1, and
two branches drawn with the same clock travel side by side, as the rules traced them.

No pygame and no rule here: only reading the record.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ludoteca.games.khet.board import SQUARES, Piece, Square, file_of, rank_of
from ludoteca.games.khet.laser import (
    ABSORBED_EFFECT,
    DESTROYED_EFFECT,
    LEFT_EFFECT,
    Beam,
    BeamBranch,
)

#: (dcol, drow) on the screen for each direction of travel N E S W (rows grow downwards)
SCREEN_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: how far into its square light goes before an absorbing face stops it (in cells from the middle)
FACE = 0.32
#: where a fixed laser's lens is, from the middle of its housing's cell towards the board
HOUSING_LENS = 0.45

Point = tuple[float, float]


def cell_of(sq: Square) -> tuple[int, int]:
    """The (column, row) of a square on the screen (frame squares included: a laser housing)."""
    return file_of(sq), 7 - rank_of(sq)


def centre(sq: Square) -> Point:
    col, row = cell_of(sq)
    return col + 0.5, row + 0.5


@dataclass(frozen=True)
class Corner:
    """A point of a branch's polyline (in cells) and the tick light reaches it."""

    x: float
    y: float
    tick: float


@dataclass(frozen=True)
class BranchPath:
    corners: tuple[Corner, ...]
    #: how the branch ended (LEFT_EFFECT, DESTROYED_EFFECT, …)
    ending: str

    @property
    def start(self) -> float:
        return self.corners[0].tick

    @property
    def end(self) -> float:
        return self.corners[-1].tick

    def up_to(self, tick: float) -> list[Point]:
        """The part of the polyline lit by `tick` (empty before the branch starts)."""
        corners = self.corners
        if tick <= corners[0].tick:
            return []
        points: list[Point] = [(corners[0].x, corners[0].y)]
        for before, after in itertools.pairwise(corners):
            if tick >= after.tick:
                points.append((after.x, after.y))
                continue
            span = after.tick - before.tick
            t = (tick - before.tick) / span if span > 0 else 1.0
            points.append((before.x + (after.x - before.x) * t, before.y + (after.y - before.y) * t))
            break
        return points

    def full(self) -> list[Point]:
        return [(c.x, c.y) for c in self.corners]


@dataclass(frozen=True)
class Burst:
    """A piece the shot destroys: where, what it was, and the tick the light reaches it."""

    square: Square
    piece: Piece
    tick: float


@dataclass(frozen=True)
class BeamPath:
    colour: int
    branches: tuple[BranchPath, ...]
    bursts: tuple[Burst, ...]
    #: where light stops on a piece that absorbs it (an Anubis's front, a Sphinx): (square, tick)
    absorbed: tuple[tuple[Square, float], ...]
    #: every square light entered
    squares: frozenset[Square]

    @property
    def ticks(self) -> float:
        """When the last branch ends."""
        return max((b.end for b in self.branches), default=0.0)


def beam_path(beam: Beam) -> BeamPath:
    """The screen polylines of every branch of `beam`, with their ticks."""
    branches: list[BranchPath] = []
    bursts: dict[Square, Burst] = {}
    absorbed: list[tuple[Square, float]] = []
    squares: set[Square] = set()
    for branch in beam.branches:
        path = _branch_path(branch)
        branches.append(path)
        squares.update(branch.squares)
        end = branch.end
        if end.square is None:
            continue
        if end.effect == DESTROYED_EFFECT:
            tick = branch.delay + len(branch.squares)
            known = bursts.get(end.square)
            if known is None or tick < known.tick:
                bursts[end.square] = Burst(end.square, end.piece, float(tick))
        elif end.effect == ABSORBED_EFFECT:
            absorbed.append((end.square, path.end))
    ordered = tuple(sorted(bursts.values(), key=lambda b: b.tick))
    return BeamPath(beam.colour, tuple(branches), ordered, tuple(absorbed), frozenset(squares))


def _branch_path(branch: BeamBranch) -> BranchPath:
    x, y = centre(branch.origin)
    start = float(branch.delay)
    if branch.origin not in SQUARES and branch.segments:
        # a fixed laser's housing, off the board: the light leaves its lens, by the board's edge
        dx, dy = SCREEN_STEP[branch.segments[0].direction]
        x, y, start = x + dx * HOUSING_LENS, y + dy * HOUSING_LENS, start + HOUSING_LENS
    corners = [Corner(x, y, start)]
    tick = branch.delay
    for segment in branch.segments:
        tick += len(segment.squares)
        x, y = centre(segment.squares[-1])
        corners.append(Corner(x, y, float(tick)))
    ending = branch.end.effect
    dx, dy = SCREEN_STEP[branch.end.arriving]  # the way the light was travelling at the end
    last = corners[-1]
    if ending == LEFT_EFFECT:
        # on to the edge of the board (half a square past the last square's middle)
        corners.append(Corner(last.x + dx * 0.5, last.y + dy * 0.5, last.tick + 0.5))
    elif ending == ABSORBED_EFFECT and len(corners) > 1:
        # stopped by the face it met, short of the piece's middle
        corners[-1] = Corner(last.x - dx * FACE, last.y - dy * FACE, last.tick - FACE)
    return BranchPath(tuple(corners), ending)
