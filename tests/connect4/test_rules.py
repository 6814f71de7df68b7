"""The classic rules: drops, wins in every direction, the full grid, notation, perft."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalMove, NotationError, OptionError
from ludoteca.core.perft import perft
from ludoteca.core.registry import get_game
from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.state import Connect4State

from .pictures import naive_fours, picture_of, same

CLASSIC = GAME.options()


def position(moves: str) -> Connect4State:
    return GAME.parse_position(moves, CLASSIC)


def test_registered_under_its_key() -> None:
    assert get_game("connect4") is GAME
    assert GAME.info.seat_names[:2] == ("Yellow", "Red")


@pytest.mark.parametrize(
    ("depth", "expected"),
    [(1, 7), (2, 49), (3, 343), (4, 2401), (5, 16807), (6, 117649)],
)
def test_perft_from_the_empty_grid(depth: int, expected: int) -> None:
    assert perft(GAME, GAME.start(CLASSIC, 0), depth) == expected


def test_discs_stack_from_the_bottom_and_turns_alternate() -> None:
    state = position("4434")
    assert same(picture_of(state)) == same(
        """
        .......
        .......
        .......
        ...R...
        ...R...
        ..YY...
        """
    )
    assert GAME.to_move(state) == 0
    assert GAME.to_move(GAME.play(state, 0)) == 1
    assert state.last_cell == (3, 2)


@pytest.mark.parametrize(
    ("moves", "winner", "line"),
    [
        # horizontal along the bottom row, Yellow
        ("1122334", 0, [(0, 0), (1, 0), (2, 0), (3, 0)]),
        # vertical in column 7, Red
        ("17172727", 1, [(6, 0), (6, 1), (6, 2), (6, 3)]),
        # rising diagonal, Yellow: 1a 2b 3c 4d
        ("12233434464", 0, [(0, 0), (1, 1), (2, 2), (3, 3)]),
        # falling diagonal, Yellow: 7a 6b 5c 4d
        ("76655454424", 0, [(3, 3), (4, 2), (5, 1), (6, 0)]),
    ],
)
def test_four_in_a_row_wins_at_once(moves: str, winner: int, line: list[tuple[int, int]]) -> None:
    state = position(moves)
    assert GAME.to_move(state) is None
    assert GAME.legal_moves(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == winner
    assert sorted(state.winning_cells) == line
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(state, 0)


def test_five_in_a_row_highlights_all_five() -> None:
    # Yellow holds 1 2 _ 4 5 on the bottom row and fills the gap
    state = position("11224455")
    assert GAME.to_move(state) is not None
    won = GAME.play(state, 2)
    assert sorted(won.winning_cells) == [(c, 0) for c in range(5)]


def test_two_lines_through_the_last_disc_are_both_highlighted() -> None:
    state = position("2347461321754731")
    assert same(picture_of(state)) == same(
        """
        .......
        .......
        .......
        R.YY..R
        RYRY..Y
        YYRYRRR
        """
    )
    won = GAME.play(state, 3)
    column = [(3, 0), (3, 1), (3, 2), (3, 3)]
    diagonal = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert sorted(won.winning_cells) == sorted(set(column + diagonal))


DRAWN_GAME = "746336637473574166457736354111141522225252"


def test_full_grid_without_a_line_is_a_draw() -> None:
    state = position(DRAWN_GAME)
    picture = picture_of(state)
    assert naive_fours(picture, "Y") == 0 and naive_fours(picture, "R") == 0
    assert GAME.to_move(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert GAME.outcome(position(DRAWN_GAME[:-1])) is None


def test_a_full_column_is_refused_with_its_number() -> None:
    state = position("444444")
    assert 3 not in GAME.legal_moves(state)
    with pytest.raises(IllegalMove, match="column 4 is full"):
        GAME.play(state, 3)
    with pytest.raises(IllegalMove, match="column 4 is full"):
        GAME.read_move(state, "4")


def test_play_never_changes_its_input() -> None:
    state = position("4453")
    before = (state.discs, state.moves)
    GAME.play(state, 2)
    assert (state.discs, state.moves) == before


def test_notation_round_trips_and_rejects_garbage() -> None:
    state = position("44")
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    assert GAME.parse_move(state, " 7 ") == 6
    for bad in ("0", "8", "a", "", "44"):
        with pytest.raises(NotationError):
            GAME.parse_move(state, bad)


def test_position_text_is_the_solver_digit_string() -> None:
    assert GAME.position_text(position("4453")) == "4453"
    assert GAME.position_text(GAME.start(CLASSIC, 0)) == ""
    with pytest.raises(NotationError, match="column 4 is full"):
        position("4444444")
    with pytest.raises(NotationError):
        position("4x")


def test_options_and_describe_last() -> None:
    assert GAME.options({"variant": "cascade", "drops": "10"}) == {"variant": "cascade", "drops": 10}
    with pytest.raises(OptionError):
        GAME.options({"drops": 2})
    with pytest.raises(OptionError):
        GAME.options({"variant": "gravity"})
    assert GAME.describe_last(position("4")) == "Yellow dropped in column 4."
    assert GAME.describe_last(position("45")) == "Red dropped in column 5."
    assert "connected four" in GAME.describe_last(position("1122334"))
    assert GAME.scores(position("4")) is None


def test_state_key_tells_positions_apart_and_joins_transpositions() -> None:
    assert GAME.state_key(position("4453")) == GAME.state_key(position("5344"))
    assert GAME.state_key(position("4453")) != GAME.state_key(position("4435"))


def test_evaluate_prefers_the_side_with_a_threat() -> None:
    # Yellow has three on the bottom row with both ends open; Red has scattered discs
    state = position("2737")
    threat = GAME.play(GAME.play(state, 3), 6)
    assert GAME.evaluate(threat, 0) > GAME.evaluate(threat, 1)


def test_drops_are_refused_in_the_classic_game_rather_than_ignored() -> None:
    with pytest.raises(OptionError, match="Cascade"):
        GAME.options({"drops": 30})
    assert GAME.options({"variant": "cascade", "drops": 30})["drops"] == 30
    assert GAME.options({})["variant"] == "classic"  # the default number of drops is no choice
