"""Robot Turtles in the terminal: the board and panel, hidden cards kept hidden, the run replayed
step by step, and whole games through `ludoteca play turtles`."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from ludoteca.ai.base import Budget
from ludoteca.core.seats import parse_seats
from ludoteca.games.turtles.moves import AddCards, RunProgram
from ludoteca.games.turtles.players import player_for_level
from ludoteca.games.turtles.terminal import TurtlesTerminalBoard
from ludoteca.kits.terminal.style import Style
from ludoteca.match import Match
from ludoteca.shells.terminal import play as tui_play

from .helpers import GAME, S, cards, run, table, with_hand, with_program

ADAPTER = TurtlesTerminalBoard()

PLAIN = Style(colour=False)


def test_board_and_panel() -> None:
    state = with_program(table(turtles={0: ("c3", S)}, stone=("d4",), ice=("e5",)), 1, "F F")
    state = with_hand(replace(state, to_play=0), 0, "FFLRX")
    text = ADAPTER.render(GAME, GAME.view(state, 0), 0, PLAIN)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert lines[1].split() == ["1", "·", "b", "·", "·", "·", "R▼", "·", "##", "1"]  # Blue's start: b
    assert lines[3].split()[3] == "B▼"
    assert lines[4].split()[4] == "##" and lines[5].split()[5] == "~~" and lines[8].split()[4] == "<>"
    assert "Your hand: F F L R X" in text
    assert "program  2" in text  # Red's program length
    assert "walls: 3 stone, 2 ice" in text
    assert "\x1b[" not in text and "\x1b[" in ADAPTER.render(GAME, state, 0, Style(colour=True))
    spectator = ADAPTER.render(GAME, GAME.view(state, None), None, PLAIN)
    assert "Your hand" not in spectator


def test_the_own_program_is_shown_only_with_show_program() -> None:
    for show, expected in ((False, "Your program: 3 cards, face down"), (True, "Your program: F L X")):
        state = with_program(table(show_program=show), 0, "F L X")
        assert expected in ADAPTER.render(GAME, GAME.view(state, 0), 0, PLAIN)


def test_computer_additions_are_announced_without_the_cards() -> None:
    state = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    assert ADAPTER.public_move_text(GAME, state, AddCards(cards("F L"), True)) == "add ? ? /discard"
    assert ADAPTER.public_move_text(GAME, state, RunProgram()) == "run"
    shown = replace(state, show_program=True)  # shows a program to its owner, not to the table
    assert ADAPTER.public_move_text(GAME, shown, AddCards(cards("F L"))) == "add ? ?"


def test_a_run_replays_card_by_card() -> None:
    state = run(table(turtles={0: ("b3", S)}, ice=("b5",)), 0, "F X F L")
    frames = ADAPTER.replay_frames(GAME, GAME.view(state, None), PLAIN)
    assert len(frames) == 5
    boards = [board.splitlines() for board, _caption in frames]
    assert boards[0][3].split()[2] == "B▼" and boards[0][5].split()[2] == "~~"
    assert boards[1][4].split()[2] == "B▼"
    assert boards[2][5].split()[2] == "**"  # the beam where the ice melted
    assert boards[3][5].split()[2] == "B▼"
    assert boards[4][5].split()[2] == "B▶"
    captions = [caption for _board, caption in frames]
    assert "melts the ice wall on b5" in captions[2]
    assert captions[4].startswith(" 4. L")
    added = GAME.play(with_hand(replace(table(), to_play=0), 0, "FFLRX"), AddCards(cards("F")))
    assert ADAPTER.replay_frames(GAME, added, PLAIN) == []


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _game_moves(seed: int, seats: int, levels: tuple[int, ...], options: dict[str, bool]) -> list[str]:
    """A whole game played by computer players, as the lines a person would type."""
    state = GAME.start(GAME.options(options), seed, seats)
    players = [player_for_level(level, seed=seat) for seat, level in enumerate(levels)]
    lines = []
    while (seat := GAME.to_move(state)) is not None:
        move = players[seat].choose(GAME, GAME.view(state, seat), seat, Budget())
        lines.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
    return lines


def test_hot_seat_game_to_the_end_in_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    options = {"bug": True}
    moves = _game_moves(8, 3, (4, 2, 3), options)
    match = Match(GAME, GAME.options(options), parse_seats("human,human,human"), 8)
    # each turn: Enter once the keyboard has changed hands, then the move
    typed = "".join(f"\n{m}\n" for m in moves) + "\n"
    monkeypatch.setattr(tui_play, "REPLAY_SECONDS", 0.0)
    out = _Tty()
    console = tui_play.Console(io.StringIO(typed), out)
    assert tui_play.TerminalGame(match, None, console, PLAIN).run() == 0
    transcript = out.getvalue()
    assert match.over and match.moves == moves
    assert "Pass the keyboard to" in transcript
    assert "reached a jewel first" in transcript
    assert "runs the program:" in transcript and "moves forward to" in transcript
    assert "Not played" not in transcript


def test_on_a_colour_terminal_the_run_is_animated_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tui_play, "REPLAY_SECONDS", 0.0)
    match = Match(GAME, GAME.options(), parse_seats("computer:3,computer:2"), 12)
    out = _Tty()
    game = tui_play.TerminalGame(match, None, tui_play.Console(_Tty(""), out), Style(colour=True))
    assert game.run() == 0
    assert match.over
    transcript = out.getvalue()
    assert "F\x1b[J" in transcript  # the cursor went back over the previous frame
    assert "runs the program:" in transcript


def test_command_line_game_between_computers(tmp_path: Path) -> None:
    env = {**os.environ, "LUDOTECA_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "play",
            "turtles",
            "--players",
            "computer:5,computer:2",
            "--seed",
            "5",
            "--bug",
            "--three-rounds",
            "--show-program",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Game over" in text and "after three rounds" in text
    # a program's cards are announced face down, by count, once
    assert re.search(r"(Blue|Red) adds \d cards? to the program\.", text) and "plays add" not in text
    assert " 1. " in text  # a run replayed card by card
    assert "Round 2 of 3 begins" in text
