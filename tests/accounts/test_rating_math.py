"""The rating mathematics against published worked examples: Glickman's Glicko-2 example, and
openskill's own reference results for its Plackett–Luce model (tests/accounts/data)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ludoteca.ratings import Glicko2, Glicko2Rating, PlackettLuceRating, PlackettLuceSystem, Rating, System
from ludoteca.ratings.glicko2 import SCALE, expected_score

DATA = Path(__file__).with_name("data") / "openskill_plackett_luce.json"


# -- Glicko-2 ---------------------------------------------------------------------------------------


def test_glickman_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): a 1500/200/0.06 player beats a 1400/30,
    loses to a 1550/100 and to a 1700/300 in one rating period, τ = 0.5."""
    player = Glicko2Rating(1500, 200, 0.06)
    games = [(Glicko2Rating(1400, 30), 1.0), (Glicko2Rating(1550, 100), 0.0), (Glicko2Rating(1700, 300), 0.0)]
    after = Glicko2(tau=0.5).rate(player, games)
    # the paper's step 7 on the Glicko-2 scale: μ′ = −0.2069, φ′ = 0.8722
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    # step 8: r′ ≈ 1464.06 (the paper rounds μ′ first; unrounded it is 1464.05), RD′ ≈ 151.52
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # the paper writes 0.05999
    print(
        f"Glicko-2 example: r' = {after.rating:.4f}, RD' = {after.deviation:.4f}, σ' = {after.volatility:.6f}"
    )


def test_a_draw_between_equals_moves_no_rating_and_both_grow_surer() -> None:
    system = Glicko2()
    first, second = system.one_game(Glicko2Rating(), Glicko2Rating(), 0.5)
    assert first == second
    assert first.rating == pytest.approx(1500.0, abs=1e-9)
    assert first.deviation < 350


def test_a_draw_against_a_stronger_player_is_a_gain() -> None:
    weaker, stronger = Glicko2Rating(1400, 80), Glicko2Rating(1700, 80)
    after_weaker, after_stronger = Glicko2().one_game(weaker, stronger, 0.5)
    assert after_weaker.rating > 1400 and after_stronger.rating < 1700
    # what one gains the other loses, when both are as sure of themselves
    assert after_weaker.rating - 1400 == pytest.approx(1700 - after_stronger.rating, rel=1e-6)


def test_each_game_is_a_rating_period_of_its_own() -> None:
    """`one_game` is the period of one game, from both players' ratings before it."""
    system = Glicko2()
    ann, bob = Glicko2Rating(1550, 80, 0.06), Glicko2Rating(1480, 80, 0.06)
    new_ann, new_bob = system.one_game(ann, bob, 1.0)
    assert new_ann == system.rate(ann, [(bob, 1.0)])
    assert new_bob == system.rate(bob, [(ann, 0.0)])
    # as sure of themselves, the favourite gains less by a win than the outsider would
    upset, _ = system.one_game(bob, ann, 1.0)
    assert new_ann.rating - ann.rating < upset.rating - bob.rating
    assert expected_score(ann, bob) > 0.5


def test_idle_players_grow_less_sure_up_to_a_newcomer() -> None:
    system = Glicko2()
    sure = Glicko2Rating(1600, 50, 0.06)
    assert system.rate(sure, []).deviation == pytest.approx(math.sqrt((50 / SCALE) ** 2 + 0.06**2) * SCALE)
    assert 50 < system.idle(sure, 10).deviation < system.idle(sure, 20).deviation <= 350
    assert system.idle(sure, 10_000).deviation == 350
    assert system.idle(sure, 10).rating == 1600


def test_scores_outside_zero_to_one_are_refused() -> None:
    with pytest.raises(ValueError):
        Glicko2().rate(Glicko2Rating(), [(Glicko2Rating(), 2.0)])


# -- Plackett–Luce (openskill) ------------------------------------------------------------------------


def reference() -> dict[str, object]:
    loaded: dict[str, object] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


@pytest.mark.parametrize("case", ["normal", "ranks", "ties"])
def test_openskill_reference_results(case: str) -> None:
    data = reference()
    model = data["model"]
    assert isinstance(model, dict)
    system = PlackettLuceSystem(mu=model["mu"], sigma=model["sigma"])
    spec = data["cases"][case]  # type: ignore[index]
    teams = [[system.start() for _ in range(size)] for size in spec["teams"]]
    ranks = spec["ranks"] or list(range(1, len(teams) + 1))
    rated = system.rate_teams(teams, ranks)
    for number, team in enumerate(rated, start=1):
        expected = spec["expected"][f"team_{number}"]
        got = [number for p in team for number in (p.mu, p.sigma)]
        assert got == pytest.approx([number for e in expected for number in (e["mu"], e["sigma"])], abs=1e-9)


def test_openskill_manual_example_and_ordinal() -> None:
    manual = reference()["manual"]
    assert isinstance(manual, dict)
    system = PlackettLuceSystem()
    (a, b), (x, y) = system.rate_teams([[system.start()] * 2, [system.start()] * 2], [1, 2])
    expected = manual["expected"]
    assert a == b and x == y
    assert [a.mu, a.sigma] == pytest.approx([expected["winners"]["mu"], expected["winners"]["sigma"]])
    assert [x.mu, x.sigma] == pytest.approx([expected["losers"]["mu"], expected["losers"]["sigma"]])
    assert a.conservative == pytest.approx(manual["ordinal"]["winners"])
    assert x.conservative == pytest.approx(manual["ordinal"]["losers"])


def test_a_free_for_all_is_teams_of_one() -> None:
    system = PlackettLuceSystem()
    players = [
        PlackettLuceRating(27, 5),
        PlackettLuceRating(25, 8),
        PlackettLuceRating(20, 3),
        PlackettLuceRating(25, 8),
    ]
    ranks = [3, 1, 2, 3]
    assert system.rate(players, ranks) == [
        team[0] for team in system.rate_teams([[p] for p in players], ranks)
    ]
    winner = system.rate(players, ranks)[1]
    assert winner.mu > 25 and winner.sigma < 8


# -- how ratings are shown ----------------------------------------------------------------------------


def test_shown_with_uncertainty() -> None:
    glicko = Rating(System.GLICKO2, 1464.06, 151.52, 0.06).shown()
    assert glicko.text() == "1464 ± 303"
    assert glicko.conservative == pytest.approx(1464.06 - 303.04)
    newcomer = Rating.start(System.PLACKETT_LUCE).shown()
    assert newcomer.conservative == pytest.approx(0.0)
    assert newcomer.text() == "25 ± 25"
