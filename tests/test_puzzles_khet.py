"""Khet's puzzles, "hit the Pharaoh in N" (issue 28): every shipped puzzle of both editions proven
again by the mate search (the only winning first move, no faster win, the stated N), the one-move
ones checked by the rules alone, a solution played through an attempt with the defence answering,
a tampered puzzle caught, a set made again from its seed, and the terminal trainer."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from ludoteca.ai.puzzles import Attempt, Puzzle, Verdict, dumps, shipped
from ludoteca.core.registry import declaration, get_game
from ludoteca.shells.terminal.puzzles import games_with_puzzles, maker_for
from tests.cli_runner import run_ludoteca

GAME = get_game("khet")


def puzzles() -> list[Puzzle]:
    return shipped(declaration("khet").package)


def test_both_editions_ship_a_graded_set_of_wins_in_one_to_three() -> None:
    found = puzzles()
    assert "khet" in games_with_puzzles()
    assert len({p.ident for p in found}) == len(found)
    for variant in ("khet2", "horus"):
        edition = [p for p in found if p.options["variant"] == variant]
        assert len(edition) >= 20, variant
        assert {p.n for p in edition} == {1, 2, 3}, variant
        ratings = [p.rating for p in edition]
        assert max(ratings) - min(ratings) >= 400, "a set ranges from easy to hard"
    assert all(p.goal == "hit" and len(p.solution) == 2 * p.n - 1 for p in found)


@pytest.mark.parametrize("ident", [p.ident for p in puzzles()])
def test_each_shipped_puzzle_is_proven_again_with_one_first_move_and_its_n(ident: str) -> None:
    puzzle = next(p for p in puzzles() if p.ident == ident)
    assert maker_for(GAME).verify(GAME, puzzle) is None


def test_the_wins_in_one_have_exactly_one_winning_shot_by_the_rules_alone() -> None:
    for puzzle in (p for p in puzzles() if p.n == 1):
        state = puzzle.position(GAME)
        winners = []
        for move in GAME.legal_moves(state):
            after = GAME.play(state, move)
            if after.end is not None and after.end.winner == state.turn:
                winners.append(GAME.format_move(state, move))
        assert winners == [puzzle.solution[0]], puzzle.ident


def test_the_solution_ends_the_game_with_the_other_pharaoh_down() -> None:
    for puzzle in puzzles():
        state = puzzle.position(GAME)
        winner = state.turn
        for text in puzzle.solution:
            assert not GAME.is_over(state)
            state = GAME.play(state, GAME.read_move(state, text))
        assert state.end is not None and state.end.winner == winner, puzzle.ident


def test_a_tampered_puzzle_is_caught() -> None:
    maker = maker_for(GAME)
    puzzle = next(p for p in puzzles() if p.n == 2)
    state = puzzle.position(GAME)
    right = GAME.read_move(state, puzzle.solution[0])
    other = next(m for m in GAME.legal_moves(state) if m != right)
    wrong = dataclasses.replace(puzzle, solution=(GAME.format_move(state, other), *puzzle.solution[1:]))
    assert maker.verify(GAME, wrong) is not None
    assert maker.verify(GAME, dataclasses.replace(puzzle, n=3)) is not None
    assert maker.verify(GAME, dataclasses.replace(puzzle, n=1)) is not None


def test_a_win_in_three_is_played_through_with_the_defence_answering() -> None:
    puzzle = next(p for p in puzzles() if p.n == 3)
    attempt = Attempt(GAME, maker_for(GAME), puzzle)
    winner = attempt.state.turn
    for step, mine in enumerate(puzzle.solution[::2]):
        answer = attempt.move(mine)
        if step < 2:
            assert answer.verdict is Verdict.RIGHT and answer.reply is not None
        else:
            assert answer.verdict is Verdict.SOLVED
    assert attempt.solved_first_time
    assert attempt.state.end is not None and attempt.state.end.winner == winner


def test_a_wrong_first_move_is_said_and_taken_back() -> None:
    puzzle = next(p for p in puzzles() if p.n == 2)
    attempt = Attempt(GAME, maker_for(GAME), puzzle)
    before = attempt.state
    right = GAME.read_move(before, puzzle.solution[0])
    wrong = next(m for m in GAME.legal_moves(before) if m != right)
    assert attempt.move(GAME.format_move(before, wrong)).verdict is Verdict.WRONG
    assert attempt.state is before and attempt.missed
    assert "piece" in attempt.hint()


def test_a_seed_makes_the_same_puzzle_again_and_it_holds() -> None:
    # one puzzle (Khet 2.0's half of a set of one), twice: the seed gives it quickly
    maker = maker_for(GAME)
    made = [maker.build(GAME, random.Random(3), 1, lambda _line: None) for _twice in range(2)]
    assert dumps(made[0]) == dumps(made[1])
    assert len(made[0]) == 1 and made[0][0].options["variant"] == "khet2"
    assert maker.verify(GAME, made[0][0]) is None


def test_solving_a_khet_puzzle_in_the_terminal_in_french(tmp_path: Path) -> None:
    puzzle = next(p for p in puzzles() if p.n == 1)
    typed = f"indice\n{puzzle.solution[0]}\n"
    result = run_ludoteca(["puzzles", "khet", "--id", puzzle.ident, "--lang", "fr"], tmp_path, typed)
    assert result.returncode == 0, result.stderr
    assert "touchez le Pharaon en un coup" in result.stdout
    assert "Le coup à trouver se joue avec cette pièce" in result.stdout
    assert "Résolu" in result.stdout
