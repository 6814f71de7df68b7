"""Computer players: always legal, and the strong ones keep what the solver proves."""

from __future__ import annotations

import itertools
import random
import threading
import time
from pathlib import Path

import pytest

from ludoteca.ai.base import Budget, SearchCancelled, SearchInfo
from ludoteca.ai.levels import computer_for
from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.players import THINK_SECONDS, Connect4Player, player_for_level
from ludoteca.games.connect4.solver import Position, Solver
from ludoteca.games.connect4.state import Connect4State


def position(moves: str, variant: str = "classic") -> Connect4State:
    return GAME.parse_position(moves, GAME.options({"variant": variant}))


def test_levels_come_from_this_package() -> None:
    computer = computer_for(GAME, 5)
    assert isinstance(computer.player, Connect4Player)
    assert computer.think == THINK_SECONDS[5] <= 2.0
    with pytest.raises(ValueError):
        player_for_level(6)


@pytest.mark.parametrize("variant", ["classic", "cascade"])
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_players_only_play_legal_moves(level: int, variant: str) -> None:
    rng = random.Random(level)
    player = player_for_level(level, seed=level)
    for game_number in range(2):
        given = {"variant": variant, "drops": 16} if variant == "cascade" else {"variant": variant}
        state = GAME.start(GAME.options(given), 0)
        # random plies first, so the players meet many kinds of positions (late ones solve quickly)
        for _ in range(rng.randrange(6, 24) if variant == "classic" else 4):
            if state.over:
                break
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        while not state.over:
            seat = GAME.to_move(state)
            assert seat is not None
            if (len(state.moves) + game_number) % 2:
                move = rng.choice(GAME.legal_moves(state))
            else:
                move = player.choose(GAME, GAME.view(state, seat), seat, Budget(0.05))
                assert move in GAME.legal_moves(state)
            state = GAME.play(state, move)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_takes_a_win_in_one(level: int) -> None:
    # Yellow to move with 3-4-5 on the bottom row: columns 2 and 6 win at once
    state = position("334455")
    move = player_for_level(level, seed=3).choose(GAME, state, 0, Budget(0.1))
    assert move in (1, 5)


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_levels_from_two_block_an_immediate_threat(level: int) -> None:
    # Red to move; Yellow threatens column 4 (3 in a column)
    state = position("414243")
    move = player_for_level(level, seed=1).choose(GAME, state, 1, Budget(0.2))
    assert move == 3


@pytest.mark.parametrize("moves", ["55542243332345", "52753311433677", "544111732146347"])
def test_level_five_plays_a_best_move_once_the_solver_decides(moves: str) -> None:
    state = position(moves)
    seat = GAME.to_move(state)
    assert seat is not None
    reports: list[SearchInfo] = []
    move = player_for_level(5, seed=2).choose(GAME, state, seat, Budget(2.0), reports.append)
    solver = Solver()
    scores = solver.analyse(Position.from_text(moves))
    assert scores[move] == max(scores.values())
    assert reports


def test_level_five_never_lets_a_won_endgame_slip() -> None:
    # from a won middle-game position (score +4 for Yellow), level 5 against random replies must win
    moves = "55542243332345"
    assert Solver().solve(Position.from_text(moves)) > 0
    state = position(moves)
    player = player_for_level(5, seed=4)
    rng = random.Random(4)
    while not state.over:
        seat = GAME.to_move(state)
        assert seat is not None
        if seat == 0:
            move = player.choose(GAME, state, seat, Budget(2.0))
        else:
            move = rng.choice(GAME.legal_moves(state))
        state = GAME.play(state, move)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 0


def test_a_cancelled_search_delivers_no_move() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(SearchCancelled):
        player_for_level(5).choose(GAME, position("4"), 1, Budget(2.0, cancel))


def test_declaring_the_levels_builds_no_kernel_so_a_first_build_happens_on_the_thinking_thread(
    tmp_path: Path,
) -> None:
    import os
    import subprocess
    import sys

    probe = "import ludoteca.games.connect4.players as levels; levels.player_for_level(5)"
    environment = {**os.environ, "LUDOTECA_CACHE": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-c", probe], check=True, env=environment)
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("level", [4, 5])
@pytest.mark.parametrize("nodes", [600, 6000])
@pytest.mark.parametrize("moves", ["44444433322211", "444444333222111555"])
def test_a_counted_budget_shares_out_the_same_work_whatever_the_clock(
    level: int, nodes: int, moves: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # with 14 discs level 5 tries the solver first, with 18 level 4 too; neither finishes, so the
    # heuristic search has what the solver left
    state = position(moves)
    seat = GAME.to_move(state)
    assert seat is not None

    def choose() -> tuple[int, int]:
        budget = Budget(None, nodes=nodes)
        move = player_for_level(level, seed=1).choose(GAME, state, seat, budget)
        return move, budget.spent

    first = choose()
    assert first[1] == nodes
    ticks = itertools.count(start=time.perf_counter(), step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    assert choose() == first
