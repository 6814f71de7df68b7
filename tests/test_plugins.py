"""A game shipped as its own package: found by entry point, given everything generic, and loaded
loudly when it is broken. Real subprocesses, the package put on PYTHONPATH as pip would install it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli_runner import run_ludoteca

PLUGINS = Path(__file__).with_name("plugins")


def run(
    args: list[str], home: Path, stdin: str = "", path: Path = PLUGINS, **env: str
) -> subprocess.CompletedProcess[str]:
    return run_ludoteca(args, home, stdin, PYTHONPATH=str(path), **env)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_an_installed_game_package_gets_the_whole_program(home: Path) -> None:
    assert "tictactoe" in run(["games"], home).stdout
    assert "3×3 grid" in run(["rules", "tictactoe"], home).stdout  # its own rules.md
    # the generic terminal board, against a generic computer at every level, saved midway
    out = run(["play", "tictactoe", "--players", "human,computer:5"], home, "b2\nsave mine\nquit\nn\n")
    assert out.returncode == 0, out.stderr
    assert "  a b c\n3 . . .\n2 . X .\n" in out.stdout.replace("O", ".")
    assert "Saved (number 1)" in out.stdout
    assert "Tic-tac-toe" in run(["saves"], home).stdout
    resumed = run(["play", "--resume", "mine"], home, "quit\nn\n")
    assert resumed.returncode == 0 and "Traceback" not in resumed.stderr
    for level in range(1, 6):
        demo = run(["play", "tictactoe", "--players", f"computer:{level},computer:{level}"], home)
        assert demo.returncode == 0 and "Game over" in demo.stdout, (level, demo.stderr)
    assert "Tic-tac-toe" in run(["scores"], home).stdout
    # every generic string in French, with nothing translated by the game itself
    french = run(["play", "tictactoe", "--players", "human,human"], home, "a1\nquit\nn\n", LUDOTECA_LANG="fr")
    assert "Enregistrer avant de quitter" in french.stdout


def _broken_package(root: Path) -> Path:
    package = root / "ludoteca_broken"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from ludoteca_broken.rulez import GAME  # a typo\n", encoding="utf-8"
    )
    info = root / "ludoteca_broken-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ludoteca-broken\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[ludoteca.games]\nbroken = ludoteca_broken:DECLARATION\n", encoding="utf-8"
    )
    return root


def test_a_broken_game_package_is_reported_with_its_real_error(home: Path, tmp_path: Path) -> None:
    path = _broken_package(tmp_path / "site")
    games = run(["games"], home, path=path)
    assert games.returncode == 0
    assert "connect4" in games.stdout  # the others still play
    assert (
        "“broken” could not be loaded: ModuleNotFoundError: No module named 'ludoteca_broken.rulez'"
        in games.stderr
    )
    menu = run(["menu"], home, "5\n", path=path)
    assert "could not be loaded" in menu.stdout
    play = run(["play", "broken"], home, path=path)
    assert play.returncode == 2 and "ludoteca_broken.rulez" in play.stderr and "Traceback" not in play.stderr
    log = (home / "ludoteca.log").read_text(encoding="utf-8")
    assert "game broken (ludoteca_broken:DECLARATION) not loaded" in log and "Traceback" in log
