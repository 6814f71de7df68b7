"""The k-in-a-row test game keeps the game contract, so what the AI tests learn from it holds."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalMove, NotationError
from tests import test_conformance as conformance
from tests.games.rows import GAME, RowsGame, RowsState

VARIANTS = [GAME, RowsGame(5, 4, 3, gravity=True), RowsGame(4, 4, 4)]


def play(game: RowsGame, *moves: str) -> RowsState:
    state = game.start({}, 0, 2)
    for text in moves:
        state = game.play(state, game.read_move(state, text))
    return state


@pytest.mark.parametrize("game", VARIANTS, ids=lambda game: game.info.title)
def test_the_game_keeps_the_contract(game: RowsGame) -> None:
    conformance.test_random_playouts_respect_the_contract(game, {}, 2)
    conformance.test_notation_round_trips(game, {}, 2)
    conformance.test_views_hide_chance_and_are_stable(game, {}, 2)
    states, _moves = conformance.playout(game, {}, 2, 7)
    for state in states:
        assert game.parse_position(game.position_text(state), {}) == state


def test_four_in_a_row_wins_in_every_direction() -> None:
    lines = (
        ("a1", "b1", "c1", "d1"),
        ("c2", "c3", "c4", "c5"),
        ("b2", "c3", "d4", "e5"),
        ("a4", "b3", "c2", "d1"),
    )
    for line in lines:
        elsewhere = iter(("g7", "g6", "g5", "f7"))
        moves: list[str] = []
        for cell in line:
            moves += [cell, next(elsewhere)]
        state = play(GAME, *moves[:-1])
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.winner == 0, line
        assert GAME.to_move(state) is None and not GAME.legal_moves(state)


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game = RowsGame(3, 3, 3)
    state = play(game, "a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.is_draw


def test_moves_are_checked_and_read() -> None:
    state = play(GAME, "d4")
    with pytest.raises(IllegalMove):
        GAME.play(state, GAME.parse_move(state, "d4"))
    for text in ("", "d", "h1", "a8", "a0", "4d", "dd"):
        with pytest.raises(NotationError):
            GAME.parse_move(state, text)
    assert GAME.parse_move(state, " G7 ") == 48


def test_with_gravity_stones_stack_from_the_bottom() -> None:
    game = RowsGame(5, 4, 3, gravity=True)
    state = play(game, "c1")
    legal = [game.format_move(state, m) for m in game.legal_moves(state)]
    assert legal == ["a1", "b1", "d1", "e1", "c2"]
    with pytest.raises(IllegalMove):
        game.play(state, game.parse_move(state, "d2"))
    with pytest.raises(NotationError):
        game.parse_position(".....\n.....\n..x..\n.....", {})
