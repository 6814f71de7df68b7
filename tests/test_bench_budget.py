"""`ludoteca bench budget`: the plumbing of the overshoot figure (the figure itself is a benchmark,
not a test)."""

from __future__ import annotations

import pytest

from ludoteca.ai.overshoot import Overshoot, main, positions
from ludoteca.core.registry import declarations, get_game


@pytest.mark.parametrize("key", [d.key for d in declarations()])
def test_positions_come_from_every_phase_and_have_someone_to_move(key: str) -> None:
    game = get_game(key)
    found = positions(game, 6, 3)
    assert len(found) == 6
    for state, seat in found:
        assert game.to_move(state) == seat
    assert len({game.state_key(state) for state, _seat in found}) > 1


def test_overshoot_is_the_time_beyond_the_budget_as_a_share_of_it() -> None:
    result = Overshoot("x", 0.5, (0.4, 0.55, 0.75))
    assert result.overshoots == [0.0, pytest.approx(0.1), pytest.approx(0.5)]
    assert result.median == pytest.approx(0.1) and result.worst == pytest.approx(0.5)


def test_the_bench_prints_one_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["connect4", "turtles", "--positions", "2", "--budget", "0.05", "--load", "1"])
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines()[2:-1]]
    assert rows == ["connect4", "turtles"]
    assert "worst within 20%" in out


def test_an_unknown_game_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as err:
        main(["chess"])
    assert err.value.code == 2
