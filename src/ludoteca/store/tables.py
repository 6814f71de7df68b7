"""Network tables a server keeps: each one's full record and what the server knows of its seats.

A server writes a table after every change (one transaction each, like every write here), so a
server that crashes or is stopped reopens its unfinished tables exactly where they were. `meta` is
the server's own JSON (seats, token digests, clocks); the store only keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.i18n import _
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


def save_tables(db: Database, now: str, rows: Sequence[TableRow], results: Sequence[ResultRow] = ()) -> None:
    """Write several tables (and the results of the games that just ended) in one transaction: a
    busy server writes every change that came in while the previous write was being synced."""
    for row in rows:
        _check(row)
    with db.transaction() as conn:
        for row in rows:
            conn.execute(
                "INSERT INTO net_tables (id, game, status, record, meta, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
                " meta = excluded.meta, updated = excluded.updated",
                (row.table_id, clean_key(row.game), row.status, row.record, row.meta, now, now),
            )
        for result in results:
            add_result(db, result)  # joins this transaction


def _check(row: TableRow) -> None:
    if not isinstance(row.table_id, str) or not row.table_id.strip():
        raise StoreError(_("a network table needs an id."))
    if row.status not in STATUSES:
        raise StoreError(
            _("a network table's status is one of {statuses}, not {status!r}.").format(
                statuses=", ".join(STATUSES), status=row.status
            )
        )


def open_tables(db: Database) -> list[TableRow]:
    with db.read() as conn:
        rows = conn.execute(
            "SELECT id, game, status, record, meta, updated FROM net_tables"
            " WHERE status != 'over' ORDER BY created, id"
        ).fetchall()
    return [TableRow(*(str(value) for value in row)) for row in rows]
