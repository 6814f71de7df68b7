"""The exact solver against the public benchmark scores, and against the rules."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout, win_score
from ludoteca.games.connect4.state import Connect4State

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLE = 50


def sample(name: str) -> list[tuple[str, int]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()[:SAMPLE]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


@pytest.mark.parametrize("name", ["connect4_end_easy.txt", "connect4_middle_easy.txt"])
def test_solver_is_exact_on_the_public_positions(name: str) -> None:
    solver = Solver()
    for moves, expected in sample(name):
        solver.reset()
        assert solver.solve(Position.from_text(moves)) == expected, moves


@pytest.mark.parametrize("name", ["connect4_end_easy.txt", "connect4_middle_easy.txt"])
def test_weak_solve_gives_the_sign(name: str) -> None:
    solver = Solver()
    for moves, expected in sample(name)[:20]:
        solver.reset()
        assert solver.solve(Position.from_text(moves), weak=True) == (expected > 0) - (expected < 0)


def test_best_moves_agree_with_every_column_scores() -> None:
    solver = Solver()
    for moves, expected in sample("connect4_end_easy.txt")[:15] + sample("connect4_middle_easy.txt")[:5]:
        position = Position.from_text(moves)
        scores = solver.analyse(position)
        score, best = solver.best_moves(position)
        assert score == expected == max(scores.values())
        assert best == sorted(c for c, s in scores.items() if s == score)
        # each column's score is the negated score of the position it leads to (when not a win)
        for column, value in scores.items():
            if not position.wins_with(column):
                assert value == -solver.solve(position.play(column))


def test_weak_best_moves_keep_the_result() -> None:
    solver = Solver()
    for moves, _expected in sample("connect4_middle_easy.txt")[:10]:
        position = Position.from_text(moves)
        exact = solver.analyse(position)
        sign, keep = solver.best_moves(position, weak=True)
        if sign < 0:
            assert keep == sorted(exact)
        else:
            assert keep == sorted(c for c, s in exact.items() if (s > 0) - (s < 0) >= sign)


def test_a_win_with_the_next_disc_scores_by_disc_count() -> None:
    # Yellow has three on the bottom row after 6 discs: it wins with its 4th disc, 22 - 4 = 18
    position = Position.from_text("112233")
    assert Solver().solve(position) == 18 == win_score(6)
    # Yellow's open three 3-4-5 on the bottom row: Red cannot block both ends, Yellow wins with its
    # 5th disc, so Red scores -(22 - 5)
    assert Solver().solve(Position.from_text("3344557")) == -17


def _state_after(moves: list[int]) -> Connect4State:
    state = GAME.start(GAME.options(), 0)
    for move in moves:
        state = GAME.play(state, move)
    return state


def test_solver_positions_follow_the_rules() -> None:
    rng = random.Random(7)
    for _ in range(40):
        state = GAME.start(GAME.options(), 0)
        position = Position(0, 0, 0)
        while not state.over:
            seat = GAME.to_move(state)
            assert seat is not None
            assert position.current == state.discs[seat]
            assert position.mask == state.mask
            assert position.played == len(state.moves)
            open_columns = [c for c in range(7) if position.can_play(c)]
            assert open_columns == list(GAME.legal_moves(state))
            column = rng.choice(open_columns)
            wins = position.wins_with(column)
            state = GAME.play(state, column)
            assert wins == (state.winner is not None)
            position = position.play(column)


def test_position_text_is_checked() -> None:
    with pytest.raises(ValueError, match="column 4 is full"):
        Position.from_text("4444444")
    with pytest.raises(ValueError, match="already over"):
        Position.from_text("1122334")
    with pytest.raises(ValueError):
        Position.from_text("48")


def test_a_hopeless_budget_stops_the_solver() -> None:
    with pytest.raises(SolverTimeout):
        Solver().solve(Position.from_text("44"), seconds=0.05)
