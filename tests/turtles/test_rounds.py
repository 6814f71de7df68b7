"""Finishing, ranks, the end of the game, and the three-round option's points."""

from __future__ import annotations

from dataclasses import replace

from ludoteca.games.turtles.board import Board, Turtle, parse_square
from ludoteca.games.turtles.moves import BuildWall, PlayBug, RunProgram

from .helpers import GAME, S, table, with_program


def finish(state, seat: int):  # type: ignore[no-untyped-def]
    """`seat` walks onto a jewel now (placed just above the first jewel)."""
    jewel = state.board.jewels[0]
    turtles = list(state.board.turtles)
    turtles[seat] = Turtle(jewel - 8, S)
    state = replace(state, board=replace(state.board, turtles=tuple(turtles)), to_play=seat)
    return GAME.play(with_program(state, seat, "F"), RunProgram())


def test_two_players_the_first_on_a_jewel_wins() -> None:
    state = finish(table(), 1)
    assert GAME.to_move(state) is None
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (2, 1) and outcome.winner == 1
    assert outcome.scores is None and "Red" in str(outcome.reason)


def test_the_game_goes_on_until_one_turtle_is_left() -> None:
    state = finish(table(4), 2)
    assert GAME.outcome(state) is None
    state = finish(state, 0)
    assert GAME.outcome(state) is None
    state = finish(state, 3)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranks == (2, 4, 1, 3)


def test_turns_skip_finished_players() -> None:
    state = finish(table(3), 1)  # Red finished, so Green plays next
    assert GAME.to_move(state) == 2
    state = GAME.play(state, BuildWall("ice", parse_square("c5")))
    assert GAME.to_move(state) == 0
    state = GAME.play(state, BuildWall("ice", parse_square("c6")))
    assert GAME.to_move(state) == 2


def test_three_rounds_with_two_players() -> None:
    state = table(three_rounds=True, bug=True)
    state = GAME.play(replace(state, to_play=0), BuildWall("stone", parse_square("c4")))
    state = with_program(state, 0, "F")
    state = GAME.play(replace(state, to_play=1), PlayBug(0))
    state = finish(state, 0)  # round 1: Blue first
    assert GAME.outcome(state) is None
    assert state.points == (1, 0) and state.round == 2
    assert state.last is not None and state.last.round_over == (0, 1)
    # the next round is dealt afresh
    assert state.board == Board.initial(2)
    for p in state.players:
        assert (p.stone_walls, p.ice_walls, p.has_bug, p.bugged_by) == (3, 2, True, None)
        assert len(p.hand) == 5 and len(p.deck) == 32 and not p.program and not p.discard
    state = finish(state, 1)  # round 2: Red
    assert state.points == (1, 1) and state.round == 3
    state = finish(state, 1)  # round 3: Red
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (1, 2) and outcome.ranks == (2, 1)
    assert state.past_rounds == ((0, 1), (1, 0), (1, 0))
    assert GAME.scores(state) == (1, 2)


def test_three_rounds_points_by_arrival_with_three_and_four_players() -> None:
    state = table(3, three_rounds=True)
    state = finish(finish(state, 2), 0)  # Green 2, Blue 1, Red 0
    assert state.points == (1, 0, 2)
    state = table(4, three_rounds=True)
    state = finish(finish(finish(state, 3), 1), 0)  # Pink 3, Red 2, Blue 1, Green 0
    assert state.points == (1, 2, 0, 3)


def play_rounds(seats: int, orders: list[tuple[int, ...]]):  # type: ignore[no-untyped-def]
    state = table(seats, three_rounds=True)
    for order in orders:
        for seat in order[:-1]:
            state = finish(state, seat)
    return state


def test_equal_points_share_the_place() -> None:
    # 4 players: 3 2 1 0, then 2 3 1 0 (5 5 2 0), then 1 0 3 2 → 6 5 5 2
    state = play_rounds(4, [(0, 1, 2, 3), (1, 0, 2, 3), (2, 3, 0, 1)])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (6, 5, 5, 2)
    assert outcome.ranks == (1, 2, 2, 4)
    # 3 players, each first once, second once and last once: everyone has 3 points
    state = play_rounds(3, [(0, 1, 2), (1, 2, 0), (2, 0, 1)])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (3, 3, 3) and outcome.is_draw
