"""Where a server keeps its tables, so a crash or a restart loses nothing.

The server writes a table after every change and reads the unfinished ones back when it starts.
It only knows this interface: the player's `Store` (SQLite) satisfies it, and so does
`ludoteca.store.postgres.PostgresTableStore`, the shared database of `ludoteca serve --store
postgresql://…` (docs/scaling.md), without touching the server, the tables or any game. Each table
has one owner, the server process running it: a server writes only the tables it owns and takes
only those whose owner is gone, so two servers sharing a store never both run a table. A shared
store (`SharedTableStore`) also carries mail between the processes of one club (net/fleet.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ludoteca.ratings import FinishedGame
from ludoteca.store import ResultRow
from ludoteca.store.accounts import AccountStore
from ludoteca.store.tables import TableRow, opened_by


@dataclass(frozen=True, slots=True)
class TableResult(ResultRow):
    """The result of the game played at the table `table_id`. A shared store keeps one result
    per table (`ludoteca_results.table_id`): a write whose COMMIT's outcome was unknown when the
    connection broke is tried again, and must not append the same game twice. A store that
    keeps no such key (SQLite's, written by one process) stores it as a plain `ResultRow`."""

    table_id: str | None = None
    #: the game as its rating needs it (the account at each seat): rated in the transaction that
    #: writes the result, once per table (`store.accounts.record_rated_game`); None for a table
    #: where nobody was signed in
    rated: FinishedGame | None = None


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


@runtime_checkable
class ClubRecords(Protocol):
    """A table store that also keeps a club's members (SQLite's `Store` and PostgreSQL's): their
    accounts and ratings, and the records of finished games (players' pages, replays)."""

    def accounts(self) -> AccountStore:
        """The club's accounts, ratings and settings, on this store's database."""

    def finished_record(self, table_id: str) -> str | None:
        """The full record of the game played at `table_id`, once it is over; None otherwise."""


class Mailbox(Protocol):
    """One server process's mail to and from the others of its club (`net/fleet.py`)."""

    async def start(self) -> None:
        """Start listening (before anyone can send here) and posting."""

    def post(self, to: str, body: str) -> None:
        """Send `body` (a JSON array) to the process whose owner id is `to`; never blocks. What one
        process posts to another arrives in the order it was posted."""

    async def close(self) -> None:
        """Post what is waiting, then stop."""


class TableWhere(Protocol):
    """Who runs a table (`owner`), whether that process is alive, and the table's status."""

    @property
    def owner(self) -> str | None: ...
    @property
    def alive(self) -> bool: ...
    @property
    def status(self) -> str: ...


class LobbyEntry(Protocol):
    @property
    def table_id(self) -> str: ...
    @property
    def owner(self) -> str | None: ...
    @property
    def meta(self) -> str: ...


@runtime_checkable
class SharedTableStore(TableStore, Protocol):
    """A table store that several server processes share as one club (PostgreSQL's): besides the
    tables, it knows which processes are alive and carries mail between them."""

    def table_owner(self, table_id: str) -> TableWhere | None:
        """Who runs `table_id`; None when there is no such table."""

    def lobby_rows(self) -> Sequence[LobbyEntry]:
        """Every unfinished table, whoever runs it, oldest first."""

    def live_owners(self) -> set[str]:
        """The processes of the club alive now."""

    def adopt_orphans(
        self, owner: str, mode: str | None = None, only: Sequence[str] = (), limit: int = 1000
    ) -> tuple[set[str], list[TableRow]]:
        """Take over the unfinished tables whose process is gone (among `only`); returns the live
        owners and the tables taken."""

    def post_office(self, me: str, deliver: Callable[[list[str]], None]) -> Mailbox:
        """The mailbox of the process `me`; `deliver` gets the bodies that came, in order."""


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
