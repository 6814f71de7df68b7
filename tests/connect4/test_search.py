"""The heuristic search used before the solver can see to the end."""

from __future__ import annotations

from ludoteca.games.connect4.search import WIN, search
from ludoteca.games.connect4.solver import Position, Solver


def test_search_finds_a_double_threat_two_drops_ahead() -> None:
    # Yellow to move after 3-3-4-4: a third disc beside its two leaves two open ends on the bottom row
    position = Position.from_text("3344")
    assert Solver().solve(position) > 0
    result = search(position, 4)
    assert result.decided() and result.best > 0
    best = max(result.values, key=result.values.__getitem__)
    assert best in (1, 4)


def test_search_sees_that_every_move_but_the_block_loses() -> None:
    # Red to move must block Yellow's three on the bottom row in column 7
    result = search(Position.from_text("4453624"), 6, every_value=True)
    assert max(result.values, key=result.values.__getitem__) == 6
    assert all(value <= -(WIN - 42) for column, value in result.values.items() if column != 6)


def test_search_stays_within_the_given_columns() -> None:
    result = search(Position.from_text("44"), 3, columns=[0, 6])
    assert set(result.values) == {0, 6}


def test_search_completes_depth_one_even_without_time() -> None:
    result = search(Position.from_text(""), 20, seconds=0.0)
    assert result.depth >= 1 and len(result.values) == 7
