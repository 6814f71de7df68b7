from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core import OptionError, OptionSpec, Outcome, Rng, resolve_options
from ludoteca.core.seats import SeatSpec, parse_seats


def test_rng_is_a_value_and_reproducible() -> None:
    a = Rng.from_seed(42)
    x, a2 = a.randbelow(100)
    y, _ = Rng.from_seed(42).randbelow(100)
    assert x == y and a2 != a
    assert a.randbelow(100)[0] == x  # drawing did not change `a`


@given(st.integers(0, 2**64), st.integers(1, 1000))
def test_randbelow_stays_in_range(seed: int, n: int) -> None:
    value, _ = Rng.from_seed(seed).randbelow(n)
    assert 0 <= value < n


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    items = tuple(range(30))
    one, _ = Rng.from_seed(1).shuffled(items)
    two, _ = Rng.from_seed(2).shuffled(items)
    assert sorted(one) == list(items) and one != two


def test_options_fill_defaults_and_refuse_bad_values() -> None:
    specs = (
        OptionSpec("variant", "which rules", "classic", choices=("classic", "cascade")),
        OptionSpec("drops", "drops in all", 42, minimum=4, maximum=200),
        OptionSpec("bug", "Bug! cards", False),
    )
    assert resolve_options(specs, {}) == {"variant": "classic", "drops": 42, "bug": False}
    assert resolve_options(specs, {"variant": "CASCADE", "drops": "10", "bug": "yes"}) == {
        "variant": "cascade",
        "drops": 10,
        "bug": True,
    }
    with pytest.raises(OptionError, match=r"not one of the choices \(classic, cascade\)"):
        resolve_options(specs, {"variant": "hexagonal"})
    with pytest.raises(OptionError, match="between 4 and 200"):
        resolve_options(specs, {"drops": "2"})
    with pytest.raises(OptionError, match="its options are: variant, drops, bug"):
        resolve_options(specs, {"colour": "red"})


def test_seats_parse_and_print_back() -> None:
    seats = parse_seats("Ann=human, computer:5,remote")
    assert seats == (SeatSpec("human", None, "Ann"), SeatSpec("computer", 5), SeatSpec("remote"))
    assert parse_seats(", ".join(s.text() for s in seats)) == seats
    assert parse_seats("computer") == (SeatSpec("computer", 3),)
    for bad in ("wizard", "computer:9", "human:2", ""):
        with pytest.raises(OptionError):
            parse_seats(bad)


def test_outcomes_rank_seats() -> None:
    assert Outcome.by_scores([10, 30, 10], "scores").ranks == (2, 1, 2)
    assert Outcome.by_scores([10, 30, 10], "scores").winner == 1
    assert Outcome.draw(2, "full").is_draw and Outcome.draw(2, "full").winners == ()
    assert Outcome.win(1, 2, "four in a row").result_tag() == "2-1"
    assert Outcome((1,), "board full", (120,)).solitaire
