"""Issue 30, item 3: the "end of round, continue or stop?" question is for people sharing the
screen; one person against the computer is not asked every round, and may still type `stop`."""

from __future__ import annotations

import io

from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import GAME
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store


def run(match: Match, typed: str) -> str:
    """What the terminal shows while `typed` is played, with a store to offer saving to."""
    out = io.StringIO()
    with Store() as store:
        TerminalGame(match, store, Console(io.StringIO(typed), out)).run()
    return out.getvalue()


def against_the_computer() -> Match:
    seats = (SeatSpec("human", name="Ann"), SeatSpec("computer", 1, name="Bot"))
    return Match(GAME, GAME.options({"mode": "short"}), seats, 4, think=0.05)


def test_one_person_against_the_computer_is_not_asked_at_each_round_end() -> None:
    match = against_the_computer()
    # Ann gives her hand back three times (two round ends go by), then stops and saves nothing
    text = run(match, "x all\nx all\nx all\nstop\nn\n")
    assert match.ply == 6, text
    assert "End of round" not in text
    assert "Save before leaving?" in text


def test_stop_is_a_word_the_player_may_type_at_the_prompt() -> None:
    match = against_the_computer()
    text = run(match, "x all\nstop\nn\n")
    assert match.ply == 2 and "Save before leaving?" in text
    assert "Not played" not in text
    assert "stop" in run(against_the_computer(), "help\nquit\n").split("show this help", 1)[1]


def test_people_sharing_the_screen_are_still_asked() -> None:
    seats = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))
    match = Match(GAME, GAME.options({"mode": "short"}), seats, 4)
    # Enter takes the keyboard, then each gives their hand back; the round's end is asked, and stop
    text = run(match, "\nx all\n\nx all\nstop\nn\n")
    assert match.ply == 2 and text.count("End of round 1.") == 1
    assert "Save before leaving?" in text
