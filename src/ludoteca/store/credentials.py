"""Who may be a club's member, and how they prove it: account names, passwords, session and
invitation secrets, and the throttle on sign-in attempts, with the errors a refusal raises.

`store/accounts.py` keeps accounts in a database with these; nothing here touches one.

* Passwords are hashed with Argon2id (`argon2-cffi`'s `PasswordHasher`, `PASSWORD_PARAMETERS`)
  before any transaction opens, and never logged, shown or kept: the database holds the hash.
* Names are unique without regard to case or look-alike letters: each is kept with its Unicode
  TR39 skeleton (`name_key`, by `disarm.skeleton_key`), and that key is unique, so "Ann", "ANN"
  and "Аnn" (a Cyrillic А) are one name.
* A secret (a session or an invitation) is a random token given once; the database keeps its
  SHA-256 only (`digest`), so a copy of the database signs nobody in.
* Sign-in attempts are throttled per name and per address (`Throttle`, kept in memory by each
  server process).
"""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from ludoteca.i18n import N_, Sentence
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_name


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
