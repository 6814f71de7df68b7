"""Five or More from the command line: options as flags, a computer game to the end, scores."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.cli_runner import run_ludoteca


def run(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_ludoteca(args, home, stdin)


def test_the_computer_plays_a_whole_game_and_the_score_is_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    game = run(["play", "fiveormore", "--players", "computer:5", "--size", "small", "--seed", "2"], home)
    assert game.returncode == 0, game.stderr
    assert "Game over: the board is full" in game.stdout
    final = game.stdout.rsplit("Final score ", 1)[1].split(".")[0]
    scores = run(["scores", "fiveormore"], home)
    assert scores.returncode == 0, scores.stderr
    assert "small, classic — 1 game" in scores.stdout
    assert f" {final}  " in scores.stdout


def test_a_person_gets_hints_explanations_and_a_custom_board(tmp_path: Path) -> None:
    home = tmp_path / "home"
    out = run(
        ["play", "fiveormore", "--size", "6x5", "--colours", "3", "--spawn", "2", "--seed", "4"],
        home,
        "hint\nzz\nquit\n",
    )
    assert out.returncode == 0, out.stderr
    assert "Hint: " in out.stdout
    assert "Next: " in out.stdout and "Score 0" in out.stdout
    assert " a  b  c  d  e  f" in out.stdout and " g " not in out.stdout
    assert "Not played: 'zz' is not a move" in out.stdout


def test_bad_sizes_are_refused_with_a_sentence(tmp_path: Path) -> None:
    out = run(["play", "fiveormore", "--size", "30x4"], tmp_path / "home")
    assert out.returncode == 2
    assert "5 to 20 columns" in out.stderr
