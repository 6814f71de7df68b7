"""Dropped connections rejoin, a disconnected seat pauses the game for it, and a server killed
mid-game resumes its table when it starts again."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from ludoteca.match.events import News
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.store import Store
from tests.net.conftest import Running, serve


def joined(port: int, name: str, **fields: object) -> RemoteMatch:
    client = Client(f"127.0.0.1:{port}", name, reconnect=20)
    client.connect()
    client.request("join", **fields)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def until(match: RemoteMatch, condition: object, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        match.wait(0.05)
    assert condition(), "timed out"  # type: ignore[operator]


def test_a_dropped_connection_rejoins_its_seat_and_the_game_goes_on(host: Running) -> None:
    host.table("connect4", "remote,remote")
    ann, bob = joined(host.port, "Ann"), joined(host.port, "Bob")
    news: list[str] = []
    ann.subscribe(lambda e: news.append(str(e.info)) if isinstance(e, News) else None)
    until(ann, lambda: ann.playing)
    ann.play("4")
    until(bob, lambda: bob.to_move() == 1)
    # the network drops Bob without a word; his client finds its way back with its token
    transport = bob.client._ws.transport  # type: ignore[union-attr]
    bob.client._loop.call_soon_threadsafe(transport.abort)
    until(ann, lambda: any("Bob is back" in line for line in news))
    assert any("Bob left" in line for line in news)
    until(bob, lambda: bob.connected and bob.version == ann.version)
    assert bob.moves == ["4"] and bob.seat == 1
    bob.play("3")
    until(ann, lambda: ann.moves == ["4", "3"])
    # now Bob's program goes away for good: the game waits for him, by name
    token = bob.client.token
    bob.client.close()
    until(ann, lambda: not ann.places[1]["connected"])
    ann.play("4")
    until(ann, lambda: "Bob" in (ann.waiting_for() or ""))
    assert "disconnected" in (ann.waiting_for() or "")
    # and he comes back from another program with his token: his seat and the current view
    again = joined(host.port, "Bob", token=token)
    assert again.seat == 1 and again.moves == ["4", "3", "4"] and again.to_move() == 1
    again.play("3")
    until(ann, lambda: len(ann.moves) == 4)
    ann.leave()
    again.leave()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_server_killed_mid_game_resumes_the_table(tmp_path: Path) -> None:
    port = free_port()
    server, _port = serve(tmp_path, port)
    try:
        ann_client = Client(f"127.0.0.1:{port}", "Ann", reconnect=30)
        ann_client.connect()
        ann_client.request("open", game="othello", seats=["remote", "remote"])
        ann = RemoteMatch(ann_client, RemoteMatch.wait_for_first_state(ann_client))
        bob = joined(port, "Bob", table=ann.table)
        until(ann, lambda: ann.playing)
        ann.play("d3")
        until(bob, lambda: bob.to_move() == 1)
        bob.play("c5")
        until(ann, lambda: ann.to_move() == 0)
        server.send_signal(signal.SIGKILL)  # a crash: nothing gets to say goodbye
        server.wait(10)
        until(ann, lambda: not ann.connected)
        server, _port = serve(tmp_path, port)
        until(ann, lambda: ann.connected and ann.to_move() == 0, 30)
        until(bob, lambda: bob.connected, 30)
        assert ann.moves == ["d3", "c5"]
        ann.play("f6")
        until(bob, lambda: bob.moves == ["d3", "c5", "f6"])
        ann.leave()
        bob.leave()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(10)
    with Store(tmp_path / "ludoteca.sqlite3") as store:
        (table,) = store.open_tables()
        assert table.record.rstrip().endswith("3. f6")


def test_host_resume_brings_the_hosts_table_back(tmp_path: Path) -> None:
    from ludoteca.core.registry import get_game
    from ludoteca.shells.network import host_game

    port = free_port()
    store = Store(tmp_path / "host.sqlite3")
    game = get_game("connect4")
    hosted = host_game(store, game, game.options({}), None, name="Ann", port=port)
    ann = hosted.match
    assert ann is not None
    bob = joined(port, "Bob")
    until(ann, lambda: ann.playing)
    ann.play("4")
    until(bob, lambda: bob.to_move() == 1)
    bob.play("3")
    until(ann, lambda: ann.to_move() == 0)
    hosted.server.stop()  # the host's program goes away (its client with it)
    ann.client.close()
    until(bob, lambda: not bob.connected)
    again = host_game(store, None, {}, None, name="Ann", port=port, resume=True)
    try:
        ann = again.match
        assert ann is not None and ann.seat == 0 and ann.moves == ["4", "3"]
        until(bob, lambda: bob.connected, 30)
        ann.play("4")
        until(bob, lambda: bob.moves == ["4", "3", "4"])
        bob.leave()
    finally:
        again.close()
        store.close()


def test_the_servers_the_tests_start_stop_on_sigint() -> None:
    """Every server here is stopped as Ctrl-C stops it. Started from a test process that ignores
    SIGINT (launched in the background by a script), a server would inherit that and never stop;
    `tests/conftest.py` gives the signal back its default."""
    child = subprocess.run(
        [sys.executable, "-c", "import signal; print(signal.getsignal(signal.SIGINT) == signal.SIG_IGN)"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    assert child.stdout.strip() == "False"
