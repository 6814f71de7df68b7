"""The command line as a newcomer uses it: real subprocesses, a private data directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import run_ludoteca


def run(
    args: list[str], home: Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return run_ludoteca(args, home, stdin, timeout)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_games_lists_the_shelf(home: Path) -> None:
    out = run(["games"], home)
    assert out.returncode == 0
    assert "connect4" in out.stdout and "othello" in out.stdout


def test_unknown_game_variant_and_option_exit_2_with_the_valid_ones(home: Path) -> None:
    out = run(["play", "chess"], home)
    assert out.returncode == 2 and "connect4" in out.stderr and "Traceback" not in out.stderr
    out = run(["play", "connect4", "--variant", "hexagonal"], home)
    assert out.returncode == 2 and "classic, cascade" in out.stderr
    out = run(["play", "connect4", "--players", "human,wizard"], home)
    assert out.returncode == 2 and "not a seat" in out.stderr
    out = run(["frobnicate"], home)
    assert out.returncode == 2 and "play" in out.stderr


def test_perft_prints_the_leaf_count_last(home: Path) -> None:
    out = run(["perft", "connect4", "4"], home)
    assert out.returncode == 0
    assert out.stdout.strip().splitlines()[-1] == "2401"
    out = run(["perft", "othello", "5"], home)
    assert out.stdout.strip().splitlines()[-1] == "1396"


def test_a_scripted_game_is_saved_resumed_finished_and_scored(home: Path) -> None:
    # Yellow builds column 1 while Red plays column 2; save half-way, then leave.
    first = run(
        ["play", "connect4", "--players", "Ann=human,Bob=human", "--seed", "1"],
        home,
        "1\n2\n1\n2\nsave\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    assert "Saved (number 1)" in first.stdout
    listing = run(["saves"], home)
    assert "Connect Four" in listing.stdout and "4 moves" in listing.stdout
    second = run(["play", "--resume", "1"], home, "1\n2\n1\n\n")
    assert second.returncode == 0, second.stderr
    assert "Ann" in second.stdout and "Game over" in second.stdout
    scores = run(["scores", "connect4"], home)
    assert "Ann" in scores.stdout and "Bob" in scores.stdout
    finished = run(["saves"], home)
    assert "finished" in finished.stdout


def test_illegal_input_is_explained_and_the_game_goes_on(home: Path) -> None:
    out = run(["play", "connect4", "--players", "human,human"], home, "9\n1\n1\n1\n1\n1\n1\n1\nquit\nn\n")
    assert out.returncode == 0
    assert "Not played" in out.stdout
    assert "column 1 is full" in out.stdout


def test_end_of_input_saves_instead_of_losing_the_game(home: Path) -> None:
    out = run(["play", "othello", "--players", "human,human"], home, "d3\n")
    assert "saving the game" in out.stdout
    assert "Othello" in run(["saves"], home).stdout


def test_play_against_the_computer_to_the_end(home: Path) -> None:
    moves = "\n".join(["4"] * 3 + ["3", "5", "2", "6", "1", "7"] * 6) + "\n"
    out = run(
        ["play", "connect4", "--players", "human,computer:1", "--seed", "5", "--think", "0.1"], home, moves
    )
    assert out.returncode == 0
    assert "is thinking" in out.stdout
    # each computer move is announced once, by the rules' sentence (issue 30, item 14)
    said = out.stdout.count("Red dropped in column")
    assert said >= 3 and " plays " not in out.stdout


def test_prompts_name_the_player_in_every_game(home: Path) -> None:
    # issue 30, item 14: "Ann (Yellow) to move>", not "Yellow to move>"
    prompts = {
        "connect4": "Ann (Yellow) to move> ",
        "othello": "Ann (Black) to move> ",
        "khet": "Ann (Silver) to move> ",
        "qwirkle": "Ann, your play> ",
        "turtles": "Ann (B) to move> ",  # the first player is drawn: Ann or Bob
    }
    for key, prompt in prompts.items():
        out = run(["play", key, "--players", "Ann=human,Bob=human", "--seed", "2"], home, "quit\nn\n")
        others = [prompt, prompt.replace("Ann (B)", "Bob (R)")] if key == "turtles" else [prompt]
        assert any(p in out.stdout for p in others), (key, out.stdout[-400:])
    unnamed = ["play", "connect4", "--players", "human,human", "--seed", "2", "--variant", "classic"]
    out = run(unnamed, home, "4\n")
    assert "Yellow to move> " in out.stdout and "Yellow dropped in column 4." in out.stdout
    named = run(["play", "connect4", "--players", "Ann=human,Bob=human", "--variant", "classic"], home, "4\n")
    assert "Ann dropped in column 4." in named.stdout


def test_replay_checks_a_record_file(home: Path, tmp_path: Path) -> None:
    good = tmp_path / "game.txt"
    good.write_text('[Game "connect4"]\n[Seed "1"]\n[Players "human, human"]\n\n1. 4\n2. 4\n')
    out = run(["replay", str(good), "--final"], home)
    assert out.returncode == 0 and "not finished (2 moves)" in out.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "connect4"]\n[Seed "1"]\n\n1. 4\n2. 8\n')
    out = run(["replay", str(bad)], home)
    assert out.returncode == 2 and "line 5" in out.stderr


def test_corrupt_save_import_is_refused_and_saves_are_kept(home: Path, tmp_path: Path) -> None:
    run(["play", "connect4", "--players", "human,human"], home, "4\nsave keepme\nquit\n")
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "connect4"]\n\n1. 4\n2. 4\n3. 4\n4. 4\n5. 4\n6. 4\n7. 4\n')
    out = run(["saves", "import", str(bad)], home)
    assert out.returncode == 2 and "line 9" in out.stderr and "full" in out.stderr
    assert "keepme" in run(["saves"], home).stdout


def test_rules_and_help(home: Path) -> None:
    assert "column" in run(["rules", "connect4"], home).stdout.lower()
    assert "usage" in run(["--help"], home).stdout
    assert run(["play", "othello", "--help"], home).returncode == 0


def test_the_qwirkle_console_of_its_brief_opens_from_the_menu_command(home: Path) -> None:
    out = run(["menu", "qwirkle"], home, "4\n5\n")
    assert out.returncode == 0
    assert "Qwirkle" in out.stdout and "Start a new game" in out.stdout
    assert run(["menu", "chess"], home).returncode == 2


def test_the_terminal_redraws_from_the_matchs_events_and_redo_says_what_it_replayed(home: Path) -> None:
    out = run(["play", "connect4", "--players", "human,human"], home, "4\n3\nundo\nredo\nquit\nn\n")
    assert out.returncode == 0, out.stderr
    assert "Replayed: 3" in out.stdout
    # the board is drawn again after the undo and after the redo (events), before each prompt
    assert out.stdout.count("+---------------------+") == 5  # start, two moves, undo, redo


def test_asking_for_the_window_without_a_display_says_so_and_plays_in_the_terminal(home: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run(
        [sys.executable, "-m", "ludoteca", "play", "connect4", "--ui", "gui", "--players", "human,human"],
        input="4\nquit\nn\n",
        capture_output=True,
        text=True,
        env={**env, "LUDOTECA_HOME": str(home)},
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "no display here" in out.stderr
    assert "Red to move>" in out.stdout


def test_a_players_own_khet_setup_starts_from_the_terminal_menu(home: Path) -> None:
    assert run(["setups", "khet", "copy", "classic", "duel2"], home).returncode == 0
    # menu: play, Khet, default edition, setup duel2, two humans, then leave at once
    out = run(["menu"], home, "1\n1\n\nduel2\nh\n\nh\n\nquit\n\n5\n")
    assert out.returncode == 0, out.stderr
    assert "not a standard setup" not in out.stdout
    assert "Silver to move>" in out.stdout


def test_the_command_line_and_its_argument_errors_in_french(home: Path) -> None:
    help_text = run_ludoteca(["--help"], home, LUDOTECA_LANG="fr").stdout
    assert help_text.startswith("utilisation : ludoteca [COMMANDE]") and "liste les jeux" in help_text
    bad_seed = run_ludoteca(["play", "connect4", "--seed", "ten"], home, LUDOTECA_LANG="fr")
    assert bad_seed.returncode == 2
    assert (
        "ludoteca play : erreur : argument --seed : le numéro de tirage doit être un nombre entier"
        in bad_seed.stderr
    )
    assert "usage" not in bad_seed.stderr and "error" not in bad_seed.stderr
    bad_colours = run_ludoteca(["play", "fiveormore", "--colours", "many"], home, LUDOTECA_LANG="fr")
    assert "ludoteca : Couleurs doit être un nombre entier" in bad_colours.stderr
    english = run_ludoteca(["play", "fiveormore", "--colours", "many"], home).stderr
    assert "Colours must be a whole number" in english and "many" in english


def test_a_wrong_number_of_players_names_the_number_a_game_is_for(home: Path) -> None:
    # "for 2–2 players, not 1" read like a typo; a game for an exact number says that number
    out = run(["play", "connect4", "--players", "human"], home)
    assert out.returncode == 2 and "Connect Four is for 2 players, not 1" in out.stderr
    out = run(["play", "fiveormore", "--players", "human,human"], home)
    assert "Five or More is for 1 player, not 2" in out.stderr
    out = run(["play", "qwirkle", "--players", "human"], home)
    assert "Qwirkle is for 2–4 players, not 1" in out.stderr
    french = run_ludoteca(["play", "connect4", "--players", "human"], home, LUDOTECA_LANG="fr")
    assert "Puissance 4 se joue à 2 joueurs, pas 1" in french.stderr
    french = run_ludoteca(["play", "fiveormore", "--players", "human,human"], home, LUDOTECA_LANG="fr")
    assert "Five or More se joue seul, pas à 2" in french.stderr


@pytest.mark.parametrize(
    ("argv", "hosted"),
    [
        (["connect4", "--players", "human,remote"], True),
        (["connect4", "--players=human,remote"], True),
        (["connect4", "--players", "human,computer:3"], False),
        (["connect4", "--players=Ann=human,Bob=human"], False),
        (["connect4", "--players", "human,nobody-knows"], False),
        (["connect4"], False),
    ],
)
def test_play_hosts_the_game_when_a_seat_is_remote(argv: list[str], hosted: bool) -> None:
    from ludoteca.cli import _has_remote_seat

    assert _has_remote_seat(argv) is hosted


def test_seats_that_do_not_read_are_explained_by_play(tmp_path: Path) -> None:
    done = run_ludoteca(["play", "connect4", "--players=human,nobody-knows"], tmp_path, "")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "nobody-knows" in done.stderr
