"""The schema, as the ordered list of steps that builds it.

A database at schema N has run exactly the first N steps; `PRAGMA user_version` holds N. Opening
an older file runs the missing steps in one transaction (see `db.Database`), so it ends either
fully upgraded or untouched. To change the schema, APPEND a step: never edit or reorder a step
that has shipped, since files written by that version already contain its result.

A step is SQL statements or, when data must be reshaped, a function of the connection. Steps run
inside the caller's transaction, so they must not commit (no `executescript`, which commits first).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    """One step forward: from schema `version - 1` to `version` (its position in MIGRATIONS, from 1)."""

    description: str
    run: Callable[[sqlite3.Connection], None]


def sql(description: str, *statements: str) -> Migration:
    """A step made only of SQL statements, run in order."""

    def run(conn: sqlite3.Connection) -> None:
        for statement in statements:
            conn.execute(statement)

    return Migration(description, run)


#: written into the file header so a Ludoteca file is told apart from any other SQLite file ("LUDO")
APPLICATION_ID = 0x4C55444F

MIGRATIONS: tuple[Migration, ...] = (
    # 1
    sql(
        "saved games and the results history",
        """CREATE TABLE saves (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            game TEXT NOT NULL,
            record TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
        "CREATE INDEX saves_by_game ON saves (game, updated)",
        # players, kinds, scores and ranks are JSON arrays: one entry per seat, in seat order
        """CREATE TABLE results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            date TEXT NOT NULL,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            players TEXT NOT NULL,
            kinds TEXT NOT NULL,
            scores TEXT,
            ranks TEXT NOT NULL,
            winner TEXT NOT NULL,
            reason TEXT NOT NULL
        )""",
        "CREATE INDEX results_by_game ON results (game, id)",
        # the history is a record of what happened: the database itself refuses to rewrite it
        """CREATE TRIGGER results_no_update BEFORE UPDATE ON results
           BEGIN SELECT RAISE(ABORT, 'the results history is append-only'); END""",
        """CREATE TRIGGER results_no_delete BEFORE DELETE ON results
           BEGIN SELECT RAISE(ABORT, 'the results history is append-only'); END""",
    ),
    # 2
    sql(
        "custom setups and settings",
        """CREATE TABLE setups (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            name TEXT NOT NULL COLLATE NOCASE,
            text TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            UNIQUE (game, name)
        )""",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    # 3
    sql(
        "a version on each save, so two programs resuming the same save cannot overwrite each other",
        "ALTER TABLE saves ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
    ),
    # 4
    sql(
        "network tables a server resumes after a restart",
        """CREATE TABLE net_tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            record TEXT NOT NULL,
            meta TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
        "CREATE INDEX net_tables_open ON net_tables (status, created)",
    ),
    # 5
    sql(
        "which server process runs each network table, so two never run the same one",
        "ALTER TABLE net_tables ADD COLUMN owner TEXT",
    ),
)

LATEST_VERSION = len(MIGRATIONS)
