"""A club's accounts and ratings: names, passwords, sessions, invitations, settings, ratings.

What the server needs to know people rather than seats, kept through the store like everything
else: in the SQLite file (`SqliteAccounts`, schema step 6) or in the club's PostgreSQL database
(`ludoteca.store.postgres.accounts.PostgresAccounts`, step 4). Both are this module's `SqlAccounts`
speaking one dialect or the other, so they keep the same promises, and both answer to the
`AccountStore` protocol that the server and the screens are written against.

* Passwords are hashed with Argon2id (`argon2-cffi`'s `PasswordHasher`, `PASSWORD_PARAMETERS`)
  before any transaction opens, and never logged, shown or kept: the database holds the hash.
* Names are unique without regard to case or look-alike letters: each is kept with its Unicode
  TR39 skeleton (`name_key`, by `disarm.skeleton_key`), and that key is unique, so "Ann", "ANN"
  and "Аnn" (a Cyrillic А) are one name.
* A session is a random token given once to its client; the database keeps its SHA-256 only, so
  a copy of the database signs nobody in. Signing out revokes it; changing the password revokes
  them all. Session tokens are not seat tokens: a seat token only holds a seat at one table.
* Sign-in attempts are throttled per name and per address (`Throttle`, kept in memory by each
  server process).
* Ratings: `record_rated_game` writes a finished game's rating updates on the connection, and in
  the transaction, that writes its result, once per club table.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import secrets
import threading
import time
from collections import OrderedDict, deque
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
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_name

log = logging.getLogger(__name__)

# -- errors -------------------------------------------------------------------------------------


class AccountError(StoreError):
    """A request about an account that cannot be granted; the sentence says why. Made from a
    `Sentence`, it keeps it (`sentence`): a server sends it so that each client shows it in its
    own player's language."""

    def __init__(self, reason: str | Sentence) -> None:
        super().__init__(str(reason))
        self.sentence = reason if isinstance(reason, Sentence) else None


class NameRefused(AccountError):
    """A name that cannot be an account's (taken, look-alike of one taken, reserved, unreadable)."""


class PasswordRefused(AccountError):
    """A new password too short or too long."""


class SignInFailed(AccountError):
    """Wrong name or password (never saying which), a banned account, or a session not valid."""


class SignUpClosed(AccountError):
    """The club takes new members by invitation only, and the code given is not a valid one."""


class Throttled(AccountError):
    """Too many failed sign-ins for this name or from this address: try again in `wait` seconds."""

    def __init__(self, wait: float) -> None:
        self.wait = max(1, math.ceil(wait))
        super().__init__(
            Sentence(N_("too many sign-in attempts; try again in {seconds} seconds."), seconds=self.wait)
        )


# -- passwords ----------------------------------------------------------------------------------

#: Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): memory-hard, about
#: 50 ms a hash on one core here, so a club on two shared cores can check a few sign-ins a second
#: without stalling. argon2-cffi's default (64 MiB, 3 passes, 4 lanes: RFC 9106's low-memory
#: profile) took about 0.45 s here. A stored hash records its parameters: an older one still
#: verifies and is re-hashed with these at the next sign-in.
PASSWORD_PARAMETERS: dict[str, int] = {
    "time_cost": 2,
    "memory_cost": 19 * 1024,
    "parallelism": 1,
    "hash_len": 32,
    "salt_len": 16,
}
MIN_PASSWORD = 8
#: longer passwords are refused before hashing (a megabyte password is an attack, not a secret)
MAX_PASSWORD = 256


class Passwords:
    """Hashes and checks passwords. `Passwords(**cheap)` in tests; the club uses the default."""

    def __init__(self, **parameters: int) -> None:
        from argon2 import PasswordHasher

        chosen = {**PASSWORD_PARAMETERS, **parameters}
        self._hasher = PasswordHasher(
            time_cost=chosen["time_cost"],
            memory_cost=chosen["memory_cost"],
            parallelism=chosen["parallelism"],
            hash_len=chosen["hash_len"],
            salt_len=chosen["salt_len"],
        )
        # checked against when a name is unknown, so that an unknown name takes as long to
        # refuse as a wrong password (the time does not tell which names exist)
        self._decoy = self._hasher.hash(secrets.token_hex(16))

    def hash(self, password: str) -> str:
        check_password(password)
        return str(self._hasher.hash(password))

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one `stored` was made from (a decoy is checked when None)."""
        from argon2.exceptions import InvalidHashError, VerificationError

        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            return False
        try:
            return bool(self._hasher.verify(stored or self._decoy, password)) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        return bool(self._hasher.check_needs_rehash(stored))


def check_password(password: str) -> None:
    if not isinstance(password, str):
        raise PasswordRefused(Sentence(N_("a password must be text.")))
    if len(password) < MIN_PASSWORD:
        raise PasswordRefused(
            Sentence(N_("a password needs at least {count} characters."), count=MIN_PASSWORD)
        )
    if len(password) > MAX_PASSWORD:
        raise PasswordRefused(Sentence(N_("a password has at most {count} characters."), count=MAX_PASSWORD))


def hash_timing(samples: int = 11, passwords: Passwords | None = None) -> float:
    """The median seconds one hash takes with the club's parameters (a measure, not a test)."""
    hasher = passwords or Passwords()
    times = []
    for _number in range(samples):
        start = time.perf_counter()
        hasher.hash("correct horse battery staple")
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


