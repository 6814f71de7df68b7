"""What several server processes sharing one club need of the database besides writing tables:
who is alive, who runs a given table, the whole club's lobby, and taking over the tables of a
process that died.

Liveness is the owners' session advisory locks (`owners`): a process that dies, however it dies,
loses its lock the moment its connection closes. A table whose owner is dead (or None: released
by a server that stopped) is an orphan, and any live process may adopt it; row locks make two
processes adopting at once take turns, and the second then sees the first's claim and leaves it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ludoteca.store.postgres.owners import live_owners
from ludoteca.store.tables import TableRow, opened_by

if TYPE_CHECKING:
    from psycopg import Connection

_ROW = "id, game, status, record, meta, updated, owner"


def table_row(fields: Sequence[Any]) -> TableRow:
    """A `TableRow` from the first six columns of `_ROW`."""
    table_id, game, status, record, meta, updated = fields[:6]
    when = updated.astimezone(UTC).isoformat(timespec="microseconds") if isinstance(updated, datetime) else ""
    return TableRow(str(table_id), str(game), str(status), str(record), str(meta), when)


@dataclass(frozen=True, slots=True)
class TableOwner:
    """Who runs a table now, as the database says."""

    owner: str | None
    status: str
    #: the owner holds its lock (a live process); False for None or a dead one
    alive: bool


@dataclass(frozen=True, slots=True)
class LobbyRow:
    table_id: str
    owner: str | None
    #: the server's JSON, which holds what the lobby shows of the table
    meta: str


def table_owner(conn: Connection[Any], table_id: str) -> TableOwner | None:
    row = conn.execute("SELECT owner, status FROM ludoteca_tables WHERE id = %s", (table_id,)).fetchone()
    if row is None:
        return None
    owner = None if row[0] is None else str(row[0])
    return TableOwner(owner, str(row[1]), owner is not None and owner in live_owners(conn))


def lobby_rows(conn: Connection[Any]) -> list[LobbyRow]:
    """Every unfinished table of the club, oldest first."""
    rows = conn.execute(
        "SELECT id, owner, meta FROM ludoteca_tables WHERE status <> 'over' ORDER BY created, id"
    ).fetchall()
    return [LobbyRow(str(i), None if o is None else str(o), str(m)) for i, o, m in rows]


def orphans(conn: Connection[Any], owner: str, alive: set[str], only: Sequence[str] = ()) -> list[str]:
    """The unfinished tables no live process runs (among `only`, when given)."""
    query = (
        "SELECT id FROM ludoteca_tables WHERE status <> 'over'"
        " AND (owner IS NULL OR NOT (owner = ANY(%(alive)s)))"
    )
    if only:
        query += " AND id = ANY(%(only)s)"
    rows = conn.execute(query, {"alive": sorted(alive | {owner}), "only": list(only)}).fetchall()
    return [str(row[0]) for row in rows]


def adopt_orphans(
    conn: Connection[Any], owner: str, mode: str | None, ids: Sequence[str], limit: int
) -> list[TableRow]:
    """Make `owner` the runner of those of `ids` still orphaned once locked (of servers of `mode`
    only), at most `limit`; returns them, oldest first. Call it inside a transaction."""
    # SKIP LOCKED: a row another process is adopting right now is its own to take
    rows = conn.execute(
        f"SELECT {_ROW} FROM ludoteca_tables WHERE id = ANY(%s) AND status <> 'over'"
        " ORDER BY created, id FOR UPDATE SKIP LOCKED",
        (list(ids),),
    ).fetchall()
    alive = live_owners(conn)  # looked at again once the rows are ours: what counts is now
    taken: list[TableRow] = []
    for fields in rows:
        row, current = table_row(fields), fields[6]
        if current is not None and (current == owner or current in alive):
            continue
        if mode is not None and opened_by(row) not in (None, mode):
            continue
        taken.append(row)
        if len(taken) >= limit:
            break
    if taken:
        conn.execute(
            "UPDATE ludoteca_tables SET owner = %s WHERE id = ANY(%s)", (owner, [r.table_id for r in taken])
        )
    return taken


def purge_mail(conn: Connection[Any], alive: set[str]) -> None:
    """Throw away mail waiting for processes that are gone: nobody will ever read it."""
    conn.execute("DELETE FROM ludoteca_mail WHERE NOT (to_process = ANY(%s))", (sorted(alive),))
