"""Where walls may go: occupied squares, start squares, the path rule (encirclements) and the stock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.turtles.board import SQUARES, parse_square
from ludoteca.games.turtles.moves import BuildWall
from ludoteca.games.turtles.walls import legal_wall_squares

from .helpers import GAME, S, table


def build(state, kind: str, square: str, seat: int = 0):  # type: ignore[no-untyped-def]
    return GAME.play(replace(state, to_play=seat), BuildWall(kind, parse_square(square)))  # type: ignore[arg-type]


def refused(state, kind: str, square: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as err:
        build(state, kind, square)
    return err.value.reason


def test_a_wall_goes_on_an_empty_square() -> None:
    state = build(table(), "stone", "d4")
    assert parse_square("d4") in state.board.stone
    assert state.players[0].stone_walls == 2
    state = build(state, "ice", "e4")
    assert parse_square("e4") in state.board.ice
    assert state.players[0].ice_walls == 1


def test_no_wall_on_a_turtle_a_jewel_a_wall_or_a_start_square() -> None:
    start = table(turtles={0: ("c3", S)}, stone=("e5",), ice=("e6",))
    assert "turtle" in refused(start, "ice", "c3")
    assert "jewel" in refused(start, "ice", "d8")
    assert "already a wall" in refused(start, "ice", "e5")
    assert "already a wall" in refused(start, "stone", "e6")
    assert "already a wall" in refused(start, "ice", "h4")  # the fixed stone column
    assert "start square" in refused(start, "ice", "b1")  # Blue's start, Blue is on c3
    # a finished turtle never goes back: its start square is free for walls
    finished = table(3, turtles={0: None})
    assert parse_square("a1") in build(finished, "ice", "a1", seat=1).board.ice


def test_stone_may_not_encircle_a_turtle_but_ice_may() -> None:
    # Blue on c3: close three sides with stone, the fourth would lock it in
    start = table(turtles={0: ("c3", S)}, stone=("b3", "d3", "c2"))
    assert "cut a turtle off" in refused(start, "stone", "c4")
    assert parse_square("c4") in build(start, "ice", "c4").board.ice


def test_stone_may_not_encircle_the_only_jewel() -> None:
    start = table(stone=("c8", "e8"))
    assert "cut a turtle off" in refused(start, "stone", "d7")
    assert parse_square("d7") in build(start, "ice", "d7").board.ice


def test_stone_may_not_cut_the_board_in_two() -> None:
    # a line across row 4 (the h column is stone already) but for g4
    start = table(stone=("a4", "b4", "c4", "d4", "e4", "f4"))
    assert "cut a turtle off" in refused(start, "stone", "g4")
    assert parse_square("g4") in build(start, "ice", "g4").board.ice


def test_one_jewel_cut_off_is_fine_while_another_is_reachable() -> None:
    # 3 players: close the jewel on a8 (neighbours a7, b8); d8 and g8 stay reachable
    start = table(3, stone=("a7",))
    assert parse_square("b8") in build(start, "stone", "b8").board.stone


def test_walls_must_not_cut_off_any_turtle_even_one_far_away() -> None:
    # Red in the top-right pocket f1/g1 (2 players: column h is stone): sealing it is refused
    start = table(turtles={1: ("g1", S)}, stone=("e1", "f2"))
    assert "cut a turtle off" in refused(start, "stone", "g2")


def test_stock_runs_out() -> None:
    state = table()
    for sq in ("a3", "c3", "e3"):
        state = build(state, "stone", sq)
    assert state.players[0].stone_walls == 0
    assert "no stone walls left" in refused(state, "stone", "a5")
    assert not any(
        isinstance(m, BuildWall) and m.kind == "stone" for m in GAME.legal_moves(replace(state, to_play=0))
    )
    for sq in ("a5", "c5"):
        state = build(state, "ice", sq)
    assert "no ice walls left" in refused(state, "ice", "a6")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_legal_squares_agree_with_the_rule(seats: int) -> None:
    state = table(seats, turtles={0: ("c3", S)}, stone=("b3", "d3", "c5", "e6", "f6"))
    for kind in ("stone", "ice"):
        legal = set(legal_wall_squares(state.board, kind))  # type: ignore[arg-type]
        for sq in range(SQUARES):
            try:
                GAME.play(replace(state, to_play=0), BuildWall(kind, sq))  # type: ignore[arg-type]
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == (sq in legal), (kind, sq)
