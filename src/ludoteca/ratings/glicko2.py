"""Glicko-2 for two-player games, after Mark Glickman's "Example of the Glicko-2 system" (2013).

A rating is three numbers: the rating `r` (1500 for a newcomer), its deviation `RD` (how unsure
the rating is, 350 for a newcomer) and the volatility `σ` (how erratic the player's results are,
0.06 to start). The paper's steps, in its own numbering, are in `rate`:

1. the system constant τ (`Glicko2.tau`) bounds how fast the volatility may change;
2. ratings move to the Glicko-2 scale: μ = (r − 1500) / 173.7178, φ = RD / 173.7178;
3. v, the estimated variance of the rating from the game results alone;
4. Δ, the estimated improvement the results show;
5. the new volatility σ′, the root of f(x) found by the Illinois (regula falsi) iteration;
6. the pre-period deviation φ* = √(φ² + σ′²);
7. the new φ′ and μ′;
8. back to the Glicko scale.

A club rates each game as it ends, so each game is a rating period of its own (as lichess does):
`one_game` updates both players from their ratings before the game. A player who played nothing
for a while grows less certain (`idle`), never beyond a newcomer's deviation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: the factor between the Glicko scale and the Glicko-2 scale (the paper's 173.7178 = 400 / ln 10)
SCALE = 400.0 / math.log(10.0)
#: a newcomer's rating, deviation and volatility (the paper's suggested starting values)
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: the convergence tolerance ε of step 5
EPSILON = 0.000001


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A player's Glicko-2 rating on the Glicko scale: `rating` r, `deviation` RD, `volatility` σ."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def __post_init__(self) -> None:
        if not all(math.isfinite(x) for x in (self.rating, self.deviation, self.volatility)):
            raise ValueError("a Glicko-2 rating is made of finite numbers")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError("a Glicko-2 deviation and volatility are positive")


@dataclass(frozen=True, slots=True)
class Glicko2:
    """The system's constants. `tau` is τ: 0.3 to 1.2 in Glickman's advice; 0.5 in his example.
    `max_deviation` caps the deviation an idle player grows to (a newcomer's)."""

    tau: float = 0.5
    max_deviation: float = START_DEVIATION

    def rate(self, player: Glicko2Rating, games: Sequence[tuple[Glicko2Rating, float]]) -> Glicko2Rating:
        """`player`'s rating after one rating period in which they played `games`: each an
        opponent's rating (as it was before the period) and the score, 1 for a win, 0.5 for a draw,
        0 for a loss. With no games, only the deviation grows (step 6 alone)."""
        for _, score in games:
            if not 0.0 <= score <= 1.0:
                raise ValueError(f"a Glicko-2 score is between 0 and 1, not {score}")
        # step 2
        mu = (player.rating - START_RATING) / SCALE
        phi = player.deviation / SCALE
        sigma = player.volatility
        if not games:
            return self._rescaled(mu, math.sqrt(phi * phi + sigma * sigma), sigma)
        # step 3 and 4: v and the sum Δ / v
        inverse_v = 0.0
        improvement = 0.0
        for opponent, score in games:
            mu_j = (opponent.rating - START_RATING) / SCALE
            g_j = _g(opponent.deviation / SCALE)
            expected = 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))
            inverse_v += g_j * g_j * expected * (1.0 - expected)
            improvement += g_j * (score - expected)
        v = 1.0 / inverse_v
        delta = v * improvement
        # step 5, 6, 7
        new_sigma = self._volatility(phi, sigma, v, delta)
        phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
        new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        new_mu = mu + new_phi * new_phi * improvement
        # step 8
        return self._rescaled(new_mu, new_phi, new_sigma)

    def one_game(
        self, first: Glicko2Rating, second: Glicko2Rating, first_score: float
    ) -> tuple[Glicko2Rating, Glicko2Rating]:
        """Both players' ratings after one game between them (a rating period of its own);
        `first_score` is 1, 0.5 or 0, the second's is what remains of 1."""
        return (
            self.rate(first, [(second, first_score)]),
            self.rate(second, [(first, 1.0 - first_score)]),
        )

    def idle(self, player: Glicko2Rating, periods: int) -> Glicko2Rating:
        """The rating after `periods` rating periods without games: the same rating, a larger
        deviation (at most `max_deviation`)."""
        if periods < 0:
            raise ValueError("a number of periods is not negative")
        phi = player.deviation / SCALE
        grown = math.sqrt(phi * phi + periods * player.volatility * player.volatility) * SCALE
        deviation = min(grown, max(self.max_deviation, player.deviation))
        return Glicko2Rating(player.rating, deviation, player.volatility)

    def _volatility(self, phi: float, sigma: float, v: float, delta: float) -> float:
        """Step 5: σ′ = e^(A/2), A the root of f found by the Illinois algorithm."""
        tau = self.tau
        a = math.log(sigma * sigma)
        phi2, delta2 = phi * phi, delta * delta

        def f(x: float) -> float:
            ex = math.exp(x)
            return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

        low = a
        if delta2 > phi2 + v:
            high = math.log(delta2 - phi2 - v)
        else:
            k = 1
            while f(a - k * tau) < 0:
                k += 1
            high = a - k * tau
        f_low, f_high = f(low), f(high)
        while abs(high - low) > EPSILON:
            middle = low + (low - high) * f_low / (f_high - f_low)
            f_middle = f(middle)
            if f_middle * f_high <= 0:
                low, f_low = high, f_high
            else:
                f_low /= 2.0
            high, f_high = middle, f_middle
        return math.exp(low / 2.0)

    def _rescaled(self, mu: float, phi: float, sigma: float) -> Glicko2Rating:
        return Glicko2Rating(START_RATING + SCALE * mu, SCALE * phi, sigma)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(player: Glicko2Rating, opponent: Glicko2Rating) -> float:
    """The player's expected score against the opponent (the paper's E, with the opponent's RD)."""
    mu = (player.rating - START_RATING) / SCALE
    mu_j = (opponent.rating - START_RATING) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))