# -- names --------------------------------------------------------------------------------------

#: account names are shorter than save names: they are shown beside boards and in lists
MAX_ACCOUNT_NAME = 24
#: names nobody may take, whatever their case or look: they would pass for the program's own
RESERVED_NAMES = ("computer", "guest", "ludoteca")


def name_key(name: str) -> str:
    """The key two names share when they look alike: the Unicode TR39 skeleton (confusable letters
    of every script folded to one prototype, "1" and "l", "0" and "O" together), case folded, by
    `disarm.skeleton_key`. 'Ann', 'ANN' and 'Аnn' (a Cyrillic А) all give 'ann'."""
    from disarm import skeleton_key

    return str(skeleton_key(name, digit_policy="tr39"))


def key_schema() -> int:
    """The version of `name_key`'s folding, kept beside each key (a new one needs a re-key)."""
    from disarm import KEY_SCHEMA_VERSION

    return int(KEY_SCHEMA_VERSION)


def clean_account_name(name: str) -> tuple[str, str]:
    """The name as it will be kept, and its key; NameRefused if it cannot be an account's."""
    try:
        name = clean_name(name)
    except StoreError as exc:
        raise NameRefused(str(exc)) from None
    if len(name) > MAX_ACCOUNT_NAME:
        raise NameRefused(
            Sentence(N_("an account name has at most {count} characters."), count=MAX_ACCOUNT_NAME)
        )
    key = name_key(name)
    if not key.strip():
        raise NameRefused(Sentence(N_("a name needs at least one visible letter.")))
    if any(
        key == name_key(reserved) or key.startswith(name_key(reserved) + ":") for reserved in RESERVED_NAMES
    ):
        raise NameRefused(
            Sentence(N_("the name '{name}' is kept for the program; choose another."), name=name)
        )
    return name, key


# -- tokens -------------------------------------------------------------------------------------

#: how a session token begins, so that one is never mistaken for a seat token or an invitation
SESSION_PREFIX = "ses_"
INVITATION_PREFIX = "inv_"
#: how long a session lasts unless revoked
SESSION_DAYS = 30


def new_secret(prefix: str) -> str:
    """A fresh random token: 256 bits from `secrets`."""
    return prefix + secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256 (a token is random, so a slow hash adds
    nothing; the digest alone signs nobody in)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


# -- throttling ---------------------------------------------------------------------------------


@dataclass
class Throttle:
    """How many failed sign-ins are allowed, per name (its key) and per address, in a sliding
    window of `window` seconds: `per_name` and `per_address`. Past that, attempts are refused
    (without checking the password) until the oldest failure leaves the window; a success
    forgets the name's failures. `clock` is injectable (tests); memory is bounded by `max_keys`.
    Each server process keeps its own: a club of N processes allows up to N times as many.

    With the defaults a guesser gets 5 tries a minute at one name, from any number of addresses
    (7,200 a day), and 20 a minute from one address, over any number of names."""

    per_name: int = 5
    per_address: int = 20
    window: float = 60.0
    max_keys: int = 100_000
    clock: Callable[[], float] = time.monotonic
    _failures: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict, repr=False)
    # sign-ins are checked in worker threads (a hash takes a while): one at a time in here
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def wait(self, name: str, address: str) -> float:
        """Seconds before `name` may try from `address`; 0 when it may now."""
        name_part = f"name:{_throttle_name(name)}"
        with self._lock:
            now = self.clock()
            return max(
                self._wait(name_part, self.per_name, now),
                self._wait(f"address:{address}", self.per_address, now),
            )

    def check(self, name: str, address: str) -> None:
        """Raise Throttled when `name` may not try from `address` now."""
        wait = self.wait(name, address)
        if wait > 0:
            raise Throttled(wait)

    def failed(self, name: str, address: str) -> None:
        keys = (f"name:{_throttle_name(name)}", f"address:{address}")
        with self._lock:
            now = self.clock()
            for key in keys:
                times = self._failures.get(key)
                if times is None:
                    times = self._failures[key] = deque(maxlen=max(self.per_name, self.per_address))
                self._failures.move_to_end(key)
                times.append(now)
            while len(self._failures) > self.max_keys:
                self._failures.popitem(last=False)

    def succeeded(self, name: str) -> None:
        key = f"name:{_throttle_name(name)}"
        with self._lock:
            self._failures.pop(key, None)

    def _wait(self, key: str, limit: int, now: float) -> float:
        times = self._failures.get(key)
        if times is None:
            return 0.0
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
            return 0.0
        if len(times) < limit:
            return 0.0
        return times[-limit] + self.window - now


def _throttle_name(name: str) -> str:
    try:
        return name_key(name) if isinstance(name, str) and len(name) <= 4 * MAX_ACCOUNT_NAME else "?"
    except Exception:
        return "?"


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
