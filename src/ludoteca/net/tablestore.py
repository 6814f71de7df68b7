"""Where a server keeps its tables, so a crash or a restart loses nothing.

The server writes a table after every change and reads the unfinished ones back when it starts.
It only knows this interface: the player's `Store` (SQLite) satisfies it, and so does
`ludoteca.store.postgres.PostgresTableStore`, the shared database of `ludoteca serve --store
postgresql://…` (docs/scaling.md), without touching the server, the tables or any game. Each table
has one owner, the server process running it: a server writes only the tables it owns and takes at
start only those whose owner is gone, so two servers sharing a store never both run a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ludoteca.store import ResultRow
from ludoteca.store.tables import TableRow, opened_by


class TableStore(Protocol):
    def save_tables(
        self,
        rows: Sequence[TableRow],
        results: Sequence[ResultRow] = (),
        owner: str | None = None,
        dropped: Sequence[str] = (),
    ) -> None:
        """Write the tables (each replacing what was kept under its id) and the results of the
        games that just ended, and forget the tables `dropped`, all in one transaction, only if
        `owner` runs them all; otherwise write nothing and raise `TablesTaken` naming the others'."""

    def new_owner(self) -> str:
        """An owner id for this server process, held until `release_tables` or the process ends."""

    def claim_tables(self, owner: str, mode: str | None = None) -> tuple[list[TableRow], int]:
        """Run every unfinished table that no live owner runs (of servers of `mode`, "host" or
        "club", when given); returns them, oldest first, and how many a live owner keeps."""

    def release_tables(self, owner: str) -> None:
        """`owner` stops running its tables."""


class MemoryTableStore:
    """A table store that forgets everything when the process ends (benchmarks, tests); one
    process uses it, so every table is its own."""

    def __init__(self) -> None:
        self.tables: dict[str, TableRow] = {}
        self.results: list[ResultRow] = []

    def save_tables(
        self,
        rows: Sequence[TableRow],
        results: Sequence[ResultRow] = (),
        owner: str | None = None,
        dropped: Sequence[str] = (),
    ) -> None:
        for row in rows:
            self.tables[row.table_id] = row
        for table_id in dropped:
            self.tables.pop(table_id, None)
        self.results.extend(results)

    def new_owner(self) -> str:
        return "memory"

    def claim_tables(self, owner: str, mode: str | None = None) -> tuple[list[TableRow], int]:
        rows = [row for row in self.tables.values() if row.status != "over"]
        return [row for row in rows if mode is None or opened_by(row) in (None, mode)], 0

    def release_tables(self, owner: str) -> None:
        pass
