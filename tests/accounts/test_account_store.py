"""The accounts and ratings store, the same tests on SQLite and on a real PostgreSQL
(tests/pg_server.py starts one, or the PostgreSQL half skips and says why)."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from ludoteca.ratings import FinishedGame, RatedGame, SeatPlayer, System, Unrated
from ludoteca.store import ResultRow, Store
from ludoteca.store.accounts import (
    AccountStore,
    ClubSettings,
    SqlAccounts,
    SqliteAccounts,
    record_rated_game_sqlite,
    sign_in,
)
from ludoteca.store.credentials import NameRefused, Passwords, SignInFailed, SignUpClosed, Throttle, Throttled
from ludoteca.store.db import Database
from ludoteca.store.results import add_result as sqlite_add_result
from tests.pg_server import postgres_url

__all__ = ["postgres_url"]  # a fixture

#: hashing as cheap as Argon2id goes: these tests are about the store, not the hash's cost
CHEAP = dict(time_cost=1, memory_cost=8, parallelism=1, hash_len=16, salt_len=16)
INJECTIONS = (
    "Robert'); DROP TABLE accounts;--",
    "x' OR '1'='1",
    '"; DELETE FROM ratings; --',
    "%s %(x)s ? $1 \\ '' \"",
    "ludoteca_accounts; --",
)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Club:
    """One test's accounts store and what it is kept in."""

    def __init__(self, kind: str, location: str) -> None:
        self.kind, self.location = kind, location
        self.clock = Clock()
        self.opened: list[Any] = []

    def open(self) -> SqlAccounts:
        passwords = Passwords(**CHEAP)
        if self.kind == "sqlite":
            accounts: Any = SqliteAccounts.open(self.location, passwords=passwords, clock=self.clock)
        else:
            from ludoteca.store.postgres.accounts import PostgresAccounts

            accounts = PostgresAccounts.open(self.location, passwords=passwords, clock=self.clock)
        self.opened.append(accounts)
        result: SqlAccounts = accounts
        return result

    def dump(self) -> str:
        """Every row of every table, as text: what someone who copied the database would hold."""
        if self.kind == "sqlite":
            raw = sqlite3.connect(self.location)
            tables = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            text = "\n".join(repr(raw.execute(f'SELECT * FROM "{t}"').fetchall()) for t in tables)
            raw.close()
            return text + Path(self.location).read_bytes().decode("utf-8", "replace")
        import psycopg

        with psycopg.connect(self.location) as conn:
            tables = [
                r[0]
                for r in conn.execute("SELECT tablename FROM pg_tables WHERE tablename LIKE 'ludoteca%%'")
            ]
            return "\n".join(repr(conn.execute(f'SELECT * FROM "{t}"').fetchall()) for t in tables)

    def close(self) -> None:
        for accounts in reversed(self.opened):
            accounts.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def club(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Club]:
    if request.param == "sqlite":
        where = Club("sqlite", str(tmp_path / "club.sqlite3"))
    else:
        where = Club("postgresql", request.getfixturevalue("postgres_url"))
    yield where
    where.close()


@pytest.fixture
def accounts(club: Club) -> SqlAccounts:
    return club.open()


def test_both_stores_answer_to_the_protocol(accounts: SqlAccounts) -> None:
    interface: AccountStore = accounts  # checked by mypy; and at run time, method by method
    names = [name for name in dir(AccountStore) if not name.startswith("_")]
    assert all(callable(getattr(interface, name)) for name in names) and len(names) >= 17


def khet(ann: int, bob: int, table: str | None = "t1", ranks: tuple[int, int] = (1, 2)) -> FinishedGame:
    seats = (SeatPlayer("Ann", ann), SeatPlayer("Bob", bob))
    return FinishedGame("khet/khet2", System.GLICKO2, seats, ranks, 30, "2026-03-01T21:00:00+00:00", table)


# -- accounts and sessions ----------------------------------------------------------------------------


