"""How a Robot Turtles move plays out on screen, from the data the rules recorded.

A run is replayed card by card from `TurnReport.board_before` and its `steps` (each step carries
the turtles and the ice walls *after* its card), so nothing here knows a rule: it decides how long
each card takes and where each turtle stands, which way it looks and how visible it is at any
moment. Positions are in cells (column, row), angles in degrees clockwise from north. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.turtles.board import Square, Turtle, ahead, row_col
from ludoteca.games.turtles.execution import Step
from ludoteca.games.turtles.state import TurnReport
from ludoteca.kits.window.anim import ease_in_out, ease_out, phase

_DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dcol, drow) per facing


@dataclass(frozen=True)
class Timing:
    """Base milliseconds at animation speed 1 (the speed setting scales them; 0 skips them)."""

    move: float = 300.0
    turn: float = 240.0
    bump: float = 380.0
    fall: float = 440.0
    collide: float = 480.0
    jewel: float = 520.0
    beam_per_square: float = 40.0
    laser_effect: float = 300.0
    #: a breath between two cards, so each one reads on its own
    pause: float = 70.0
    add_card: float = 280.0
    add_stagger: float = 70.0
    wall: float = 280.0
    bug: float = 460.0
    round_over: float = 1100.0


TIMING = Timing()


@dataclass(frozen=True)
class Beat:
    """One card of a run (or the closing "round over" beat, `step` None) on the timeline."""

    start: float
    duration: float
    #: the card's place in the run, from 0; -1 for the round's end
    index: int
    step: Step | None
    #: the turtles and the ice as the card begins
    turtles: tuple[Turtle | None, ...]
    ice: frozenset[Square]
    #: a laser's beam travels this long before its effect shows
    travel: float = 0.0

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass(frozen=True)
class Pose:
    col: float
    row: float
    angle: float
    alpha: float = 1.0
    scale: float = 1.0


def step_duration(step: Step, timing: Timing = TIMING) -> float:
    if step.kind == "laser":
        return timing.beam_per_square * max(1, len(step.beam)) + timing.laser_effect
    return {
        "move": timing.move,
        "turn": timing.turn,
        "bump": timing.bump,
        "fall": timing.fall,
        "collide": timing.collide,
        "jewel": timing.jewel,
    }[step.kind]


def run_beats(report: TurnReport, timing: Timing = TIMING) -> list[Beat]:
    """The run's cards on a timeline (empty when the report is not a run)."""
    if report.action != "run" or report.board_before is None:
        return []
    beats: list[Beat] = []
    t = 0.0
    turtles, ice = report.board_before.turtles, report.board_before.ice
    for index, step in enumerate(report.steps):
        duration = step_duration(step, timing)
        travel = timing.beam_per_square * max(1, len(step.beam)) if step.kind == "laser" else 0.0
        beats.append(Beat(t, duration, index, step, turtles, ice, travel))
        t += duration + timing.pause
        turtles, ice = step.turtles, step.ice
    if report.round_over is not None:
        beats.append(Beat(t, timing.round_over, -1, None, turtles, ice))
    return beats


def beat_at(beats: list[Beat], elapsed: float) -> Beat | None:
    """The beat showing at `elapsed` ms (the last one begun); None before the first."""
    current = None
    for beat in beats:
        if beat.start <= elapsed:
            current = beat
    return current


def _rest(turtle: Turtle) -> Pose:
    row, col = row_col(turtle.square)
    return Pose(col, row, turtle.facing * 90.0)


def _between(a: Pose, b: Pose, t: float) -> Pose:
    return Pose(a.col + (b.col - a.col) * t, a.row + (b.row - a.row) * t, a.angle, a.alpha, a.scale)


def _turning(a: float, b: float, t: float) -> float:
    delta = (b - a + 180.0) % 360.0 - 180.0
    return a + delta * t


def _nudged(pose: Pose, facing: int, amount: float) -> Pose:
    dc, dr = _DELTA[facing]
    return Pose(pose.col + dc * amount, pose.row + dr * amount, pose.angle, pose.alpha, pose.scale)


def _going_home(before: Pose, home: Turtle, t: float) -> Pose:
    """Sent back to the start: fades out where it stood, then fades in at home."""
    if t < 0.5:
        fade = 1 - ease_out(t * 2)
        return Pose(before.col, before.row, before.angle, fade, 0.6 + 0.4 * fade)
    back = _rest(home)
    grow = ease_out((t - 0.5) * 2)
    return Pose(back.col, back.row, back.angle, grow, 0.6 + 0.4 * grow)


