"""A club server with accounts (SQLite): Ann and Bob sign up and play a rated Khet game, Ann, Bob
and Cy a rated 3-seat Qwirkle; each sees their new ratings, history and the games' records; a
restarted server rates nothing twice. Real sockets on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.record import Record
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.server import CLUB
from ludoteca.store import Store
from tests.accounts.club_players import PASSWORDS, Seat, cheap_passwords, member, play_out, wait_for
from tests.net.conftest import Running


class Club:
    """A club server on a SQLite file, with cheap password hashing; `restart` keeps the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.running: Running | None = None
        self.store: Store | None = None
        self.start()

    def start(self) -> None:
        self.store = Store(self.path)
        self.store.accounts(cheap_passwords())
        self.running = Running(CLUB, store=self.store).start()

    @property
    def port(self) -> int:
        assert self.running is not None
        return self.running.port

    def stop(self) -> None:
        if self.running is not None:
            self.running.stop()
            self.running = None
        if self.store is not None:
            self.store.close()
            self.store = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def open_table(client: Client, game: str, seats: int, **options: Any) -> tuple[str, RemoteMatch]:
    joined = client.request("open", game=game, options=options, seats=["remote"] * seats)
    return joined["table"], RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def sit(client: Client, table: str) -> RemoteMatch:
    client.request("join", table=table)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def rated_games(client: Client, name: str) -> dict[str, Any]:
    return client.request("player", name=name)


def play_khet_and_qwirkle(port: int) -> dict[str, str]:
    """Ann, Bob and Cy sign up; Ann and Bob play Khet, then all three Qwirkle. The tables' ids."""
    ann, bob, cy = member(port, "Ann"), member(port, "Bob"), member(port, "Cy")
    khet, ann_khet = open_table(ann, "khet", 2)
    bob_khet = sit(bob, khet)
    play_out([Seat(ann_khet, 1, resign_after=12), Seat(bob_khet, 2, resign_after=12)])
    qwirkle, ann_q = open_table(ann, "qwirkle", 3, mode="short")
    bob_q, cy_q = sit(bob, qwirkle), sit(cy, qwirkle)
    play_out([Seat(ann_q, 3), Seat(bob_q, 4), Seat(cy_q, 5)])
    for client in (ann, bob, cy):
        client.close()
    return {"khet": khet, "qwirkle": qwirkle}


def test_members_play_rated_khet_and_qwirkle_and_see_their_pages(club: Club) -> None:
    tables = play_khet_and_qwirkle(club.port)
    viewer = Client(f"127.0.0.1:{club.port}", "Eve")  # a guest may read the pages
    viewer.connect()
    pages = {}
    for name in ("Ann", "Bob", "Cy"):
        pages[name] = wait_for(lambda name=name: _page_with(viewer, name, 2 if name != "Cy" else 1))
    for name, page in pages.items():
        games = {g["game"]: g for g in page["games"]}
        ratings = {r["game"]: r for r in page["ratings"]}
        assert "qwirkle" in games and ratings["qwirkle"]["system"] == "plackett-luce"
        assert games["qwirkle"]["table"] == tables["qwirkle"]
        assert ratings["qwirkle"]["games"] == 1 and ratings["qwirkle"]["margin"] > 0
        assert len(ratings["qwirkle"]["chart"]) == 2  # the start, and after the game
        if name != "Cy":
            assert ratings["khet/khet2"]["system"] == "glicko2" and ratings["khet/khet2"]["games"] == 1
            assert games["khet/khet2"]["table"] == tables["khet"]
        print(name, {g: (r["value"], r["margin"]) for g, r in ratings.items()}, page["opponents"])
    # the winner of Khet gained what the loser lost (Glicko-2 between two newcomers)
    khet_ann = {r["game"]: r for r in pages["Ann"]["ratings"]}["khet/khet2"]
    khet_bob = {r["game"]: r for r in pages["Bob"]["ratings"]}["khet/khet2"]
    assert (khet_ann["value"] - 1500) == pytest.approx(1500 - khet_bob["value"], abs=0.2)
    # each game's record replays
    for table in tables.values():
        text = viewer.request("replay", table=table)["text"]
        assert Record.loads(text).moves
    board = viewer.request("leaderboard", game="qwirkle")
    assert sorted(row["name"] for row in board["rows"]) == ["Ann", "Bob", "Cy"]
    viewer.close()
    # a restarted server rates nothing again
    before = {name: pages[name]["ratings"] for name in pages}
    club.restart()
    again = Client(f"127.0.0.1:{club.port}", "Eve")
    again.connect()
    for name in pages:
        assert again.request("player", name=name)["ratings"] == before[name]
    again.close()


