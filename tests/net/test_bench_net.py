"""`ludoteca bench net` at a tiny size: every mode prints its lines, and their figures are figures.

No timed target here (benches show those): only that each line is printed, parses, and counts
something that happened. Also the journal the server's figure depends on: a server's data file
is in write-ahead-log mode while it runs tables, back to the rollback journal once free.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from ludoteca.store.db import Database

NUMBER = r"([\d.]+)"


def bench_net(*arguments: str) -> str:
    command = [sys.executable, "-m", "ludoteca", "bench", "net", *arguments]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=180, env={**os.environ, "LANG": "C", "LANGUAGE": ""}
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_round_trip_is_printed_beside_an_echos_and_the_flat_out_line_comes_first() -> None:
    out = bench_net("--clients", "4", "--seconds", "1", "--pause", "0.1")
    assert re.search(r"journal WAL, synchronous FULL", out), out
    small = re.search(rf"2 clients: (\d+) moves, round trip median {NUMBER} ms, p99 {NUMBER} ms", out)
    echo = re.search(
        rf"echo.*: (\d+) round trips, median {NUMBER} ms, p99 {NUMBER} ms; "
        rf"the server takes {NUMBER}× .* at the median, {NUMBER}× at p99",
        out,
    )
    flat_out = re.search(rf"as fast as they can: {NUMBER} moves/s, round trip median {NUMBER} ms", out)
    light = re.search(r"about every 0.1 s \(a light load\): (\d+) moves", out)
    assert small and echo and flat_out and light, out
    assert int(small.group(1)) > 0 and float(small.group(2)) > 0 and float(small.group(3)) > 0
    assert int(echo.group(1)) > 0 and all(float(echo.group(n)) > 0 for n in range(2, 6))
    assert float(flat_out.group(1)) > 0 and int(light.group(1)) > 0
    assert flat_out.start() < light.start()  # the ceiling first, the light load after


def test_the_bystander_bench_prints_the_pings_and_the_computers_pace_for_khet() -> None:
    out = bench_net("--bystander", "2", "--game=khet", "--seconds", "1", "--think", "nodes:300")
    quiet = re.search(rf"no game running: median {NUMBER} ms, p99 {NUMBER} ms", out)
    busy = re.search(rf"2 khet tables .* \((\d+) moves played\): (\d+) pings, median {NUMBER} ms", out)
    paces = re.findall(
        rf"Computers at (\d+) tables: {NUMBER} moves/s, .* busy {NUMBER} cores, {NUMBER} ms", out
    )
    parallel = re.search(rf"2 tables make {NUMBER}× the moves of one .* allow at most (\d+)×", out)
    assert quiet and busy and parallel and len(paces) == 2, out
    assert float(quiet.group(1)) > 0 and int(busy.group(1)) > 0 and int(busy.group(2)) > 0
    assert [tables for tables, *_ in paces] == ["1", "2"]
    for _tables, rate, cores, per_move in paces:
        assert float(rate) > 0 and float(cores) > 0 and float(per_move) > 0, out
    assert float(parallel.group(1)) > 0 and int(parallel.group(2)) >= 1


def test_a_server_writes_ahead_while_it_runs_tables_and_leaves_one_file(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    db = Database(path)
    assert db.journal_mode == "delete"
    assert db.write_ahead() and db.journal_mode == "wal"
    other = sqlite3.connect(path)  # another program has the file: it stays in WAL mode
    other.execute("SELECT 1 FROM sqlite_master").fetchall()
    assert not db.rollback_journal() and db.journal_mode == "wal"
    other.close()
    assert db.rollback_journal() and db.journal_mode == "delete"
    assert not Path(f"{path}-wal").exists()
    # a file left in WAL mode (its server killed) goes back when opened alone
    db.write_ahead()
    with db.transaction() as conn:
        conn.execute("PRAGMA user_version").fetchone()
    db.close()
    reopened = Database(path)
    assert reopened.journal_mode == "delete"
    reopened.close()
