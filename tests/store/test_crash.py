"""A write is all or nothing, whether it fails by exception or the process dies mid-way."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.store import Store

from .conftest import RECORD, result


def integrity(path: Path) -> str:
    raw = sqlite3.connect(path)
    try:
        return str(raw.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        raw.close()


def test_an_exception_inside_a_write_leaves_nothing_behind(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    with Store(path) as store:
        kept = store.save_game("kept", "othello", RECORD)
        store.add_result(result())
        with pytest.raises(RuntimeError, match="power cut"), store._db.transaction():
            # several store calls inside one transaction join it, then the block fails
            store.save_game("partial", "othello", RECORD)
            store.save_game("kept", "othello", "overwritten", save_id=kept)
            store.add_result(result(winner="Bob"))
            store.save_setup("khet", "half", "text")
            raise RuntimeError("power cut")
        assert [s.name for s in store.list_saves()] == ["kept"]
        assert store.load_save(kept).record_text == RECORD
        assert [r.winner for r in store.results()] == ["Ann"]
        assert store.list_setups("khet") == []
        # the store is still usable after the failed write
        store.save_game("after", "othello", RECORD)
    with Store(path) as store:
        assert sorted(s.name for s in store.list_saves()) == ["after", "kept"]


# The child commits one small save, then starts one big write: eight saves of half a megabyte
# in one transaction. With a tiny page cache SQLite must spill pages into the database file
# before the commit, so at the moment of death the file really holds part of the write.
MID_WRITE_CHILD = """
import os, sys
from ludoteca.store import ResultRow, Store, saves
path, how = sys.argv[1], sys.argv[2]

def result(winner):
    kinds = ("human", "human")
    return ResultRow("2026-01-01", "othello", "", ("Ann", "Bob"), kinds, None, (1, 2), winner, "")

store = Store(path)
store.save_game("before", "othello", "1. d3\\n")
store.add_result(result("Ann"))
print(os.path.getsize(path), flush=True)
with store._db.read() as conn:
    conn.execute("PRAGMA cache_size = 16")
with store._db.transaction():
    for n in range(8):
        saves.save_game(store._db, "now", "big %d" % n, "othello", "x" * 500_000)
    store.add_result(result("Bob"))
    print(os.path.getsize(path), os.path.exists(path + "-journal"), flush=True)
    if how == "exit":
        os._exit(3)
    sys.stdin.readline()
print("committed?!", flush=True)
"""


@pytest.mark.parametrize("how", ["exit", "kill"])
def test_death_in_the_middle_of_a_big_write_loses_exactly_that_write(tmp_path: Path, how: str) -> None:
    path = tmp_path / "x.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", MID_WRITE_CHILD, str(path), how],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    size_before = int(child.stdout.readline())
    size_during, journal = child.stdout.readline().split()
    # the write had reached the database file itself, with its undo journal beside it
    assert int(size_during) > size_before + 1_000_000
    assert journal == "True"
    if how == "kill":
        child.kill()  # SIGKILL: no cleanup of any kind runs in the child
    assert child.wait(timeout=30) != 0
    assert "committed" not in child.stdout.read()
    child.stdout.close()
    assert child.stdin is not None
    child.stdin.close()

    with Store(path) as store:
        assert [s.name for s in store.list_saves()] == ["before"]
        assert [r.winner for r in store.results()] == ["Ann"]
        store.save_game("after", "othello", RECORD)
    assert integrity(path) == "ok"
    assert path.stat().st_size < size_before + 100_000


# The child overwrites one save again and again with a large record whose every character
# depends on the round, printing each round number once it is committed. It is killed at an
# arbitrary moment: during a write, a journal sync or a commit.
OVERWRITE_CHILD = """
import sys
from ludoteca.store import Store
store = Store(sys.argv[1])
sid = store.save_game("loop", "othello", "<0>" + "A" * 400_000 + "</0>")
print(0, flush=True)
n = 0
while True:
    n += 1
    store.save_game("loop", "othello", "<%d>" % n + chr(65 + n % 26) * 400_000 + "</%d>" % n, save_id=sid)
    print(n, flush=True)
"""

WHOLE = re.compile(r"<(\d+)>([A-Z])\2{399999}</\1>")


@pytest.mark.parametrize("delay", [0.0, 0.03, 0.11])
def test_killed_at_any_moment_the_save_is_a_whole_old_or_new_record(tmp_path: Path, delay: float) -> None:
    path = tmp_path / "x.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", OVERWRITE_CHILD, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    child.stdout.readline()
    child.stdout.readline()
    time.sleep(delay)
    child.kill()
    child.wait(timeout=30)
    committed = [int(line) for line in child.stdout.read().split()]
    child.stdout.close()
    last_reported = committed[-1] if committed else 1

    with Store(path) as store:
        text = store.load_save("loop").record_text
    match = WHOLE.fullmatch(text)
    assert match is not None, f"partial record of {len(text)} characters"
    round_ = int(match.group(1))
    assert match.group(2) == chr(65 + round_ % 26)
    # every reported commit survived; at most one more had committed unreported
    assert last_reported <= round_ <= last_reported + 1
    assert integrity(path) == "ok"
