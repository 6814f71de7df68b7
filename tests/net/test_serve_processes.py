"""`ludoteca serve --processes 3 --store postgresql://…`: three processes of one machine serve one
club on one port (issue 26). Connections are shared among them by the operating system; when the
one running a table is killed, the others take the table over, its players reconnect to the same
address and play on, and another process is started in its place. Against a real PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.core.record import Record
from ludoteca.net import workers
from ludoteca.net.remote import RemoteMatch
from tests.net.fleet_servers import stop_gently
from tests.net.test_club_processes import at_table, connected
from tests.net.test_robustness import until
from tests.pg_server import free_port, postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")
pytestmark = pytest.mark.skipif(
    not workers.supported(), reason="this system cannot share a port (SO_REUSEPORT)"
)


class Serve:
    """`ludoteca serve --processes N` in a process of its own, what it says kept."""

    def __init__(self, url: str, home: Path, processes: int) -> None:
        self.port = free_port()
        environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", "LANG": "C"}
        command = [sys.executable, "-m", "ludoteca", "serve", "--port", str(self.port), "--store", url]
        self.process = subprocess.Popen(
            [*command, "--processes", str(processes)],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.said: list[str] = []
        self.errors: list[str] = []
        for pipe, keep in ((self.process.stdout, self.said), (self.process.stderr, self.errors)):
            threading.Thread(target=self._drain, args=(pipe, keep), daemon=True).start()

    @staticmethod
    def _drain(pipe: object, keep: list[str]) -> None:
        with contextlib.suppress(ValueError, OSError):
            for line in pipe:  # type: ignore[attr-defined]
                keep.append(line)

    def workers(self) -> set[int]:
        """The live worker processes (this process's children)."""
        try:
            text = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        except OSError:
            return set()
        found = set()
        for pid in map(int, text.split()):
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                found.add(pid)
        return found

    def stop(self) -> None:
        stop_gently(self.process, signal.SIGINT, 30)


@pytest.fixture
def club(postgres_url: str, tmp_path: Path) -> Iterator[Serve]:
    serving = Serve(postgres_url, tmp_path, 3)
    yield serving
    serving.stop()


def wait_for(check: object, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.1)


def play_on(player: RemoteMatch, move: str, acknowledged: list[str]) -> None:
    """`player` plays `move` while its table may be changing process: a move sent just as its
    process died is lost with its connection (the player is told so), and is played again once
    the client has reconnected, unless the state found then holds it."""
    until(player, lambda: player.playing and player.moves == acknowledged, 30)
    deadline = time.monotonic() + 30
    while True:
        try:
            player.play(move)
            break
        except IllegalMove:
            if time.monotonic() > deadline:
                raise
        player.wait(0.3)
        if player.moves == [*acknowledged, move]:
            break
    acknowledged.append(move)


def owner_pid(url: str, table: str) -> int:
    """The process running `table`: its owner's lock connection names its pid."""
    with psycopg.connect(url) as conn:
        (name,) = conn.execute(
            "SELECT a.application_name FROM ludoteca_tables t JOIN pg_locks l"
            " ON l.locktype = 'advisory' AND l.objid::bigint = t.owner::bigint AND l.granted"
            " JOIN pg_stat_activity a ON a.pid = l.pid WHERE t.id = %s",
            (table,),
        ).fetchone()
    return int(name.rsplit(" ", 1)[1].rstrip(")"))


def test_three_processes_on_one_port_share_the_club_and_replace_one_that_dies(
    club: Serve, postgres_url: str
) -> None:
    wait_for(lambda: any("with 3 processes" in line for line in club.said))
    wait_for(lambda: len(club.workers()) == 3)
    first = club.workers()
    # tables opened through the one port land on several processes (7 of them: a process takes at
    # most 8 waiting tables from one address, and Ann's table below comes from the same address)
    openers = [connected(club.port, f"Opener{n}") for n in range(7)]
    for opener in openers:
        opener.request("open", game="qwirkle")
    with psycopg.connect(postgres_url) as conn:
        owners = {row[0] for row in conn.execute("SELECT owner FROM ludoteca_tables")}
    assert len(owners) >= 2, f"7 tables opened through one port all went to one process ({owners})"
    for opener in openers:
        opener.close()

    ann = at_table(connected(club.port, "Ann"), "open", game="connect4", seats=["remote", "remote"])
    bob = at_table(connected(club.port, "Bob"), "join", table=ann.table)
    until(ann, lambda: ann.playing)
    acknowledged: list[str] = []
    moves = iter([(ann, "1"), (bob, "2")] * 3 + [(ann, "1")])
    for player, move in [next(moves) for _n in range(3)]:
        player.play(move)
        acknowledged.append(move)
        for other in (ann, bob):
            until(other, lambda other=other: other.moves == acknowledged)

    victim = owner_pid(postgres_url, ann.table)
    assert victim in first
    os.kill(victim, signal.SIGKILL)
    # another process starts in its place, and the operator is told
    wait_for(lambda: len(club.workers()) == 3 and victim not in club.workers())
    wait_for(
        lambda: any(f"Server process {victim} stopped (killed by signal 9)" in line for line in club.errors)
    )
    # the players' clients reconnect to the same address, reach a live process, and play on
    for player, move in moves:
        play_on(player, move, acknowledged)
    for player in (ann, bob):
        until(player, lambda player=player: player.over, 30)
        player.close()
    with psycopg.connect(postgres_url) as conn:
        (record,) = conn.execute("SELECT record FROM ludoteca_tables WHERE id = %s", (ann.table,)).fetchone()
    assert Record.loads(record).moves == acknowledged
    assert owner_pid_or_none(postgres_url, ann.table) != victim

    club.stop()
    assert club.process.returncode == 0
    assert not club.workers()
    assert any("Server stopped" in line for line in club.errors)


def owner_pid_or_none(url: str, table: str) -> int | None:
    try:
        return owner_pid(url, table)
    except TypeError:  # a finished table's owner may have let it go
        return None


def test_processes_need_postgresql(tmp_path: Path) -> None:
    from tests.cli_runner import run_ludoteca

    result = run_ludoteca(["serve", "--processes", "2", "--port", "0"], tmp_path, LUDOTECA_STORE="")
    assert result.returncode != 0
    assert "--processes needs the club in PostgreSQL" in result.stderr
