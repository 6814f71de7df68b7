"""One server runs a table at a time: a table names its owner, an owner is alive while its process
holds its lock file, and a write by anyone else is refused whole."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.store import Store, TableRow
from ludoteca.store.tables import TablesTaken


def row(table_id: str, moves: str = "") -> TableRow:
    return TableRow(table_id, "connect4", "playing", f'[Game "connect4"]\n\n{moves}', "{}")


def test_a_live_owner_keeps_its_tables_and_nobody_else_writes_them(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    with Store(path) as first, Store(path) as second:
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


def test_the_tables_of_a_killed_process_are_taken_at_once(tmp_path: Path) -> None:
    """The lock dies with the process, however it ends: no lease to wait out after kill -9."""
    path = tmp_path / "club.sqlite3"
    script = (
        "import sys, time\n"
        "from ludoteca.store import Store, TableRow\n"
        f"store = Store({str(path)!r})\n"
        "owner = store.new_owner()\n"
        "row = TableRow('t1', 'connect4', 'playing', '[Game \"connect4\"]\\n', '{}')\n"
        "store.save_tables([row], owner=owner)\n"
        "print('ready', flush=True)\n"
        "time.sleep(60)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        with Store(path) as store:
            me = store.new_owner()
            assert store.claim_tables(me) == ([], 1)  # alive: kept
            process.kill()
            process.wait(10)
            claimed, kept = store.claim_tables(me)
            assert [t.table_id for t in claimed] == ["t1"] and kept == 0
    finally:
        process.kill()
        process.wait(10)


def test_an_owner_id_nobody_made_is_never_taken_for_alive(tmp_path: Path) -> None:
    with Store(tmp_path / "club.sqlite3") as store:
        store.save_tables([row("t1")], owner="../../etc/passwd")
        me = store.new_owner()
        assert [t.table_id for t in store.claim_tables(me)[0]] == ["t1"]
