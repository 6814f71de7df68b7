"""Scores (lines, Qwirkles, the lone first tile, the end bonus) and the ways a game ends."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.state import PASS, Place, QwirkleState

from .support import move, position, tiles


def state_of(
    cells: str, hand: str, bag: str = "L0 L1 L2", others: tuple[str, ...] = ("R0 R1 R2",)
) -> QwirkleState:
    hands = "; ".join(f"hand {h}" for h in (hand, *others))
    scores = " ".join("0" for _ in range(1 + len(others)))
    return position(f"size 12x26; mode normal; turn 0; scores {scores}; board {cells}; {hands}; bag {bag}")


def score_of(cells: str, hand: str, play: str) -> int:
    state = state_of(cells, hand)
    after = GAME.play(state, move(state, play))
    assert after.last is not None
    return after.last.score


def test_a_lone_first_tile_scores_one() -> None:
    state = GAME.start(GAME.options(), seed=1, seats=2)
    after = GAME.play(state, Place(((5, 12, state.hands[0][0]),)))
    assert after.scores == (1, 0)


def test_an_opening_line_scores_its_length() -> None:
    assert score_of("", "C1 C2 C3", "fdC1 feC2 ffC3") == 3


def test_a_tile_in_two_lines_counts_in_both() -> None:
    # fd: under the orange square ed (column d: 2) and after the blue clover fc (row f: 2)
    assert score_of("ebC1 ecC2 edC0 eeC5 dcE2 fcT2 gcX2", "T0", "fdT0") == 4


def test_two_qwirkles_in_one_play_score_the_bonus_twice() -> None:
    cells = "faC0 fbC1 fcC2 fdC3 feC4 afR5 bfE5 cfL5 dfT5 efX5"
    state = state_of(cells, "C5")
    after = GAME.play(state, move(state, "ffC5"))
    assert after.last is not None
    assert after.last.lines == (12, 12)
    assert after.last.qwirkles == 2
    assert after.scores[0] == 24


def test_a_line_holding_several_new_tiles_counts_once() -> None:
    # row e grows by two: the row scores 6 (+6 Qwirkle) once, not once per tile
    assert score_of("ebC1 ecC2 edC0 eeC5", "C3 C4", "eaC3 efC4") == 12


def test_placing_the_last_tile_with_the_bag_empty_ends_the_game_with_a_bonus() -> None:
    state = state_of("ebC1 ecC2", "C3", bag="", others=("R0 R1",))
    after = GAME.play(state, move(state, "edC3"))
    assert after.last is not None
    assert after.last.end_bonus == 6
    assert after.scores == (3 + 6, 0)
    assert GAME.to_move(after) is None and list(GAME.legal_moves(after)) == []
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.ranks == (1, 2)
    assert outcome.scores == (9, 0)
    assert "last tile" in str(outcome.reason) and "Player 1 wins with 9 points" in str(outcome.reason)


def test_a_play_is_scored_before_it_is_made_the_way_playing_it_scores() -> None:
    cells = "faC0 fbC1 fcC2 fdC3 feC4 afR5 bfE5 cfL5 dfT5 efX5"
    state = state_of(cells, "C5 R0")
    preview = GAME.score_play(state, move(state, "ffC5"))
    assert (preview.lines, preview.qwirkles, preview.end_bonus, preview.score) == ((12, 12), 2, 0, 24)
    last = state_of("ebC1 ecC2", "C3", bag="", others=("R0 R1",))
    preview = GAME.score_play(last, move(last, "edC3"))
    assert (preview.end_bonus, preview.score) == (6, 9)
    after = GAME.play(last, move(last, "edC3"))
    assert after.last is not None and after.last.score == preview.score
    with pytest.raises(IllegalMove) as refused:
        GAME.score_play(state, move(state, "ggC5"))
    assert "touch" in refused.value.reason
    assert state.scores == (0, 0) and state.hands[0] == tiles("C5 R0")


def test_an_emptied_hand_with_tiles_in_the_bag_draws_again() -> None:
    state = state_of("ebC1 ecC2", "C3", bag="L0 L1 L2")
    after = GAME.play(state, move(state, "edC3"))
    assert not after.ended
    assert sorted(after.hands[0]) == sorted(tiles("L0 L1 L2"))
    assert after.last is not None and after.last.end_bonus == 0


def test_everyone_passing_with_the_bag_empty_ends_the_game_without_bonus() -> None:
    state = state_of("ebC1 ecC2", "R5", bag="", others=("R4", "X4"))
    state = GAME.play(state, PASS)
    state = GAME.play(state, PASS)
    assert GAME.outcome(state) is None
    state = GAME.play(state, PASS)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.is_draw and outcome.scores == (0, 0, 0)
    assert "nobody could place a tile" in str(outcome.reason)


def test_a_placement_resets_the_run_of_passes() -> None:
    state = state_of("ebC1 ecC2", "R5", bag="", others=("C3 R4",))
    state = GAME.play(state, PASS)
    state = GAME.play(state, move(state, "edC3"))
    assert state.passes == 0 and GAME.to_move(state) == 0


def test_a_board_with_no_room_for_the_tiles_left_ends_the_game() -> None:
    # a 6 x 6 board whose only lines are full: no tile can ever be placed, yet the bag is not empty
    cells = " ".join(
        f"{r}{c}{s}{k}"
        for r, s in zip("abcdef", "CRELTX", strict=True)
        for c, k in zip("abcdef", "012345", strict=True)
    )
    state = position(f"size 6x6; mode normal; turn 0; scores 0 0; board {cells}; hand C0; hand R0; bag L0 L1")
    after = GAME.play(state, move(state, "x C0"))
    assert after.ended == "stuck"
    outcome = GAME.outcome(after)
    assert outcome is not None and "no tile left can be placed" in str(outcome.reason)


def test_scores_ties_share_first_place() -> None:
    state = state_of("ebC1 ecC2", "R5", bag="", others=("R4",))
    state = GAME.play(GAME.play(state, PASS), PASS)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (1, 1)
