"""Members of a club served by two `ludoteca serve --store postgresql://…` processes: Ann and Cy
are connected to one, Bob to the other, so Bob's table requests are relayed to the process that
runs the table, with his account. They play a rated Khet game and a rated 3-seat Qwirkle; their
pages are the same from either process and after both are restarted; a guest with Bob's seat
token is refused there too; no password or session token is in the database. Against a real
PostgreSQL (tests/pg_server.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.net.client import Client, NetError
from ludoteca.net.table import MEMBERS_SEAT
from tests.accounts.club_players import PASSWORDS, Seat, member, play_out, wait_for
from tests.accounts.test_club_server import open_table, sit
from tests.net.fleet_servers import Servers
from tests.pg_server import postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")


def pages(port: int) -> dict[str, list[dict[str, object]]]:
    reader = Client(f"127.0.0.1:{port}", "Eve")
    reader.connect()
    try:
        return {name: reader.request("player", name=name)["ratings"] for name in ("Ann", "Bob", "Cy")}
    finally:
        reader.close()


def test_members_of_a_club_of_two_processes(postgres_url: str, tmp_path: Path) -> None:
    servers = Servers(postgres_url, tmp_path)
    try:
        front_a, front_b = servers.start(), servers.start()
        ann, cy = member(front_a.port, "Ann"), member(front_a.port, "Cy")
        bob = member(front_b.port, "Bob")
        sessions = [c.session or "" for c in (ann, bob, cy)]
        khet, ann_khet = open_table(ann, "khet", 2)
        bob_khet = sit(bob, khet)  # at process A, through process B
        token = bob.token
        assert token is not None
        # a guest at Bob's process with Bob's seat token: refused by the table's owner, which
        # knows the seat is Bob's account's because the account came with the relayed join
        thief = Client(f"127.0.0.1:{front_b.port}", "Mallory")
        thief.connect()
        with pytest.raises(NetError) as refused:
            thief.request("join", table=khet, token=token, take=True)
        assert refused.value.code == MEMBERS_SEAT
        thief.close()
        print("relayed: a guest with a member's seat token refused 1 of 1")
        play_out([Seat(ann_khet, 1, resign_after=10), Seat(bob_khet, 2, resign_after=10)])
        qwirkle, ann_q = open_table(ann, "qwirkle", 3, mode="short")
        bob_q, cy_q = sit(bob, qwirkle), sit(cy, qwirkle)
        play_out([Seat(ann_q, 3), Seat(bob_q, 4), Seat(cy_q, 5)])
        for client in (ann, bob, cy):
            client.close()
        seen_a = wait_for(lambda: (p := pages(front_a.port)) and len(p["Cy"]) == 1 and p)
        assert pages(front_b.port) == seen_a
        assert {r["game"] for r in seen_a["Bob"]} == {"khet/khet2", "qwirkle"}  # type: ignore[index]
        assert all(r["games"] == 1 for ratings in seen_a.values() for r in ratings)  # type: ignore[index]
        servers.stop()
        front_c = servers.start()
        assert pages(front_c.port) == seen_a  # nothing rated twice
        errors = "".join(front_a.errors + front_b.errors + front_c.errors)
    finally:
        servers.stop()
    with psycopg.connect(postgres_url) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables"
                " WHERE schemaname = current_schema() AND tablename LIKE 'ludoteca_%'"
            )
        ]
        dumped = "\n".join(
            str(row[0]) for name in names for row in conn.execute(f"SELECT t::text FROM {name} t")
        )
    secrets = [*PASSWORDS.values(), *sessions]
    found = [s for s in secrets if s and (s in dumped or s in errors)]
    print(
        f"secrets: {len(secrets)} looked for in {len(names)} tables and the servers' output,"
        f" {len(found)} found"
    )
    assert found == []
