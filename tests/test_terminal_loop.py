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
