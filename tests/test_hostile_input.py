"""Issue 12's input failures, each as the user met it: odd numbers, bytes that are not text, a
megabyte on one line, escape sequences in names, direction overrides in save names."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.core.think import Think
from ludoteca.kits.terminal.console import MAX_LINE, Console
from ludoteca.match import Match
from ludoteca.shells.terminal.menu import Menu
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def _play_typed(match: Match, typed: str, store: Store | None = None) -> str:
    out = io.StringIO()
    TerminalGame(match, store, Console(io.StringIO(typed), out)).run()
    return out.getvalue()


def test_bug_with_a_superscript_two_is_refused_and_the_game_goes_on() -> None:
    game = get_game("turtles")
    match = Match(game, game.options({"bug": True}), parse_seats("human,human"), 3)
    transcript = _play_typed(match, "\nbug ²\nadd F\n")  # Enter: the keyboard changed hands
    assert "Not played: the player's number must be a whole number" in transcript
    assert match.moves == ["add F"]


def test_the_menus_ask_again_after_a_superscript_or_a_huge_number(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Match] = []
    monkeypatch.setattr(TerminalGame, "run", lambda self: started.append(self.match) or 0)
    # menu "²", then Play; game 200 nines, then Connect Four; classic (so no drop count); player
    # 1: ², 7, then a person with escapes in the name; player 2: ², then level 3
    typed = "²\n1\n" + "9" * 200 + "\n2\n\n²\n7\nh\nAnn\u202e\x1b[1m\n²\n3\n\n"
    out = io.StringIO()
    with Store() as store:
        Menu(store, Console(io.StringIO(typed), out)).run()
    transcript = out.getvalue()
    assert transcript.count("Please type a number from 1 to") == 2
    assert transcript.count("Type h, or a level from 1 to 5.") == 3
    assert len(started) == 1
    assert [s.text() for s in started[0].seats] == ["Ann [1m=human", "computer:3"]


def test_a_menu_seed_that_is_not_a_number_is_asked_again() -> None:
    out = io.StringIO()
    with Store() as store:
        menu = Menu(store, Console(io.StringIO(f"--5\n{'1' * 30}\n²\n42\n"), out))
        assert menu.ask_seed() == 42
    assert "the seed must be a whole number" in out.getvalue()
    assert "the seed is too long" in out.getvalue()


def test_the_menu_asks_how_computers_think_and_a_count_asks_for_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[Match] = []
    monkeypatch.setattr(TerminalGame, "run", lambda self: started.append(self.match) or 0)
    # Play, Connect Four, classic; a person and level 3; a budget mistyped, then a count (still
    # read, though the question no longer offers it); Connect Four has no chance, but with a
    # count the seed names the game, so it is asked
    typed = "1\n2\n\nh\n\n3\nnodes:x\nnodes:500\n42\n"
    out = io.StringIO()
    with Store() as store:
        Menu(store, Console(io.StringIO(typed), out)).run()
    assert "the number of positions to search must be a whole number" in out.getvalue()
    assert len(started) == 1
    assert started[0].thinking == Think(nodes=500) and started[0].seed == 42
    assert '[Think "nodes:500"]' in started[0].to_record().dumps()


def test_a_line_of_a_megabyte_is_refused_once_without_being_echoed() -> None:
    game = get_game("connect4")
    match = Match(game, game.options(), parse_seats("human,human"), 1)
    transcript = _play_typed(match, "4" * (1 << 20) + "\n4\n")
    assert transcript.count("That line is too long") == 1
    assert len(transcript) < 10_000
    assert match.moves == ["4"]


def test_a_line_just_under_the_limit_is_read() -> None:
    console = Console(io.StringIO("x" * MAX_LINE + "\n"), io.StringIO())
    assert console.ask("> ") == "x" * MAX_LINE


def test_control_characters_typed_at_a_prompt_never_come_back() -> None:
    game = get_game("othello")
    match = Match(game, game.options(), parse_seats("human,human"), 1)
    transcript = _play_typed(match, "\x1b]0;owned\x07\x1b[2J\nd3\n")
    assert "\x1b" not in transcript and "\x07" not in transcript
    assert match.moves == ["d3"]


def test_a_save_name_with_a_right_to_left_override_is_cleaned() -> None:
    game = get_game("connect4")
    match = Match(game, game.options(), parse_seats("human,human"), 1)
    with Store() as store:
        _play_typed(match, "4\nsave my\u202egame\u202c\n", store)
        assert [s.name for s in store.list_saves()] == ["mygame"]
        store.rename_save(1, "\u2067other\u2069 name")
        assert store.load_save(1).name == "other name"


# ----- the command line, as a real process ---------------------------------------------------
def _ludoteca_bytes(
    args: list[str], home: Path, stdin: bytes, **env: str
) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", **env}
    return subprocess.run(
        [sys.executable, "-m", "ludoteca", *args],
        input=stdin,
        capture_output=True,
        env=environment,
        timeout=120,
    )


def test_bytes_that_are_not_utf8_are_a_bad_line_not_a_crash(home: Path) -> None:
    out = _ludoteca_bytes(
        ["play", "connect4", "--players", "human,human", "--seed", "1"],
        home,
        b"4\n\xe9t\xe9\n3\n",
        PYTHONIOENCODING="utf-8:strict",
    )
    stdout = out.stdout.decode("utf-8")
    assert out.returncode == 0 and b"Traceback" not in out.stderr
    assert "That line held bytes that are not text (UTF-8); it was ignored." in stdout
    assert "Saved (number 1)" in stdout  # the end of input still keeps the game
    saves = run_ludoteca(["saves", "show", "1"], home)
    assert "1. 4\n2. 3\n" in saves.stdout


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "-1", "601"])
def test_think_refuses_budgets_that_never_end_or_make_no_sense(home: Path, value: str) -> None:
    out = run_ludoteca(["play", "connect4", "--think", value], home)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "the time to think" in out.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "connect4", "--players", "computer:²"], "level"),
        (["play", "connect4", "--seed", "9" * 5000], "seed"),
        (["perft", "connect4", "²"], "depth"),
        (["play", "--resume", "9" * 5000], "save number"),
    ],
)
def test_bad_numbers_on_the_command_line_exit_2_with_a_sentence(
    home: Path, args: list[str], needle: str
) -> None:
    out = run_ludoteca(args, home)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert needle in out.stderr


@pytest.mark.parametrize("seed", ["²", "9" * 5000])
def test_records_with_bad_seeds_are_refused_by_every_command(home: Path, tmp_path: Path, seed: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(f'[Game "connect4"]\n[Seed "{seed}"]\n\n1. 4\n', encoding="utf-8")
    for args in (["replay", str(path)], ["saves", "import", str(path)], ["play", "--record", str(path)]):
        out = run_ludoteca(args, home)
        assert out.returncode == 2 and "Traceback" not in out.stderr, args
        assert "line 2" in out.stderr and "seed" in out.stderr


def test_escape_sequences_in_a_records_names_never_reach_the_terminal_or_the_scores(
    home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "names.txt"
    path.write_text(
        '[Game "connect4"]\n[Players "\x1b[2J\x1b]0;owned\x07Eve=human, Bob\u202e=human"]\n\n'
        + "".join(f"{i}. {c}\n" for i, c in enumerate("1212121", start=1)),
        encoding="utf-8",
    )
    out = run_ludoteca(["play", "--record", str(path)], home, "\n")
    assert out.returncode == 0, out.stderr
    assert "\x1b" not in out.stdout and "\x07" not in out.stdout and "\u202e" not in out.stdout
    scores = run_ludoteca(["scores"], home)
    assert "Eve" in scores.stdout and "\x1b" not in scores.stdout and "\u202e" not in scores.stdout


def test_arguments_that_are_not_utf8_are_refused_before_any_command_sees_them(home: Path) -> None:
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1"}
    args = [
        sys.executable,
        "-m",
        "ludoteca",
        "play",
        "khet",
        "--setup",
        b"\xe9t\xe9",
        "--players",
        "human,human",
    ]
    out = subprocess.run(args, input=b"c1c2\n", capture_output=True, env=environment, timeout=120)
    assert out.returncode == 2 and b"Traceback" not in out.stderr
    assert "holds bytes that are not text (UTF-8)" in out.stderr.decode()
