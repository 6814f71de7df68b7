"""Whoever sends requests to a server: what the request handlers of `net/server.py` know of them.

Two kinds: a `server.Connection` (a WebSocket of this process) and a `fleet.RelayedPeer` (a client
of another process of the same club, at a table this one runs, whose requests and answers come
and go by mail). Both are `table.Peer`s, so a table never knows which it has.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.net.table import Table

#: the WebSocket close code and reason with which a client is sent to reconnect: the process
#: running its table is gone, or gave the table up (the client reconnects by itself)
MOVED_CODE, MOVED_REASON = 1012, "table moved; reconnect"


class Bucket:
    """A token bucket: `allow()` is False once the connection sends faster than its rate."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self._now = rate, burst, now
        self.tokens = float(burst)
        self.stamp = now()

    def allow(self) -> bool:
        now = self._now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class Relay:
    """Where a client's table requests go when another process runs its table."""

    #: the owner id of the process running the table
    owner: str
    table: str
    #: this relay's number in this process, which the owner's answers name
    rid: int
    #: the client left that table (its requests still go there, and are refused there)
    left: bool = False
    since: float = field(default_factory=time.monotonic)


class Member:
    """A client as the request handlers see it: its name, where it sits, its chat allowance."""

    def __init__(self, name: str, address: str, chat_rate: float, chat_burst: int) -> None:
        self.name = name
        self.address = address
        self.last_heard = time.monotonic()
        self.table: Table | None = None
        #: a web client: it is sent scenes to draw, not views to decode (net/scene.py)
        self.scenes = False
        self.chat_bucket = Bucket(chat_rate, chat_burst)
        self.closing = False
        #: the process running this client's table, when another one does (net/fleet.py)
        self.relay: Relay | None = None
        #: requests waiting while the way to a table is looked up, or while a sign-in is checked
        #: (their order is kept)
        self.held: list[str | bytes] | None = None
        #: the club account this client is signed in as (None: a guest); a seat it takes is
        #: bound to that account (net/table.py)
        self.account_id: int | None = None
        #: its session token, kept in memory only (never logged or written): signing out
        #: revokes it; on a relayed member (net/fleet.py) it is always None
        self.session: str | None = None

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue a message for this client (never blocks)."""
        raise NotImplementedError

    def hang_up(self, code: int = 1008, reason: str = "too slow") -> None:
        """Close the connection once what is already queued has gone out."""
        raise NotImplementedError
