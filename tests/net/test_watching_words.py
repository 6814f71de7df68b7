"""A spectator is told they are watching, and whom; the club's lobby asks for a table to watch
when `join --watch` was given."""

from __future__ import annotations

import io

import pytest

from ludoteca.kits.terminal.console import Console
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.terminal.netplay import NetworkTerminalGame, choose_table
from ludoteca.shells.terminal.play import TerminalGame
from tests.net.conftest import Running
from tests.net.test_robustness import joined


def test_a_spectator_is_told_whom_they_watch(host: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    host.table("connect4", "remote,remote")
    ann, bob = joined(host.port, "Ann"), joined(host.port, "Bob")
    eve = Client(f"127.0.0.1:{host.port}", "Eve", reconnect=1)
    eve.connect()
    eve.request("watch")
    watched = RemoteMatch(eve, RemoteMatch.wait_for_first_state(eve))
    out = io.StringIO()
    # only the words before the first position: the watching loop itself is tested elsewhere
    monkeypatch.setattr(TerminalGame, "_loop", lambda self: 0)
    try:
        NetworkTerminalGame(watched, None, Console(io.StringIO(""), out)).run()
    finally:
        for match in (ann, bob, watched):
            match.leave()
    assert "You are watching Ann (Yellow) and Bob (Red)." in out.getvalue()


def test_the_lobby_asks_for_a_table_to_watch_with_watch() -> None:
    tables = [
        {"table": "t1", "title": "Othello", "status": "playing", "seats": [{"name": "Ann", "taken": True}]}
    ]
    out = io.StringIO()
    assert choose_table(tables, Console(io.StringIO("1\n"), out), watching=True) == ("t1", True)
    assert "Table number to watch, Enter to leave: " in out.getvalue()
    assert choose_table(tables, Console(io.StringIO("1\n"), io.StringIO())) == ("t1", False)
