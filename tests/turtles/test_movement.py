"""Every movement and laser case of the rules, set up by hand and checked square by square.

Squares: columns a–h left to right, rows 1–8 top to bottom. Facings N, E, S, W (S is down the board).
"""

from __future__ import annotations

from ludoteca.games.turtles.board import parse_square

from .helpers import GAME, E, N, S, W, run, table, where


def test_forward_and_quarter_turns() -> None:
    state = run(table(), 0, "F F")
    assert where(state, 0) == ("b3", S)
    assert where(run(table(), 0, "L"), 0) == ("b1", E)  # facing south, the left hand points east
    assert where(run(table(), 0, "R"), 0) == ("b1", W)
    assert where(run(table(), 0, "L L L L R"), 0) == ("b1", W)
    assert where(run(table(), 0, "F L F F"), 0) == ("d2", E)


def test_wall_in_front_turns_the_turtle_around_and_the_program_goes_on() -> None:
    for wall in ("stone", "ice"):
        start = table(turtles={0: ("b3", S)}, **{wall: ("b4",)})  # type: ignore[arg-type]
        bumped = run(start, 0, "F")
        assert where(bumped, 0) == ("b3", N)
        assert bumped.last is not None and bumped.last.steps[0].kind == "bump"
        assert bumped.last.steps[0].hit == wall
        assert where(run(start, 0, "F F F"), 0) == ("b1", N)
    # the fixed stone column h in a 2-player game
    assert where(run(table(turtles={0: ("g5", E)}), 0, "F"), 0) == ("g5", W)


def test_walking_off_the_board_goes_back_to_the_start_facing_south() -> None:
    assert where(run(table(turtles={0: ("a3", W)}), 0, "F"), 0) == ("b1", S)
    assert where(run(table(turtles={0: ("a3", W)}), 0, "F F"), 0) == ("b2", S)
    assert where(run(table(), 0, "L L F"), 0) == ("b1", S)  # off the top edge from the start
    state = run(table(turtles={0: ("c8", S)}), 0, "F")
    assert where(state, 0) == ("b1", S)
    assert state.last is not None and state.last.steps[0].kind == "fall"


def test_a_turtle_sent_home_pushes_a_turtle_standing_on_its_start_home_too() -> None:
    state = run(table(turtles={0: ("a4", W), 1: ("b1", E)}), 0, "F")
    assert where(state, 0) == ("b1", S)
    assert where(state, 1) == ("f1", S)
    assert state.last is not None and set(state.last.steps[0].sent_home) == {0, 1}


def test_walking_into_a_turtle_sends_both_home() -> None:
    state = run(table(turtles={0: ("d4", E), 1: ("e4", N)}), 0, "F")
    assert where(state, 0) == ("b1", S)
    assert where(state, 1) == ("f1", S)
    # the program goes on from the start square
    state = run(table(turtles={0: ("d4", E), 1: ("e4", N)}), 0, "F F")
    assert where(state, 0) == ("b2", S)


def test_collision_chain_with_three_players() -> None:
    # Blue (start a1) walks into Red (start d1) while Green stands on a1
    start = table(3, turtles={0: ("c3", E), 1: ("d3", S), 2: ("a1", W)})
    state = run(start, 0, "F")
    assert where(state, 0) == ("a1", S)
    assert where(state, 1) == ("d1", S)
    assert where(state, 2) == ("g1", S)


def test_reaching_a_jewel_finishes_and_skips_the_rest_of_the_program() -> None:
    start = table(3, turtles={0: ("d7", S)})
    state = run(start, 0, "F L F F")
    assert state.board.turtles[0] is None
    assert state.arrivals == (0,)
    assert state.last is not None and len(state.last.steps) == 1
    assert state.last.steps[0].kind == "jewel"
    assert state.board.jewels == start.board.jewels  # the jewel stays for the others
    assert GAME.to_move(state) == 1  # the finished player is skipped
    assert state.players[0].program == ()
    assert len(state.players[0].discard) == len(start.players[0].discard) + 4


def test_another_turtle_can_reach_the_same_jewel() -> None:
    state = run(table(3, turtles={0: ("d7", S), 1: ("c8", E)}), 0, "F")
    state = run(state, 1, "F")
    assert state.board.turtles[1] is None
    assert state.arrivals[:2] == (0, 1)


