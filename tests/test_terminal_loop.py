"""The terminal loop's hooks for seats played elsewhere."""

from __future__ import annotations

import io

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells.terminal.play import TerminalGame


def test_a_local_match_with_a_remote_seat_says_how_to_host_it_and_stops() -> None:
    game = get_game("connect4")
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("remote", name="Bob")), 1)
    out = io.StringIO()
    assert TerminalGame(match, None, Console(io.StringIO("4\n"), out)).run() == 0
    assert match.moves == ["4"]
    assert "ludoteca host" in out.getvalue() and "Bob" in out.getvalue()


def hot_seat_connect4() -> Match:
    game = get_game("connect4")
    return Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human")), 1)


def test_resign_asks_first_and_no_plays_on() -> None:
    match = hot_seat_connect4()
    out = io.StringIO()
    TerminalGame(match, None, Console(io.StringIO("4\nresign\nn\n3\n"), out)).run()
    assert match.moves == ["4", "3"] and not match.over
    assert "Resign? The game ends now and counts as a loss. [y/N]" in out.getvalue()
    assert "You play on." in out.getvalue()


def test_resign_confirmed_ends_the_game() -> None:
    match = hot_seat_connect4()
    TerminalGame(match, None, Console(io.StringIO("resign\ny\n"), io.StringIO())).run()
    assert match.over and match.outcome is not None and match.outcome.winners == (1,)


def test_yes_resigns_without_asking_for_scripts() -> None:
    match = hot_seat_connect4()
    out = io.StringIO()
    TerminalGame(match, None, Console(io.StringIO("resign\n"), out), sure=True).run()
    assert match.over and "Resign?" not in out.getvalue()
