"""The position text format (rules.md, "Position format")."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import NotationError
from ludoteca.games.qwirkle import GAME

from .support import some_states


def test_positions_round_trip() -> None:
    for state in some_states():
        text = GAME.position_text(state)
        again = GAME.parse_position(text, GAME.options())
        assert again.cells == state.cells and again.hands == state.hands and again.bag == state.bag
        assert again.rng == state.rng and again.scores == state.scores and again.turn == state.turn
        assert (again.ply, again.passes, again.starter, again.opening, again.ended) == (
            state.ply,
            state.passes,
            state.starter,
            state.opening,
            state.ended,
        )
        view = GAME.view(state, 0)
        assert "rng" not in GAME.position_text(view)
        assert GAME.parse_position(GAME.position_text(view), GAME.options()).hands[1] == view.hands[1]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("size 12x26; mode normal; turn 0; scores 0 0; board; hand C1; bag", "one hand field per player"),
        ("size 12x26; mode odd; turn 0; scores 0 0; board; hand C1; hand R1; bag", "normal or short"),
        ("size 12x26; mode short; turn 0; scores 0 0; board aaC1; hand C1; hand R1; bag", "short mode has 1"),
        ("size 12x26; mode normal; turn 5; scores 0 0; board; hand C1; hand R1; bag", "turn must name"),
        ("size 12x26; mode normal; turn 0; scores 0 0; board zzC1; hand C1; hand R1; bag", "not a tile on"),
        ("size 12x26; mode normal; turn 0; scores 0; board; hand C1; hand R1; bag", "one score per player"),
        ("mode normal; turn 0; scores 0 0; board; hand C1; hand R1; bag", "lacks the field"),
    ],
)
def test_bad_positions_are_explained(text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        GAME.parse_position(text, GAME.options())


@pytest.mark.parametrize(("old", "new"), [("rng ", "rn²g "), ("ply ", "plies ")])
def test_a_misspelt_field_is_refused_not_ignored(old: str, new: str) -> None:
    text = GAME.position_text(some_states()[0]).replace(old, new)
    with pytest.raises(NotationError, match="is not a field of a position"):
        GAME.parse_position(text, GAME.options())


@pytest.mark.parametrize("size", ["²x26", "12x" + "9" * 5000, "12x٣"])
def test_a_size_that_is_not_plain_digits_is_refused(size: str) -> None:
    text = GAME.position_text(some_states()[0]).replace("size 12x26", f"size {size}")
    with pytest.raises(NotationError):
        GAME.parse_position(text, GAME.options())
