"""Easing curves and the clock of a move's animation.

Renderers express every animation in *base* milliseconds (`Theme.motion`); the animation speed
setting only scales the clock, and speed 0 skips animations entirely (what the tests use).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: the choices offered in Settings: factor by which the clock runs (0 = show results at once)
SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0)


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def ease_out(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in(t: float) -> float:
    t = clamp01(t)
    return t * t


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 3 * t * t - 2 * t * t * t


def phase(elapsed: float, start: float, duration: float) -> float:
    """How far (0…1) a phase lasting `duration` ms from `start` has gone at `elapsed` ms."""
    if duration <= 0:
        return 1.0 if elapsed >= start else 0.0
    return clamp01((elapsed - start) / duration)


def pulse(now_ms: float, period: float = 1200.0) -> float:
    """0…1…0 over `period`, for gently breathing highlights."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (now_ms % period) / period)


@dataclass
class Transition:
    """The animation from `before` to `after` (two views of the game), started at `started` ms."""

    before: Any
    after: Any
    duration: float  # base ms
    started: float  # clock ms
    speed: float
    #: a still picture of the animation at this many base ms (screenshots)
    frozen: float | None = None

    def elapsed(self, now_ms: float) -> float:
        """Base milliseconds since the start (the animation speed applied)."""
        if self.frozen is not None:
            return self.frozen
        return (now_ms - self.started) * self.speed

    def finished(self, now_ms: float) -> bool:
        if self.frozen is not None:
            return False
        return self.speed <= 0 or self.elapsed(now_ms) >= self.duration
