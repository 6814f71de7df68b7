"""A club's accounts and ratings: names, passwords, sessions, invitations, settings, ratings.

What the server needs to know people rather than seats, kept through the store like everything
else: in the SQLite file (`SqliteAccounts`, schema step 6) or in the club's PostgreSQL database
(`ludoteca.store.postgres.accounts.PostgresAccounts`, step 4). Both are this module's `SqlAccounts`
speaking one dialect or the other, so they keep the same promises, and both answer to the
`AccountStore` protocol that the server and the screens are written against.

* Names, passwords, secrets and the throttle on sign-ins are `store/credentials.py`'s: passwords
  hashed with Argon2id before any transaction opens, names unique by their TR39 skeleton, and
  tokens kept as their SHA-256 only. A session is such a token given once to its client; signing
  out revokes it, changing the password revokes them all. Session tokens are not seat tokens: a
  seat token only holds a seat at one table.
* Ratings: `record_rated_game` writes a finished game's rating updates on the connection, and in
  the transaction, that writes its result, once per club table.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from ludoteca.i18n import N_, Sentence, _
from ludoteca.ratings import (
    FinishedGame,
    RatedGame,
    Rating,
    RatingRules,
    System,
    Unrated,
    account_player,
    rate_game,
    rated_players,
)
from ludoteca.store.credentials import (
    INVITATION_PREFIX,
    MAX_ACCOUNT_NAME,
    SESSION_DAYS,
    SESSION_PREFIX,
    AccountError,
    NameRefused,
    Passwords,
    SignInFailed,
    SignUpClosed,
    Throttle,
    clean_account_name,
    digest,
    key_schema,
    name_key,
    new_secret,
)
from ludoteca.store.db import Database

log = logging.getLogger(__name__)

# -- errors -------------------------------------------------------------------------------------


# -- values -------------------------------------------------------------------------------------

ROLES = ("player", "admin")
STANDINGS = ("active", "muted", "banned")


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    role: str
    standing: str
    created: str

    @property
    def player(self) -> str:
        """The key its ratings are kept under."""
        return account_player(self.id)


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in client: the account, and the token to give that client (and nobody else)."""

    account: Account
    token: str = field(repr=False)
    expires: str = ""


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """`open_sign_up`: anyone may create an account (else an invitation code is needed);
    `rated`: games change ratings; `computers_count`: games with a computer seat do too."""

    open_sign_up: bool = True
    rated: bool = True
    computers_count: bool = False

    def rules(self) -> RatingRules:
        return RatingRules(rated=self.rated, computers_count=self.computers_count)


_SETTINGS = ("open_sign_up", "rated", "computers_count")


@dataclass(frozen=True, slots=True)
class StoredRating:
    player: str
    game: str
    rating: Rating
    updated: str


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's rating before and after one rated game (a point of their chart), and the game:
    every seat's player key, name and rank."""

    rated_game: int
    game: str
    date: str
    seat: int
    before: Rating
    after: Rating
    players: tuple[str, ...]
    names: tuple[str, ...]
    ranks: tuple[int, ...]
    #: the club table the game was played at (its record, for a replay); None if not known
    table_id: str | None = None


# -- the interface -------------------------------------------------------------------------------


