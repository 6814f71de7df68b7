"""A table's clocks: a time control per seat (minutes, plus seconds added after each move), kept
by the server. Clients are told each seat's time left and whose clock runs, and tick it down
themselves between two messages; the server alone decides when a flag falls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.text import clean_line, read_int_or_none
from ludoteca.i18n import _


@dataclass(frozen=True)
class ClockSettings:
    minutes: int = 10
    increment: int = 0
    #: whether a player's clock keeps running while they are disconnected
    vanished_runs: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def parse(text: str, vanished_runs: bool = False) -> ClockSettings:
        """`10` (ten minutes each) or `10+5` (plus five seconds a move); OptionError otherwise."""
        minutes_text, plus, increment_text = text.strip().partition("+")
        # ASCII digits only: "²" or "٣" pass isdigit() and then break int()
        minutes = read_int_or_none(minutes_text, 0, 10**6)
        increment = read_int_or_none(increment_text, 0, 10**6) if plus else 0
        if minutes is None or increment is None:
            shown = clean_line(text)
            raise OptionError(
                _("a clock is MINUTES or MINUTES+SECONDS, e.g. 10+5, not {text!r}").format(text=shown)
            )
        if not 1 <= minutes <= 180 or increment > 60:
            raise OptionError(_("a clock gives 1 to 180 minutes and at most 60 seconds a move"))
        return ClockSettings(minutes, increment, vanished_runs)


class Clock:
    def __init__(self, settings: ClockSettings, seats: int, now: Callable[[], float]) -> None:
        self.settings = settings
        self._now = now
        self._left = [settings.minutes * 60.0] * seats
        self._present = [True] * seats
        self._running: int | None = None
        self._since = now()

    def _charge(self) -> None:
        """Take the time spent since the last look from the running seat."""
        now = self._now()
        if self._ticking():
            assert self._running is not None
            self._left[self._running] -= now - self._since
        self._since = now

    def _ticking(self) -> bool:
        seat = self._running
        return seat is not None and (self._present[seat] or self.settings.vanished_runs)

    def turn(self, seat: int | None) -> None:
        """`seat`'s clock runs from now (None: every clock stops)."""
        self._charge()
        self._running = seat

    def moved(self, mover: int | None, next_seat: int | None) -> None:
        """A move was made (or taken back, `mover` None): the increment, then the next clock."""
        self._charge()
        if mover is not None and mover == self._running:
            self._left[mover] += self.settings.increment
        self._running = next_seat

    def present(self, seat: int, here: bool) -> None:
        self._charge()
        self._present[seat] = here

    def seconds_to_flag(self) -> float | None:
        if not self._ticking():
            return None
        assert self._running is not None
        return max(0.0, self._left[self._running] - (self._now() - self._since))

    def fallen(self) -> int | None:
        self._charge()
        seat = self._running
        return seat if seat is not None and self._left[seat] <= 0 else None

    def left_ms(self) -> list[int]:
        self._charge()
        return [max(0, round(left * 1000)) for left in self._left]

    def restore(self, left_ms: list[int]) -> None:
        self._left = [ms / 1000 for ms in left_ms][: len(self._left)]
        self._since = self._now()

    def public(self) -> dict[str, Any]:
        """What clients show: time left per seat (ms) and whose clock is running now."""
        return {
            "left": self.left_ms(),
            "running": self._running if self._ticking() else None,
            "increment": self.settings.increment,
        }
