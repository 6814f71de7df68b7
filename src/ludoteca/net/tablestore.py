"""Where a server keeps its tables, so a crash or a restart loses nothing.

The server writes a table after every change and reads the unfinished ones back when it starts.
It only knows this interface: the player's `Store` (SQLite) satisfies it today; a club running
several server processes would put the same two methods on a shared database (see the end of
docs/protocol.md) without touching the server, the tables or any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ludoteca.store import ResultRow
from ludoteca.store.tables import TableRow


class TableStore(Protocol):
    def save_tables(self, rows: Sequence[TableRow], results: Sequence[ResultRow] = ()) -> None:
        """Write the tables (each replacing what was kept under its id) and the results of the
        games that just ended, all in one transaction."""

    def open_tables(self) -> list[TableRow]:
        """The tables whose games are not over, oldest first."""


class MemoryTableStore:
    """A table store that forgets everything when the process ends (benchmarks, tests)."""

    def __init__(self) -> None:
        self.tables: dict[str, TableRow] = {}
        self.results: list[ResultRow] = []

    def save_tables(self, rows: Sequence[TableRow], results: Sequence[ResultRow] = ()) -> None:
        for row in rows:
            self.tables[row.table_id] = row
        self.results.extend(results)

    def open_tables(self) -> list[TableRow]:
        return [row for row in self.tables.values() if row.status != "over"]
