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
    # 6
    sql(
        "a club's accounts, their sessions and invitations, its settings, and the players' ratings",
        # name: as its owner typed it; name_key: its Unicode TR39 skeleton (case and look-alike
        # letters folded, store/accounts.py), unique; key_schema: the version of that folding;
        # password: an Argon2id hash in PHC form, never the password
        """CREATE TABLE accounts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            key_schema INTEGER NOT NULL,
            password TEXT NOT NULL,
            role TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
            standing TEXT NOT NULL DEFAULT 'active' CHECK (standing IN ('active', 'muted', 'banned')),
            created TEXT NOT NULL,
            password_changed TEXT NOT NULL
        )""",
        # a session is kept as the SHA-256 of its token, so the file holds nothing to sign in with
        """CREATE TABLE account_sessions (
            token_digest TEXT PRIMARY KEY,
            account INTEGER NOT NULL REFERENCES accounts (id),
            created TEXT NOT NULL,
            expires TEXT NOT NULL,
            revoked TEXT
        )""",
        "CREATE INDEX account_sessions_by_account ON account_sessions (account)",
        """CREATE TABLE club_invitations (
            code_digest TEXT PRIMARY KEY,
            created TEXT NOT NULL,
            created_by INTEGER REFERENCES accounts (id),
            used_by INTEGER REFERENCES accounts (id),
            used TEXT
        )""",
        "CREATE TABLE club_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        # the current rating of each player ("account:17", "computer:4") for each rating key
        """CREATE TABLE ratings (
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            system TEXT NOT NULL,
            value REAL NOT NULL,
            deviation REAL NOT NULL,
            volatility REAL,
            conservative REAL NOT NULL,
            games INTEGER NOT NULL,
            updated TEXT NOT NULL,
            PRIMARY KEY (player, game)
        )""",
        "CREATE INDEX ratings_board ON ratings (game, conservative)",
        # one row per rated game (one per club table: a write tried again rates nothing twice);
        # players, names and ranks are JSON arrays in seat order
        """CREATE TABLE rated_games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            table_id TEXT UNIQUE,
            game TEXT NOT NULL,
            date TEXT NOT NULL,
            players TEXT NOT NULL,
            names TEXT NOT NULL,
            ranks TEXT NOT NULL
        )""",
        # each rated player's rating before and after each rated game: a player's chart
        """CREATE TABLE rating_history (
            rated_game INTEGER NOT NULL REFERENCES rated_games (id),
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            date TEXT NOT NULL,
            before_value REAL NOT NULL,
            before_deviation REAL NOT NULL,
            before_volatility REAL,
            value REAL NOT NULL,
            deviation REAL NOT NULL,
            volatility REAL,
            games INTEGER NOT NULL,
            PRIMARY KEY (rated_game, player)
        )""",
        "CREATE INDEX rating_history_by_player ON rating_history (player, game, rated_game)",
    ),
)

LATEST_VERSION = len(MIGRATIONS)
