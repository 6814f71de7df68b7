"""Network tables a server keeps: each one's full record and what the server knows of its seats.

A server writes a table after every change (one transaction each, like every write here), so a
server that crashes or is stopped reopens its unfinished tables exactly where they were; while it
runs tables the file is in write-ahead-log mode, each commit still synced (`Database.write_ahead`).
`meta` is the server's own JSON (seats, token digests, clocks); the store only keeps it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludoteca.i18n import _
from ludoteca.store.accounts import record_rated_game_sqlite
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key
from ludoteca.store.results import ResultRow, add_result

#: a table's status: waiting for players, playing, or over (kept for the record, never reopened)
STATUSES = ("waiting", "playing", "over")


@dataclass(frozen=True, slots=True)
class TableRow:
    table_id: str
    game: str
    status: str
    #: the full record (seed included): a table is rebuilt by replaying it
    record: str
    meta: str
    #: ISO 8601 time in UTC, set by the store
    updated: str = ""


class TablesTaken(StoreError):
    """Some tables are run by another server: nothing of this write was kept."""

    def __init__(self, table_ids: Sequence[str]) -> None:
        super().__init__(
            _("another server now runs the tables {ids}; nothing was written.").format(
                ids=", ".join(table_ids)
            )
        )
        self.table_ids = tuple(table_ids)


def save_tables(
    db: Database,
    now: str,
    rows: Sequence[TableRow],
    results: Sequence[ResultRow] = (),
    owner: str | None = None,
    dropped: Sequence[str] = (),
) -> None:
    """Write several tables (and the results of the games that just ended) in one transaction: a
    busy server writes every change that came in while the previous write was being synced.

    With an `owner`, a table is only written if that owner runs it (a new one becomes its own);
    if another owner runs any of them, nothing is written and TablesTaken names them. The tables
    `dropped` are removed (those of another owner are left)."""
    for row in rows:
        _check(row)
    taken = []
    with db.transaction() as conn:
        for row in rows:
            written = conn.execute(
                "INSERT INTO net_tables (id, game, status, record, meta, created, updated, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
                " meta = excluded.meta, updated = excluded.updated"
                " WHERE ?8 IS NULL OR net_tables.owner IS ?8",
                (row.table_id, clean_key(row.game), row.status, row.record, row.meta, now, now, owner),
            )
            if written.rowcount == 0:
                taken.append(row.table_id)
        for table_id in dropped:  # tables a server closed before anyone played at them
            conn.execute(
                "DELETE FROM net_tables WHERE id = ? AND (?2 IS NULL OR owner IS ?2)", (table_id, owner)
            )
        if taken:
            raise TablesTaken(taken)  # the transaction is rolled back: all or nothing
        for result in results:
            add_result(db, result)  # joins this transaction
            rated = getattr(result, "rated", None)  # a club table's game (net/tablestore.py)
            if rated is not None:
                # in the result's transaction: a killed server loses no rating update, and a
                # write tried again rates nothing twice (one rated game per table)
                record_rated_game_sqlite(conn, rated)


def opened_by(row: TableRow) -> str | None:
    """The kind of server that opened a table ("host" or "club"), None for a table kept by a
    version that did not say."""
    try:
        meta = json.loads(row.meta)
    except ValueError:
        return None
    mode = meta.get("mode") if isinstance(meta, dict) else None
    return mode if isinstance(mode, str) else None


def claim_tables(
    db: Database, owner: str, alive: Callable[[str], bool], mode: str | None = None
) -> tuple[list[TableRow], int]:
    """Make `owner` the runner of every unfinished table nobody alive runs; returns those tables
    (oldest first) and how many others a live owner keeps. With `mode`, only tables opened by a
    server of that kind: a club never reopens the game a killed host left, which only
    `ludoteca host --resume` takes up again."""
    claimed: list[TableRow] = []
    kept = 0
    # a server commits at every move: one disk sync per commit rather than four (db.py)
    db.write_ahead()
    with db.transaction() as conn:
        rows = conn.execute(
            "SELECT id, game, status, record, meta, updated, owner FROM net_tables"
            " WHERE status != 'over' ORDER BY created, id"
        ).fetchall()
        for *fields, current in rows:
            row = TableRow(*(str(value) for value in fields))
            if mode is not None and opened_by(row) not in (None, mode):
                continue
            if current is not None and current != owner and alive(str(current)):
                kept += 1
                continue
            conn.execute("UPDATE net_tables SET owner = ? WHERE id = ?", (owner, fields[0]))
            claimed.append(row)
    return claimed, kept


def release_tables(db: Database, owner: str) -> None:
    """`owner` stops running its tables: the next server to start takes them at once."""
    with db.transaction() as conn:
        conn.execute("UPDATE net_tables SET owner = NULL WHERE owner = ?", (owner,))
    db.rollback_journal()  # one file at rest again, unless another program still has it open


def _check(row: TableRow) -> None:
    if not isinstance(row.table_id, str) or not row.table_id.strip():
        raise StoreError(_("a network table needs an id."))
    if row.status not in STATUSES:
        raise StoreError(
            _("a network table's status is one of {statuses}, not {status!r}.").format(
                statuses=", ".join(STATUSES), status=row.status
            )
        )


def finished_record(db: Database, table_id: str) -> str | None:
    """The record of the game played at `table_id` once it is over (a club's finished games stay
    in its tables); None for a table that is not there or not over."""
    with db.read() as conn:
        row = conn.execute(
            "SELECT record FROM net_tables WHERE id = ? AND status = 'over'", (str(table_id),)
        ).fetchone()
    return None if row is None else str(row[0])


def open_tables(db: Database) -> list[TableRow]:
    with db.read() as conn:
        rows = conn.execute(
            "SELECT id, game, status, record, meta, updated FROM net_tables"
            " WHERE status != 'over' ORDER BY created, id"
        ).fetchall()
    return [TableRow(*(str(value) for value in row)) for row in rows]