class AccountStore(Protocol):
    """What the server and the screens use; SQLite's and PostgreSQL's stores both answer to it."""

    def create_account(
        self, name: str, password: str, *, invitation: str | None = None, role: str = "player"
    ) -> Account:
        """A new account (NameRefused, PasswordRefused, SignUpClosed otherwise)."""

    def find_account(self, name: str) -> Account | None:
        """The account whose name looks like `name` (same key), if any."""

    def account(self, account_id: int) -> Account | None: ...

    def check_password(self, name: str, password: str) -> Account | None:
        """The account if `password` is its password (and it is not banned); None otherwise."""

    def open_session(self, account: Account, days: int = SESSION_DAYS) -> Session: ...

    def session_account(self, token: str) -> Account | None:
        """The account a session token signs in, None when unknown, revoked, expired or banned."""

    def close_session(self, token: str) -> None:
        """Sign out: the token no longer signs anyone in."""

    def close_sessions(self, account_id: int) -> int:
        """Revoke all the account's sessions; returns how many were open."""

    def change_password(self, account_id: int, old: str, new: str) -> Session:
        """Every session of the account is revoked; returns a new one for the client that asked."""

    def set_standing(self, account_id: int, standing: str) -> None: ...

    def set_role(self, account_id: int, role: str) -> None:
        """Make the account an admin of the club, or a player again."""

    def standings(self, account_ids: Sequence[int]) -> dict[int, str]:
        """The standing of each of these accounts that exists (one query, however many)."""

    def create_invitation(self, by: int | None = None) -> str: ...

    def club_settings(self) -> ClubSettings: ...

    def set_club_settings(self, settings: ClubSettings) -> None: ...

    def record_game(self, game: FinishedGame) -> RatedGame | Unrated:
        """Rate a finished game in a transaction of its own (the server uses `record_rated_game`
        inside the transaction that writes the result)."""

    def ratings(self, player: str) -> list[StoredRating]: ...

    def rating(self, player: str, game: str) -> StoredRating | None: ...

    def history(self, player: str, game: str | None = None, limit: int = 500) -> list[HistoryPoint]: ...

    def leaderboard(self, game: str, limit: int = 50) -> list[StoredRating]: ...


