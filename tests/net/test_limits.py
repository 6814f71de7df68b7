"""Nobody shuts a club out by holding it: limits per address on connections and waiting tables,
idle lobby connections closed, tables nobody sits at closed and forgotten, computers thinking in
processes of their own.

An attack found that one client opened 1,000 empty tables in 50 s (then "this server is full" for
everyone, also after a restart), held all 4,000 connection slots from one address, and that 20
Qwirkle tables of level-5 computers pushed a bystander's ping to 2.1 s (median): see
`ludoteca bench net --bystander 20` for that figure now.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from ludoteca.net import thinking
from ludoteca.net.server import CLUB, Limits
from ludoteca.store import Store
from tests.net.conftest import Raw, Running, play_until


def test_one_address_cannot_hold_every_connection() -> None:
    running = Running(CLUB, limits=Limits(connections_per_address=3)).start()
    try:
        held = [Raw(running.port, f"p{n}") for n in range(3)]
        extra = Raw(running.port, hello=False)  # refused at once, before its hello
        refused = extra.next("refused")
        assert "too many connections from your address (3)" in refused["reason"]
        assert refused["sentence"]  # shown in each client's language
        with pytest.raises(ConnectionClosed):
            extra.recv(5)
        # the others are untouched, and a slot given back can be taken again
        assert held[0].ask({"type": "ping"})["type"] == "pong"
        held.pop().close()
        time.sleep(0.2)
        assert Raw(running.port, "p5").ask({"type": "ping"})["type"] == "pong"
    finally:
        running.stop()


def test_one_address_cannot_open_table_after_table() -> None:
    running = Running(CLUB, limits=Limits(tables_per_address=2)).start()
    try:
        ann = Raw(running.port, "Ann")
        assert ann.ask({"type": "open", "game": "othello"})["type"] == "joined"
        assert ann.ask({"type": "open", "game": "othello"})["type"] == "joined"  # the first is left
        third = ann.ask({"type": "open", "game": "othello"})
        assert third["type"] == "error" and "2 tables opened from your address" in third["reason"]
        # a table that starts no longer counts: someone joined it, so it is not a squatter's
        bob = Raw(running.port, "Bob")
        waiting = [t["table"] for t in bob.ask({"type": "tables"})["tables"]]
        assert bob.ask({"type": "join", "table": waiting[0]})["type"] == "joined"
        assert ann.ask({"type": "open", "game": "connect4"})["type"] == "joined"
    finally:
        running.stop()


def test_a_table_nobody_sits_at_is_closed_and_forgotten(tmp_path: Path) -> None:
    store = Store(tmp_path / "club.sqlite3")
    quick = Limits(empty_table_seconds=0.4, sweep_seconds=0.1)
    running = Running(CLUB, store=store, limits=quick).start()
    try:
        ann = Raw(running.port, "Ann")
        left = ann.ask({"type": "open", "game": "othello"})["table"]
        kept = ann.ask({"type": "open", "game": "connect4"})["table"]  # Ann sits at this one
        watcher = Raw(running.port, "Cy")
        watcher.ask({"type": "watch", "table": left})
        notice = watcher.next("notice", timeout=5)
        assert "nobody sat at it" in notice["text"]
        assert [t["table"] for t in watcher.ask({"type": "tables"})["tables"]] == [kept]
        time.sleep(0.3)  # the writer forgets it after what was queued
        assert [row.table_id for row in store.open_tables()] == [kept]
        assert "no table" in watcher.ask({"type": "join", "table": left})["reason"]
    finally:
        running.stop()
        store.close()


def test_a_silent_lobby_connection_is_closed_but_a_seated_player_is_not() -> None:
    quick = Limits(lobby_idle_seconds=0.4, sweep_seconds=0.1)
    running = Running(CLUB, limits=quick).start()
    try:
        idle = Raw(running.port, "Idle")
        ann = Raw(running.port, "Ann")
        ann.ask({"type": "open", "game": "othello"})
        assert "idle in the lobby" in idle.next("refused", timeout=5)["reason"]
        with pytest.raises(ConnectionClosed):
            idle.recv(5)
        time.sleep(0.5)
        assert ann.ask({"type": "ping"})["type"] == "pong"
    finally:
        running.stop()


def test_computers_think_in_processes_of_their_own() -> None:
    running = Running(CLUB).start()
    try:
        ann = Raw(running.port, "Ann")
        ann.ask({"type": "open", "game": "connect4", "seats": ["remote", "computer:3"]})
        state = play_until(ann, lambda m: m["status"] == "playing")
        ann.ask({"type": "move", "version": state["version"], "move": "4"})
        play_until(ann, lambda m: len(m["moves"]) == 2, timeout=30)
        workers = thinking.processes()
        assert workers, "no thinking process was started"
        assert os.getpid() not in workers
    finally:
        running.stop()


def test_the_bystander_bench_prints_its_figures() -> None:
    command = [sys.executable, "-m", "ludoteca", "bench", "net", "--bystander", "2", "--seconds", "3"]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=120, env={**os.environ, "LANG": "C"}
    )
    assert done.returncode == 0, done.stderr
    figures = r"think \((\d+) moves played\): (\d+) pings, median ([\d.]+) ms, p99 ([\d.]+) ms"
    busy = re.search(figures, done.stdout)
    assert busy, done.stdout
    # the computers did play (more moves than the two bots' own), and pings were answered
    assert int(busy.group(1)) > 2 and int(busy.group(2)) > 0
