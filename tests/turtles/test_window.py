"""The window board's arithmetic, without a window: the run's timeline and where turtles stand on it,
whose tray a view may show, and what the move list may say."""

from __future__ import annotations

import pytest

from ludoteca.games.turtles.board import parse_square
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, BuildWall
from ludoteca.games.turtles.window_replay import (
    TIMING,
    beam_squares,
    beat_at,
    contact,
    melting,
    poses,
    run_beats,
    run_length,
)
from ludoteca.games.turtles.window_tray import hand_slots, tray_owner

from .helpers import GAME, S, cards, run, table, with_hand


def test_a_run_is_one_beat_per_card_with_a_breath_between() -> None:
    state = run(table(3, ice=("d3",)), 1, "XFF")
    assert state.last is not None
    beats = run_beats(state.last)
    assert [b.step.kind if b.step else None for b in beats] == ["laser", "move", "move"]
    laser, first, second = beats
    assert laser.travel == TIMING.beam_per_square * 2  # d2, then the ice on d3
    assert laser.duration == laser.travel + TIMING.laser_effect
    assert first.start == laser.end + TIMING.pause
    assert second.start == first.end + TIMING.pause
    assert run_length(beats) == second.end
    assert beat_at(beats, 0) is laser and beat_at(beats, first.start + 1) is first


def test_the_turtle_walks_between_squares_and_ends_on_the_next() -> None:
    state = run(table(3), 1, "F")
    assert state.last is not None
    (beat,) = run_beats(state.last)
    start = poses(beat, beat.start)[1]
    half = poses(beat, beat.start + beat.duration / 2)[1]
    end = poses(beat, beat.end)[1]
    assert (start.col, start.row) == (3, 0)
    assert half.col == 3 and half.row == pytest.approx(0.5)
    assert (end.col, end.row) == (3, 1) and end.angle == 180
    # the others stand still
    assert poses(beat, beat.start + 10)[0] == poses(beat, beat.end)[0]


def test_a_bump_knocks_then_turns_around_on_the_same_square() -> None:
    state = run(table(2, turtles={0: ("d5", S)}, stone=("d6",)), 0, "F")
    assert state.last is not None
    (beat,) = run_beats(state.last)
    assert beat.step is not None and beat.step.kind == "bump"
    knock = poses(beat, beat.start + beat.duration * 0.4)[0]
    end = poses(beat, beat.end)[0]
    assert knock.row > 4.2 and knock.angle == 180  # leaning into the wall below
    assert (end.col, end.row) == (3, 4) and end.angle % 360 == 0  # back, now facing north
    spot = contact(beat, beat.start + beat.duration * 0.5)
    assert spot is not None and spot[0] == (3, 4.5) and 0 < spot[1] < 1


def test_a_collision_fades_both_turtles_out_and_back_in_at_home() -> None:
    state = run(table(3, turtles={0: ("a2", 1), 1: ("b2", S)}), 0, "F")  # Blue faces east, Red on b2
    assert state.last is not None
    (beat,) = run_beats(state.last)
    assert beat.step is not None and beat.step.kind == "collide"
    mid = poses(beat, beat.start + beat.duration * 0.55)
    assert mid[0].alpha < 1 and mid[1].alpha < 1
    end = poses(beat, beat.end)
    assert (end[0].col, end[0].row, end[0].alpha) == (0, 0, 1.0)
    assert (end[1].col, end[1].row, end[1].alpha) == (3, 0, 1.0)
    assert (mid[1].col, mid[1].row) == (1, 1)  # Red fades where it stood


def test_the_beam_travels_then_the_ice_melts() -> None:
    state = run(table(3, ice=("d4",)), 1, "X")
    assert state.last is not None
    (beat,) = run_beats(state.last)
    assert beam_squares(beat, beat.start) == 0
    assert beam_squares(beat, beat.start + beat.travel / 2) == pytest.approx(1.5)
    assert beam_squares(beat, beat.start + beat.travel) == 3
    assert melting(beat, beat.start + beat.travel) == (parse_square("d4"), 0.0)
    assert melting(beat, beat.end) == (parse_square("d4"), 1.0)


def test_a_laser_turning_a_turtle_around_with_two_players() -> None:
    state = run(table(2, turtles={0: ("f4", 0)}), 0, "X")  # Blue on f4 faces north, at Red on f1
    assert state.last is not None
    (beat,) = run_beats(state.last)
    assert beat.step is not None and beat.step.turned == (1,)
    assert poses(beat, beat.start)[1].angle == 180
    assert poses(beat, beat.end)[1].angle % 360 == 0


def test_a_round_that_ends_gets_a_closing_beat() -> None:
    state = table(3, turtles={0: ("a7", S), 2: None}, three_rounds=True)
    state = run(state, 0, "F")
    assert state.last is not None and state.last.round_over == (2, 0, 1)
    beats = run_beats(state.last)
    assert beats[-1].step is None and beats[-1].duration == TIMING.round_over
    # the board shown is the finished round's, not the fresh deal of the next
    assert beats[-1].turtles[0] is None and state.board.turtles[0] is not None


def test_only_a_runs_report_has_a_timeline() -> None:
    state = GAME.play(table(2), BuildWall("ice", parse_square("c4")))
    assert state.last is not None and run_beats(state.last) == []


def test_the_tray_belongs_to_the_seat_whose_cards_the_view_shows() -> None:
    state = table(3)
    assert tray_owner(GAME.view(state, 2)) == 2
    assert tray_owner(GAME.view(state, None)) is None


def test_cards_waiting_in_the_strip_leave_their_hand_slots_empty() -> None:
    hand = with_hand(table(2), 0, "FFLRX").players[0].hand
    assert hand_slots(hand, [Card.FORWARD, Card.LASER]) == (None, Card.FORWARD, Card.LEFT, Card.RIGHT, None)


def test_the_move_list_never_names_the_cards_put_face_down() -> None:
    move = AddCards(cards("FLX"), True)
    assert GAME.public_move_text(table(2), move, None) == "add ? ? ? /discard"
    wall = BuildWall("stone", parse_square("c4"))
    assert GAME.public_move_text(table(2), wall, None) == GAME.format_move(table(2), wall)


def test_turtle_letters_stay_distinct_in_french() -> None:
    pygame = pytest.importorskip("pygame")
    assert pygame
    from ludoteca.games.turtles.window_table import initials

    assert initials(("Bleu", "Rouge", "Vert", "Rose")) == ("B", "R", "V", "Ro")
    assert initials(("Blue", "Red", "Green", "Pink")) == ("B", "R", "G", "P")
