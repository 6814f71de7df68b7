"""`PostgresTableStore`: a club server's tables and results in PostgreSQL.

The server only knows the `TableStore` interface (ludoteca.net.tablestore); this keeps the same
promises as the SQLite `Store` does for it, on a database that several processes and machines can
share: a write is one transaction, done whole or not at all; a table is written only by the owner
that runs it (`TablesTaken` otherwise); a server starting takes only the tables whose owner is dead.

Durability: every write commits before the call returns, and commits are synchronous. PostgreSQL's
`synchronous_commit` is left as the database has it unless it is `off`, which this store turns back
on for its own sessions: a move is acknowledged to players only once its table is on disk (or on
the standbys the database's settings name), so a crash of the server, or of PostgreSQL, never loses
a move somebody saw acknowledged.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

from ludoteca.i18n import _
from ludoteca.store.accounts import POSTGRES, SqlAccounts, pooled_accounts, record_rated_game_postgres
from ludoteca.store.credentials import Passwords
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key
from ludoteca.store.postgres.address import Target, redacted, target
from ludoteca.store.postgres.driver import cannot_connect, translated
from ludoteca.store.postgres.history import add_result, check_result, read_results
from ludoteca.store.postgres.migrations import MIGRATIONS, Migration, migrate, schema_version
from ludoteca.store.postgres.owners import OwnerLocks, live_owners
from ludoteca.store.postgres.sharing import (
    LobbyRow,
    TableOwner,
    adopt_orphans,
    lobby_rows,
    orphans,
    purge_mail,
)
from ludoteca.store.postgres.sharing import table_owner as _table_owner
from ludoteca.store.postgres.sharing import table_row as _table_row
from ludoteca.store.results import ResultRow, ResultRows
from ludoteca.store.tables import TableRow, TablesTaken, opened_by
from ludoteca.store.tables import _check as check_table

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg_pool import ConnectionPool

    from ludoteca.store.postgres.mail import PostOffice

#: seconds to wait for the database: to connect, and for a connection from the pool
CONNECT_SECONDS = 10
#: a statement that takes longer is cancelled (and its write not done) rather than stall a server
STATEMENT_SECONDS = 20

_UPSERT = (
    "INSERT INTO ludoteca_tables AS t (id, game, status, record, meta, created, updated, owner)"
    " VALUES (%(id)s, %(game)s, %(status)s, %(record)s, %(meta)s, now(), now(), %(owner)s)"
    " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
    " meta = excluded.meta, updated = excluded.updated"
    " WHERE %(owner)s::text IS NULL OR t.owner IS NOT DISTINCT FROM %(owner)s::text"
)
_DROP = (
    "DELETE FROM ludoteca_tables WHERE id = %(id)s"
    " AND (%(owner)s::text IS NULL OR owner IS NOT DISTINCT FROM %(owner)s::text)"
)
_OPEN = (
    "SELECT id, game, status, record, meta, updated, owner FROM ludoteca_tables"
    " WHERE status <> 'over' ORDER BY created, id"
)


def _configure(conn: Connection[Any]) -> None:
    """Settings of every pooled session (see the module's note on durability)."""
    row = conn.execute("SHOW synchronous_commit").fetchone()
    if row is not None and row[0] == "off":
        conn.execute("SET synchronous_commit = on")
    conn.execute(f"SET statement_timeout = '{STATEMENT_SECONDS:d}s'")
    conn.commit()


class PostgresTableStore:
    """The tables and results of a club, in the PostgreSQL database at `url`.

    The schema is created, or upgraded, when the store opens. It may be shared by several threads
    (through a small pool of connections) and by any number of processes on any machines.
    """

    def __init__(self, url: str, *, steps: Sequence[Migration] = MIGRATIONS, pool_size: int = 4) -> None:
        self.target: Target = target(url)
        self._name = f"ludoteca (pid {os.getpid()})"
        self._migrate(steps)
        self._pool = self._open_pool(pool_size)
        self._owners = OwnerLocks(self.target, CONNECT_SECONDS)
        self._accounts: SqlAccounts | None = None

    def _connect(self) -> Connection[Any]:
        import psycopg

        try:
            return psycopg.connect(
                self.target.url, connect_timeout=CONNECT_SECONDS, application_name=self._name
            )
        except psycopg.Error as exc:
            raise cannot_connect(self.target, exc) from None

    def _migrate(self, steps: Sequence[Migration]) -> None:
        with self._connect() as conn, translated(self.target):
            migrate(conn, self.target.where, steps)

    def _open_pool(self, size: int) -> ConnectionPool[Any]:
        from psycopg_pool import ConnectionPool, PoolTimeout

        pool: ConnectionPool[Any] = ConnectionPool(
            self.target.url,
            min_size=1,
            max_size=size,
            open=False,
            timeout=CONNECT_SECONDS,
            kwargs={"connect_timeout": CONNECT_SECONDS, "application_name": self._name},
            configure=_configure,
            # a connection the server dropped (a restart, a failover) is replaced, not handed out
            check=ConnectionPool.check_connection,
            name="ludoteca-club",
        )
        try:
            pool.open(wait=True, timeout=CONNECT_SECONDS)
        except PoolTimeout as exc:
            pool.close()
            raise cannot_connect(self.target, exc) from None
        return pool

    @contextmanager
    def _connection(self) -> Iterator[Connection[Any]]:
        """A pooled connection, its psycopg errors turned into sentences; returned to the pool
        at the end of the block (a broken one is replaced)."""
        self._check_open()
        with translated(self.target), self._pool.connection() as conn:
            yield conn

    def _check_open(self) -> None:
        if self._pool.closed:
            raise StoreError(
                _("the club's PostgreSQL store at {where} has been closed.").format(where=self.where)
            )

    @property
    def where(self) -> str:
        """HOST:PORT/DATABASE: how sentences name this store."""
        return self.target.where

    @property
    def schema_version(self) -> int:
        with self._connection() as conn:
            return schema_version(conn)

    # -- the TableStore interface ------------------------------------------------------------

    def save_tables(
        self,
        rows: Sequence[TableRow],
        results: Sequence[ResultRow] = (),
        owner: str | None = None,
        dropped: Sequence[str] = (),
    ) -> None:
        """Write the tables, append the results and forget the tables `dropped`, in one
        transaction, only if `owner` runs them all (a new table becomes its own); otherwise
        write nothing and raise `TablesTaken` naming the others'. Committed when this returns."""
        for row in rows:
            check_table(row)
        for result in results:
            check_result(result)
        with self._connection() as conn, conn.transaction():
            written: set[str] = set()
            if rows:
                # one round trip for the whole batch (psycopg pipelines executemany): a busy club
                # server writes many tables at once, and a round trip per table was most of the
                # time a move waited for its write
                with conn.cursor() as cursor:
                    cursor.executemany(
                        _UPSERT + " RETURNING id",
                        [
                            {
                                "id": row.table_id,
                                "game": clean_key(row.game),
                                "status": row.status,
                                "record": row.record,
                                "meta": row.meta,
                                "owner": owner,
                            }
                            for row in rows
                        ],
                        returning=True,
                    )
                    while True:
                        written.update(str(found[0]) for found in cursor.fetchall())
                        if not cursor.nextset():
                            break
            taken = [row.table_id for row in rows if row.table_id not in written]
            for table_id in dropped:
                conn.execute(_DROP, {"id": table_id, "owner": owner})
            if taken:
                raise TablesTaken(taken)  # leaving the block rolls it all back
            for result in results:
                add_result(conn, result)
                rated = getattr(result, "rated", None)  # a club table's game (net/tablestore.py)
                if rated is not None:
                    # in the result's transaction: the rating is written with it or not at all,
                    # and a write tried again after a broken COMMIT rates nothing twice
                    record_rated_game_postgres(conn, rated)

    def new_owner(self) -> str:
        """An owner id for a server process, alive while this store holds its lock (see `owners`)."""
        import psycopg

        self._check_open()
        with translated(self.target):
            try:
                return self._owners.new()
            except psycopg.OperationalError as exc:
                raise cannot_connect(self.target, exc) from None

    def claim_tables(self, owner: str, mode: str | None = None) -> tuple[list[TableRow], int]:
        """Make `owner` the runner of every unfinished table no live owner runs (of servers of
        `mode` only, when given); returns those tables, oldest first, and how many a live owner
        keeps."""
        claimed: list[TableRow] = []
        kept = 0
        with self._connection() as conn, conn.transaction():
            # the row locks make two servers claiming at once take turns; the second then sees
            # the first's claim, and the first alive
            rows = conn.execute(_OPEN + " FOR UPDATE").fetchall()
            alive = live_owners(conn)
            for fields in rows:
                row, current = _table_row(fields), fields[6]
                if mode is not None and opened_by(row) not in (None, mode):
                    continue
                if current is not None and current != owner and current in alive:
                    kept += 1
                    continue
                claimed.append(row)
            conn.execute(
                "UPDATE ludoteca_tables SET owner = %s WHERE id = ANY(%s)",
                (owner, [row.table_id for row in claimed]),
            )
        return claimed, kept

    def release_tables(self, owner: str) -> None:
        """`owner` stops: its tables are free for the next server, and its lock is let go."""
        try:
            with self._connection() as conn, conn.transaction():
                conn.execute("UPDATE ludoteca_tables SET owner = NULL WHERE owner = %s", (owner,))
        finally:
            self._owners.release(owner)

    # -- several processes, one club (ludoteca.net.fleet) ------------------------------------

    def live_owners(self) -> set[str]:
        """The owners whose process is alive now."""
        with self._connection() as conn:
            return live_owners(conn)

    def table_owner(self, table_id: str) -> TableOwner | None:
        """Who runs the table `table_id`, and whether that process is alive; None: no such table."""
        with self._connection() as conn:
            return _table_owner(conn, table_id)

    def lobby_rows(self) -> list[LobbyRow]:
        """Every unfinished table of the club, whoever runs it, oldest first."""
        with self._connection() as conn:
            return lobby_rows(conn)

    def adopt_orphans(
        self, owner: str, mode: str | None = None, only: Sequence[str] = (), limit: int = 1000
    ) -> tuple[set[str], list[TableRow]]:
        """Make `owner` the runner of the unfinished tables whose process died or stopped (among
        `only`, when given; at most `limit`), and forget the mail of dead processes. Returns the
        live owners and the tables adopted, oldest first. Cheap when there is nothing to adopt:
        the rows are only locked when some are orphans."""
        with self._connection() as conn, conn.transaction():
            alive = live_owners(conn)
            found = orphans(conn, owner, alive, only)
            adopted = adopt_orphans(conn, owner, mode, found, limit) if found else []
            if not only:
                purge_mail(conn, alive | {owner})
        return alive, adopted

    def post_office(self, me: str, deliver: Callable[[list[str]], None]) -> PostOffice:
        """The mailbox of the process whose owner number is `me` (see `mail`)."""
        from ludoteca.store.postgres.mail import PostOffice

        return PostOffice(self.target, me, deliver)

    # -- reading back ------------------------------------------------------------------------

    def open_tables(self) -> list[TableRow]:
        """The tables whose games are not over, oldest first."""
        with self._connection() as conn:
            return [_table_row(fields) for fields in conn.execute(_OPEN).fetchall()]

    def finished_record(self, table_id: str) -> str | None:
        """The full record of the game played at `table_id`, once it is over."""
        with self._connection() as conn:
            row = conn.execute(
                "SELECT record FROM ludoteca_tables WHERE id = %s AND status = 'over'", (str(table_id),)
            ).fetchone()
        return None if row is None else str(row[0])

    def connection(self) -> AbstractContextManager[Connection[Any]]:
        """A pooled connection for the block (its errors turned into sentences): what the club's
        accounts (`PostgresAccounts`) are read and written through."""
        return self._connection()

    def accounts(self, passwords: Passwords | None = None) -> SqlAccounts:
        """The club's accounts, ratings and settings, on this store's pool (one object per store;
        `passwords` only counts the first time): `ludoteca.store.postgres.accounts`'s, made here
        without importing it (it imports this module)."""
        if self._accounts is None:
            self._accounts = pooled_accounts(self.connection, POSTGRES, passwords=passwords)
        return self._accounts

    def results(self, game_key: str | None = None) -> ResultRows:
        """The club's results history, oldest first; only `game_key`'s when given."""
        with self._connection() as conn:
            return read_results(conn, game_key)

    # -- lifetime ----------------------------------------------------------------------------

    def close(self) -> None:
        """Let every owner's lock go and close the connections. Closing twice is harmless."""
        self._owners.close()
        self._pool.close()

    @property
    def closed(self) -> bool:
        return bool(self._pool.closed)

    def __enter__(self) -> PostgresTableStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PostgresTableStore({redacted(self.target.url)!r})"
