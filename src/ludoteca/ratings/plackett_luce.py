"""Ratings for games of three or four players: the Plackett–Luce model of `openskill`.

Why openskill: it implements Weng and Lin's Bayesian approximation ("A Bayesian Approximation
Method for Online Ranking", JMLR 2011), the TrueSkill-like family without TrueSkill's patent, for
any number of players and ties, in pure Python with no dependency; it is typed, MIT-licensed,
released regularly, and its test suite pins each model's results in data files (the "reference
values" our tests check against). We use its Plackett–Luce model (Weng and Lin's Algorithm 4),
the one its authors recommend by default: it rates a full ranking at once rather than as pairs.

Each seat is a team of one. A rating is μ (the skill estimate, 25 for a newcomer) and σ (its
uncertainty, 25/3); the conservative value shown on leaderboards is μ − 3σ (openskill's
`ordinal`), which starts at 0 and grows as the model becomes sure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce as Model

#: a newcomer's μ and σ (openskill's defaults)
START_MU = 25.0
START_SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class PlackettLuceRating:
    """μ and σ of one player."""

    mu: float = START_MU
    sigma: float = START_SIGMA

    def __post_init__(self) -> None:
        if not (math.isfinite(self.mu) and math.isfinite(self.sigma)) or self.sigma <= 0:
            raise ValueError("a Plackett-Luce rating is a finite mu and a positive sigma")

    @property
    def conservative(self) -> float:
        """μ − 3σ: a value the player's true skill is above with about 99.7% likelihood."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True)
class PlackettLuceSystem:
    """The model's constants (openskill's defaults): a newcomer's `mu` and `sigma`, `beta` the
    spread of one performance, `tau` the uncertainty added before each game (so σ never freezes)."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    beta: float = START_MU / 6.0
    tau: float = START_MU / 300.0

    def start(self) -> PlackettLuceRating:
        return PlackettLuceRating(self.mu, self.sigma)

    def rate(self, ratings: Sequence[PlackettLuceRating], ranks: Sequence[int]) -> list[PlackettLuceRating]:
        """Every player's rating after one game in which each seat finished at `ranks[seat]`
        (1 is best, equal ranks tie): a free-for-all of teams of one."""
        if len(ratings) < 2:
            raise ValueError("a rated game needs at least two players")
        teams = self.rate_teams([[rating] for rating in ratings], ranks)
        return [team[0] for team in teams]

    def rate_teams(
        self, teams: Sequence[Sequence[PlackettLuceRating]], ranks: Sequence[int | float]
    ) -> list[list[PlackettLuceRating]]:
        """The ratings after a game between teams (rank per team, 1 best), each team's players in
        the order given. Ludoteca's games have no teams; this is the general form, checked
        against openskill's own reference results."""
        if len(ranks) != len(teams):
            raise ValueError("one rank per team")
        model = self._model()
        given = [[model.rating(mu=player.mu, sigma=player.sigma) for player in team] for team in teams]
        rated = model.rate(given, ranks=[float(rank) for rank in ranks])
        return [[PlackettLuceRating(float(p.mu), float(p.sigma)) for p in team] for team in rated]

    def _model(self) -> Model:
        from openskill.models import PlackettLuce

        return PlackettLuce(mu=self.mu, sigma=self.sigma, beta=self.beta, tau=self.tau)
