"""The Bug! option: reversing an opponent's program, later additions, and the card leaving the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.turtles.moves import AddCards, PlayBug, RunProgram

from .helpers import GAME, E, S, W, cards, table, where, with_hand, with_program


def bugged_table(seats: int = 2):  # type: ignore[no-untyped-def]
    state = with_program(table(seats, bug=True), 1, "F F L")
    return GAME.play(replace(state, to_play=0), PlayBug(1))


def test_without_the_option_there_is_no_bug() -> None:
    state = replace(with_program(table(), 1, "F"), to_play=0)
    with pytest.raises(IllegalMove, match="without the Bug"):
        GAME.play(state, PlayBug(1))
    assert not any(isinstance(m, PlayBug) for m in GAME.legal_moves(state))


def test_the_bug_reverses_the_program_at_once() -> None:
    state = bugged_table()
    assert state.players[1].program == cards("L F F")
    assert state.players[1].bugged_by == 0
    assert not state.players[0].has_bug
    assert state.players[1].has_bug  # Red still holds its own Bug card


def test_later_cards_go_to_the_end_of_the_reversed_queue_and_the_run_follows_it() -> None:
    state = with_hand(replace(bugged_table(), to_play=1), 1, "FFRRX")
    state = GAME.play(state, AddCards(cards("R F")))
    assert state.players[1].program == cards("L F F R F")
    state = GAME.play(replace(state, to_play=1), RunProgram())
    assert state.last is not None
    assert [s.card for s in state.last.steps] == list(cards("L F F R F"))
    # Red from f1 facing south: L → east, F → g1, F → bumps the stone on h1 and turns west,
    # R → north, F → off the top edge, back to f1 facing south
    assert [s.kind for s in state.last.steps] == ["turn", "move", "bump", "turn", "fall"]
    assert where(state, 1) == ("f1", 2)


def test_the_bug_card_leaves_the_game_when_the_bugged_program_runs() -> None:
    state = GAME.play(replace(bugged_table(), to_play=1), RunProgram())
    assert state.last is not None and state.last.bug_spent == 0
    assert state.players[1].bugged_by is None
    assert not state.players[0].has_bug
    state = with_program(state, 1, "F")
    with pytest.raises(IllegalMove, match="already played your Bug"):
        GAME.play(replace(state, to_play=0), PlayBug(1))
    # and the unbugged program runs in its own order again
    state = with_program(state, 1, "L F")
    assert where(state, 1) == ("g1", W)  # after L F F: bumped the stone on h1
    state = GAME.play(replace(state, to_play=1), RunProgram())
    assert state.last is not None and [s.card for s in state.last.steps] == list(cards("L F"))
    assert where(state, 1) == ("g2", S)


def test_a_program_carries_one_bug_at_most_and_only_opponents_with_cards_can_be_bugged() -> None:
    state = with_program(bugged_table(3), 2, "F")
    with pytest.raises(IllegalMove, match="already carries"):
        GAME.play(replace(state, to_play=2), PlayBug(1))
    with pytest.raises(IllegalMove, match="opponent"):
        GAME.play(replace(state, to_play=2), PlayBug(2))
    empty = table(3, bug=True)
    with pytest.raises(IllegalMove, match="empty"):
        GAME.play(replace(empty, to_play=0), PlayBug(1))
    finished = with_program(table(3, turtles={1: None}, bug=True), 1, "F")
    with pytest.raises(IllegalMove, match="finished"):
        GAME.play(replace(finished, to_play=0), PlayBug(1))
    legal = GAME.legal_moves(replace(state, to_play=2))
    assert {m.target for m in legal if isinstance(m, PlayBug)} == set()  # 0 is empty, 1 bugged


def test_bugging_a_two_card_program_then_running_it() -> None:
    state = with_program(table(bug=True), 1, "L F")  # would end on g1 facing east
    state = GAME.play(replace(state, to_play=0), PlayBug(1))
    state = GAME.play(replace(state, to_play=1), RunProgram())
    assert where(state, 1) == ("f2", E)  # F first (to f2), then L (facing east)
