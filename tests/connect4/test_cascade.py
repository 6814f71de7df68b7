"""The Cascade variant: alignments score for their owner, vanish, and the discs above fall."""

from __future__ import annotations

import pytest

from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.cascade import resolve
from ludoteca.games.connect4.state import Connect4State

from .pictures import discs_from, naive_fours, picture_of, same


def cascade(drops: int = 42) -> dict[str, str | int]:
    return GAME.options({"variant": "cascade", "drops": drops})


def position(moves: str, drops: int = 200) -> Connect4State:
    return GAME.parse_position(moves, cascade(drops))


def grid(discs: tuple[int, int]) -> str:
    return picture_of(Connect4State("cascade", 42, discs))


def test_an_alignment_scores_vanishes_and_the_discs_above_fall() -> None:
    state = position("1122334")
    assert GAME.to_move(state) == 1, "four in a row does not end a Cascade game"
    assert state.points == (1, 0)
    assert GAME.scores(state) == (1, 0)
    assert same(picture_of(state)) == same(
        """
        .......
        .......
        .......
        .......
        .......
        RRR....
        """
    )
    (step,) = state.cascade
    assert [(a.owner, a.cells) for a in step.alignments] == [(0, ((0, 0), (1, 0), (2, 0), (3, 0)))]
    assert step.removed == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert {(f.column, f.from_row, f.to_row, f.owner) for f in step.falls} == {
        (0, 1, 0, 1),
        (1, 1, 0, 1),
        (2, 1, 0, 1),
    }
    assert GAME.describe_last(state) == (
        "Yellow's drop in column 4 made 1 alignment: Yellow +1; 4 discs removed."
    )


def test_columns_close_up_completely() -> None:
    # Yellow's vertical four in column 1 sits under two Red discs and over a Red one
    before = discs_from(
        """
        R......
        Y......
        Y......
        Y......
        Y......
        R......
        """
    )
    result = resolve(before)
    assert result.gained == (1, 0)
    assert same(grid(result.discs)) == same(
        """
        .......
        .......
        .......
        .......
        R......
        R......
        """
    )
    (step,) = result.steps
    assert [(f.from_row, f.to_row) for f in step.falls] == [(5, 1)]


def test_a_run_of_five_or_more_is_one_alignment() -> None:
    result = resolve(
        discs_from(
            """
            .......
            .......
            .......
            .......
            .......
            YYYYYYR
            """
        )
    )
    assert result.gained == (1, 0)
    assert len(result.steps) == 1 and len(result.steps[0].removed) == 6


def test_crossing_runs_are_two_alignments_removed_together() -> None:
    before = discs_from(
        """
        .......
        .......
        Y......
        Y......
        Y......
        YYYYR..
        """
    )
    result = resolve(before)
    assert result.gained == (2, 0)
    (step,) = result.steps
    assert len(step.alignments) == 2
    assert len(step.removed) == 7, "the shared disc is removed once"
    assert same(grid(result.discs)) == same(
        """
        .......
        .......
        .......
        .......
        .......
        ....R..
        """
    )


def test_both_colours_found_in_one_scan_each_score() -> None:
    result = resolve(
        discs_from(
            """
            .......
            .......
            .......
            .......
            RRRR...
            YYYY...
            """
        )
    )
    assert result.gained == (1, 1)
    assert len(result.steps) == 1
    assert result.discs == (0, 0)


def test_falls_can_chain_into_new_alignments() -> None:
    # removing Yellow's column drops the Red disc on top beside Red's three
    before = discs_from(
        """
        .......
        ...R...
        ...Y...
        ...Y...
        ...Y...
        RRRY...
        """
    )
    assert naive_fours(same(grid(before)), "R") == 0
    result = resolve(before)
    assert result.gained == (1, 1)
    assert len(result.steps) == 2
    first, second = result.steps
    assert [a.owner for a in first.alignments] == [0]
    assert [a.owner for a in second.alignments] == [1]
    assert second.alignments[0].cells == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert result.discs == (0, 0)


def test_a_drop_can_score_for_the_opponent_in_a_chain() -> None:
    # The game found by random play: Red's drop completes Red's bottom row (4–7); once it goes,
    # Yellow's discs fall into a row of five along the bottom, which scores for Yellow.
    state = position("24351353534246163165366")
    assert same(picture_of(state)) == same(
        """
        ..Y....
        ..Y..Y.
        ..R.RR.
        R.RYYY.
        YRRYYR.
        YYYRRR.
        """
    )
    after = GAME.play(state, 6)
    assert after.points == (state.points[0] + 1, state.points[1] + 1)
    assert [[a.owner for a in step.alignments] for step in after.cascade] == [[1], [0]]
    assert [len(step.alignments[0].cells) for step in after.cascade] == [4, 5]
    assert same(picture_of(after)) == same(
        """
        .......
        ..Y....
        ..Y..Y.
        ..R..R.
        R.R.RY.
        YRRYYR.
        """
    )
    assert GAME.describe_last(after) == (
        "Red's drop in column 7 made 2 alignments in a chain of 2 cascades: Red +1, Yellow +1; "
        "9 discs removed."
    )


def test_cross_found_in_play_gives_two_points() -> None:
    state = position("561555434461766327634")
    after = GAME.play(state, 2)
    assert after.points[1] == state.points[1] + 2
    (step,) = after.cascade
    assert len(step.alignments) == 2 and len(step.removed) == 7


def test_the_game_ends_after_the_agreed_drops() -> None:
    state = position("1234", drops=4)
    assert GAME.to_move(state) is None
    assert GAME.legal_moves(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw and outcome.scores == (0, 0)
    assert GAME.to_move(position("123", drops=4)) == 1


def test_more_points_wins_at_the_end() -> None:
    state = position("1122334" + "5", drops=8)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 0 and outcome.scores == (1, 0)
    assert "Yellow has more points, 1 to 0" in str(outcome.reason)


def test_the_game_ends_when_the_grid_is_full() -> None:
    # the classic drawn game: no line ever forms, so the Cascade grid fills up before 200 drops
    state = position("746336637473574166457736354111141522225252", drops=200)
    assert GAME.to_move(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert "full" in str(outcome.reason)


@pytest.mark.parametrize("drops", [3, 201])
def test_drops_option_bounds(drops: int) -> None:
    from ludoteca.core.errors import OptionError

    with pytest.raises(OptionError):
        cascade(drops)


def test_classic_is_not_cut_short_by_a_drops_value_given_past_the_option_check() -> None:
    # `GAME.options` refuses drops in the classic game (tests/connect4/test_rules.py); a state
    # started from unchecked options still lasts the whole grid
    state = GAME.start({"variant": "classic", "drops": 4}, 0)
    for column in "1234567":
        state = GAME.play(state, int(column) - 1)
    assert GAME.to_move(state) is not None
