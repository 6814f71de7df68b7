"""Balls travel orthogonally through empty cells; the path travelled is part of the new state."""

from __future__ import annotations

import itertools

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.state import Move
from tests.fiveormore.helpers import cell, move, names, position


def _orthogonal_steps(state, path) -> bool:
    cols = state.config.cols
    return all(
        abs(a % cols - b % cols) + abs(a // cols - b // cols) == 1 for a, b in itertools.pairwise(path)
    )


def test_a_walled_in_target_is_refused_with_a_reason() -> None:
    state = position(
        [
            "1....",
            ".....",
            "..2..",
            ".2.2.",
            "..2..",
        ]
    )
    with pytest.raises(IllegalMove, match="no free path from a1 to c4"):
        GAME.play(state, move(state, "a1-c4"))
    assert Move(cell(state, "a1"), cell(state, "c4")) not in GAME.legal_moves(state)


def test_the_path_goes_around_obstacles_through_empty_cells_only() -> None:
    state = position(
        [
            "1.3..",
            "2.3..",
            "..3..",
            ".....",
            ".....",
        ]
    )
    after = GAME.play(state, move(state, "a1-d1"))
    assert after.last is not None
    path = after.last.path
    assert path[0] == cell(state, "a1") and path[-1] == cell(state, "d1")
    assert _orthogonal_steps(state, path)
    assert all(state.board[c] == 0 for c in path[1:])
    # the wall in column c forces the ball down to row 4 and back up
    assert cell(state, "b4") in path or cell(state, "c4") in path
    # shortest: a1 b1 b2 b3 b4 c4 d4 d3 d2 d1
    assert len(path) == 10
    assert after.board[cell(state, "d1")] == 1 and after.board[cell(state, "a1")] == 0


def test_no_diagonal_steps() -> None:
    state = position(
        [
            "12...",
            "3....",
            ".....",
            ".....",
            ".....",
        ]
    )
    # b2 touches a1 only diagonally: the ball on a1 is boxed in by b1 and a2
    with pytest.raises(IllegalMove, match="no free path from a1 to b2"):
        GAME.play(state, move(state, "a1-b2"))
    assert not any(m.source == cell(state, "a1") for m in GAME.legal_moves(state))


def test_legal_moves_are_exactly_the_reachable_targets() -> None:
    state = position(
        [
            "1.2..",
            "22...",
            ".....",
            ".....",
            ".....",
        ]
    )
    from_a1 = {m.target for m in GAME.legal_moves(state) if m.source == cell(state, "a1")}
    assert names(state, from_a1) == {"b1"}
    from_c1 = {m.target for m in GAME.legal_moves(state) if m.source == cell(state, "c1")}
    assert "b1" in names(state, from_c1) and len(from_c1) == 25 - 4
    for bad, reason in (("b1-c2", "there is no ball on b1"), ("a1-c1", "c1 is not empty")):
        with pytest.raises(IllegalMove, match=reason):
            GAME.play(state, move(state, bad))
