"""What only the PostgreSQL store has to get right: its schema built and upgraded by the program
(also by several servers starting at once), and a sentence for each way the database can fail
it: a URL that is not one, a server that cannot be reached, a newer schema, a connection lost in
the middle of a write. Against a real PostgreSQL (tests/pg_server.py)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from ludoteca.store import ResultRow, StoreError, TableRow
from ludoteca.store.postgres import PostgresTableStore, is_postgres_url
from ludoteca.store.postgres import driver as postgres_driver
from ludoteca.store.postgres.address import redacted
from ludoteca.store.postgres.migrations import LATEST_VERSION, MIGRATIONS, sql
from tests.pg_server import free_port, postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")


def row(table_id: str, moves: str = "") -> TableRow:
    return TableRow(table_id, "connect4", "playing", f'[Game "connect4"]\n\n{moves}', "{}")


def versions(url: str) -> list[int]:
    with psycopg.connect(url) as conn:
        return [r[0] for r in conn.execute("SELECT version FROM ludoteca_schema_version ORDER BY version")]


def test_the_schema_is_built_once_and_reopening_changes_nothing(postgres_url: str) -> None:
    with PostgresTableStore(postgres_url) as store:
        assert store.schema_version == LATEST_VERSION
        store.save_tables([row("t1")])
    with PostgresTableStore(postgres_url) as store:
        assert [t.table_id for t in store.open_tables()] == ["t1"]
    assert versions(postgres_url) == list(range(1, LATEST_VERSION + 1))


def test_servers_starting_together_on_an_empty_database_build_the_schema_once(postgres_url: str) -> None:
    start = threading.Barrier(6)

    def open_one(_n: int) -> int:
        start.wait(10)
        with PostgresTableStore(postgres_url) as store:
            return int(store.schema_version)

    with ThreadPoolExecutor(6) as pool:
        assert list(pool.map(open_one, range(6))) == [LATEST_VERSION] * 6
    assert versions(postgres_url) == list(range(1, LATEST_VERSION + 1))


def test_a_new_step_is_run_on_an_old_database_and_a_failed_one_leaves_it_as_it_was(postgres_url: str) -> None:
    PostgresTableStore(postgres_url).close()
    broken = (*MIGRATIONS, sql("half a step", "CREATE TABLE half (id int)", "SELECT no_such_thing()"))
    with pytest.raises(StoreError, match=f"from schema {LATEST_VERSION} to {LATEST_VERSION + 1}"):
        PostgresTableStore(postgres_url, steps=broken)
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT to_regclass('half')").fetchone() == (None,)
    assert versions(postgres_url)[-1] == LATEST_VERSION
    grown = (*MIGRATIONS, sql("a note on each table", "ALTER TABLE ludoteca_tables ADD COLUMN note text"))
    with PostgresTableStore(postgres_url, steps=grown) as store:
        assert store.schema_version == LATEST_VERSION + 1


def test_a_database_of_a_newer_ludoteca_is_refused(postgres_url: str) -> None:
    PostgresTableStore(postgres_url).close()
    with psycopg.connect(postgres_url) as conn:
        conn.execute(
            "INSERT INTO ludoteca_schema_version (version, description) VALUES (%s, 'from the future')",
            (LATEST_VERSION + 1,),
        )
    with pytest.raises(StoreError, match=rf"newer Ludoteca \(schema {LATEST_VERSION + 1}\)"):
        PostgresTableStore(postgres_url)


def test_a_server_that_cannot_be_reached_is_named_without_the_password() -> None:
    port = free_port()  # nobody listens there
    started = time.monotonic()
    with pytest.raises(StoreError) as failed:
        PostgresTableStore(f"postgresql://club:s3cret@127.0.0.1:{port}/club")
    assert time.monotonic() - started < 15
    text = str(failed.value)
    assert f"cannot connect to the PostgreSQL server at 127.0.0.1:{port}/club" in text
    assert "s3cret" not in text


@pytest.mark.parametrize(
    "url", ["postgresql://club:s3cret@db.example/club?no_such_option=1", "mysql://club:s3cret@db/club"]
)
def test_a_url_that_is_not_one_is_refused_without_the_password(url: str) -> None:
    with pytest.raises(StoreError, match="postgresql://USER@HOST:PORT/DATABASE") as failed:
        PostgresTableStore(url)
    assert "s3cret" not in str(failed.value)


def test_urls_are_told_apart_and_shown_without_passwords() -> None:
    assert is_postgres_url("postgresql://a@b/c") and is_postgres_url("Postgres://a@b/c")
    assert not is_postgres_url("sqlite:///x") and not is_postgres_url("/home/club.sqlite3")
    assert redacted("postgresql://ann:pw@h:5/db") == "postgresql://ann:***@h:5/db"
    assert redacted("postgresql://h/db?user=a&password=pw") == "postgresql://h/db?user=a&password=***"
    assert redacted("postgresql://ann@h/db") == "postgresql://ann@h/db"


def test_without_psycopg_the_sentence_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres_driver.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(StoreError, match=r'pip install "ludoteca\[club\]"'):
        PostgresTableStore("postgresql://club@127.0.0.1/club")


def test_a_connection_lost_mid_write_keeps_nothing_and_the_next_write_goes_through(
    postgres_url: str,
) -> None:
    with PostgresTableStore(postgres_url) as store, psycopg.connect(postgres_url) as blocker:
        store.save_tables([row("t1")])
        # another session holds t1, so the write stops half done: t0 written, t1 waiting
        blocker.execute("SELECT 1 FROM ludoteca_tables WHERE id = 't1' FOR UPDATE")
        failure: list[BaseException] = []

        def write() -> None:
            try:
                store.save_tables([row("t0"), row("t1", "1. 4\n")])
            except BaseException as exc:
                failure.append(exc)

        writer = threading.Thread(target=write)
        writer.start()
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                waiting = admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND datname = current_database()"
                ).fetchall()
                if waiting:
                    break
                time.sleep(0.02)
            (pid,) = waiting[0]
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        writer.join(10)
        blocker.rollback()
        assert failure and isinstance(failure[0], StoreError), failure
        assert "connection to the PostgreSQL server at 127.0.0.1" in str(failure[0])
        assert "not counted as done" in str(failure[0])
        assert [(t.table_id, t.record) for t in store.open_tables()] == [("t1", row("t1").record)]
        store.save_tables([row("t0"), row("t1", "1. 4\n")])  # the pool replaced the lost connection
        assert [t.table_id for t in store.open_tables()] == ["t1", "t0"]


def test_commits_stay_synchronous_even_where_the_database_says_otherwise(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        database = admin.execute("SELECT current_database()").fetchone()
        assert database is not None
        admin.execute(f'ALTER DATABASE "{database[0]}" SET synchronous_commit = off')  # type: ignore[arg-type]
    with PostgresTableStore(postgres_url) as store, store._connection() as conn:
        assert conn.execute("SHOW synchronous_commit").fetchone() == ("on",)


def test_the_results_history_cannot_be_rewritten(postgres_url: str) -> None:
    PostgresTableStore(postgres_url).close()
    with psycopg.connect(postgres_url) as conn, pytest.raises(psycopg.Error, match="append-only"):
        conn.execute("DELETE FROM ludoteca_results")


def test_a_table_result_written_again_is_kept_once(postgres_url: str) -> None:
    """A write tried again after a COMMIT whose outcome was unknown holds the same result: the
    table's key keeps it once. Results that name no table are appended as before."""
    from ludoteca.net.tablestore import TableResult

    fields = ("2026-01-01", "connect4", "", ("Ann", "Bob"), ("remote", "remote"), None, (1, 2), "Ann", "")
    ended = TableResult(*fields, table_id="t1")
    over = TableRow("t1", "connect4", "over", '[Game "connect4"]\n\n', "{}")
    with PostgresTableStore(postgres_url) as store:
        store.save_tables([over], [ended])
        store.save_tables([over], [ended])
        store.save_tables([], [ResultRow(*fields), ResultRow(*fields)])
        assert len(store.results()) == 3


def test_a_closed_store_says_so(postgres_url: str) -> None:
    store = PostgresTableStore(postgres_url)
    store.close()
    store.close()
    with pytest.raises(StoreError, match="has been closed"):
        store.save_tables([row("t1")])