# -- SQL, in either dialect -----------------------------------------------------------------------


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    def execute(self, query: Any, params: Any = ...) -> Any: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one database is spoken to: its table prefix, its placeholder, its row locks."""

    prefix: str
    placeholder: str
    #: what locks the rows a write reads (PostgreSQL: several processes rate at once)
    for_update: str

    def sql(self, text: str) -> str:
        return text.replace("{p}", self.prefix).replace("?", self.placeholder)

    def run(self, conn: Connection, text: str, params: Sequence[object] = ()) -> Cursor:
        cursor: Cursor = conn.execute(self.sql(text), tuple(params))
        return cursor


SQLITE = Dialect(prefix="", placeholder="?", for_update="")
#: PostgreSQL's (ludoteca.store.postgres.accounts): several processes rate at once, so rows are locked
POSTGRES = Dialect(prefix="ludoteca_", placeholder="%s", for_update=" FOR UPDATE")


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _text(value: object) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _account(row: Sequence[object]) -> Account:
    id_, name, role, standing, created = row
    return Account(int(str(id_)), _text(name), _text(role), _text(standing), _text(created))


_ACCOUNT_COLUMNS = "id, name, role, standing, created"


class SqlAccounts:
    """`AccountStore` over SQL: `write()` gives a connection inside a transaction (committed when
    the block ends), `read()` a connection for reading, in the `dialect` of the database."""

    def __init__(
        self,
        write: Callable[[], AbstractContextManager[Connection]],
        read: Callable[[], AbstractContextManager[Connection]],
        dialect: Dialect,
        *,
        passwords: Passwords | None = None,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._write, self._read, self._dialect = write, read, dialect
        self._passwords = passwords
        self._clock = clock

    @property
    def passwords(self) -> Passwords:
        if self._passwords is None:
            self._passwords = Passwords()
        return self._passwords

    def _now(self, later: timedelta = timedelta(0)) -> str:
        return (self._clock() + later).astimezone(UTC).isoformat(timespec="microseconds")

    def _run(self, conn: Connection, text: str, *params: object) -> Cursor:
        return self._dialect.run(conn, text, params)

    # -- accounts --------------------------------------------------------------------------------

    def create_account(
        self, name: str, password: str, *, invitation: str | None = None, role: str = "player"
    ) -> Account:
        name, key = clean_account_name(name)
        if role not in ROLES:
            raise AccountError(Sentence(N_("an account's role is 'player' or 'admin'.")))
        hashed = self.passwords.hash(password)  # before the transaction: it takes a while
        now = self._now()
        with self._write() as conn:
            settings = _read_settings(self._dialect, conn)
            if not settings.open_sign_up and role != "admin":
                self._use_invitation(conn, invitation, now)
            row = self._run(
                conn,
                "INSERT INTO {p}accounts (name, name_key, key_schema, password, role, created,"
                " password_changed) VALUES (?, ?, ?, ?, ?, ?, ?)"
                f" ON CONFLICT (name_key) DO NOTHING RETURNING {_ACCOUNT_COLUMNS}",
                name,
                key,
                key_schema(),
                hashed,
                role,
                now,
                now,
            ).fetchone()
            if row is None:
                raise NameRefused(
                    Sentence(
                        N_("the name '{name}' is taken, or looks too much like a name that is."), name=name
                    )
                )
            account = _account(row)
            if invitation is not None and not settings.open_sign_up and role != "admin":
                self._run(
                    conn,
                    "UPDATE {p}club_invitations SET used_by = ? WHERE code_digest = ?",
                    account.id,
                    digest(invitation),
                )
        log.info("account %d created", account.id)
        return account

    def _use_invitation(self, conn: Connection, invitation: str | None, now: str) -> None:
        refused = SignUpClosed(
            Sentence(N_("this club takes new members by invitation: give the code you were sent."))
        )
        if not isinstance(invitation, str) or not invitation:
            raise refused
        used = self._run(
            conn,
            "UPDATE {p}club_invitations SET used = ? WHERE code_digest = ? AND used IS NULL",
            now,
            digest(invitation),
        )
        if used.rowcount != 1:
            raise SignUpClosed(Sentence(N_("that invitation code is not valid, or has been used.")))

    def find_account(self, name: str) -> Account | None:
        if not isinstance(name, str) or len(name) > 4 * MAX_ACCOUNT_NAME:
            return None
        with self._read() as conn:
            row = self._run(
                conn, f"SELECT {_ACCOUNT_COLUMNS} FROM {{p}}accounts WHERE name_key = ?", name_key(name)
            ).fetchone()
        return None if row is None else _account(row)

    def account(self, account_id: int) -> Account | None:
        with self._read() as conn:
            row = self._run(
                conn, f"SELECT {_ACCOUNT_COLUMNS} FROM {{p}}accounts WHERE id = ?", int(account_id)
            ).fetchone()
        return None if row is None else _account(row)

    def check_password(self, name: str, password: str) -> Account | None:
        stored: str | None = None
        account: Account | None = None
        if isinstance(name, str) and len(name) <= 4 * MAX_ACCOUNT_NAME:
            with self._read() as conn:
                row = self._run(
                    conn,
                    f"SELECT {_ACCOUNT_COLUMNS}, password FROM {{p}}accounts WHERE name_key = ?",
                    name_key(name),
                ).fetchone()
            if row is not None:
                account, stored = _account(row[:5]), _text(row[5])
        if not self.passwords.verify(stored, password) or account is None:
            return None
        if account.standing == "banned":
            return None
        if stored is not None and self.passwords.needs_rehash(stored):
            rehashed = self.passwords.hash(password)
            with self._write() as conn:
                self._run(
                    conn,
                    "UPDATE {p}accounts SET password = ? WHERE id = ? AND password = ?",
                    rehashed,
                    account.id,
                    stored,
                )
        return account

    def set_standing(self, account_id: int, standing: str) -> None:
        if standing not in STANDINGS:
            raise AccountError(
                _("an account's standing is one of {words}.").format(words=", ".join(STANDINGS))
            )
        with self._write() as conn:
            self._run(conn, "UPDATE {p}accounts SET standing = ? WHERE id = ?", standing, int(account_id))
            if standing == "banned":
                self._revoke_all(conn, int(account_id))

    def set_role(self, account_id: int, role: str) -> None:
        if role not in ROLES:
            raise AccountError(Sentence(N_("an account's role is 'player' or 'admin'.")))
        with self._write() as conn:
            self._run(conn, "UPDATE {p}accounts SET role = ? WHERE id = ?", role, int(account_id))

    def standings(self, account_ids: Sequence[int]) -> dict[int, str]:
        numbers = sorted({int(number) for number in account_ids})
        if not numbers:
            return {}
        marks = ", ".join("?" * len(numbers))
        with self._read() as conn:
            rows = self._run(
                conn, f"SELECT id, standing FROM {{p}}accounts WHERE id IN ({marks})", *numbers
            ).fetchall()
        return {int(str(number)): _text(standing) for number, standing in rows}

    # -- sessions --------------------------------------------------------------------------------

    def open_session(self, account: Account, days: int = SESSION_DAYS) -> Session:
        with self._write() as conn:
            return self._open_session(conn, account, days)

    def _open_session(self, conn: Connection, account: Account, days: int) -> Session:
        token = new_secret(SESSION_PREFIX)
        expires = self._now(timedelta(days=days))
        self._run(
            conn,
            "INSERT INTO {p}account_sessions (token_digest, account, created, expires) VALUES (?, ?, ?, ?)",
            digest(token),
            account.id,
            self._now(),
            expires,
        )
        return Session(account, token, expires)

    def session_account(self, token: str) -> Account | None:
        if not isinstance(token, str) or not token.startswith(SESSION_PREFIX) or len(token) > 200:
            return None
        with self._read() as conn:
            row = self._run(
                conn,
                "SELECT a.id, a.name, a.role, a.standing, a.created FROM {p}account_sessions s"
                " JOIN {p}accounts a ON a.id = s.account"
                " WHERE s.token_digest = ? AND s.revoked IS NULL AND s.expires > ?",
                digest(token),
                self._now(),
            ).fetchone()
        if row is None:
            return None
        account = _account(row)
        return None if account.standing == "banned" else account

    def close_session(self, token: str) -> None:
        if not isinstance(token, str):
            return
        with self._write() as conn:
            self._run(
                conn,
                "UPDATE {p}account_sessions SET revoked = ? WHERE token_digest = ? AND revoked IS NULL",
                self._now(),
                digest(token),
            )

    def close_sessions(self, account_id: int) -> int:
        with self._write() as conn:
            return self._revoke_all(conn, int(account_id))

    def _revoke_all(self, conn: Connection, account_id: int) -> int:
        cursor = self._run(
            conn,
            "UPDATE {p}account_sessions SET revoked = ? WHERE account = ? AND revoked IS NULL",
            self._now(),
            account_id,
        )
        return int(cursor.rowcount)

    def change_password(self, account_id: int, old: str, new: str) -> Session:
        account = self.account(account_id)
        if account is None or self.check_password(account.name, old) is None:
            raise SignInFailed(
                Sentence(N_("the current password is not right; the password was not changed."))
            )
        hashed = self.passwords.hash(new)
        with self._write() as conn:
            self._run(
                conn,
                "UPDATE {p}accounts SET password = ?, password_changed = ? WHERE id = ?",
                hashed,
                self._now(),
                account.id,
            )
            self._revoke_all(conn, account.id)
            session = self._open_session(conn, account, SESSION_DAYS)
        log.info("account %d changed its password; its other sessions are revoked", account.id)
        return session

    # -- the club ----------------------------------------------------------------------------------

    def create_invitation(self, by: int | None = None) -> str:
        code = new_secret(INVITATION_PREFIX)
        with self._write() as conn:
            self._run(
                conn,
                "INSERT INTO {p}club_invitations (code_digest, created, created_by) VALUES (?, ?, ?)",
                digest(code),
                self._now(),
                by,
            )
        return code

    def club_settings(self) -> ClubSettings:
        with self._read() as conn:
            return _read_settings(self._dialect, conn)

    def set_club_settings(self, settings: ClubSettings) -> None:
        with self._write() as conn:
            for key in _SETTINGS:
                self._run(
                    conn,
                    "INSERT INTO {p}club_settings (key, value) VALUES (?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    key,
                    "yes" if getattr(settings, key) else "no",
                )

    # -- ratings -----------------------------------------------------------------------------------

    def record_game(self, game: FinishedGame) -> RatedGame | Unrated:
        with self._write() as conn:
            return record_rated_game(conn, game, self._dialect)

    def ratings(self, player: str) -> list[StoredRating]:
        with self._read() as conn:
            rows = self._run(
                conn,
                f"SELECT {_RATING_COLUMNS} FROM {{p}}ratings WHERE player = ? AND games > 0 ORDER BY game",
                player,
            ).fetchall()
        return [_stored_rating(row) for row in rows]

    def rating(self, player: str, game: str) -> StoredRating | None:
        with self._read() as conn:
            row = self._run(
                conn,
                f"SELECT {_RATING_COLUMNS} FROM {{p}}ratings WHERE player = ? AND game = ?",
                player,
                game,
            ).fetchone()
        return None if row is None else _stored_rating(row)

    def history(self, player: str, game: str | None = None, limit: int = 500) -> list[HistoryPoint]:
        query = (
            "SELECT h.rated_game, h.game, h.date, h.seat, g.players, g.names, g.ranks, r.system,"
            " h.before_value, h.before_deviation, h.before_volatility, h.value, h.deviation, h.volatility,"
            " h.games, g.table_id"
            " FROM {p}rating_history h JOIN {p}rated_games g ON g.id = h.rated_game"
            " JOIN {p}ratings r ON r.player = h.player AND r.game = h.game"
            " WHERE h.player = ?"
        )
        params: list[object] = [player]
        if game is not None:
            query += " AND h.game = ?"
            params.append(game)
        query += " ORDER BY h.rated_game DESC LIMIT ?"
        params.append(int(limit))
        with self._read() as conn:
            rows = self._run(conn, query, *params).fetchall()
        return [_history_point(row) for row in reversed(rows)]

    def leaderboard(self, game: str, limit: int = 50) -> list[StoredRating]:
        with self._read() as conn:
            rows = self._run(
                conn,
                f"SELECT {_RATING_COLUMNS} FROM {{p}}ratings WHERE game = ? AND games > 0"
                " ORDER BY conservative DESC, player LIMIT ?",
                game,
                int(limit),
            ).fetchall()
        return [_stored_rating(row) for row in rows]


def _read_settings(dialect: Dialect, conn: Connection) -> ClubSettings:
    rows = dialect.run(conn, "SELECT key, value FROM {p}club_settings").fetchall()
    kept = {_text(key): _text(value) for key, value in rows}
    defaults = ClubSettings()
    values = {key: kept[key] == "yes" if key in kept else getattr(defaults, key) for key in _SETTINGS}
    return replace(defaults, **values)


_RATING_COLUMNS = "player, game, system, value, deviation, volatility, games, updated"


def _stored_rating(row: Sequence[object]) -> StoredRating:
    player, game, system, value, deviation, volatility, games, updated = row
    rating = Rating(
        System(_text(system)),
        float(str(value)),
        float(str(deviation)),
        None if volatility is None else float(str(volatility)),
        int(str(games)),
    )
    return StoredRating(_text(player), _text(game), rating, _text(updated))


def _history_point(row: Sequence[object]) -> HistoryPoint:
    (rated_game, game, date, seat, players, names, ranks, system, *numbers) = row
    b_value, b_dev, b_vol, value, dev, vol, games, table_id = numbers
    kind = System(_text(system))
    count = int(str(games))

    def rating(value: object, deviation: object, volatility: object, games: int) -> Rating:
        kept = None if volatility is None else float(str(volatility))
        return Rating(kind, float(str(value)), float(str(deviation)), kept, games)

    return HistoryPoint(
        rated_game=int(str(rated_game)),
        game=_text(game),
        date=_text(date),
        seat=int(str(seat)),
        before=rating(b_value, b_dev, b_vol, count - 1),
        after=rating(value, dev, vol, count),
        players=tuple(json.loads(_text(players))),
        names=tuple(json.loads(_text(names))),
        ranks=tuple(json.loads(_text(ranks))),
        table_id=None if table_id is None else _text(table_id),
    )


# -- a finished game's ratings, in the result's transaction ------------------------------------------


def record_rated_game(conn: Connection, game: FinishedGame, dialect: Dialect = SQLITE) -> RatedGame | Unrated:
    """Rate `game` on `conn`, inside the caller's open transaction (the one writing its result):
    read the club's settings and the players' ratings, write the new ratings and one history row
    per player. Once per `table_id`: a game whose table was already rated changes nothing
    (a write tried again). A game the club does not rate writes nothing and says why.

    Never raises for what the game holds (a damaged rating is logged and the game left unrated),
    so a result is never held back by its rating; a database error does raise, and then the whole
    transaction, result included, is rolled back and tried again by the server."""
    rules = _read_settings(dialect, conn).rules()
    players = rated_players(game, rules)
    if isinstance(players, Unrated):
        return players
    current: dict[str, Rating] = {}
    assert game.system is not None  # rated_players said so
    newcomer = Rating.start(game.system)
    # in one order whoever rates, so two processes rating games of the same players never deadlock
    for player in sorted(players):
        # a newcomer's row first, so that there is a row to lock: two processes rating a player's
        # first games at once would otherwise both start from a newcomer's rating
        dialect.run(
            conn,
            "INSERT INTO {p}ratings (player, game, system, value, deviation, volatility, conservative,"
            " games, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (player, game) DO NOTHING",
            (
                player,
                game.game,
                str(newcomer.system),
                newcomer.value,
                newcomer.deviation,
                newcomer.volatility,
                newcomer.shown().conservative,
                game.date,
            ),
        )
        row = dialect.run(
            conn,
            f"SELECT {_RATING_COLUMNS} FROM {{p}}ratings WHERE player = ? AND game = ?{dialect.for_update}",
            (player, game.game),
        ).fetchone()
        if row is not None:
            try:
                current[player] = _stored_rating(row).rating
            except ValueError as exc:
                log.error(
                    "the rating of %s for %s cannot be read (%s); the game is not rated",
                    player,
                    game.game,
                    exc,
                )
                return Unrated.BAD_RESULT
    # after the players' rows are locked: the games of one player are numbered in the order they
    # are rated, which is the order of their chart
    inserted = dialect.run(
        conn,
        "INSERT INTO {p}rated_games (table_id, game, date, players, names, ranks) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (table_id) DO NOTHING RETURNING id",
        (
            game.table_id,
            game.game,
            game.date,
            json.dumps(list(players), ensure_ascii=False),
            json.dumps([seat.name for seat in game.seats], ensure_ascii=False),
            json.dumps(list(game.ranks)),
        ),
    ).fetchone()
    if inserted is None:
        log.info("the game of table %s was already rated", game.table_id)
        return Unrated.ALREADY_RATED
    rated_id = int(str(inserted[0]))
    try:
        outcome = rate_game(game, current, rules)
    except (ValueError, ArithmeticError) as exc:
        log.error("the game of table %s could not be rated (%s)", game.table_id, exc)
        return Unrated.BAD_RESULT
    if isinstance(outcome, Unrated):
        return outcome
    for update in outcome.updates:
        after = update.after
        dialect.run(
            conn,
            "INSERT INTO {p}ratings (player, game, system, value, deviation, volatility, conservative,"
            " games, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (player, game) DO UPDATE SET system = excluded.system, value = excluded.value,"
            " deviation = excluded.deviation, volatility = excluded.volatility,"
            " conservative = excluded.conservative, games = excluded.games, updated = excluded.updated",
            (
                update.player,
                game.game,
                str(after.system),
                after.value,
                after.deviation,
                after.volatility,
                after.shown().conservative,
                after.games,
                game.date,
            ),
        )
        dialect.run(
            conn,
            "INSERT INTO {p}rating_history (rated_game, player, game, seat, date, before_value,"
            " before_deviation, before_volatility, value, deviation, volatility, games)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                rated_id,
                update.player,
                game.game,
                update.seat,
                game.date,
                update.before.value,
                update.before.deviation,
                update.before.volatility,
                after.value,
                after.deviation,
                after.volatility,
                after.games,
            ),
        )
    return outcome


# -- SQLite ------------------------------------------------------------------------------------------


class SqliteAccounts(SqlAccounts):
    """The accounts in the SQLite file of a `Database` (a `Store`'s, or one opened by `open`)."""

    def __init__(
        self,
        db: Database,
        *,
        passwords: Passwords | None = None,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        self.db = db
        super().__init__(db.transaction, db.read, SQLITE, passwords=passwords, clock=clock)

    @staticmethod
    def open(
        path: str | Path, *, passwords: Passwords | None = None, clock: Callable[[], datetime] = _utc_now
    ) -> SqliteAccounts:
        """Open (create or upgrade) the file at `path` for its accounts; `close()` when done."""
        return SqliteAccounts(Database(Path(path)), passwords=passwords, clock=clock)

    def close(self) -> None:
        self.db.close()


def record_rated_game_sqlite(conn: Any, game: FinishedGame) -> RatedGame | Unrated:
    """`record_rated_game` on the connection `Database.transaction()` gives (store/tables.py's
    `save_tables`, beside `add_result`)."""
    return record_rated_game(conn, game, SQLITE)


def record_rated_game_postgres(conn: Any, game: FinishedGame) -> RatedGame | Unrated:
    """`record_rated_game` on a psycopg connection inside the caller's transaction (the
    `conn.transaction()` of `PostgresTableStore.save_tables`, beside `add_result`)."""
    return record_rated_game(conn, game, POSTGRES)


def pooled_accounts(
    connection: Callable[[], AbstractContextManager[Any]],
    dialect: Dialect,
    *,
    passwords: Passwords | None = None,
    clock: Callable[[], datetime] | None = None,
) -> SqlAccounts:
    """Accounts on the connections a pool lends (`connection()`, given back at the end of the
    block): a write is such a block inside `conn.transaction()` (psycopg's)."""

    @contextmanager
    def write() -> Iterator[Connection]:
        with connection() as conn, conn.transaction():
            yield conn

    return SqlAccounts(write, connection, dialect, passwords=passwords, clock=clock or _utc_now)


# -- signing in --------------------------------------------------------------------------------------


def sign_in(store: AccountStore, throttle: Throttle, name: str, password: str, address: str) -> Session:
    """The whole sign-in a server does: throttle, check the password, open a session. Raises
    Throttled (too many failures for this name or address) or SignInFailed (one sentence for a
    wrong name and a wrong password alike). The password is never logged."""
    throttle.check(name, address)
    account = store.check_password(name, password)
    if account is None:
        throttle.failed(name, address)
        log.info("a sign-in failed from %s", address)
        raise SignInFailed(Sentence(N_("wrong name or password.")))
    throttle.succeeded(name)
    return store.open_session(account)


# -- a player's page ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opponent:
    """How a player fared against one other player (`player` key, last `name` seen) in rated
    games: in a game of three or four, each other seat counts once, by who finished ahead."""

    player: str
    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """What a club shows of a member: their ratings by game, every rated game in order (each a
    point of that game's chart), and their record against each opponent."""

    account: Account
    ratings: tuple[StoredRating, ...]
    history: tuple[HistoryPoint, ...]
    opponents: tuple[Opponent, ...]

    def chart(self, game: str) -> list[tuple[str, float]]:
        """(date, rating) points of `game`'s chart: the start, then after each rated game."""
        points = [point for point in self.history if point.game == game]
        if not points:
            return []
        return [(points[0].date, points[0].before.value), *((p.date, p.after.value) for p in points)]


def player_page(store: AccountStore, name: str, limit: int = 500) -> PlayerPage | None:
    """The page of the member called `name` (by the name's key: case and look-alikes folded);
    None when there is none."""
    account = store.find_account(name)
    if account is None:
        return None
    history = tuple(store.history(account.player, limit=limit))
    return PlayerPage(account, tuple(store.ratings(account.player)), history, opponents_of(history))


def opponents_of(history: Sequence[HistoryPoint]) -> tuple[Opponent, ...]:
    """Wins, losses and draws against each other player of `history`'s games, most games first."""
    tally: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for point in history:
        mine = point.ranks[point.seat]
        for seat, (player, rank) in enumerate(zip(point.players, point.ranks, strict=False)):
            if seat == point.seat:
                continue
            counts = tally.setdefault(player, [0, 0, 0])
            counts[0 if mine < rank else 1 if mine > rank else 2] += 1
            if seat < len(point.names):
                names[player] = point.names[seat]
    found = [Opponent(player, names.get(player, player), *counts) for player, counts in tally.items()]
    return tuple(sorted(found, key=lambda o: (-(o.wins + o.losses + o.draws), o.name.casefold())))
