"""`ludoteca serve --store postgresql://…`: a club server whose tables live in PostgreSQL. Killed
with SIGKILL mid-game, a new server on the same database takes the table up again, its players
come back with their seat tokens and finish the game, and no move they saw acknowledged is lost.
Against a real PostgreSQL (tests/pg_server.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.core.record import Record
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from tests.cli_runner import run_ludoteca
from tests.net.test_robustness import joined, until
from tests.pg_server import free_port, postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")


def serve_on(url: str, home: Path, port: int) -> subprocess.Popen[str]:
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", "LANG": "C"}
    environment.pop("LUDOTECA_STORE", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "ludoteca", "serve", "--port", str(port), "--store", url],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "listening" not in line:
        process.kill()
        _out, err = process.communicate(timeout=10)
        pytest.fail(f"the server did not start: {line}{err}")
    return process


def owner_sessions(url: str, pid: int) -> int:
    """How many PostgreSQL sessions still hold the owner lock of the server process `pid`."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
            (f"ludoteca owner (pid {pid})",),
        ).fetchone()
    return int(row[0]) if row else 0


def test_a_club_on_postgresql_killed_mid_game_is_taken_up_by_the_next_server(
    postgres_url: str, tmp_path: Path
) -> None:
    port = free_port()
    server = serve_on(postgres_url, tmp_path / "first", port)
    ann = bob = None
    try:
        ann_client = Client(f"127.0.0.1:{port}", "Ann", reconnect=30)
        ann_client.connect()
        ann_client.request("open", game="connect4", seats=["remote", "remote"])
        ann = RemoteMatch(ann_client, RemoteMatch.wait_for_first_state(ann_client))
        bob = joined(port, "Bob", table=ann.table)
        until(ann, lambda: ann.playing)
        acknowledged: list[str] = []
        for player, other, move in [(ann, bob, "4"), (bob, ann, "3"), (ann, bob, "4"), (bob, ann, "3")]:
            player.play(move)
            acknowledged.append(move)
            until(other, lambda other=other: other.moves == acknowledged)
        assert owner_sessions(postgres_url, server.pid) == 1
        server.send_signal(signal.SIGKILL)  # a crash: nothing gets to say goodbye
        server.wait(10)
        until(ann, lambda: not ann.connected)
        # the database ends the dead server's session, and its lock, as soon as the socket closes
        deadline = time.monotonic() + 10
        while owner_sessions(postgres_url, server.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert owner_sessions(postgres_url, server.pid) == 0
        server = serve_on(postgres_url, tmp_path / "second", port)
        until(ann, lambda: ann.connected and ann.to_move() == 0, 30)
        until(bob, lambda: bob.connected, 30)
        assert ann.moves == acknowledged and bob.moves == acknowledged
        for player, other, move in [(ann, bob, "4"), (bob, ann, "3"), (ann, bob, "4")]:
            player.play(move)
            acknowledged.append(move)
            until(other, lambda other=other: other.moves == acknowledged)
        until(bob, lambda: bob.over)
        assert ann.outcome is not None and bob.outcome is not None
    finally:
        for match in (ann, bob):
            if match is not None:
                match.close()
        server.send_signal(signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
    with psycopg.connect(postgres_url) as conn:
        ((status, record),) = conn.execute("SELECT status, record FROM ludoteca_tables").fetchall()
        (winner,) = conn.execute("SELECT winner FROM ludoteca_results").fetchall()
    assert status == "over" and winner == ("Ann",)
    assert Record.loads(record).moves == acknowledged  # every move, once, in order


def test_the_store_option_wins_over_the_environment_and_anything_but_postgresql_is_refused(
    tmp_path: Path,
) -> None:
    refused = run_ludoteca(["serve", "--port", "0", "--store", "sqlite:///club.db"], tmp_path, timeout=60)
    assert refused.returncode == 2
    assert "--store takes the URL of a PostgreSQL database" in refused.stderr
    from_environment = run_ludoteca(
        ["serve", "--port", "0"], tmp_path, timeout=60, LUDOTECA_STORE="mysql://club:s3cret@db/club"
    )
    assert from_environment.returncode == 2
    assert "LUDOTECA_STORE takes the URL" in from_environment.stderr
    assert "s3cret" not in from_environment.stderr
    unreachable = f"postgresql://club:s3cret@127.0.0.1:{free_port()}/club"
    wins = run_ludoteca(
        ["serve", "--port", "0", "--store", unreachable], tmp_path, timeout=60, LUDOTECA_STORE="mysql://x"
    )
    assert wins.returncode == 2, wins.stderr
    assert "cannot connect to the PostgreSQL server at 127.0.0.1" in wins.stderr
    assert "s3cret" not in wins.stderr
