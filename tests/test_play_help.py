"""`ludoteca play --help` names the game to give and says where each game's options are listed;
with a game, it lists that game's own options."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import run_ludoteca


@pytest.mark.parametrize("verb", ["play", "host"])
def test_the_help_names_the_game_argument_and_where_its_options_are(tmp_path: Path, verb: str) -> None:
    shown = run_ludoteca([verb, "--help"], tmp_path, LUDOTECA_LANG="en")
    assert shown.returncode == 0
    assert shown.stdout.startswith(f"usage: ludoteca {verb} GAME [options]")
    flat = " ".join(shown.stdout.split())
    assert "GAME is one of: khet, connect4, othello" in flat
    assert f"'ludoteca {verb} GAME --help' lists them" in flat and "'ludoteca games'" in flat


def test_the_help_of_one_game_lists_its_options(tmp_path: Path) -> None:
    shown = run_ludoteca(["play", "khet", "--help"], tmp_path, LUDOTECA_LANG="en")
    assert shown.stdout.startswith("usage: ludoteca play khet [options]")
    assert "Khet options:" in shown.stdout and "--variant" in shown.stdout
    assert "GAME is one of" not in shown.stdout
