"""One server runs a table at a time: a table names its owner, an owner is alive while its process
holds its lock (a lock file beside an SQLite file; a session advisory lock in PostgreSQL), and a
write by anyone else is refused whole. Every test runs on both stores."""

from __future__ import annotations

import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from ludoteca.store import TableRow
from ludoteca.store.tables import TablesTaken
from tests.pg_server import TableStores, postgres_url, table_store, table_stores
from tests.store.conftest import result

__all__ = ["postgres_url", "table_store", "table_stores"]  # fixtures


def row(table_id: str, moves: str = "", status: str = "playing", mode: str | None = None) -> TableRow:
    meta = "{}" if mode is None else f'{{"mode": "{mode}"}}'
    return TableRow(table_id, "connect4", status, f'[Game "connect4"]\n\n{moves}', meta)


def test_a_live_owner_keeps_its_tables_and_nobody_else_writes_them(table_stores: TableStores) -> None:
    first, second = table_stores.open(), table_stores.open()
    ann = first.new_owner()
    first.save_tables([row("t1"), row("t2")], owner=ann)
    bob = second.new_owner()
    assert second.claim_tables(bob) == ([], 2)
    with pytest.raises(TablesTaken) as taken:
        second.save_tables([row("t3"), row("t1", "1. 4\n")], owner=bob)
    assert taken.value.table_ids == ("t1",)
    # all or nothing: the new table t3 was not written either
    assert [t.table_id for t in first.open_tables()] == ["t1", "t2"]
    assert first.open_tables()[0].record.endswith("\n\n")
    # the owner goes on writing
    first.save_tables([row("t1", "1. 4\n")], owner=ann)
    # once it stops, the next server takes everything at once
    first.release_tables(ann)
    claimed, kept = second.claim_tables(bob)
    assert [t.table_id for t in claimed] == ["t1", "t2"] and kept == 0
    with pytest.raises(TablesTaken):
        first.save_tables([row("t1", "1. 4\n2. 4\n")], owner=ann)


def test_the_tables_of_a_killed_process_are_taken_at_once(table_stores: TableStores) -> None:
    """The lock dies with the process, however it ends: no lease to wait out after kill -9."""
    script = table_stores.opening_code() + (
        "import time\n"
        "from ludoteca.store import TableRow\n"
        "owner = store.new_owner()\n"
        "row = TableRow('t1', 'connect4', 'playing', '[Game \"connect4\"]\\n', '{}')\n"
        "store.save_tables([row], owner=owner)\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        store = table_stores.open()
        me = store.new_owner()
        assert store.claim_tables(me) == ([], 1)  # alive: kept
        process.kill()
        process.wait(10)
        deadline = time.monotonic() + 5  # the database ends the session as soon as it sees it gone
        while (claimed := store.claim_tables(me))[1] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [t.table_id for t in claimed[0]] == ["t1"] and claimed[1] == 0
    finally:
        process.kill()
        process.wait(10)


def test_an_owner_id_nobody_made_is_never_taken_for_alive(table_store: Any) -> None:
    table_store.save_tables([row("t1")], owner="../../etc/passwd")
    me = table_store.new_owner()
    assert [t.table_id for t in table_store.claim_tables(me)[0]] == ["t1"]


def test_results_are_kept_with_the_tables_or_not_at_all(table_stores: TableStores) -> None:
    first, second = table_stores.open(), table_stores.open()
    ann, bob = first.new_owner(), second.new_owner()
    first.save_tables([row("t1")], owner=ann)
    with pytest.raises(TablesTaken):
        second.save_tables([row("t1", status="over")], [result(game="connect4")], owner=bob)
    assert list(first.results()) == []
    first.save_tables([row("t1", "1. 4\n", status="over")], [result(game="connect4")], owner=ann)
    (kept,) = second.results("connect4")
    assert kept.winner == "Ann" and kept.players == ("Ann", "Bob") and kept.scores == (40, 24)
    assert first.open_tables() == []  # a game over is kept for the record, never reopened


def test_a_table_dropped_by_its_owner_is_forgotten_and_only_by_its_owner(table_stores: TableStores) -> None:
    first, second = table_stores.open(), table_stores.open()
    ann, bob = first.new_owner(), second.new_owner()
    first.save_tables([row("t1"), row("t2")], owner=ann)
    second.save_tables([], owner=bob, dropped=["t1"])  # not Bob's: left alone
    assert [t.table_id for t in first.open_tables()] == ["t1", "t2"]
    first.save_tables([row("t2", "1. 4\n")], owner=ann, dropped=["t1"])
    assert [t.table_id for t in second.open_tables()] == ["t2"]


def test_a_server_takes_only_the_tables_of_its_own_kind(table_store: Any) -> None:
    table_store.save_tables([row("h1", mode="host"), row("c1", mode="club"), row("old")])
    me = table_store.new_owner()
    claimed, kept = table_store.claim_tables(me, "club")
    assert [t.table_id for t in claimed] == ["c1", "old"] and kept == 0
    claimed, _kept = table_store.claim_tables(me)
    assert [t.table_id for t in claimed] == ["c1", "h1", "old"]  # one write: by id


def test_two_servers_claiming_at_once_never_share_a_table(table_stores: TableStores) -> None:
    first, second = table_stores.open(), table_stores.open()
    first.save_tables([row(f"t{n}") for n in range(20)])
    ann, bob = first.new_owner(), second.new_owner()
    with ThreadPoolExecutor(2) as pool:
        claims = list(pool.map(lambda pair: pair[0].claim_tables(pair[1]), [(first, ann), (second, bob)]))
    (ann_tables, ann_kept), (bob_tables, bob_kept) = claims
    assert sorted(len(tables) for tables, _kept in claims) == [0, 20]
    assert ann_kept + bob_kept == 20
    del ann_tables, bob_tables