def test_laser_melts_ice_and_stops_on_stone() -> None:
    state = run(table(turtles={0: ("b3", S)}, ice=("b6",)), 0, "X")
    assert parse_square("b6") not in state.board.ice
    step = state.last.steps[0] if state.last else None
    assert step is not None and step.hit == "ice"
    assert step.beam == tuple(parse_square(s) for s in ("b4", "b5", "b6"))
    assert where(state, 0) == ("b3", S)
    state = run(table(turtles={0: ("b3", S)}, stone=("b6",)), 0, "X")
    assert parse_square("b6") in state.board.stone
    # melted ice lets the turtle walk through afterwards
    assert where(run(table(turtles={0: ("b3", S)}, ice=("b4",)), 0, "X F"), 0) == ("b4", S)


def test_laser_stops_at_the_first_thing_in_its_way() -> None:
    start = table(turtles={0: ("b3", S), 1: ("b5", E)}, ice=("b6",))
    state = run(start, 0, "X")
    assert parse_square("b6") in state.board.ice
    assert where(state, 1) == ("b5", W)


def test_laser_on_a_turtle_two_players_turns_it_around() -> None:
    state = run(table(turtles={0: ("b3", S), 1: ("b6", E)}), 0, "X")
    assert where(state, 1) == ("b6", W)
    assert where(state, 0) == ("b3", S)


def test_laser_on_a_turtle_three_or_four_players_sends_it_home() -> None:
    state = run(table(3, turtles={0: ("a2", S), 1: ("a5", E)}), 0, "X")
    assert where(state, 1) == ("d1", S)
    state = run(table(4, turtles={0: ("a2", S), 3: ("a7", N)}), 0, "X")
    assert where(state, 3) == ("h1", S)


def test_laser_on_a_jewel_comes_back_to_the_shooter() -> None:
    state = run(table(turtles={0: ("d5", S)}), 0, "X")
    assert where(state, 0) == ("d5", N)
    step = state.last.steps[0] if state.last else None
    assert step is not None and step.hit == "jewel" and step.beam[-1] == parse_square("d8")
    state = run(table(3, turtles={0: ("d5", S)}), 0, "X")
    assert where(state, 0) == ("a1", S)
    # and the program goes on
    assert where(run(table(turtles={0: ("d5", S)}), 0, "X F"), 0) == ("d4", N)


def test_laser_into_the_void_changes_nothing() -> None:
    start = table(turtles={0: ("b3", W)})
    state = run(start, 0, "X")
    assert state.board.turtles == start.board.turtles
    step = state.last.steps[0] if state.last else None
    assert step is not None and step.hit == "edge" and step.beam == (parse_square("a3"),)


def test_finished_turtles_are_off_the_board() -> None:
    # Red finished: its old square is free and the laser passes
    state = run(table(3, turtles={1: None, 0: ("a3", E)}), 0, "X F F F")
    assert where(state, 0) == ("d3", E)


def test_every_step_records_the_board_after_it() -> None:
    state = run(table(turtles={0: ("b3", S)}, ice=("b5",)), 0, "F X F L")
    assert state.last is not None
    kinds = [s.kind for s in state.last.steps]
    assert kinds == ["move", "laser", "move", "turn"]
    assert [s.turtles[0].square for s in state.last.steps if s.turtles[0]] == [
        parse_square(x) for x in ("b4", "b4", "b5", "b5")
    ]
    assert parse_square("b5") in state.last.steps[0].ice
    assert parse_square("b5") not in state.last.steps[1].ice
    assert state.last.board_before is not None
    assert parse_square("b5") in state.last.board_before.ice


def test_a_laser_victim_sent_home_pushes_the_shooter_off_its_start_square() -> None:
    # 3 players: Blue stands on d1 (Red's start) and shoots Red, who goes home to d1 and pushes Blue to a1
    state = run(table(3, turtles={0: ("d1", S), 1: ("d4", W)}), 0, "X")
    assert where(state, 1) == ("d1", S)
    assert where(state, 0) == ("a1", S)
    step = state.last.steps[0] if state.last else None
    assert step is not None and step.sent_home == (1, 0)


def test_walking_into_a_turtle_standing_on_ones_own_start_square() -> None:
    state = run(table(turtles={0: ("b2", N), 1: ("b1", E)}), 0, "F")
    assert where(state, 0) == ("b1", S)
    assert where(state, 1) == ("f1", S)
