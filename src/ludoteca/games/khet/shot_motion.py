"""How a played Khet move unfolds on screen: the piece moves or turns, then the beam travels square by
square, and each piece it destroys bursts and fades.

Everything comes from the record: the move and the board before it (the board the beam crossed is
the rules' own `moves.apply` of that move) and the `Beam` stored in the new state. Times are base
milliseconds at animation speed 1 (the speed setting scales them). No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.khet.beam_path import BeamPath, Burst, beam_path, cell_of
from ludoteca.games.khet.board import Board, Piece
from ludoteca.games.khet.moves import (
    MOVE,
    PASS,
    TURN_CCW,
    TURN_CW,
    UNSTACK,
    apply,
    move_kind,
    move_source,
    move_target,
)
from ludoteca.games.khet.state import KhetState
from ludoteca.kits.window.anim import ease_out, phase


@dataclass(frozen=True)
class Timing:
    slide: float = 220.0
    turn: float = 240.0
    #: UI.md: the beam travels about 40 ms a square
    per_square: float = 40.0
    burst: float = 280.0
    fade: float = 360.0
    #: a moment with the whole beam shown before the position settles
    linger: float = 160.0


TIMING = Timing()


@dataclass(frozen=True)
class Sprite:
    """A piece on the move: from one cell to another (columns, rows), turning `turn` degrees."""

    piece: Piece
    start: tuple[float, float]
    end: tuple[float, float]
    turn: float = 0.0

    def at(self, t: float) -> tuple[float, float, float]:
        """(column, row, extra angle) a fraction `t` (0…1, eased here) of the way."""
        e = ease_out(t)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * e,
            self.start[1] + (self.end[1] - self.start[1]) * e,
            self.turn * e,
        )


@dataclass(frozen=True)
class ShotMotion:
    #: the pieces that stay put while the move is shown
    still: Board
    sprites: tuple[Sprite, ...]
    move_ms: float
    #: the board the beam crossed (after the move, before anything was removed)
    shot_board: Board
    path: BeamPath | None
    timing: Timing = TIMING

    @property
    def beam_start(self) -> float:
        return self.move_ms

    def burst_at(self, burst: Burst) -> float:
        return self.beam_start + burst.tick * self.timing.per_square

    @property
    def duration(self) -> float:
        end = self.move_ms
        if self.path is not None:
            end = self.beam_start + self.path.ticks * self.timing.per_square
            if self.path.bursts:
                end = max(end, max(self.burst_at(b) for b in self.path.bursts) + self.timing.fade)
            end += self.timing.linger
        return end

    def tick(self, elapsed: float) -> float:
        """How far (in squares) the light has gone at `elapsed` ms (negative before it fires)."""
        return (elapsed - self.beam_start) / self.timing.per_square

    def moving(self, elapsed: float) -> float | None:
        """How far (0…1) the move itself has gone, or None once it is over."""
        if elapsed >= self.move_ms or not self.sprites:
            return None
        return phase(elapsed, 0.0, self.move_ms)

    def burst_phase(self, burst: Burst, elapsed: float) -> float:
        """0 before the light reaches the piece, then 0…1 over the burst."""
        return phase(elapsed, self.burst_at(burst), self.timing.burst)

    def fade_phase(self, burst: Burst, elapsed: float) -> float:
        """0 while the piece stands, then 0…1 as it fades away."""
        return phase(elapsed, self.burst_at(burst), self.timing.fade)


def shot_motion(
    before: KhetState, after: KhetState, settled: bool = False, timing: Timing = TIMING
) -> ShotMotion:
    """The animation of `after.last_move` played on `before`. `settled`: the person who played it
    already sees the piece where it went (a move waiting for Fire), so only the beam is shown."""
    move = after.last_move
    board = list(before.board)
    if move is None or move_kind(move) == PASS:
        return ShotMotion(before.board, (), 0.0, before.board, _path(after), timing)
    apply(board, move)
    mid = tuple(board)
    if settled:
        return ShotMotion(mid, (), 0.0, mid, _path(after), timing)
    kind, source, target = move_kind(move), move_source(move), move_target(move)
    still = list(mid)
    sprites: list[Sprite] = []
    a, b = cell_of(source), cell_of(target)
    duration = timing.slide
    if kind == MOVE:
        sprites.append(Sprite(before.board[source], a, b))
        swapped = mid[source]
        if swapped:  # a swap: the other piece goes the other way
            sprites.append(Sprite(swapped, b, a))
            still[source] = still[target] = 0
        else:  # a step, or an Obelisk stacking onto the one that stays
            still[target] = before.board[target]
    elif kind == UNSTACK:
        sprites.append(Sprite(mid[target], a, b))
        still[target] = 0
    elif kind in (TURN_CW, TURN_CCW):
        sprites.append(Sprite(before.board[source], a, a, 90.0 if kind == TURN_CW else -90.0))
        still[source] = 0
        duration = timing.turn
    return ShotMotion(tuple(still), tuple(sprites), duration, mid, _path(after), timing)


def _path(after: KhetState) -> BeamPath | None:
    return beam_path(after.beam) if after.beam is not None else None
