"""A move is acknowledged only once it is written; two servers never run one table.

Real faults on a real SQLite file: a lock held by another program, a file-size limit (the
process's RLIMIT_FSIZE, as `ulimit -f` sets it), and a second `ludoteca serve` on the same data
folder. After each, a kill -9 must lose no move that was acknowledged.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from ludoteca.net.server import CLUB, Limits
from ludoteca.store import Store
from tests.net.conftest import Raw, Running, play_until, seated_pair, serve

QUICK_RETRY = Limits(store_retry=(0.1, 0.3))


def moves_kept(path: Path) -> list[str]:
    with Store(path) as store:
        (table,) = store.open_tables()
    return [
        line.split(". ", 1)[1] for line in table.record.splitlines() if ". " in line and line[0].isdigit()
    ]


def test_a_move_the_store_cannot_keep_is_not_acknowledged_until_it_can(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    store = Store(path)
    running = Running(CLUB, store=store, limits=QUICK_RETRY).start()
    try:
        ann, bob, _table = seated_pair(running.port)
        version = ann.last_state["version"] if ann.last_state else 0
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another program holds the file
        ann.send({"type": "move", "id": 1, "version": version, "move": "4"})
        notice = ann.next("notice", timeout=15)  # after the store's busy wait (5 s)
        assert "paused" in notice["text"]
        assert not [m for m in map(json.loads, ann.received) if m.get("id") == 1]
        assert "paused" in bob.next("notice")["text"]
        assert bob.last_state is not None and bob.last_state["moves"] == []  # nothing went out unwritten
        # nothing changes while paused: a move, a resignation, a new table are all refused
        refused = bob.ask({"type": "move", "version": version + 1, "move": "3"})
        assert refused["type"] == "error" and "paused" in refused["reason"]
        assert "paused" in bob.ask({"type": "resign"})["reason"]
        assert "paused" in Raw(running.port, "Cy").ask({"type": "open", "game": "othello"})["reason"]
        other.execute("ROLLBACK")
        other.close()
        # written at the next attempt: then acknowledged and sent out, and play goes on
        assert ann.next("ok", timeout=15)["id"] == 1
        assert play_until(bob, lambda m: m["moves"] == ["4"], timeout=10)
        assert "goes on" in bob.next("notice", timeout=5)["text"]
        assert moves_kept(path) == ["4"]
        assert bob.ask({"type": "move", "version": version + 1, "move": "3"})["type"] == "ok"
        assert moves_kept(path) == ["4", "3"]
    finally:
        running.stop()
        store.close()


# ----- real processes: a file-size limit, kill -9, two servers -----------------------------------
def finish(process: subprocess.Popen[str]) -> str:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        _out, err = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        _out, err = process.communicate()
    return err


def answer_or_pause(client: Raw, message: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to `message`, or None when the server says play is paused instead."""
    client.send({**message, "id": 7})
    while True:
        answer = client.recv(30)
        if answer.get("id") == 7:
            return answer
        if answer["type"] == "notice":
            assert "paused" in answer["text"], answer
            return None


def test_under_a_file_size_limit_every_acknowledged_move_survives_kill_9(tmp_path: Path) -> None:
    """Tables are opened and played until the data file cannot grow: what was acknowledged until
    then is exactly what a server finds after a kill -9."""
    path = tmp_path / "ludoteca.sqlite3"
    Store(path).close()  # the schema is written before the limit
    process, port = serve(tmp_path, file_limit=path.stat().st_size)
    acknowledged: dict[str, list[str]] = {}
    try:
        ann, bob = Raw(port, "Ann"), Raw(port, "Bob")
        for _table in range(200):
            opened = answer_or_pause(ann, {"type": "open", "game": "connect4"})
            if opened is None:
                break
            table_id = opened["table"]
            acknowledged[table_id] = []
            if answer_or_pause(bob, {"type": "join", "table": table_id}) is None:
                break
            version = play_until(ann, lambda m, t=table_id: m["table"] == t and m["status"] == "playing")[
                "version"
            ]
            move = {"type": "move", "version": version, "move": "4"}
            if answer_or_pause(ann, move) is None:
                break
            acknowledged[table_id].append("4")
        else:
            pytest.fail("the file-size limit was never reached")
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        err = process.stderr.read() if process.stderr else ""
        assert "cannot be written" in err, err  # the server said what was wrong, on its console
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
    assert len(acknowledged) >= 2
    with Store(path) as store:
        kept = {row.table_id: row for row in store.open_tables()}
    for table_id, moves in acknowledged.items():
        record = kept[table_id].record
        assert [line.split(". ", 1)[1] for line in record.splitlines() if line[:1].isdigit()] == moves
    # and the games go on from there on a server without the limit
    process, port = serve(tmp_path)
    try:
        listed = Raw(port, "Cy").ask({"type": "tables"})["tables"]
        assert {t["table"] for t in listed} >= set(acknowledged) - {list(acknowledged)[-1]}
    finally:
        finish(process)


def test_a_second_server_on_the_same_data_folder_leaves_the_first_ones_tables(tmp_path: Path) -> None:
    first, first_port = serve(tmp_path)
    second: subprocess.Popen[str] | None = None
    try:
        ann, bob, table_id = seated_pair(first_port)
        version = play_until(ann, lambda m: m["status"] == "playing")["version"]
        assert ann.ask({"type": "move", "version": version, "move": "4"})["type"] == "ok"
        first.send_signal(signal.SIGSTOP)  # as if stuck: alive, holding its tables
        second, second_port = serve(tmp_path)
        assert second.stdout is not None
        said = second.stdout.readline()
        assert "run by another server" in said, said
        newcomer = Raw(second_port, "Cy")
        assert newcomer.ask({"type": "tables"})["tables"] == []
        assert "no table" in newcomer.ask({"type": "join", "table": table_id})["reason"]
        first.send_signal(signal.SIGCONT)
        assert bob.ask({"type": "move", "version": version + 1, "move": "4"})["type"] == "ok"
        # the first one dies: the second takes nothing by itself, but the next start takes all
        first.kill()
        first.wait(10)
        with pytest.raises(ConnectionClosed):
            while True:
                ann.recv(10)
        finish(second)
        second, second_port = serve(tmp_path)
        (listed,) = Raw(second_port, "Dee").ask({"type": "tables"})["tables"]
        assert listed["table"] == table_id
        assert moves_kept(tmp_path / "ludoteca.sqlite3") == ["4", "4"]
    finally:
        if first.poll() is None:
            first.send_signal(signal.SIGCONT)
            first.kill()
        first.wait(10)
        if second is not None:
            finish(second)
