"""Several server processes, one club: what a `ludoteca serve` process does when its table store
is shared (PostgreSQL's; docs/scaling.md).

Each table is run by one process, its owner (the store says which, and whether it is alive).
A client may connect to any process (its "front"):

* **One lobby.** The lobby lists this process's tables from memory and everyone else's from the
  store, where each owner writes what the lobby shows of its tables with every change.
* **Relaying.** A client that joins or watches a table another process runs stays connected
  here; its table requests are posted, in order, to the owner, which has a `RelayedPeer` for it:
  a member of the table like any connection, whose messages are posted back here and sent on.
  The owner computes every member's view, so secrets still leave only through `view`, and the
  table's code does not know which of its members are relayed.
* **Failover.** Every `TICK_SECONDS` each process asks the store who is alive and adopts the
  tables of processes that died (or stopped), replaying them from their records. Clients that
  were relayed to a dead process are hung up with `MOVED_CODE`: they reconnect by themselves and
  rejoin with their seat tokens, and their front finds the new owner (or, if nobody has adopted
  the table yet, adopts it on the spot). A move is acknowledged only once its owner has written
  it, and a table's version refuses a stale move, so no acknowledged move is lost and none is
  applied twice.

Mail is a JSON array of letters; `k` says what each is: `req` (a client's request, to the owner,
with `a` the account the client signed in as at its front, when it did),
`gone` (that client left or hung up), `out` (a message for the client, to its front), `bye` (the
owner let the table go: the client is to reconnect), `again` (the owner does not run that
table: the front looks for it again), `closed` (the client is at that table no more: an admin
closed it, or banned the client's account; the relay ends) and `standing` (an admin changed the
standing of account `a` to `s`: every process tells its own clients, and lets go of a banned
member's seats). A `req` with `o` is one request on its own (an admin closing a table another
process runs): its one answer comes back as an `out`, and no relay is kept for it.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ludoteca.i18n import N_, Sentence
from ludoteca.net import protocol
from ludoteca.net.member import MOVED_CODE, MOVED_REASON, Member, Relay
from ludoteca.net.protocol import ProtocolError, Request
from ludoteca.net.tablestore import Mailbox, SharedTableStore, TableWhere
from ludoteca.store import StoreError
from ludoteca.store.tables import TableRow

if TYPE_CHECKING:
    from ludoteca.net.table import Table

log = logging.getLogger("ludoteca.net.fleet")


class ChatLimits(Protocol):
    @property
    def chat_lines(self) -> int: ...

    @property
    def chat_window(self) -> float: ...


class ClubServer(Protocol):
    """What the fleet asks of the server whose club it spreads: net/server.py's `Server`, which
    imports this module, described here rather than imported back."""

    @property
    def limits(self) -> ChatLimits: ...

    @property
    def tables(self) -> Mapping[str, Table]: ...

    def take(self, conn: Member, frame: str | bytes) -> None: ...

    def run(self, conn: Member, request: Request) -> None: ...

    def leave(self, conn: Member) -> None: ...

    def standing_changed(self, account_id: int, standing: str) -> None: ...

    def reopen(self, rows: Sequence[TableRow]) -> list[Table]: ...


#: seconds between two looks for processes that died
TICK_SECONDS = 1.0
#: seconds the other processes' tables, as read from the store, are shown in the lobby
LOBBY_SECONDS = 1.0
#: how many times a front looks again for a table between two owners (about four seconds)
PATIENCE = 12
#: requests that go to the process running the client's table
TABLE_REQUESTS = frozenset(
    {"start", "move", "undo", "answer", "resign", "draw", "computer", "chat", "record", "leave"}
)

MOVED = Sentence(
    N_("The server running this table stopped or handed it over; reconnecting to the one that runs it now.")
)
DATABASE_TROUBLE = Sentence(N_("The club's database cannot be reached just now; try again in a moment."))
GAME_OVER = N_("the game at table {id} is over; the club keeps its record")
BETWEEN_SERVERS = Sentence(N_("This table is moving to another server of the club; try again in a moment."))
NOT_RUNNING = N_("no server of the club runs a table {id} now")

T = TypeVar("T")


class RelayedPeer(Member):
    """A client of the process `front`, at a table this process runs."""

    def __init__(self, fleet: Fleet, front: str, rid: int, name: str, scenes: bool) -> None:
        limits = fleet.server.limits
        super().__init__(name, f"process {front}", limits.chat_lines / limits.chat_window, limits.chat_lines)
        self.fleet, self.front, self.rid = fleet, front, rid
        self.scenes = scenes

    def send(self, message: Mapping[str, Any]) -> None:
        if not self.closing:
            self.fleet.post(self.front, {"k": "out", "r": self.rid, "m": message})

    def hang_up(self, code: int = MOVED_CODE, reason: str = MOVED_REASON) -> None:
        if not self.closing:
            self.closing = True
            self.fleet.post(self.front, {"k": "bye", "r": self.rid})


class Fleet:
    """This process's part in a club of several: `server` runs here, as the owner `me`."""

    def __init__(self, server: ClubServer, store: SharedTableStore, me: str) -> None:
        self.server, self.store, self.me = server, store, me
        self.office: Mailbox = store.post_office(me, self._mail)
        #: clients of this process relayed to another, by relay number
        self.fronting: dict[int, Member] = {}
        #: clients of other processes at this one's tables, by (front, relay number)
        self.relayed: dict[tuple[str, int], RelayedPeer] = {}
        self._numbers = itertools.count(1)
        #: relay numbers of single requests waiting for their one answer (`relay_admin`)
        self._one_shot: set[int] = set()
        self._lobby: list[tuple[str, dict[str, Any]]] = []
        self._lobby_read = -LOBBY_SECONDS
        self._lobby_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._ticker: asyncio.Task[None] | None = None
        #: the live processes of the club, as of the last look
        self.alive: set[str] = {me}
        #: tables this process adopted from processes that died, and when it last did
        self.adopted = 0
        self.last_adopted = 0.0

    async def start(self) -> None:
        await self.office.start()
        self._ticker = asyncio.get_running_loop().create_task(self._tick_forever())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.office.close()

    def post(self, to: str, letter: Mapping[str, Any]) -> None:
        self.office.post(to, protocol.frame_text(letter))

    def _spawn(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _in_thread(self, action: Callable[..., T], *args: Any) -> T:
        """The store's calls block: they run beside the loop, never on it."""
        return await asyncio.get_running_loop().run_in_executor(None, functools.partial(action, *args))

    # ----- the lobby ----------------------------------------------------------------------------
    async def lobby(self) -> list[dict[str, Any]]:
        """This process's tables, then every other unfinished table of the club."""
        async with self._lobby_lock:
            if time.monotonic() - self._lobby_read >= LOBBY_SECONDS:
                try:
                    rows = await self._in_thread(self.store.lobby_rows)
                except StoreError as err:
                    log.warning("the club's lobby could not be read: %s", err)
                    rows = []
                self._lobby = [(row.table_id, shown) for row in rows if (shown := _lobby_entry(row.meta))]
                self._lobby_read = time.monotonic()
        here = self.server.tables
        return [t.summary() for t in here.values()] + [s for i, s in self._lobby if i not in here]

    def answer_lobby(self, conn: Member, request_id: int | None) -> None:
        async def answer() -> None:
            conn.send({"type": "tables", "id": request_id, "tables": await self.lobby()})

        self._spawn(answer())

    # ----- a client of this process ---------------------------------------------------------------
    def takes(self, conn: Member, request: Request, frame: str | bytes) -> bool:
        """Whether `request` goes elsewhere (posted, or after the way to its table is found);
        False: it is this process's to carry out."""
        if isinstance(conn, RelayedPeer):
            return False
        kind = request.type
        if kind in ("join", "watch"):
            table_id = request.get("table")
            if table_id is None or table_id in self.server.tables:
                return False
            relay = conn.relay
            if relay is not None and relay.table == table_id:
                relay.left = False
                self._forward(conn, frame)
            else:
                self._route(conn, request, frame, 0)
            return True
        if conn.relay is not None and kind in TABLE_REQUESTS:
            self._forward(conn, frame)
            if kind == "leave":
                conn.relay.left = True
            return True
        return False

    def _route(self, conn: Member, request: Request, frame: str | bytes, tries: int) -> None:
        if conn.held is None:
            conn.held = []
        self._spawn(self._find_way(conn, request, frame, tries))

    async def _find_way(self, conn: Member, request: Request, frame: str | bytes, tries: int) -> None:
        """Find who runs the table `request` names: relay to it, or adopt the table if its
        process is gone, or let this process answer (which refuses a table that does not exist).

        A table can be between owners for a moment: its process died and another is adopting it
        (its row is locked), or a process adopted it and has not reopened it yet. Such a table is
        looked for again, for a few seconds, rather than said not to exist: a player told "no
        table" would give up a game that goes on."""
        table_id = str(request.get("table"))
        try:
            while True:
                if tries:
                    await asyncio.sleep(min(0.1 * tries, 0.5))
                where = await self._settle(table_id)
                if conn.closing:
                    return
                if table_id in self.server.tables or where is None:
                    self.server.run(conn, request)
                elif where.status == "over":
                    over = Sentence(GAME_OVER, id=table_id)
                    conn.send({"type": "error", "id": request.id, **protocol.reason_fields(over)})
                elif where.owner is not None and where.alive and where.owner != self.me:
                    self._relay(conn, where.owner, table_id, frame, tries)
                elif tries < PATIENCE:
                    tries += 1
                    continue
                else:
                    conn.send({"type": "error", "id": request.id, **protocol.reason_fields(BETWEEN_SERVERS)})
                return
        except StoreError as err:
            log.warning("could not find who runs table %s: %s", table_id, err)
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(DATABASE_TROUBLE)})
        except Exception:
            log.exception("could not find who runs table %s", table_id)
            failed = Sentence(N_("the server could not do that"))
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(failed)})
        finally:
            held, conn.held = conn.held, None
            for later in held or ():
                if conn.held is not None:  # a later request is looking for its way: after it
                    conn.held.append(later)
                else:
                    self.server.take(conn, later)

    async def _settle(self, table_id: str) -> TableWhere | None:
        """Who runs `table_id`, once this process has adopted it if its owner is gone."""
        where = await self._in_thread(self.store.table_owner, table_id)
        if where is not None and where.status != "over" and not where.alive and where.owner != self.me:
            _alive, rows = await self._in_thread(self.store.adopt_orphans, self.me, "club", [table_id], 1)
            self._adopted(rows)
            if not rows:  # another process is adopting it, or was quicker
                where = await self._in_thread(self.store.table_owner, table_id)
        return where

    def _relay(self, conn: Member, owner: str, table_id: str, frame: str | bytes, tries: int) -> None:
        relay = conn.relay
        if relay is None or relay.owner != owner:
            self.server.leave(conn)  # its table here, or its relay to a third process
            relay = conn.relay = Relay(owner, table_id, next(self._numbers))
            self.fronting[relay.rid] = conn
        relay.table, relay.left = table_id, False
        self._forward(conn, frame, tries)

    def _forward(self, conn: Member, frame: str | bytes, tries: int = 0) -> None:
        relay = conn.relay
        assert relay is not None
        text = frame if isinstance(frame, str) else frame.decode()
        letter: dict[str, Any] = {"k": "req", "r": relay.rid, "f": self.me, "n": conn.name, "q": text}
        if conn.scenes:
            letter["s"] = True
        if conn.account_id is not None:
            letter["a"] = conn.account_id  # the account it signed in as here: its seat is bound to it
        if tries:
            letter["t"] = tries
        self.post(relay.owner, letter)

    def end_relay(self, conn: Member) -> None:
        """`conn` leaves the table another process runs for it (or hangs up)."""
        relay, conn.relay = conn.relay, None
        if relay is not None:
            self.fronting.pop(relay.rid, None)
            self.post(relay.owner, {"k": "gone", "r": relay.rid, "f": self.me})

    def _moved(self, conn: Member) -> None:
        """The process running `conn`'s table is gone, or gave the table up: the client is told,
        and hung up so that it reconnects and finds the table where it is now."""
        relay, conn.relay = conn.relay, None
        if relay is not None:
            self.fronting.pop(relay.rid, None)
        conn.send({"type": "notice", **protocol.reason_fields(MOVED, "text")})
        conn.hang_up(MOVED_CODE, MOVED_REASON)

    # ----- an admin's requests ---------------------------------------------------------------------
    def relay_admin(self, conn: Member, request: Request) -> bool:
        """An admin asks to close a table this process does not run: the request goes to the
        process that does (which checks the admin's role again) and its answer comes back.
        False when `conn` is itself relayed here (the table is simply not here)."""
        if isinstance(conn, RelayedPeer):
            return False
        self._spawn(self._relay_admin(conn, request))
        return True

    async def _relay_admin(self, conn: Member, request: Request) -> None:
        table_id = str(request.get("table"))
        try:
            where = await self._settle(table_id)
        except StoreError as err:
            log.warning("could not find who runs table %s: %s", table_id, err)
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(DATABASE_TROUBLE)})
            return
        if conn.closing:
            return
        if table_id in self.server.tables:  # adopted just now
            self.server.run(conn, request)
            return
        owner = where.owner if where is not None and where.status != "over" and where.alive else None
        if owner is None or owner == self.me:
            missing = Sentence(NOT_RUNNING, id=table_id)
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(missing)})
            return
        rid = next(self._numbers)
        self.fronting[rid] = conn
        self._one_shot.add(rid)
        frame = protocol.request(request.type, request.id, **request.fields)
        letter = {"k": "req", "r": rid, "f": self.me, "n": conn.name, "q": frame, "o": 1}
        self.post(owner, letter | ({} if conn.account_id is None else {"a": conn.account_id}))

    def closed(self, members: Sequence[Member]) -> None:
        """These members are at no table of this process any more (an admin closed it, or
        banned them): the fronts of the relayed ones end their relays."""
        for member in members:
            if isinstance(member, RelayedPeer):
                self.relayed.pop((member.front, member.rid), None)
                self.post(member.front, {"k": "closed", "r": member.rid})

    def tell_standing(self, account_id: int, standing: str) -> None:
        """An admin changed a member's standing here: every other live process is told, and
        tells its own clients (a banned member is signed out wherever they are connected).

        The live processes are asked of the store now, not taken from the last tick's look: a
        process missing from that look (started since, or a tick that failed) would leave a
        banned member signed in there until its sweep, half a minute later."""

        async def tell() -> None:
            try:
                alive = await self._in_thread(self.store.live_owners)
            except StoreError as err:
                log.warning("the club's processes could not be listed to tell them of a ban: %s", err)
                alive = self.alive
            for owner in sorted(alive - {self.me}):
                self.post(owner, {"k": "standing", "a": account_id, "s": standing})

        self._spawn(tell())

    # ----- clients of other processes at this one's tables -------------------------------------------
    def let_go(self, table: Table) -> None:
        """This process no longer runs `table`: the relayed members' fronts are to hang them up."""
        for peer in list(self.relayed.values()):
            if peer.table is table:
                peer.table = None
                peer.hang_up()

    def _request(self, letter: Mapping[str, Any]) -> None:
        front, rid, frame = str(letter["f"]), int(letter["r"]), str(letter["q"])
        account = letter.get("a")
        if letter.get("o"):  # one request on its own: answered once, no relay kept
            single = RelayedPeer(self, front, rid, str(letter.get("n", "")), False)
            single.account_id = account if type(account) is int else None
            self.server.take(single, frame)
            return
        peer = self.relayed.get((front, rid))
        if peer is None or peer.closing:
            peer = RelayedPeer(self, front, rid, str(letter.get("n", "")), bool(letter.get("s", False)))
            self.relayed[(front, rid)] = peer
        peer.last_heard = time.monotonic()
        # the account the front signed this client in as, with each request (a letter of an
        # older version has none: a guest); the front alone checks passwords and sessions
        peer.account_id = account if type(account) is int else None
        try:
            request = protocol.parse_request(frame)
        except ProtocolError:
            request = None
        table_id = request.get("table") if request is not None else None
        elsewhere = table_id is not None and table_id not in self.server.tables
        if request is not None and request.type in ("join", "watch") and elsewhere:
            # the front looks again (and gives up after PATIENCE tries)
            self.post(front, {"k": "again", "r": rid, "q": frame, "t": int(letter.get("t", 0)) + 1})
            return
        self.server.take(peer, frame)

    # ----- mail ---------------------------------------------------------------------------------
    def _mail(self, bodies: list[str]) -> None:
        for body in bodies:
            for letter in json.loads(body):
                try:
                    self._letter(letter)
                except Exception:  # one letter's trouble must not lose the others
                    log.exception("a letter from another server process could not be handled")

    def _letter(self, letter: Mapping[str, Any]) -> None:
        kind = letter.get("k")
        if kind == "req":
            self._request(letter)
        elif kind == "gone":
            peer = self.relayed.pop((str(letter["f"]), int(letter["r"])), None)
            if peer is not None:
                peer.closing = True
                self.server.leave(peer)
        elif kind == "out":
            rid = int(letter["r"])
            conn = self.fronting.get(rid)
            if conn is not None:
                conn.send(letter["m"])
            if rid in self._one_shot:
                self._one_shot.discard(rid)
                self.fronting.pop(rid, None)
        elif kind == "closed":
            rid = int(letter["r"])
            conn = self.fronting.get(rid)
            if conn is not None and conn.relay is not None and conn.relay.rid == rid:
                self.fronting.pop(rid, None)
                conn.relay = None
        elif kind == "standing":
            self.server.standing_changed(int(letter["a"]), str(letter["s"]))
        elif kind == "bye":
            conn = self.fronting.get(int(letter["r"]))
            if conn is not None:
                self._moved(conn)
        elif kind == "again":
            conn = self.fronting.get(int(letter["r"]))
            if conn is not None and conn.relay is not None and not conn.closing:
                self.fronting.pop(conn.relay.rid, None)
                conn.relay = None
                frame = str(letter["q"])
                self._route(conn, protocol.parse_request(frame), frame, int(letter.get("t", 1)))

    # ----- failover -----------------------------------------------------------------------------
    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self.tick()
            except StoreError as err:
                log.warning("could not look for server processes that died: %s", err)
            except Exception:
                log.exception("the look for server processes that died failed")

    async def tick(self) -> None:
        """Adopt the tables of processes that died; hang up the clients relayed to them, and
        forget their clients at this process's tables."""
        asked = time.monotonic()
        alive, rows = await self._in_thread(self.store.adopt_orphans, self.me, "club")
        self.alive = alive | {self.me}
        for conn in list(self.fronting.values()):
            relay = conn.relay
            # a relay made while the store was being asked may go to a process started since
            if relay is not None and relay.owner not in self.alive and relay.since < asked:
                self._moved(conn)
        for key, peer in list(self.relayed.items()):
            if key[0] not in self.alive and peer.last_heard < asked:
                del self.relayed[key]
                peer.closing = True
                self.server.leave(peer)
        self._adopted(rows)

    def _adopted(self, rows: Sequence[TableRow]) -> None:
        if rows:
            reopened = self.server.reopen(rows)
            self.adopted += len(reopened)
            self.last_adopted = time.monotonic()
            log.warning("took over %d tables of a server process that stopped", len(reopened))


def _lobby_entry(meta: str) -> dict[str, Any] | None:
    try:
        shown = json.loads(meta).get("lobby")
    except (ValueError, AttributeError):
        return None
    return shown if isinstance(shown, dict) else None
