"""Saves and scores in players' words: local dates in their language, options by their labels, a
header over each listing (the window's screens and the terminal's `ludoteca saves` / `scores`)."""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.i18n import set_language
from ludoteca.shells.dates import when
from ludoteca.shells.options import options_in_words, stored_options

from .cli_runner import run_ludoteca as run

NOON = dt.datetime(2026, 11, 26, 12, 0)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def paris() -> Iterator[None]:
    """The computer's clock in Paris (UTC+1 in November)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Paris"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_times_read_as_today_yesterday_or_a_date_on_the_players_clock(paris: None) -> None:
    # a save's stamp is UTC: 03:24 UTC is 04:24 in Paris
    assert when("2026-11-26T03:24:32.614041+00:00", NOON) == "today 04:24"
    assert when("2026-11-25T21:10:00", NOON) == "yesterday 21:10"
    assert when("2026-03-02T08:00:00", NOON) == "2 Mar 2026"
    assert when("not a time", NOON) == "not a time"
    set_language("fr")
    try:
        assert when("2026-11-26T03:24:32+00:00", NOON) == "aujourd'hui 04:24"
        assert when("2026-11-25T21:10:00", NOON) == "hier 21:10"
        assert when("2025-11-26T10:00:00", NOON) == "26 nov. 2025"
    finally:
        set_language("en")


def test_options_read_by_their_labels() -> None:
    fiveormore, turtles = get_game("fiveormore"), get_game("turtles")
    assert options_in_words(fiveormore, {"size": "medium"}) == "Classic, Medium board (9×9)"
    stored = "three_rounds=True, bug=True, show_program=False"
    assert options_in_words(turtles, stored_options(turtles, stored)) == "Three rounds, Bug card"
    connect4 = get_game("connect4")
    assert options_in_words(connect4, stored_options(connect4, "cascade, drops=30")) == "Cascade, Drops: 30"
    set_language("fr")
    try:
        assert options_in_words(fiveormore, {"size": "large"}) == "Classique, Grand plateau (20×15)"
    finally:
        set_language("en")


def test_the_terminal_lists_saves_and_scores_under_headers_in_words(home: Path) -> None:
    run(["play", "connect4", "--players", "human,human"], home, "4\nsave mine\nquit\n")
    saves = run(["saves"], home).stdout.splitlines()
    assert saves[0] == "Games to resume:" and saves[1].split() == ["Number", "Name", "Game", "State", "Saved"]
    row = next(line for line in saves if "mine" in line)
    assert "Connect Four" in row and "today " in row and "+00:00" not in row
    moves = "1\n2\n1\n2\n1\n2\n1\n"
    out = run(["play", "connect4", "--players", "human,human", "--variant", "classic"], home, moves)
    assert out.returncode == 0, out.stderr
    scores = run(["scores"], home).stdout.splitlines()
    assert scores[0].split() == ["Date", "Game", "Variant", "Players", "Scores", "Result"]
    assert "today" in scores[1] and "Connect Four" in scores[1] and "Classic" in scores[1]
    assert "Yellow won" in scores[1] and "variant=" not in scores[1]
    french = run(["scores"], home, LUDOTECA_LANG="fr").stdout.splitlines()
    assert "aujourd'hui" in french[1] and "Puissance 4" in french[1] and "Classique" in french[1]