def poses(beat: Beat, elapsed: float) -> dict[int, Pose]:
    """Where each turtle on the board is drawn `elapsed` ms into the run."""
    step = beat.step
    t = phase(elapsed, beat.start, beat.duration)
    shown = {seat: _rest(turtle) for seat, turtle in enumerate(beat.turtles) if turtle is not None}
    if step is None:
        return shown
    me = beat.turtles[step.seat]
    after = step.turtles[step.seat]
    if me is None:
        return shown
    start = _rest(me)
    kind = step.kind
    if kind == "move" and after is not None:
        shown[step.seat] = _between(start, _rest(after), ease_in_out(t))
    elif kind == "turn" and after is not None:
        shown[step.seat] = Pose(
            start.col, start.row, _turning(start.angle, after.facing * 90.0, ease_in_out(t))
        )
    elif kind == "bump":
        # up to the wall, a knock, back and round
        if t < 0.4:
            shown[step.seat] = _nudged(start, me.facing, 0.3 * ease_out(t / 0.4))
        else:
            u = (t - 0.4) / 0.6
            pose = _nudged(start, me.facing, 0.3 * (1 - ease_in_out(u)))
            shown[step.seat] = Pose(
                pose.col, pose.row, _turning(start.angle, start.angle + 180, ease_in_out(u))
            )
    elif kind == "jewel":
        if t < 0.5:
            shown[step.seat] = _nudged(start, me.facing, ease_in_out(t * 2))
        else:
            fade = 1 - ease_out((t - 0.5) * 2)
            pose = _nudged(start, me.facing, 1.0)
            shown[step.seat] = Pose(pose.col, pose.row, pose.angle, fade, 0.3 + 0.7 * fade)
    elif kind in ("fall", "collide"):
        reach = 1.0 if kind == "fall" else 0.42
        if t < 0.4:
            shown[step.seat] = _nudged(start, me.facing, reach * ease_out(t / 0.4))
        else:
            walked = _nudged(start, me.facing, reach)
            u = (t - 0.4) / 0.6
            for seat in step.sent_home:
                before = walked if seat == step.seat else shown.get(seat)
                home = step.turtles[seat]
                if before is not None and home is not None:
                    shown[seat] = _going_home(before, home, u)
    elif kind == "laser":
        u = laser_effect_progress(beat, elapsed)
        for seat in step.turned:
            turtle = beat.turtles[seat]
            if turtle is not None and seat in shown:
                old = shown[seat]
                shown[seat] = Pose(old.col, old.row, _turning(old.angle, old.angle + 180, ease_in_out(u)))
        if u > 0:
            for seat in step.sent_home:
                before = shown.get(seat)
                home = step.turtles[seat]
                if before is not None and home is not None:
                    shown[seat] = _going_home(before, home, u)
    return shown


def beam_squares(beat: Beat, elapsed: float) -> float:
    """How many squares of the laser beam are lit `elapsed` ms into the run (fractional)."""
    step = beat.step
    if step is None or step.kind != "laser":
        return 0.0
    return len(step.beam) * phase(elapsed, beat.start, beat.travel)


def laser_effect_progress(beat: Beat, elapsed: float) -> float:
    """0 → 1 over the effect of the shot (after the beam has reached its target)."""
    return phase(elapsed, beat.start + beat.travel, beat.duration - beat.travel)


def melting(beat: Beat, elapsed: float) -> tuple[Square | None, float]:
    """The ice wall this beat melts, and how far it has melted (0 → 1)."""
    step = beat.step
    if step is None or step.kind != "laser" or step.hit != "ice" or step.target is None:
        return None, 0.0
    return step.target, ease_in_out(laser_effect_progress(beat, elapsed))


def contact(beat: Beat, elapsed: float) -> tuple[tuple[float, float], float] | None:
    """Where a turtle knocks into a wall or another turtle (cells), and how far the knock's burst
    has spread (0 → 1); None when this card knocks into nothing."""
    step = beat.step
    if step is None or step.kind not in ("bump", "collide") or step.target is None:
        return None
    me = beat.turtles[step.seat]
    if me is None:
        return None
    row, col = row_col(me.square)
    dc, dr = _DELTA[me.facing]
    reach = 0.5 if step.kind == "bump" else 0.42 + 0.5
    spread = phase(elapsed, beat.start + beat.duration * 0.3, beat.duration * 0.35)
    return (col + dc * reach, row + dr * reach), spread


def beam_end(beat: Beat) -> tuple[float, float] | None:
    """Where a beam that hit nothing leaves the board (half a square past the last one)."""
    step = beat.step
    me = beat.turtles[step.seat] if step is not None else None
    if step is None or me is None or not step.beam:
        return None
    last = step.beam[-1]
    if ahead(last, me.facing) is not None:
        return None
    row, col = row_col(last)
    dc, dr = _DELTA[me.facing]
    return (col + dc * 0.5, row + dr * 0.5)


def run_length(beats: list[Beat]) -> float:
    return beats[-1].end if beats else 0.0
