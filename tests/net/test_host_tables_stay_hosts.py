"""The game a killed `ludoteca host` left is the host's to take up again (`host --resume`): a club
server on the same data folder does not reopen it as a table nobody can join."""

from __future__ import annotations

from pathlib import Path

from ludoteca.net.server import CLUB, HOST
from ludoteca.store import Store
from tests.net.conftest import Running


def test_a_club_leaves_a_hosts_unfinished_game_to_the_host(tmp_path: Path) -> None:
    with Store(tmp_path / "home.sqlite3") as store:
        host = Running(HOST, store=store).start()
        table_id = host.table("connect4", "human,remote").id
        host.stop()
        club = Running(CLUB, store=store).start()
        try:
            assert club.call(club.server.resume_tables) == []
            assert club.server.kept_elsewhere == 0
        finally:
            club.stop()
        again = Running(HOST, store=store).start()
        try:
            assert [t.id for t in again.call(again.server.resume_tables)] == [table_id]
        finally:
            again.stop()


def test_a_club_reopens_its_own_tables(tmp_path: Path) -> None:
    with Store(tmp_path / "club.sqlite3") as store:
        club = Running(CLUB, store=store).start()
        table_id = club.table("othello", "remote,remote").id
        club.stop()
        again = Running(CLUB, store=store).start()
        try:
            assert [t.id for t in again.call(again.server.resume_tables)] == [table_id]
        finally:
            again.stop()
