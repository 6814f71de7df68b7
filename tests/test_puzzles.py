"""Puzzles made by the games' solvers (issue 28): every shipped puzzle re-solved (its solution the
only one, its goal reached in exactly its N), a set made again from its seed, an attempt played
right and wrong, the player's rating and streaks, and `ludoteca puzzles` in the terminal."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from ludoteca.ai.puzzles import (
    K_FACTOR,
    START_RATING,
    Attempt,
    Progress,
    Puzzle,
    Verdict,
    dumps,
    expected,
    loads,
    setting_key,
    shipped,
)
from ludoteca.core.errors import IllegalMove, NotationError
from ludoteca.core.registry import declaration, get_game
from ludoteca.shells.terminal.puzzles import games_with_puzzles, maker_for
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca

GAMES = ("connect4", "othello")


def puzzles_of(key: str) -> list[Puzzle]:
    return shipped(declaration(key).package)


@pytest.mark.parametrize("key", GAMES)
def test_each_game_ships_a_graded_set_of_puzzles(key: str) -> None:
    found = puzzles_of(key)
    assert len(found) >= 20
    assert len({p.ident for p in found}) == len(found)
    assert all(p.game == key for p in found)
    ratings = [p.rating for p in found]
    assert max(ratings) - min(ratings) >= 400, "a set ranges from easy to hard"
    assert key in games_with_puzzles()


@pytest.mark.parametrize(
    ("key", "ident"), [(key, p.ident) for key in GAMES for p in shipped(declaration(key).package)]
)
def test_each_shipped_puzzle_is_solved_again_with_one_solution_and_its_n(key: str, ident: str) -> None:
    game = get_game(key)
    puzzle = next(p for p in puzzles_of(key) if p.ident == ident)
    assert maker_for(game).verify(game, puzzle) is None


def test_connect_four_wins_ask_for_three_to_ten_discs_and_othello_for_eight_to_sixteen_empties() -> None:
    assert {p.goal for p in puzzles_of("connect4")} == {"win"}
    assert all(3 <= p.n <= 10 and len(p.solution) == 2 * p.n - 1 for p in puzzles_of("connect4"))
    assert {p.goal for p in puzzles_of("othello")} == {"best"}
    assert all(8 <= p.n <= 16 and len(p.solution) == 1 for p in puzzles_of("othello"))


@pytest.mark.parametrize("key", GAMES)
def test_a_tampered_puzzle_is_caught(key: str) -> None:
    game = get_game(key)
    maker = maker_for(game)
    puzzle = puzzles_of(key)[0]
    state = puzzle.position(game)
    right = game.read_move(state, puzzle.solution[0])
    other = next(m for m in game.legal_moves(state) if m != right)
    wrong_first = dataclasses.replace(puzzle, solution=(game.format_move(state, other), *puzzle.solution[1:]))
    assert maker.verify(game, wrong_first) is not None
    assert maker.verify(game, dataclasses.replace(puzzle, n=puzzle.n + 1)) is not None


def test_a_seed_makes_the_same_puzzles_again_and_each_holds() -> None:
    game = get_game("connect4")
    made = [maker_for(game).build(game, random.Random(7), 2, lambda _line: None) for _twice in range(2)]
    assert dumps(made[0]) == dumps(made[1])
    assert len(made[0]) == 2
    assert all(maker_for(game).verify(game, p) is None for p in made[0])
    assert loads(dumps(made[0])) == made[0]


def test_an_othello_set_is_made_from_self_play_and_holds() -> None:
    game = get_game("othello")
    made = maker_for(game).build(game, random.Random(3), 1, lambda _line: None)
    assert len(made) == 1 and maker_for(game).verify(game, made[0]) is None


def test_playing_a_connect_four_solution_solves_it_with_the_defence_answering() -> None:
    game = get_game("connect4")
    puzzle = max(puzzles_of("connect4"), key=lambda p: p.n)
    attempt = Attempt(game, maker_for(game), puzzle)
    for step, mine in enumerate(puzzle.solution[::2]):
        answer = attempt.move(mine)
        if step < puzzle.steps - 1:
            assert answer.verdict is Verdict.RIGHT
            assert answer.reply is not None
        else:
            assert answer.verdict is Verdict.SOLVED
    assert attempt.solved_first_time
    assert game.is_over(attempt.state)
    winner = game.outcome(attempt.state)
    assert winner is not None and winner.ranks[game.to_move(puzzle.position(game)) or 0] == 1


def test_a_wrong_move_is_said_and_leaves_the_position_and_the_attempt_counts_as_missed() -> None:
    game = get_game("othello")
    puzzle = puzzles_of("othello")[0]
    attempt = Attempt(game, maker_for(game), puzzle)
    before = attempt.state
    right = game.read_move(before, puzzle.solution[0])
    wrong = next(m for m in game.legal_moves(before) if m != right)
    assert attempt.move(game.format_move(before, wrong)).verdict is Verdict.WRONG
    assert attempt.state is before
    assert attempt.move(puzzle.solution[0]).verdict is Verdict.SOLVED
    assert attempt.solved and not attempt.solved_first_time


def test_an_illegal_move_is_refused_by_the_rules_not_judged() -> None:
    game = get_game("connect4")
    attempt = Attempt(game, maker_for(game), puzzles_of("connect4")[0])
    with pytest.raises((IllegalMove, NotationError)):
        attempt.move("9")
    assert not attempt.missed


def test_the_solution_shown_is_played_on_the_board_and_counts_as_missed() -> None:
    game = get_game("connect4")
    puzzle = puzzles_of("connect4")[0]
    attempt = Attempt(game, maker_for(game), puzzle)
    attempt.move(puzzle.solution[0])
    line = attempt.play_solution()
    assert line == puzzle.solution[2:]  # the defence answered the first move
    assert game.is_over(attempt.state) and attempt.missed


def test_the_rating_moves_like_a_chess_rating_and_only_on_a_first_attempt() -> None:
    puzzle = dataclasses.replace(puzzles_of("connect4")[0], rating=START_RATING)
    progress = Progress()
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert expected(1500, 1900) == pytest.approx(1 / 11)
    assert progress.record(puzzle, True) == pytest.approx(K_FACTOR / 2)
    assert progress.streak == progress.best_streak == 1
    assert progress.record(puzzle, True) == 0.0  # seen solved: teaches, proves nothing
    hard = dataclasses.replace(puzzle, ident="other", rating=1900)
    change = progress.record(hard, False)
    assert change == pytest.approx(-K_FACTOR * expected(START_RATING + K_FACTOR / 2, 1900))
    assert progress.streak == 0 and progress.best_streak == 2
    assert "other" in progress.missed
    again = Progress.from_text(progress.to_text())
    assert again == progress
    assert Progress.from_text("{not json") == Progress()


def test_the_next_puzzle_is_an_unsolved_one_near_the_players_rating() -> None:
    found = puzzles_of("othello")
    progress = Progress(rating=1000)
    chosen = progress.next_puzzle(found, random.Random(1))
    assert chosen is not None
    nearest = sorted(abs(p.rating - 1000) for p in found)[:3]
    assert abs(chosen.rating - 1000) <= nearest[-1]
    progress.solved = {p.ident for p in found}
    assert progress.next_puzzle(found, random.Random(1)) is None


def test_solving_in_the_terminal_keeps_the_players_progress(tmp_path: Path) -> None:
    puzzle = min(puzzles_of("connect4"), key=lambda p: p.n)
    typed = "hint\n" + "\n".join(puzzle.solution[::2]) + "\n"
    result = run_ludoteca(["puzzles", "connect4", "--id", puzzle.ident], tmp_path, typed, LUDOTECA_LANG="en")
    assert result.returncode == 0, result.stderr
    assert "win in" in result.stdout and "column" in result.stdout
    assert "Solved! Rating" in result.stdout
    with _store(tmp_path) as store:
        kept = Progress.from_text(store.get_setting(setting_key("connect4")))
    assert kept.solved == {puzzle.ident} and kept.rating > START_RATING
    again = run_ludoteca(
        ["puzzles", "connect4", "--id", puzzle.ident], tmp_path, "quit\n", LUDOTECA_LANG="en"
    )
    assert f"Your puzzle rating: {round(kept.rating)}" in again.stdout


def test_a_wrong_try_then_the_solution_in_french(tmp_path: Path) -> None:
    puzzle = puzzles_of("othello")[0]
    game = get_game("othello")
    state = puzzle.position(game)
    wrong = next(m for m in game.legal_moves(state) if game.format_move(state, m) != puzzle.solution[0])
    typed = f"{game.format_move(state, wrong)}\nindice\nsolution\n"
    result = run_ludoteca(["puzzles", "othello", "--id", puzzle.ident, "--lang", "fr"], tmp_path, typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "trouvez le meilleur coup" in out
    assert "Ce n'est pas cela" in out
    assert "Le meilleur coup est dans le quart" in out
    assert f"La solution : {puzzle.solution[0]}" in out
    assert "Non résolu" in out


def test_a_game_without_puzzles_says_which_have_them(tmp_path: Path) -> None:
    result = run_ludoteca(["puzzles", "turtles"], tmp_path, LUDOTECA_LANG="en")
    assert result.returncode != 0
    assert "has no puzzles yet" in result.stderr and "connect4" in result.stderr


def _store(home: Path) -> Store:
    import os

    old = os.environ.get("LUDOTECA_HOME")
    os.environ["LUDOTECA_HOME"] = str(home)
    try:
        return Store()
    finally:
        if old is None:
            del os.environ["LUDOTECA_HOME"]
        else:
            os.environ["LUDOTECA_HOME"] = old
