"""The game a killed `ludoteca host` left is the host's to take up again (`host --resume`): a club
server on the same store does not reopen it as a table nobody can join; a club reopens its own.
On both stores (the PostgreSQL one is what `ludoteca serve --store` runs on)."""

from __future__ import annotations

from ludoteca.net.server import CLUB, HOST
from tests.net.conftest import Running
from tests.pg_server import TableStores, postgres_url, table_store, table_stores

__all__ = ["postgres_url", "table_store", "table_stores"]  # fixtures


def test_a_club_leaves_a_hosts_unfinished_game_to_the_host(table_store: object) -> None:
    host = Running(HOST, store=table_store).start()
    table_id = host.table("connect4", "human,remote").id
    host.stop()
    club = Running(CLUB, store=table_store).start()
    try:
        assert club.call(club.server.resume_tables) == []
        assert club.server.kept_elsewhere == 0
    finally:
        club.stop()
    again = Running(HOST, store=table_store).start()
    try:
        assert [t.id for t in again.call(again.server.resume_tables)] == [table_id]
    finally:
        again.stop()


def test_a_club_reopens_its_own_tables(table_store: object) -> None:
    club = Running(CLUB, store=table_store).start()
    table_id = club.table("othello", "remote,remote").id
    club.stop()
    again = Running(CLUB, store=table_store).start()
    try:
        assert [t.id for t in again.call(again.server.resume_tables)] == [table_id]
    finally:
        again.stop()


def test_a_club_leaves_the_tables_a_live_club_runs(table_stores: TableStores) -> None:
    """Two servers on one store: the second reopens nothing the first still runs."""
    first = Running(CLUB, store=table_stores.open()).start()
    try:
        first.table("othello", "remote,remote")
        second = Running(CLUB, store=table_stores.open()).start()
        try:
            assert second.call(second.server.resume_tables) == []
            assert second.server.kept_elsewhere == 1
        finally:
            second.stop()
    finally:
        first.stop()
