"""One rating as the store keeps it and a screen shows it, whatever system computed it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from ludoteca.ratings.glicko2 import Glicko2Rating
from ludoteca.ratings.plackett_luce import PlackettLuceRating, PlackettLuceSystem


class System(StrEnum):
    """Which mathematics rates a game key; the value is the word the store keeps."""

    #: two-player games (Khet, Connect Four, Othello)
    GLICKO2 = "glicko2"
    #: games of three or four players (Qwirkle, Robot Turtles), also when two of them play
    PLACKETT_LUCE = "plackett-luce"


def system_for(max_seats: int) -> System | None:
    """The system that rates a game whose seats go up to `max_seats`; None for a solitaire.

    A game that may be played by three or four is rated by Plackett–Luce however many sit at it,
    so each game key has one rating on one scale."""
    if max_seats < 2:
        return None
    return System.GLICKO2 if max_seats == 2 else System.PLACKETT_LUCE


@dataclass(frozen=True, slots=True)
class Shown:
    """A rating as people read it: `value` ± `margin`, and the `conservative` value leaderboards
    sort by (what the player is very likely above). Round them for display."""

    value: float
    margin: float
    conservative: float

    def text(self) -> str:
        """'1464 ± 303' (numbers are the same in every language we ship)."""
        return f"{round(self.value)} ± {round(self.margin)}"


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating of one player for one game key, in a shape both systems fit: Glicko-2's rating,
    deviation and volatility, or Plackett–Luce's μ (`value`) and σ (`deviation`, volatility None).
    `games` counts the rated games it comes from."""

    system: System
    value: float
    deviation: float
    volatility: float | None = None
    games: int = 0

    def __post_init__(self) -> None:
        numbers = (self.value, self.deviation) + (() if self.volatility is None else (self.volatility,))
        if not all(isinstance(x, int | float) and math.isfinite(x) for x in numbers):
            raise ValueError("a rating is made of finite numbers")
        if (self.system is System.GLICKO2) != (self.volatility is not None):
            raise ValueError("a Glicko-2 rating has a volatility; a Plackett-Luce rating has none")

    @staticmethod
    def start(system: System) -> Rating:
        """A newcomer's rating."""
        if system is System.GLICKO2:
            first = Glicko2Rating()
            return Rating(system, first.rating, first.deviation, first.volatility)
        start = PlackettLuceSystem().start()
        return Rating(system, start.mu, start.sigma)

    def glicko2(self) -> Glicko2Rating:
        if self.system is not System.GLICKO2 or self.volatility is None:
            raise ValueError("not a Glicko-2 rating")
        return Glicko2Rating(self.value, self.deviation, self.volatility)

    def plackett_luce(self) -> PlackettLuceRating:
        if self.system is not System.PLACKETT_LUCE:
            raise ValueError("not a Plackett-Luce rating")
        return PlackettLuceRating(self.value, self.deviation)

    def shown(self) -> Shown:
        """Glicko-2: r ± 2·RD (about 95% likely), conservative r − 2·RD. Plackett–Luce: μ ± 3σ,
        conservative μ − 3σ (openskill's ordinal)."""
        spread = 2.0 if self.system is System.GLICKO2 else 3.0
        margin = spread * self.deviation
        return Shown(self.value, margin, self.value - margin)
