"""The club database's schema, as the ordered list of steps that builds it.

As for the SQLite file (`ludoteca.store.migrations`): a database at schema N has run exactly the
first N steps, and to change the schema you APPEND a step, never edit or reorder one that shipped.
Here the version is kept in the table `ludoteca_schema_version`, one row per step run, and the
steps run in one transaction (PostgreSQL's DDL is transactional), so a database ends fully
upgraded or untouched. Several servers may start at once on an empty database: each takes the
same transaction-level advisory lock first, so one builds the schema and the others then find it
built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError

if TYPE_CHECKING:
    from psycopg import Connection

#: the first key of every advisory lock Ludoteca takes ("LUDO"); the second is 0 while the schema
#: is being built or upgraded, and an owner's number otherwise (see `owners`)
LOCK_CLASS = 0x4C55444F
MIGRATION_KEY = 0


@dataclass(frozen=True, slots=True)
class Migration:
    """One step forward: from schema `version - 1` to `version` (its position in MIGRATIONS, from 1)."""

    description: str
    statements: tuple[str, ...]


def sql(description: str, *statements: str) -> Migration:
    return Migration(description, statements)


MIGRATIONS: tuple[Migration, ...] = (
    # 1
    sql(
        "the club's tables, its results history and the numbers of its server processes",
        # meta is the server's own JSON: the store only keeps it
        """CREATE TABLE ludoteca_tables (
            id text PRIMARY KEY,
            game text NOT NULL,
            status text NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
            record text NOT NULL,
            meta text NOT NULL,
            created timestamptz NOT NULL,
            updated timestamptz NOT NULL,
            owner text
        )""",
        "CREATE INDEX ludoteca_tables_open ON ludoteca_tables (created, id) WHERE status <> 'over'",
        # players, kinds, scores and ranks: one entry per seat, in seat order
        """CREATE TABLE ludoteca_results (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            date text NOT NULL,
            game text NOT NULL,
            variant text NOT NULL,
            players jsonb NOT NULL,
            kinds jsonb NOT NULL,
            scores jsonb,
            ranks jsonb NOT NULL,
            winner text NOT NULL,
            reason text NOT NULL
        )""",
        "CREATE INDEX ludoteca_results_by_game ON ludoteca_results (game, id)",
        # the history is a record of what happened: the database itself refuses to rewrite it
        """CREATE FUNCTION ludoteca_results_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'the results history is append-only'; END $$""",
        """CREATE TRIGGER ludoteca_results_no_change BEFORE UPDATE OR DELETE OR TRUNCATE
           ON ludoteca_results FOR EACH STATEMENT EXECUTE FUNCTION ludoteca_results_append_only()""",
        # a sequence never hands out a number twice, so an owner id is never reused by a later
        # process; "integer" because an owner's number is the second key of a two-key advisory lock
        "CREATE SEQUENCE ludoteca_owner_ids AS integer",
    ),
    # 2
    sql(
        "the mailboxes through which server processes relay their clients' requests and answers",
        # unlogged: mail lives for milliseconds and is worthless after a crash of the database
        # (every relayed client reconnects then), so it need not pay for the write-ahead log
        """CREATE UNLOGGED TABLE ludoteca_mail (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            to_process text NOT NULL,
            body text NOT NULL
        )""",
        "CREATE INDEX ludoteca_mail_to ON ludoteca_mail (to_process, id)",
    ),
    # 3
    sql(
        "one result per club table, so that a write tried again cannot append a game twice",
        # NULL for the results kept before (and for any not written by a club server): the
        # unique index leaves those alone
        "ALTER TABLE ludoteca_results ADD COLUMN table_id text",
        "CREATE UNIQUE INDEX ludoteca_results_table ON ludoteca_results (table_id)"
        " WHERE table_id IS NOT NULL",
    ),
    # 4
    sql(
        "a club's accounts, their sessions and invitations, its settings, and the players' ratings",
        # as in the SQLite file (ludoteca.store.migrations, step 6); see store/accounts.py
        """CREATE TABLE ludoteca_accounts (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name text NOT NULL,
            name_key text NOT NULL UNIQUE,
            key_schema integer NOT NULL,
            password text NOT NULL,
            role text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
            standing text NOT NULL DEFAULT 'active' CHECK (standing IN ('active', 'muted', 'banned')),
            created text NOT NULL,
            password_changed text NOT NULL
        )""",
        """CREATE TABLE ludoteca_account_sessions (
            token_digest text PRIMARY KEY,
            account bigint NOT NULL REFERENCES ludoteca_accounts (id),
            created text NOT NULL,
            expires text NOT NULL,
            revoked text
        )""",
        "CREATE INDEX ludoteca_account_sessions_by_account ON ludoteca_account_sessions (account)",
        """CREATE TABLE ludoteca_club_invitations (
            code_digest text PRIMARY KEY,
            created text NOT NULL,
            created_by bigint REFERENCES ludoteca_accounts (id),
            used_by bigint REFERENCES ludoteca_accounts (id),
            used text
        )""",
        "CREATE TABLE ludoteca_club_settings (key text PRIMARY KEY, value text NOT NULL)",
        """CREATE TABLE ludoteca_ratings (
            player text NOT NULL,
            game text NOT NULL,
            system text NOT NULL,
            value double precision NOT NULL,
            deviation double precision NOT NULL,
            volatility double precision,
            conservative double precision NOT NULL,
            games integer NOT NULL,
            updated text NOT NULL,
            PRIMARY KEY (player, game)
        )""",
        "CREATE INDEX ludoteca_ratings_board ON ludoteca_ratings (game, conservative)",
        """CREATE TABLE ludoteca_rated_games (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            table_id text UNIQUE,
            game text NOT NULL,
            date text NOT NULL,
            players text NOT NULL,
            names text NOT NULL,
            ranks text NOT NULL
        )""",
        """CREATE TABLE ludoteca_rating_history (
            rated_game bigint NOT NULL REFERENCES ludoteca_rated_games (id),
            player text NOT NULL,
            game text NOT NULL,
            seat integer NOT NULL,
            date text NOT NULL,
            before_value double precision NOT NULL,
            before_deviation double precision NOT NULL,
            before_volatility double precision,
            value double precision NOT NULL,
            deviation double precision NOT NULL,
            volatility double precision,
            games integer NOT NULL,
            PRIMARY KEY (rated_game, player)
        )""",
        "CREATE INDEX ludoteca_rating_history_by_player"
        " ON ludoteca_rating_history (player, game, rated_game)",
    ),
)

LATEST_VERSION = len(MIGRATIONS)


def newer_schema_error(where: str, found: int, latest: int) -> StoreError:
    return StoreError(
        _(
            "the PostgreSQL database at {where} was set up by a newer Ludoteca (schema {found}); "
            "this version reads up to {latest}. Update Ludoteca on this server."
        ).format(where=where, found=found, latest=latest)
    )


def migrate(conn: Connection[Any], where: str, steps: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database behind `conn` to the latest schema; returns the version it was at."""
    latest = len(steps)
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_CLASS, MIGRATION_KEY))
        conn.execute(
            """CREATE TABLE IF NOT EXISTS ludoteca_schema_version (
                version integer PRIMARY KEY,
                description text NOT NULL,
                applied timestamptz NOT NULL DEFAULT now()
            )"""
        )
        found = schema_version(conn)
        if found > latest:
            raise newer_schema_error(where, found, latest)
        for number, step in enumerate(steps[found:], start=found + 1):
            try:
                for statement in step.statements:
                    conn.execute(statement)
            except Exception as exc:
                raise StoreError(
                    _(
                        "could not upgrade the PostgreSQL database at {where} from schema {old} to {new} "
                        "({detail}); it was left as it was."
                    ).format(where=where, old=found, new=latest, detail=" ".join(str(exc).split()))
                ) from exc
            conn.execute(
                "INSERT INTO ludoteca_schema_version (version, description) VALUES (%s, %s)",
                (number, step.description),
            )
    return found


def schema_version(conn: Connection[Any]) -> int:
    row = conn.execute("SELECT coalesce(max(version), 0) FROM ludoteca_schema_version").fetchone()
    return int(row[0]) if row is not None else 0
