"""Which server process runs a club table, and whether that process is still alive.

As with the SQLite store (`ludoteca.store.owners`), each table row names its owner and a server
writes only the rows it owns. Here an owner proves it is alive by holding a session advisory lock
on a PostgreSQL connection of its own, opened for that alone. When the process ends, however it
ends (kill -9 included), its operating system closes that connection, the database server ends the
session and the lock goes with it: the next server takes the dead one's tables at once, with no
lease to wait out, and a live one's never. If the machine itself vanishes, the database learns it
when TCP keepalives give up, so the lock connection asks for short ones.

Liveness only says which tables may be taken; who runs a table is what its row says. So even an
owner that lost its lock connection but still runs can never overwrite a table another has taken.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError
from ludoteca.store.postgres.migrations import LOCK_CLASS

if TYPE_CHECKING:
    from psycopg import Connection

    from ludoteca.store.postgres.address import Target

#: seconds: how soon the database notices that the machine of a lock's holder went silent
KEEPALIVE_IDLE, KEEPALIVE_INTERVAL, KEEPALIVE_COUNT = 5, 2, 3


class OwnerLocks:
    """The owners this store holds, each with the connection that keeps its lock."""

    def __init__(self, target: Target, connect_timeout: int) -> None:
        self.target = target
        self.connect_timeout = connect_timeout
        self._held: dict[str, Connection[Any]] = {}
        self._lock = threading.Lock()

    def new(self) -> str:
        import psycopg

        conn = psycopg.connect(
            self.target.url,
            autocommit=True,
            connect_timeout=self.connect_timeout,
            application_name=f"ludoteca owner (pid {os.getpid()})",
            keepalives=1,
            keepalives_idle=KEEPALIVE_IDLE,
            keepalives_interval=KEEPALIVE_INTERVAL,
            keepalives_count=KEEPALIVE_COUNT,
        )
        try:
            # the database's own settings could end an idle session, and the lock with it
            conn.execute("SET idle_session_timeout = 0")
            conn.execute(f"SET tcp_keepalives_idle = {KEEPALIVE_IDLE:d}")
            conn.execute(f"SET tcp_keepalives_interval = {KEEPALIVE_INTERVAL:d}")
            conn.execute(f"SET tcp_keepalives_count = {KEEPALIVE_COUNT:d}")
            row = conn.execute("SELECT nextval('ludoteca_owner_ids')").fetchone()
            assert row is not None
            number = int(row[0])
            got = conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, number)).fetchone()
            if got is None or not got[0]:
                # nobody takes a number the sequence has not handed out yet: something else
                # uses Ludoteca's locks in this database
                raise StoreError(
                    _(
                        "another program holds Ludoteca's lock number {number} in the PostgreSQL "
                        "database at {where}; give the club a database of its own."
                    ).format(number=number, where=self.target.where)
                )
        except BaseException:
            conn.close()
            raise
        owner = str(number)
        with self._lock:
            self._held[owner] = conn
        return owner

    def release(self, owner: str) -> None:
        with self._lock:
            conn = self._held.pop(owner, None)
        if conn is not None:
            conn.close()  # the session ends, and its lock with it

    def close(self) -> None:
        with self._lock:
            held, self._held = list(self._held.values()), {}
        for conn in held:
            conn.close()


def live_owners(conn: Connection[Any]) -> set[str]:
    """The owners whose lock some session of this database holds now."""
    rows = conn.execute(
        "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted"
        " AND objsubid = 2 AND classid::bigint = %s"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        (LOCK_CLASS,),
    ).fetchall()
    return {str(row[0]) for row in rows}
