"""A real PostgreSQL for the tests, and the table stores the same tests run on.

One PostgreSQL server is started, the first time a test asks for it, in a temporary folder on a
free port of 127.0.0.1, and stopped when the test run ends (it also dies with the test process,
however that ends). Each test gets a database of its own, dropped afterwards.

The server programs are taken from $LUDOTECA_PG_BIN, else from Debian's `postgresql` package
(/usr/lib/postgresql/*/bin; `.ci/run` installs it), else from `initdb` on the PATH. PostgreSQL
refuses to run as root, so under root it runs as the `postgres` user the Debian package creates
(or `nobody`). Where no server can be had the tests that need one skip and say why, unless
LUDOTECA_REQUIRE_POSTGRES=1 (set by `.ci/run`): then they fail.

Test modules take the fixtures by importing them: `table_stores` (each test twice, on SQLite and
on PostgreSQL), `table_store` (one store of it) and `postgres_url` (an empty database).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import importlib.util
import itertools
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from ludoteca.store.errors import StoreError
from ludoteca.store.postgres import scratch

REQUIRED = "LUDOTECA_REQUIRE_POSTGRES"
BIN_VARIABLE = "LUDOTECA_PG_BIN"
#: seconds a server may take to get ready, and to stop
START_SECONDS, STOP_SECONDS = 60, 15
INITDB_FLAGS = ("--locale=C", "--no-sync")
# a server for tests: its own crash is not what they are about, their speed is
SERVER_FLAGS = ("-c", "fsync=off", "-c", "full_page_writes=off", "-c", "max_connections=200")


def unavailable(reason: str) -> NoReturn:
    if os.environ.get(REQUIRED) == "1":
        pytest.fail(f"{reason} ({REQUIRED}=1: these tests must run)", pytrace=False)
    pytest.skip(reason)


def server_programs() -> Path | None:
    return scratch.server_programs(os.environ.get(BIN_VARIABLE))


free_port = scratch.free_port


def _die_with_parent() -> None:
    """In the server's process, before it starts: should the test run be killed outright, the
    kernel sends the server SIGQUIT (an immediate stop), so no server outlives its tests."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGQUIT)  # PR_SET_PDEATHSIG


class LocalPostgres(scratch.ScratchPostgres):
    """The test run's server (the program's throwaway one, set for speed), with a database per test."""

    def __init__(self, programs: Path) -> None:
        super().__init__(
            programs, settings=SERVER_FLAGS, initdb_flags=INITDB_FLAGS, before_start=_die_with_parent
        )
        self._names = itertools.count(1)

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True, connect_timeout=5) as conn:
            conn.execute(statement)  # type: ignore[arg-type]

    def create_database(self) -> str:
        name = f"test_{os.getpid()}_{next(self._names)}"
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return name

    def drop_database(self, name: str) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_server: LocalPostgres | None = None
_trouble: str | None = None


def local_postgres() -> LocalPostgres:
    """The test run's PostgreSQL server, started on first use."""
    global _server, _trouble
    if _server is not None:
        return _server
    if _trouble is None:
        _trouble = _start()
    if _server is None:
        unavailable(_trouble or "PostgreSQL could not be started")
    return _server


def _start() -> str | None:
    global _server
    missing = [name for name in ("psycopg", "psycopg_pool") if importlib.util.find_spec(name) is None]
    if missing:
        return f"{' and '.join(missing)} not installed (pip install 'ludoteca[club]'); .ci/run installs it"
    programs = server_programs()
    if programs is None:
        return (
            "no PostgreSQL server programs found (apt-get install postgresql, or set "
            f"{BIN_VARIABLE} to the folder of initdb and postgres); .ci/run installs them"
        )
    try:
        server = LocalPostgres(programs)
    except StoreError as err:  # root, with no account to run it as
        return str(err)
    atexit.register(server.stop)
    try:
        server.start()
    except (OSError, subprocess.SubprocessError, StoreError) as err:
        log = server.log_tail()
        server.stop()
        detail = err.stderr.decode(errors="replace") if isinstance(err, subprocess.CalledProcessError) else ""
        return f"PostgreSQL from {programs} could not be started: {err} {detail} {log}".strip()
    _server = server
    return None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of an empty database of its own on the test run's PostgreSQL server."""
    server = local_postgres()
    name = server.create_database()
    yield server.url(name)
    server.drop_database(name)


class TableStores:
    """Where one test's tables are kept (an SQLite file or a PostgreSQL database), and a way to
    open as many stores on it as the test needs: they are closed when the test ends."""

    def __init__(self, kind: str, location: str) -> None:
        self.kind = kind
        self.location = location
        self._opened: list[Any] = []

    def open(self) -> Any:
        if self.kind == "sqlite":
            from ludoteca.store import Store

            store: Any = Store(self.location)
        else:
            from ludoteca.store.postgres import PostgresTableStore

            store = PostgresTableStore(self.location)
        self._opened.append(store)
        return store

    def opening_code(self) -> str:
        """Python lines that open a store on the same place as `store` (for another process)."""
        if self.kind == "sqlite":
            return f"from ludoteca.store import Store\nstore = Store({self.location!r})\n"
        return (
            "from ludoteca.store.postgres import PostgresTableStore\n"
            f"store = PostgresTableStore({self.location!r})\n"
        )

    def close(self) -> None:
        for store in reversed(self._opened):
            store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def table_stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStores]:
    if request.param == "sqlite":
        stores = TableStores("sqlite", str(tmp_path / "club.sqlite3"))
    else:
        stores = TableStores("postgresql", request.getfixturevalue("postgres_url"))
    yield stores
    stores.close()


@pytest.fixture
def table_store(table_stores: TableStores) -> Any:
    return table_stores.open()
