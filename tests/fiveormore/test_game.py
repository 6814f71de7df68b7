"""Spawns, the end of the game, options, seeds, records, views and the recolour variant."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ludoteca.core.errors import IllegalMove, NotationError, OptionError
from ludoteca.core.record import Record, replay
from ludoteca.core.seats import SeatSpec
from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.state import FiveState, Recolour
from tests.fiveormore.helpers import cell, move, names, position


# ----- spawns ---------------------------------------------------------------------------------
def test_a_spawned_ball_that_completes_a_line_removes_it_and_scores() -> None:
    # After c5-d5 only a1 and c5 are empty; the two new 1s fill both, so one of them lands on a1
    # and completes row 1 (the other, on c5, makes nothing).
    state = position(
        [
            ".1111",
            "23452",
            "34523",
            "45234",
            "523.2",
        ],
        preview="11",
        score=7,
    )
    after = GAME.play(state, move(state, "c5-d5"))
    assert after.last is not None and after.last.removal is None
    spawned = after.last.spawned
    assert names(state, [s.cell for s in spawned]) == {"a1", "c5"}
    completing = [s for s in spawned if s.removal is not None]
    assert len(completing) == 1
    removal = completing[0].removal
    assert removal is not None
    assert names(state, removal.cells) == {"a1", "b1", "c1", "d1", "e1"}
    assert removal.points == 10 and after.last.points == 10
    assert after.score == 17
    assert all(after.board[c] == 0 for c in removal.cells)
    assert not GAME.is_over(after)


def test_spawned_balls_land_on_empty_cells_one_at_a_time() -> None:
    state = GAME.start(GAME.options({"size": "small"}), 11, 1)
    chooser = random.Random(11)
    for _ in range(15):
        before = state
        state = GAME.play(state, chooser.choice(GAME.legal_moves(state)))
        assert state.last is not None
        cells = [s.cell for s in state.last.spawned]
        assert len(set(cells)) == len(cells)
        assert all(before.board[c] == 0 or c == state.last.path[0] for c in cells)
        if state.last.spawned:
            assert [s.colour for s in state.last.spawned] == list(before.preview)
            assert len(state.preview) == 3


def test_the_spawn_is_cut_short_when_the_board_fills_and_the_game_ends() -> None:
    state = position(
        [
            "12345",
            "23451",
            "34512",
            "45123",
            "5.23.",
        ],
        preview="777",
        score=40,
    )
    after = GAME.play(state, move(state, "c5-b5"))
    assert after.last is not None
    assert len(after.last.spawned) == 2  # only two cells were free
    assert GAME.is_over(after) and GAME.to_move(after) is None
    assert GAME.legal_moves(after) == []
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.ranks == (1,) and outcome.scores == (40,) and outcome.solitaire
    assert GAME.scores(after) == (40,)
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(after, move(state, "a1-b5"))


def test_emptying_the_board_brings_the_spawn_at_once() -> None:
    state = position(["1111.", ".....", ".....", ".....", "....1"])
    after = GAME.play(state, move(state, "e5-e1"))
    assert after.last is not None and after.last.removal is not None
    assert len(after.last.spawned) == 3 and after.balls == 3
    assert after.score == 10


def test_the_game_starts_with_one_spawn_and_a_preview() -> None:
    for size, balls in (("small", 3), ("medium", 3), ("large", 7)):
        state = GAME.start(GAME.options({"size": size}), 5, 1)
        assert state.balls == balls and len(state.preview) == balls
        assert state.last is not None and len(state.last.spawned) == balls
    large = GAME.start(GAME.options({"size": "large"}), 5, 1)
    assert (large.config.cols, large.config.rows, large.config.colours) == (20, 15, 7)


# ----- options --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": "4x9"}, "5 to 20 columns"),
        ({"size": "9x21"}, "5 to 20 rows"),
        ({"size": "huge"}, "not a board size"),
        ({"colours": 2}, "3 to 9"),
        ({"spawn": 10}, "between 0 and 9"),
        ({"variant": "swap"}, "classic, recolour"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.options(options)  # type: ignore[arg-type]


def test_custom_sizes_and_defaults() -> None:
    config = GAME.start(GAME.options({"size": "12X8", "colours": 4, "spawn": 2}), 1, 1).config
    assert (config.size, config.cols, config.rows, config.colours, config.spawn) == ("12x8", 12, 8, 4, 2)
    tiny = GAME.start(GAME.options({"size": "5x5"}), 1, 1).config
    assert (tiny.colours, tiny.spawn) == (5, 3)  # the small board's
    wide = GAME.start(GAME.options({"size": "20x20"}), 1, 1).config
    assert (wide.colours, wide.spawn) == (7, 7)  # the large board's


# ----- seeds, records, notation ---------------------------------------------------------------
def _playout(
    seed: int, plies: int, options: dict[str, object] | None = None
) -> tuple[list[FiveState], list[str]]:
    state = GAME.start(GAME.options(options or {}), seed, 1)
    chooser = random.Random(seed)
    states, moves = [state], []
    while not GAME.is_over(state) and len(moves) < plies:
        chosen = chooser.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(state, chosen))
        state = GAME.play(state, chosen)
        states.append(state)
    return states, moves


def test_same_seed_same_game_other_seed_other_game() -> None:
    first, _ = _playout(21, 30)
    again, _ = _playout(21, 30)
    assert first == again
    other = GAME.start(GAME.options(), 22, 1)
    assert other.board != first[0].board or other.preview != first[0].preview


def test_a_record_replays_to_the_same_final_state() -> None:
    for options in ({"size": "small"}, {"variant": "recolour", "size": "7x6", "spawn": 4}):
        states, moves = _playout(8, 400, options)
        final = states[-1]
        outcome = GAME.outcome(final)
        record = Record(
            "fiveormore",
            8,
            GAME.options(options),
            (SeatSpec(),),
            moves,
            result=outcome.result_tag() if outcome else None,
            scores=outcome.scores if outcome else None,
        )
        text = record.dumps()
        assert '[Size "' in text and '[Seed "8"]' in text
        replayed = replay(GAME, Record.loads(text), text)
        assert replayed == states


def test_notation() -> None:
    state = position(["1....", ".....", ".....", ".....", "....2"])
    assert GAME.format_move(state, move(state, "a1-e4")) == "a1-e4"
    for text in ("a1-e4", "A1 E4", "a1e4", " a1 - e4 "):
        assert GAME.parse_move(state, text) == move(state, "a1-e4")
    for bad, message in (("a1-f1", "off the board"), ("a0-b1", "off the board"), ("hello", "not a move")):
        with pytest.raises(NotationError, match=message):
            GAME.parse_move(state, bad)
    big = GAME.start(GAME.options({"size": "20x20"}), 1, 1)
    assert GAME.parse_move(big, "t20-a1") == move(big, "t20-a1")
    assert move(big, "t20-a1").source == 20 * 20 - 1


def test_position_text_round_trips() -> None:
    state = GAME.start(GAME.options({"size": "small"}), 3, 1)
    text = GAME.position_text(state)
    again = GAME.parse_position(text, GAME.options({"size": "small"}))
    assert (again.board, again.preview, again.score) == (state.board, state.preview, state.score)
    with pytest.raises(NotationError):
        GAME.parse_position(text, GAME.options({"size": "medium"}))


# ----- views ----------------------------------------------------------------------------------
def test_views_keep_the_preview_and_drop_the_random_generator() -> None:
    state = GAME.start(GAME.options(), 9, 1)
    for seat in (None, 0):
        view = GAME.view(state, seat)
        assert view.rng is None and state.rng is not None
        assert (view.board, view.preview, view.score) == (state.board, state.preview, state.score)
        assert repr(state.rng.state) not in repr(view)
    view = GAME.view(state, 0)
    worlds = [GAME.determinize(view, 0, random.Random(n)) for n in range(4)]
    assert all(GAME.view(w, 0) == view for w in worlds)
    assert len({w.rng for w in worlds}) == 4
    # a player handed the true state learns nothing from determinize either
    assert GAME.determinize(state, 0, random.Random(0)).rng != state.rng


def test_a_view_cannot_spawn_but_can_take_an_extra_move() -> None:
    state = position(["1111.", ".....", ".....", "..3..", "....1"])
    view = GAME.view(state, 0)
    after = GAME.play(view, move(view, "e5-e1"))
    assert after.score == 10
    with pytest.raises(ValueError, match="determinize"):
        GAME.play(view, move(view, "c4-c5"))


# ----- recolour variant -----------------------------------------------------------------------
def test_recolour_completes_a_line_and_earns_another_turn() -> None:
    state = position(["11112", ".....", "..3..", ".....", "....."], variant="recolour")
    changed = GAME.play(state, GAME.parse_move(state, "e1=1"))
    assert changed.last is not None
    assert changed.last.move == Recolour(cell(state, "e1"), 1) and changed.last.old_colour == 2
    assert changed.last.path == () and changed.last.extra_move
    assert changed.score == 10 and changed.balls == 1


def test_recolour_without_a_line_brings_new_balls() -> None:
    state = position(["1112.", ".....", "..3..", ".....", "....."], variant="recolour")
    after = GAME.play(state, GAME.parse_move(state, "c3=5"))
    assert after.board[cell(state, "c3")] == 5
    assert after.last is not None and len(after.last.spawned) == 3


def test_recolour_rules_and_moves() -> None:
    state = position(["12...", ".....", ".....", ".....", "....."], variant="recolour")
    legal = GAME.legal_moves(state)
    assert len(legal) == 2 * (7 - 1)
    assert all(isinstance(m, Recolour) for m in legal)
    assert GAME.format_move(state, legal[0]) == "a1=2"
    for text, reason in (
        ("a1=1", "already colour 1"),
        ("c3=2", "no ball on c3"),
        ("a1=8", "no colour 8"),
        ("a1-c3", "balls do not move"),
    ):
        with pytest.raises(IllegalMove, match=reason):
            GAME.play(state, GAME.parse_move(state, text))
    classic = replace(state, config=replace(state.config, recolour=False))
    with pytest.raises(IllegalMove, match="move a ball"):
        GAME.play(classic, GAME.parse_move(classic, "a1=2"))
