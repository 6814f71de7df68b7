"""Numbers typed for network play go through the one number reader: "²" (beside 1 on French
keyboards) and "٣" pass `str.isdigit()` and then broke `int()` or meant 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.errors import LudotecaError, OptionError
from ludoteca.net.clock import ClockSettings
from ludoteca.shells.terminal.netplay import NetworkTerminalGame, choose_table
from tests.cli_runner import run_ludoteca


@pytest.mark.parametrize("text", ["²", "10+²", "٣", "3+٣", "１０", "--5", "", "10+"])
def test_a_clock_written_with_other_digits_is_a_sentence(text: str) -> None:
    with pytest.raises(OptionError, match="MINUTES"):
        ClockSettings.parse(text)
    assert ClockSettings.parse(" 10+5 ") == ClockSettings(10, 5)


@pytest.mark.parametrize("arg", ["²", "٣ 3", "2 ²", "2 ٣", "x", ""])
def test_the_computer_command_reads_its_numbers_as_every_number(arg: str) -> None:
    with pytest.raises(LudotecaError):
        NetworkTerminalGame._seat_and_level(None, arg)  # type: ignore[arg-type]
    assert NetworkTerminalGame._seat_and_level(None, "2 4") == (1, 4)  # type: ignore[arg-type]


class Answers:
    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def ask(self, prompt: str) -> str:
        return self.lines.pop(0)

    def say(self, text: str = "") -> None:
        print(text)


def test_the_lobby_choice_refuses_other_digits(capsys: pytest.CaptureFixture[str]) -> None:
    tables = [{"table": "aa", "title": "Othello", "status": "waiting", "seats": []}] * 3
    assert choose_table(tables, Answers("٣", "²", "w 2")) == ("aa", True)  # type: ignore[arg-type]
    assert capsys.readouterr().out.count("Please type a number from 1 to 3") == 2


def test_join_seat_three_in_arabic_indic_digits_is_refused(tmp_path: Path) -> None:
    done = run_ludoteca(["join", "127.0.0.1:9", "--seat", "٣"], tmp_path, LANG="C")
    assert done.returncode != 0
    assert "the seat must be a whole number" in done.stderr