def test_sign_up_sign_in_sign_out_and_a_replayed_token(accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    throttle = Throttle()
    session = sign_in(accounts, throttle, "ann", "ann's password", "127.0.0.1")
    assert session.account == ann and accounts.session_account(session.token) == ann
    assert session.token not in repr(session)
    second = sign_in(accounts, throttle, "ANN", "ann's password", "127.0.0.2")  # another client
    accounts.close_session(session.token)
    replayed = [accounts.session_account(session.token) for _ in range(3)]
    print(f"token replayed after sign-out: {sum(r is not None for r in replayed)} of 3 accepted")
    assert replayed == [None] * 3
    assert accounts.session_account(second.token) == ann
    with pytest.raises(SignInFailed, match="wrong name or password"):
        sign_in(accounts, throttle, "Ann", "wrong password", "127.0.0.1")
    with pytest.raises(SignInFailed, match="wrong name or password"):
        sign_in(accounts, throttle, "Nobody", "ann's password", "127.0.0.1")


def test_changing_the_password_revokes_every_session(accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "first password")
    sessions = [accounts.open_session(ann) for _ in range(3)]
    with pytest.raises(SignInFailed):
        accounts.change_password(ann.id, "not the password", "second password")
    assert all(accounts.session_account(s.token) == ann for s in sessions)
    fresh = accounts.change_password(ann.id, "first password", "second password")
    still = sum(accounts.session_account(s.token) is not None for s in sessions)
    print(f"sessions still valid after a password change: {still} of {len(sessions)}")
    assert still == 0
    assert accounts.session_account(fresh.token) == ann
    assert accounts.check_password("Ann", "first password") is None
    assert accounts.check_password("Ann", "second password") == ann


def test_sessions_expire_and_a_ban_ends_them(club: Club, accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    bob = accounts.create_account("Bob", "bob's password")
    old = accounts.open_session(ann, days=1)
    club.clock.now += timedelta(days=2)
    assert accounts.session_account(old.token) is None
    live = accounts.open_session(bob)
    accounts.set_standing(bob.id, "banned")
    assert accounts.session_account(live.token) is None
    assert accounts.check_password("Bob", "bob's password") is None
    assert accounts.session_account("ses_" + "A" * 43) is None
    assert accounts.session_account("a seat token") is None


def test_look_alike_names_are_one_name(accounts: SqlAccounts) -> None:
    accounts.create_account("Ann", "ann's password")
    refused = 0
    for other in ("ANN", "\u0410nn", "ann", " Ann ", "Ａｎｎ"):
        with pytest.raises(NameRefused):
            accounts.create_account(other, "someone's password")
        refused += 1
    print(f"look-alike names refused: {refused} of 5")
    found = accounts.find_account("\u0410NN")
    assert found is not None and found.name == "Ann"


def test_invitations_when_sign_up_is_closed(accounts: SqlAccounts) -> None:
    admin = accounts.create_account("Organiser", "organiser password", role="admin")
    accounts.set_club_settings(ClubSettings(open_sign_up=False))
    assert accounts.club_settings() == ClubSettings(open_sign_up=False)
    with pytest.raises(SignUpClosed):
        accounts.create_account("Ann", "ann's password")
    code = accounts.create_invitation(admin.id)
    with pytest.raises(SignUpClosed):
        accounts.create_account("Ann", "ann's password", invitation=code + "x")
    accounts.create_account("Ann", "ann's password", invitation=code)
    with pytest.raises(SignUpClosed):
        accounts.create_account("Bob", "bob's password", invitation=code)  # used once only
    assert accounts.find_account("Bob") is None


# -- hostile text --------------------------------------------------------------------------------------


def test_sql_injection_in_every_text_field_is_kept_verbatim(accounts: SqlAccounts) -> None:
    made = []
    for number, text in enumerate(INJECTIONS):
        name = text[:20] + str(number)
        account = accounts.create_account(name, text + " password")  # the password too
        made.append(account)
        assert account.name == name.strip()
        assert accounts.check_password(name, text + " password") == account
        assert accounts.find_account(name) == account
        assert accounts.session_account(text) is None
        assert accounts.session_account("ses_" + text) is None
        accounts.close_session(text)
        with pytest.raises(SignInFailed):
            sign_in(accounts, Throttle(), text, text, text)  # name, password and address
    accounts.set_club_settings(ClubSettings(open_sign_up=False))
    for text in INJECTIONS:
        with pytest.raises(SignUpClosed):
            accounts.create_account("Someone", "someone's password", invitation=text)
    accounts.set_club_settings(ClubSettings())
    first, second = made[0], made[1]
    for text in INJECTIONS:
        seats = (SeatPlayer(text, first.id), SeatPlayer(text + "2", second.id))
        game = FinishedGame(text, System.GLICKO2, seats, (1, 2), 20, text, text)
        assert isinstance(accounts.record_game(game), RatedGame)
        stored = accounts.rating(first.player, text)
        assert stored is not None and stored.game == text and stored.updated == text
        (point,) = accounts.history(second.player, text)
        assert point.names == (text, text + "2") and point.date == text and point.game == text
        assert [r.player for r in accounts.leaderboard(text)] == [first.player, second.player]
        assert accounts.ratings(text) == []
        assert accounts.rating(text, text) is None
    assert [accounts.account(a.id) for a in made] == made
    print(f"hostile texts stored and read back verbatim: {len(INJECTIONS)} in each field")


# -- ratings -------------------------------------------------------------------------------------------


def test_a_game_is_rated_once_per_table(accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    bob = accounts.create_account("Bob", "bob's password")
    first = accounts.record_game(khet(ann.id, bob.id))
    assert isinstance(first, RatedGame)
    again = [accounts.record_game(khet(ann.id, bob.id)) for _ in range(3)]
    assert again == [Unrated.ALREADY_RATED] * 3
    stored = accounts.rating(ann.player, "khet/khet2")
    assert stored is not None and stored.rating == first.updates[0].after and stored.rating.games == 1
    assert len(accounts.history(ann.player)) == 1
    print("the same table's game written 4 times: rated 1 time")


def test_history_and_leaderboard(accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    bob = accounts.create_account("Bob", "bob's password")
    cy = accounts.create_account("Cy", "cy's password")
    for number in range(5):
        accounts.record_game(khet(ann.id, bob.id, f"k{number}", (1, 2) if number != 3 else (1, 1)))
    seats = (SeatPlayer("Ann", ann.id), SeatPlayer("Bob", bob.id), SeatPlayer("Cy", cy.id))
    qwirkle = FinishedGame("qwirkle", System.PLACKETT_LUCE, seats, (2, 3, 1), 40, "2026-03-02", "q1")
    assert isinstance(accounts.record_game(qwirkle), RatedGame)
    chart = accounts.history(ann.player, "khet/khet2")
    assert [point.after.value > point.before.value for point in chart] == [True, True, True, False, True]
    assert [point.after for point in chart[:-1]] == [point.before for point in chart[1:]]
    assert [r.game for r in accounts.ratings(ann.player)] == ["khet/khet2", "qwirkle"]
    assert accounts.leaderboard("qwirkle")[0].player == cy.player
    assert [r.player for r in accounts.leaderboard("khet/khet2")] == [ann.player, bob.player]
    assert len(accounts.history(ann.player)) == 6 and len(accounts.history(ann.player, limit=2)) == 2


def test_the_clubs_settings_decide(accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    level = SeatPlayer("Computer", computer="4")
    game = FinishedGame("othello", System.GLICKO2, (SeatPlayer("Ann", ann.id), level), (2, 1), 60, "d", "o1")
    assert accounts.record_game(game) is Unrated.COMPUTER
    accounts.set_club_settings(ClubSettings(computers_count=True))
    rated = accounts.record_game(game)
    assert isinstance(rated, RatedGame)
    level4 = accounts.rating("computer:4", "othello")
    assert level4 is not None and level4.rating.value > 1500
    accounts.set_club_settings(ClubSettings(rated=False))
    assert accounts.record_game(khet(ann.id, ann.id + 1, "k")) is Unrated.CLUB_OFF


def test_no_password_or_token_in_logs_or_in_the_database(
    club: Club, accounts: SqlAccounts, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secrets = ["first secret password", "second secret password"]
    ann = accounts.create_account("Ann", secrets[0])
    tokens = [sign_in(accounts, Throttle(), "Ann", secrets[0], "127.0.0.1").token]
    with pytest.raises(SignInFailed):
        sign_in(accounts, Throttle(), "Ann", "a wrong secret guess", "127.0.0.1")
    tokens.append(accounts.change_password(ann.id, secrets[0], secrets[1]).token)
    tokens.append(accounts.create_invitation(ann.id))
    accounts.close_session(tokens[0])
    logged = caplog.text
    kept = club.dump()
    assert f"account {ann.id} created" in logged  # the log is being read
    found = [s for s in [*secrets, "a wrong secret guess", *tokens] if s in logged or s in kept]
    print(f"secrets found in the log or the database: {len(found)} of {len(secrets) + 1 + len(tokens)}")
    assert found == []


# -- in the result's transaction -------------------------------------------------------------------------


def test_the_rating_commits_or_rolls_back_with_its_result_on_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    accounts = SqliteAccounts.open(path, passwords=Passwords(**CHEAP))
    ann = accounts.create_account("Ann", "ann's password")
    bob = accounts.create_account("Bob", "bob's password")
    db = accounts.db
    result = ResultRow(
        "2026-03-01", "khet", "khet2", ("Ann", "Bob"), ("human", "human"), None, (1, 2), "Ann", "x"
    )
    with pytest.raises(RuntimeError), db.transaction() as conn:
        sqlite_add_result(db, result)
        assert isinstance(record_rated_game_sqlite(conn, khet(ann.id, bob.id)), RatedGame)
        raise RuntimeError("the server was killed before COMMIT")
    assert accounts.rating(ann.player, "khet/khet2") is None
    with db.transaction() as conn:
        sqlite_add_result(db, result)
        assert isinstance(record_rated_game_sqlite(conn, khet(ann.id, bob.id)), RatedGame)
    accounts.close()
    with Store(path) as store:
        assert len(store.results("khet")) == 1
    accounts = SqliteAccounts.open(path, passwords=Passwords(**CHEAP))
    stored = accounts.rating(ann.player, "khet/khet2")
    assert stored is not None and stored.rating.games == 1
    accounts.close()


def test_the_rating_commits_or_rolls_back_with_its_result_on_postgresql(postgres_url: str) -> None:
    from ludoteca.store.postgres import PostgresTableStore
    from ludoteca.store.postgres.accounts import PostgresAccounts, record_rated_game_postgres
    from ludoteca.store.postgres.history import add_result

    with PostgresTableStore(postgres_url) as store:
        accounts = PostgresAccounts.of(store, passwords=Passwords(**CHEAP))
        ann = accounts.create_account("Ann", "ann's password")
        bob = accounts.create_account("Bob", "bob's password")
        result = ResultRow(
            "2026-03-01", "khet", "khet2", ("Ann", "Bob"), ("human",) * 2, None, (1, 2), "Ann", "x"
        )
        with pytest.raises(RuntimeError), store._connection() as conn, conn.transaction():
            add_result(conn, result)
            assert isinstance(record_rated_game_postgres(conn, khet(ann.id, bob.id)), RatedGame)
            raise RuntimeError("the server was killed before COMMIT")
        assert accounts.rating(ann.player, "khet/khet2") is None and len(store.results()) == 0
        for _attempt in range(2):  # a COMMIT whose answer was lost is tried again
            with store._connection() as conn, conn.transaction():
                add_result(conn, result)
                record_rated_game_postgres(conn, khet(ann.id, bob.id))
        stored = accounts.rating(ann.player, "khet/khet2")
        assert stored is not None and stored.rating.games == 1


def test_two_processes_rating_the_same_players_lose_no_update(postgres_url: str) -> None:
    from ludoteca.store.postgres.accounts import PostgresAccounts

    first = PostgresAccounts.open(postgres_url, passwords=Passwords(**CHEAP))
    second = PostgresAccounts.open(postgres_url, passwords=Passwords(**CHEAP))
    try:
        ann = first.create_account("Ann", "ann's password")
        bob = first.create_account("Bob", "bob's password")

        def play(store: PostgresAccounts, prefix: str) -> None:
            for number in range(15):
                store.record_game(khet(ann.id, bob.id, f"{prefix}{number}", (1, 2) if number % 2 else (2, 1)))

        threads = [
            threading.Thread(target=play, args=(store, name)) for store, name in ((first, "a"), (second, "b"))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stored = first.rating(ann.player, "khet/khet2")
        assert stored is not None and stored.rating.games == 30
        chart = first.history(ann.player)
        assert len(chart) == 30
        assert [point.after for point in chart[:-1]] == [point.before for point in chart[1:]]
    finally:
        first.close()
        second.close()


# -- older databases ---------------------------------------------------------------------------------------


def test_an_older_sqlite_file_keeps_its_data(tmp_path: Path) -> None:
    from ludoteca.store import migrations

    path = tmp_path / "old.sqlite3"
    old = Database(path, steps=migrations.MIGRATIONS[:5])
    row = ResultRow("2025-01-01", "othello", "", ("Ann", "Bob"), ("human", "human"), None, (1, 2), "Ann", "x")
    sqlite_add_result(old, row)
    with old.transaction() as conn:
        conn.execute("INSERT INTO settings (key, value) VALUES ('language', 'fr')")
    old.close()
    accounts = SqliteAccounts.open(path, passwords=Passwords(**CHEAP))
    assert accounts.db.schema_version == migrations.LATEST_VERSION
    accounts.create_account("Ann", "ann's password")
    accounts.close()
    with Store(path) as store:
        assert [r.players for r in store.results()] == [("Ann", "Bob")]
        assert store.get_setting("language") == "fr"


def test_an_older_postgresql_club_keeps_its_data(postgres_url: str) -> None:
    from ludoteca.store.postgres import PostgresTableStore
    from ludoteca.store.postgres.accounts import PostgresAccounts
    from ludoteca.store.postgres.migrations import MIGRATIONS

    row = ResultRow("2025-01-01", "othello", "", ("Ann", "Bob"), ("human", "human"), None, (1, 2), "Ann", "x")
    with PostgresTableStore(postgres_url, steps=MIGRATIONS[:3]) as old:
        old.save_tables([], [row])
    accounts = PostgresAccounts.open(postgres_url, passwords=Passwords(**CHEAP))
    try:
        accounts.create_account("Ann", "ann's password")
        with PostgresTableStore(postgres_url) as store:
            assert [r.players for r in store.results()] == [("Ann", "Bob")]
            assert store.schema_version == len(MIGRATIONS)
    finally:
        accounts.close()


def test_throttled_sign_in_never_checks_the_password(accounts: SqlAccounts) -> None:
    accounts.create_account("Ann", "ann's password")
    throttle = Throttle(per_name=3)
    for _ in range(3):
        with pytest.raises(SignInFailed):
            sign_in(accounts, throttle, "Ann", "a guess", "198.51.100.1")
    with pytest.raises(Throttled):
        sign_in(accounts, throttle, "ANN", "ann's password", "198.51.100.2")


def test_json_columns_hold_the_seats(club: Club, accounts: SqlAccounts) -> None:
    ann = accounts.create_account("Ann", "ann's password")
    bob = accounts.create_account("Bob", "bob's password")
    accounts.record_game(khet(ann.id, bob.id))
    (point,) = accounts.history(bob.player)
    assert json.dumps(point.players) == json.dumps([ann.player, bob.player]) and point.ranks == (1, 2)