def _page_with(client: Client, name: str, games: int) -> dict[str, Any] | None:
    page = client.request("player", name=name)
    return page if len(page["games"]) >= games else None


def test_sign_in_resume_sign_out_and_change_password(club: Club) -> None:
    ann = member(club.port, "Ann")
    token = ann.session
    assert token and token.startswith("ses_")
    ann.request("sign_out")
    other = Client(f"127.0.0.1:{club.port}", "Mallory")
    other.connect()
    with pytest.raises(Exception, match="session is over"):
        other.request("resume", session=token)
    ann.request("sign_in", name="ann", password=PASSWORDS["Ann"])  # any case
    ann.request("change_password", old=PASSWORDS["Ann"], new="a-new-passphrase")
    with pytest.raises(Exception, match="wrong name or password"):
        other.request("sign_in", name="Ann", password=PASSWORDS["Ann"])
    other.request("sign_in", name="Ann", password="a-new-passphrase")
    ann.close()
    other.close()


def test_the_rating_is_written_with_the_result_once_and_only_with_it(tmp_path: Path) -> None:
    """`save_tables` rates a finished game in the result's transaction: a write tried again rates
    nothing twice, and a write refused whole (another server runs the table) rates nothing."""
    from ludoteca.net.tablestore import TableResult
    from ludoteca.ratings import finished_game
    from ludoteca.store.tables import TableRow, TablesTaken

    store = Store(tmp_path / "s.sqlite3")
    accounts = store.accounts(cheap_passwords())
    ann = accounts.create_account("Ann", PASSWORDS["Ann"])
    bob = accounts.create_account("Bob", PASSWORDS["Bob"])

    def result(table: str) -> TableResult:
        rated = finished_game(
            game_key="connect4",
            options={"variant": "classic"},
            max_seats=2,
            names=["Ann", "Bob"],
            kinds=["remote", "remote"],
            accounts=[ann.id, bob.id],
            ranks=[1, 2],
            plies=9,
            date="2026-11-27T20:00:00+00:00",
            table_id=table,
        )
        return TableResult(
            date="2026-11-27T20:00:00",
            game="connect4",
            variant="classic",
            players=("Ann", "Bob"),
            kinds=("remote", "remote"),
            scores=None,
            ranks=(1, 2),
            winner="Ann",
            reason="four in a row",
            table_id=table,
            rated=rated,
        )

    row = TableRow("t1", "connect4", "over", "", "{}")
    for _attempt in range(3):  # the same write, tried again
        store.save_tables([row], [result("t1")], owner="me")
    rating = accounts.rating(ann.player, "connect4/classic")
    assert rating is not None and rating.rating.games == 1
    with pytest.raises(TablesTaken):
        store.save_tables(
            [TableRow("t1", "connect4", "over", "", "{}")], [result("t2")], owner="someone else"
        )
    rating = accounts.rating(ann.player, "connect4/classic")
    assert rating is not None and rating.rating.games == 1  # rolled back with the result
    assert len(accounts.history(ann.player)) == 1
    store.close()


def test_a_member_who_reconnects_is_signed_in_again_before_the_seat_is_rejoined(club: Club) -> None:
    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    bob_match = sit(bob, table)
    assert club.running is not None and club.store is not None
    running, server = club.running, club.running.server
    ann_id = club.store.accounts().find_account("Ann").id  # type: ignore[union-attr]
    old = running.call(lambda: server.tables[table].places[0].peer)
    running.call(lambda: old.hang_up(1012, "test"))

    def back() -> bool:
        place = running.call(lambda: server.tables[table].places[0])
        return place.peer is not None and place.peer is not old and place.peer.account_id == ann_id

    # her seat is her account's: it was rejoined because the session went again first
    wait_for(back, timeout=20)
    ann_match.wait(0.5)
    if ann_match.to_move() == ann_match.seat:
        ann_match.play("4")
    for match in (ann_match, bob_match):
        match.leave()


def test_a_host_keeps_no_accounts_and_shows_no_finished_games(tmp_path: Path) -> None:
    from ludoteca.net.client import NetError
    from ludoteca.net.server import HOST

    store = Store(tmp_path / "player.sqlite3")
    running = Running(HOST, store=store).start()
    try:
        client = Client(f"127.0.0.1:{running.port}", "Ann")
        client.connect()
        for kind, fields in (
            ("sign_up", {"name": "Ann", "password": PASSWORDS["Ann"]}),
            ("player", {"name": "Ann"}),
            ("replay", {"table": "abc"}),
        ):
            with pytest.raises(NetError, match="keeps no"):
                client.request(kind, **fields)
        client.close()
    finally:
        running.stop()
        store.close()
