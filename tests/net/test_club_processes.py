"""Three `ludoteca serve --store postgresql://…` processes serve one club (issue 26): the lobby
of each lists every table; a player on process A and a player on process B play a whole game at
one table while a spectator on C watches, chat included; a player comes back through another
process with their seat token; and when the process running a table is killed, its players,
relayed or not, go on at the process that takes the table over. Against a real PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core.record import Record
from ludoteca.match.events import News
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from tests.net.fleet_servers import Servers
from tests.net.test_robustness import until
from tests.pg_server import postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[Servers]:
    running = Servers(postgres_url, tmp_path)
    yield running
    running.stop()


def connected(port: int, name: str) -> Client:
    client = Client(f"127.0.0.1:{port}", name, reconnect=30)
    client.connect()
    return client


def at_table(client: Client, kind: str, **fields: object) -> RemoteMatch:
    client.request(kind, **fields)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def listed(port: int) -> set[str]:
    client = connected(port, "Lobby")
    try:
        return {t["table"] for t in client.request("tables")["tables"]}
    finally:
        client.close()


def test_three_processes_one_club_a_game_across_them_watched_from_a_third(servers: Servers) -> None:
    a, b, c = servers.start(), servers.start(), servers.start()
    ann = at_table(connected(a.port, "Ann"), "open", game="connect4", seats=["remote", "remote"])
    others = [
        connected(p.port, "Opener").request("open", game=g)["table"] for p, g in ((b, "khet"), (c, "qwirkle"))
    ]
    tables = {ann.table, *others}
    for server in (a, b, c):  # one lobby: every process lists every table of the club
        deadline = time.monotonic() + 5
        while listed(server.port) != tables and time.monotonic() < deadline:
            time.sleep(0.2)
        assert listed(server.port) == tables
    bob = at_table(connected(b.port, "Bob"), "join", table=ann.table)  # relayed by B to A
    carol = at_table(connected(c.port, "Carol"), "watch", table=ann.table)  # relayed by C to A
    until(ann, lambda: ann.playing)
    heard: list[str] = []
    carol.subscribe(lambda e: heard.append(str(e.info)) if isinstance(e, News) else None)
    bob.chat("good luck")
    until(carol, lambda: any("good luck" in line for line in heard))
    acknowledged: list[str] = []
    for player, move in [(ann, "4"), (bob, "3"), (ann, "4"), (bob, "3")]:
        player.play(move)  # returns once the owner has written it and said ok
        acknowledged.append(move)
        for other in (ann, bob, carol):
            until(other, lambda other=other: other.moves == acknowledged)
    # Bob's computer dies; he comes back on another computer, through process C, with his token
    token = bob.client.token
    bob.client.close()
    bob = at_table(connected(c.port, "Bob"), "join", table=ann.table, token=token, take=True)
    assert bob.seat == 1 and bob.moves == acknowledged
    for player, move in [(ann, "4"), (bob, "3"), (ann, "4")]:
        player.play(move)
        acknowledged.append(move)
        for other in (ann, bob):
            until(other, lambda other=other: other.moves == acknowledged)
    until(carol, lambda: carol.over)
    until(bob, lambda: bob.over)
    assert carol.outcome is not None and list(carol.outcome.ranks) == [1, 2]
    for match in (ann, bob, carol):
        match.close()
    with psycopg.connect(servers.url) as conn:
        (record,) = conn.execute("SELECT record FROM ludoteca_tables WHERE id = %s", (ann.table,)).fetchone()
        (winner,) = conn.execute("SELECT winner FROM ludoteca_results").fetchone()
    assert Record.loads(record).moves == acknowledged and winner == "Ann"


def test_the_table_of_a_killed_process_goes_on_at_another_with_its_relayed_and_direct_players(
    servers: Servers,
) -> None:
    a, b = servers.start(), servers.start()
    ann = at_table(connected(a.port, "Ann"), "open", game="connect4", seats=["remote", "remote"])
    bob = at_table(connected(b.port, "Bob"), "join", table=ann.table)
    until(ann, lambda: ann.playing)
    acknowledged: list[str] = []
    for player, move in [(ann, "1"), (bob, "2"), (ann, "1")]:
        player.play(move)
        acknowledged.append(move)
        for other in (ann, bob):
            until(other, lambda other=other: other.moves == acknowledged)
    news: list[str] = []
    bob.subscribe(lambda e: news.append(str(e.info)) if isinstance(e, News) else None)
    a.kill()
    # Bob's front (B) sees A gone, hangs him up; his client reconnects to B, which takes the table
    until(bob, lambda: "Connected again." in news, 20)
    until(bob, lambda: bob.moves == acknowledged and bob.to_move() == 1 and bob.playing)
    assert any("handed it over" in line for line in news)
    bob.play("2")
    acknowledged.append("2")
    # Ann's process is gone: she comes back through B (as a reverse proxy would send her)
    token = ann.client.token
    ann.client.close()
    ann = at_table(connected(b.port, "Ann"), "join", table=bob.table, token=token, take=True)
    assert ann.moves == acknowledged
    for player, move in [(ann, "1"), (bob, "2"), (ann, "1")]:
        player.play(move)
        acknowledged.append(move)
        for other in (ann, bob):
            until(other, lambda other=other: other.moves == acknowledged)
    until(bob, lambda: bob.over)
    assert any("took over 1 tables" in line for line in b.errors)
    for match in (ann, bob):
        match.close()
    with psycopg.connect(servers.url) as conn:
        (record,) = conn.execute("SELECT record FROM ludoteca_tables WHERE id = %s", (ann.table,)).fetchone()
    assert Record.loads(record).moves == acknowledged
