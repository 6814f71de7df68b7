"""The computer players: legal moves from the view only, sensible choices, and on time."""

from __future__ import annotations

import random
import time

import pytest

from ludoteca.ai.base import Budget
from ludoteca.ai.levels import computer_for
from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.players import THINK_SECONDS, player_for_level
from ludoteca.games.fiveormore.state import Move, Recolour
from tests.fiveormore.helpers import move, position

# Row 1 waits for the 2 on i9; f1 is taken, so waiting could not make the line longer.
LINE_READY = [
    "2222.3...",
    ".........",
    "...3.....",
    ".........",
    "....5....",
    ".........",
    ".........",
    ".........",
    "........2",
]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_plays_a_legal_move_from_its_view(level: int) -> None:
    state = GAME.start(GAME.options(), 4, 1)
    view = GAME.view(state, 0)
    chosen = player_for_level(level, seed=1).choose(GAME, view, 0, Budget(THINK_SECONDS[level]))
    assert chosen in GAME.legal_moves(state)


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_levels_above_random_complete_a_line_when_they_can(level: int) -> None:
    state = position(LINE_READY)
    view = GAME.view(state, 0)
    chosen = player_for_level(level, seed=2).choose(GAME, view, 0, Budget(None))
    assert chosen == move(state, "i9-e1")


def test_the_heuristic_finishes_a_small_game_alone_and_beats_random() -> None:
    # (level 5 plays a whole game from the command line in test_cli_play.py)
    def play(level: int) -> int:
        state = GAME.start(GAME.options({"size": "small"}), 12, 1)
        player = player_for_level(level, seed=12)
        while not GAME.is_over(state):
            state = GAME.play(state, player.choose(GAME, GAME.view(state, 0), 0, Budget(None)))
        return state.score

    assert play(3) > play(1)


def test_the_strong_level_thinks_well_under_a_second_on_a_crowded_board() -> None:
    # A medium board half full: many balls to move and many cells to reach.
    rows = ["1234567.." if r % 2 else "..7654321" for r in range(9)]
    state = position(rows, preview="123")
    view = GAME.view(state, 0)
    started = time.perf_counter()
    chosen = player_for_level(5, seed=3).choose(GAME, view, 0, Budget(THINK_SECONDS[5]))
    assert time.perf_counter() - started < 1.0
    assert chosen in GAME.legal_moves(state)


def test_levels_are_wired_for_the_match_and_hints() -> None:
    for level in range(1, 6):
        computer = computer_for(GAME, level)
        assert computer.think == THINK_SECONDS[level]


def test_fast_ranking_matches_recomputing_the_whole_board() -> None:
    from ludoteca.games.fiveormore.board import geometry
    from ludoteca.games.fiveormore.evaluation import potential
    from ludoteca.games.fiveormore.ranking import best_moves

    table = (0.0, 1.0, 4.0, 14.0, 45.0, 1000.0)
    chooser = random.Random(3)
    for seed in range(4):
        state = GAME.start(GAME.options(), seed, 1)
        for _ in range(12):
            state = GAME.play(state, chooser.choice(GAME.legal_moves(state)))
        geo = geometry(state.config.cols, state.config.rows)
        before = potential(state.board, geo, table)
        ranked = best_moves(state.board, geo, table, 10**6)
        assert {Move(s, t) for _v, s, t in ranked} == set(GAME.legal_moves(state))
        assert [v for v, _s, _t in ranked] == sorted((v for v, _s, _t in ranked), reverse=True)
        for value, source, target in ranked:
            if any(source in w and target in w for w in geo.windows):
                continue  # scored apart on purpose; the shortlist is judged exactly
            board = list(state.board)
            board[target], board[source] = board[source], 0
            assert value == pytest.approx(potential(board, geo, table) - before)


def test_recolour_ranking_is_exact() -> None:
    from ludoteca.games.fiveormore.board import geometry
    from ludoteca.games.fiveormore.evaluation import potential
    from ludoteca.games.fiveormore.ranking import best_moves

    state = GAME.start(GAME.options({"variant": "recolour", "size": "small"}), 6, 1)
    for _ in range(5):
        state = GAME.play(state, GAME.legal_moves(state)[-1])
    geo = geometry(7, 7)
    table = (0.0, 1.0, 4.0, 14.0, 45.0, 1000.0)
    before = potential(state.board, geo, table)
    ranked = best_moves(state.board, geo, table, 10**6, recolour_colours=state.config.colours)
    assert {Recolour(c, k) for _v, c, k in ranked} == set(GAME.legal_moves(state))
    for value, cell, colour in ranked:
        board = list(state.board)
        board[cell] = colour
        assert value == pytest.approx(potential(board, geo, table) - before)


def test_out_of_time_the_strong_level_still_answers_with_a_good_move() -> None:
    state = position(LINE_READY)
    chosen = player_for_level(5, seed=4).choose(GAME, GAME.view(state, 0), 0, Budget(0.0))
    assert chosen == move(state, "i9-e1")  # the best-ranked move, judged or not
