"""The authoritative server: WebSocket connections in, tables out.

One code path for both ways of running it: `ludoteca host` makes a server holding one table that
the host's own front end joins over loopback; `ludoteca serve` makes a club server whose lobby
lists tables that players open, join and watch. Everything runs on one asyncio loop: a table's
logic is synchronous (`table.Table`); computers think in their own threads and hand their moves
back to the loop; writes to the table store run in one writer thread, in order, and a change is
sent out only after it has been written.

Every frame is checked (`protocol.parse_request`) before anything looks at it, connections are
rate-limited, frames are bounded, and nothing a client sends can stop the server: a refusal is a
sentence back to that client, and an unexpected failure is logged and answered the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ludoteca import __version__
from ludoteca.ai.worker import MoveJob
from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.rng import fresh_seed
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import N_, Sentence
from ludoteca.match import Match
from ludoteca.net import protocol, thinking, web
from ludoteca.net.clock import ClockSettings
from ludoteca.net.fleet import Fleet
from ludoteca.net.member import MOVED_CODE, MOVED_REASON, Bucket, Member
from ludoteca.net.protocol import ProtocolError, Request
from ludoteca.net.scene import spectator_scenes
from ludoteca.net.table import OVER, WAITING, Refused, Table
from ludoteca.net.tablestore import ClubRecords, SharedTableStore, TableStore
from ludoteca.ratings import ACCOUNT_PREFIX, COMPUTER_PREFIX, account_of
from ludoteca.store import ResultRow, StoreError
from ludoteca.store.accounts import AccountStore, PlayerPage, Session, StoredRating, player_page, sign_in
from ludoteca.store.credentials import AccountError, SignInFailed, Throttle
from ludoteca.store.tables import TableRow, TablesTaken

log = logging.getLogger("ludoteca.net.server")

HOST, CLUB = "host", "club"


@dataclass(frozen=True)
class Limits:
    """How much one connection may ask of the server."""

    #: requests per second, on average, and how many may come at once
    rate: float = 30.0
    burst: int = 60
    #: chat lines per `chat_window` seconds
    chat_lines: int = 5
    chat_window: float = 10.0
    #: refused-for-rate messages before the connection is closed
    flood_close: int = 400
    #: messages waiting to be sent to a slow client before it is dropped
    outbox: int = 512
    #: seconds a new connection has to say hello
    hello_seconds: float = 10.0
    max_tables: int = 1000
    max_connections: int = 4000
    #: seconds between attempts to write tables the store refused: the first pause, and the longest
    store_retry: tuple[float, float] = (0.5, 5.0)
    #: processes the computers think in, all tables together (0: one per core)
    thinkers: int = 0
    #: connections from one address (a family or a school behind one router shares one)
    connections_per_address: int = 64
    #: tables one address may have waiting for players at once
    tables_per_address: int = 8
    #: seconds a connection may sit in the lobby without a word before it is closed
    lobby_idle_seconds: float = 900.0
    #: seconds a table waiting for players may have nobody at it before it is closed
    empty_table_seconds: float = 600.0
    #: how often idle connections and empty tables are looked for
    sweep_seconds: float = 30.0
    #: addresses of reverse proxies whose X-Forwarded-For names the client (docs/scaling.md):
    #: behind a proxy every client would otherwise share its address, and its per-address limits
    trusted_proxies: frozenset[str] = frozenset()


HELLO_FIRST = Sentence(N_("say hello first: a Ludoteca client starts with a 'hello' message"))
STORE_TROUBLE = Sentence(
    N_(
        "The server cannot save games at the moment, so play is paused; nothing already played is "
        "lost, and the game goes on as soon as it can save again."
    )
)


__all__ = ["Bucket", "Connection", "Limits", "Server", "ServerThread"]


class Connection(Member):
    """One client on a WebSocket of this process (a `table.Peer`): its name, where it sits, and
    its outgoing queue."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else ""
        if address in limits.trusted_proxies and ws.request is not None:
            # the last address is the one the trusted proxy added: the ones before it, the client
            # may have written itself
            forwarded = ws.request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            address = forwarded or address
        super().__init__("", address, limits.chat_lines / limits.chat_window, limits.chat_lines)
        self.ws = ws
        self.bucket = Bucket(limits.rate, limits.burst)
        self.refused_for_rate = 0
        self._close_with = (1008, "too slow")
        self._last_rate_notice = 0.0
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.outbox)
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: Mapping[str, Any]) -> None:
        if self.closing:
            return
        try:
            self._outbox.put_nowait(protocol.frame_text(message))
        except asyncio.QueueFull:
            # a client that does not read its messages is dropped rather than let the server
            # hold an ever-growing queue for it
            self.hang_up()

    def hang_up(self, code: int = 1008, reason: str = "too slow") -> None:
        """Close the connection once what is already queued has gone out."""
        if self.closing:
            return
        self.closing = True
        self._close_with = (code, reason)
        if self._outbox.full():
            self._writer.cancel()
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))
        else:
            self._outbox.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is None:
                    await self.ws.close(*self._close_with)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return
        except Exception:  # a writer that dies would leave this client deaf, and the server unaware
            log.exception("could not send to %s; closing that connection", self.name or "a client")
            self.closing = True
            with contextlib.suppress(Exception):
                await self.ws.close(1011, "server error")

    def rate_notice_due(self) -> bool:
        now = time.monotonic()
        if now - self._last_rate_notice >= 1.0:
            self._last_rate_notice = now
            return True
        return False

    def finish(self) -> None:
        """The connection is closed: stop writing."""
        self.closing = True
        self._writer.cancel()


@dataclass(frozen=True)
class Change:
    """One table change on its way to the store: the row, what to do once it is written (send it
    out), and a finished game's result."""

    row: TableRow
    then: Callable[[], None]
    result: ResultRow | None = None
    #: the table is closed for good: forget it instead of writing it
    dropped: bool = False


class LoopHost:
    """What tables need from the server (`table.TableHost`), on an asyncio loop.

    Writes go to one writer thread, in order. It takes everything that queued up while it was
    writing and writes it in one transaction (a group commit), so a busy server pays for one disk
    sync per batch rather than one per move; each change is sent out once its batch is written.

    A change is only ever sent out (and its request acknowledged) once it is durable. When the
    store cannot be written (locked by another program, disk full, a file-size limit, a damaged
    file), the changes wait, the writer tries again with growing pauses, and `on_trouble` tells
    the server what is wrong, then that it is over; changes that queue up meanwhile join the same
    retried write, each table's latest row replacing its earlier ones. Tables that another server
    has taken over are dropped from the write and named to `on_taken`.
    """

    #: changes written in one transaction, at most
    BATCH = 256

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        store: TableStore,
        owner: str,
        *,
        on_trouble: Callable[[str | None], None] = lambda reason: None,
        on_taken: Callable[[tuple[str, ...]], None] = lambda ids: None,
        retry: tuple[float, float] = (0.5, 5.0),
        thinkers: int = 0,
    ) -> None:
        self.loop = loop
        self.thinkers = thinkers
        self.store = store
        self.owner = owner
        self._on_trouble, self._on_taken = on_trouble, on_taken
        self._first_retry, self._last_retry = retry
        self._queue: queue.SimpleQueue[Change | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write, name="ludoteca-table-store", daemon=True)
        self._writer.start()

    def commit(self, row: TableRow, then: Callable[[], None], result: ResultRow | None = None) -> None:
        self._queue.put(Change(row, then, result))

    def drop(self, row: TableRow) -> None:
        """Forget a table the server closed (after what was queued for it)."""
        self._queue.put(Change(row, lambda: None, dropped=True))

    def _on_loop(self, action: Callable[[], None]) -> None:
        # a server that has stopped has nobody left to tell
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(action)

    def _write(self) -> None:
        waiting: list[Change] = []
        retry = 0.0  # seconds before the next attempt; 0 while writes succeed
        trouble: str | None = None
        stopping = False
        while True:
            batch: list[Change | None] = []
            with contextlib.suppress(queue.Empty):  # nothing new: time to try the waiting ones again
                batch.append(self._queue.get(timeout=retry if waiting else None))
            while len(batch) < self.BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            for change in batch:
                if change is None:
                    stopping = True
                else:
                    waiting.append(change)
            if not waiting:
                if stopping:
                    return
                continue
            latest = {change.row.table_id: change for change in waiting}
            rows = [change.row for change in latest.values() if not change.dropped]
            dropped = [table_id for table_id, change in latest.items() if change.dropped]
            results = [change.result for change in waiting if change.result is not None]
            try:
                self.store.save_tables(rows, results, self.owner, dropped)
            except TablesTaken as taken:
                lost = set(taken.table_ids)
                log.error("tables %s are run by another server now; this one lets them go", ", ".join(lost))
                waiting = [change for change in waiting if change.row.table_id not in lost]
                ids = tuple(sorted(lost))
                self._on_loop(functools.partial(self._on_taken, ids))
                continue
            except Exception as err:  # the store's sentence, or a failure it did not foresee
                reason = str(err) if isinstance(err, StoreError) else f"{type(err).__name__}: {err}"
                if stopping:
                    log.error(
                        "%d table changes could not be written before stopping: %s", len(waiting), reason
                    )
                    return
                if reason != trouble:
                    log.error("the tables cannot be written, so play is paused (trying again): %s", reason)
                    trouble = reason
                    self._on_loop(functools.partial(self._on_trouble, reason))
                retry = min(max(2 * retry, self._first_retry), self._last_retry)
                continue
            for change in waiting:
                self._on_loop(change.then)
            waiting = []
            if trouble is not None:
                log.warning("the tables can be written again; play goes on")
                trouble, retry = None, 0.0
                self._on_loop(lambda: self._on_trouble(None))
            if stopping:
                return

    def soon(self, action: Callable[[], None]) -> None:
        self.loop.call_soon_threadsafe(action)

    def later(self, seconds: float, action: Callable[[], None]) -> Callable[[], None]:
        handle = self.loop.call_later(seconds, action)
        return handle.cancel

    def now(self) -> float:
        return time.monotonic()

    def think(self, table: str, job: MoveJob, done: Callable[[Future[Any]], None]) -> Callable[[], None]:
        return thinking.think(job, lambda future: self._on_loop(lambda: done(future)), table, self.thinkers)

    def close(self) -> None:
        """Write what is queued, then stop the writer."""
        self._queue.put(None)
        self._writer.join(30)


class Server:
    """A Ludoteca server: `mode` HOST (one table) or CLUB (a lobby)."""

    def __init__(
        self,
        store: TableStore,
        mode: str = CLUB,
        *,
        limits: Limits | None = None,
        think: Think | float | None = None,
        accounts: AccountStore | None = None,
    ) -> None:
        self.store = store
        #: a club's members (accounts, ratings, settings): those of the store, unless given
        #: (tests give one with cheap password hashing); a host, or a store that keeps none, has none
        if accounts is None and mode == CLUB and isinstance(store, ClubRecords):
            accounts = store.accounts()
        self.accounts = accounts
        #: failed sign-ins, per name and per address: this process's (a club of N processes
        #: allows N times as many)
        self.throttle = Throttle()
        self._account_tasks: set[asyncio.Task[None]] = set()
        self.mode = mode
        self.limits = limits or Limits()
        self.think = think
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.host: LoopHost | None = None
        self._ws: WsServer | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.port = 0
        #: what keeps the store from being written, while it lasts (play is paused meanwhile)
        self.trouble: str | None = None
        #: unfinished tables of the store that another live server runs (and this one leaves alone)
        self.kept_elsewhere = 0
        #: the other processes of the club, when the store is shared by several (net/fleet.py)
        self.fleet: Fleet | None = None

    # ----- tables -----------------------------------------------------------------------------
    def _host(self) -> LoopHost:
        if self.host is None:
            self.loop = asyncio.get_running_loop()
            self.host = LoopHost(
                self.loop,
                self.store,
                self.store.new_owner(),
                on_trouble=self._store_trouble,
                on_taken=self._tables_taken,
                retry=self.limits.store_retry,
                thinkers=self.limits.thinkers,
            )
        return self.host

    def _store_trouble(self, reason: str | None) -> None:
        """The store cannot be written (`reason`), or can again (None): every table pauses, or
        goes on. Players are told the game is paused, not why: the reason names the server's files."""
        self.trouble = reason
        for table in self.tables.values():
            if reason is None:
                table.unpause()
            else:
                table.pause(STORE_TROUBLE)

    def _tables_taken(self, table_ids: tuple[str, ...]) -> None:
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is not None:
                self._let_go(table, Sentence(N_("Another server runs this table now; join it there.")))

    def _let_go(self, table: Table, why: Sentence) -> None:
        """Stop running `table`: its members are told `why` and are at no table any more. In a
        club of several processes, they are also hung up: their clients reconnect, and find the
        process that runs the table now."""
        self.tables.pop(table.id, None)
        table.hand_over(why)
        for conn in self.connections:
            if conn.table is table:
                conn.table = None
                if self.fleet is not None:
                    conn.hang_up(MOVED_CODE, MOVED_REASON)
        if self.fleet is not None:
            self.fleet.let_go(table)

    def new_table(
        self,
        game_key: str,
        options: Mapping[str, Any],
        seats: list[SeatSpec],
        *,
        seed: int | None = None,
        clock: ClockSettings | None = None,
        position: str | None = None,
    ) -> Table:
        """Open a table (on the server's loop); raises OptionError/Refused with a sentence."""
        if len(self.tables) >= self.limits.max_tables:
            raise Refused(Sentence(N_("this server is full; try again later")))
        if self.mode == HOST and self.tables:
            raise Refused(Sentence(N_("this host runs one table; open yours with 'ludoteca host'")))
        if self.trouble is not None:
            raise Refused(STORE_TROUBLE)
        game = get_game(game_key)
        table_id = secrets.token_hex(4)
        seed = fresh_seed() if seed is None else seed
        table = Table.new(
            table_id,
            game,
            options,
            seats,
            seed,
            self._host(),
            clock=clock,
            think=self.think,
            position=position,
        )
        table.mode = self.mode
        self.tables[table_id] = table
        table.publish()  # written now, so even a table nobody joined yet survives a restart
        return table

    def resume_tables(self) -> list[Table]:
        """Reopen the unfinished tables the store kept (after a crash or a restart)."""
        owner = self._host().owner
        if self.fleet is not None and isinstance(self.store, SharedTableStore):
            # in a club of several processes, only the orphans are locked (and those another
            # process is taking are skipped): locking every open table, as claim_tables does,
            # would deadlock with the live processes writing theirs
            alive, rows = self.store.adopt_orphans(owner, self.mode)
            self.kept_elsewhere = sum(
                row.owner is not None
                and row.owner != owner
                and row.owner in alive
                and _opened_here(row.meta, self.mode)
                for row in self.store.lobby_rows()
            )
        else:
            rows, self.kept_elsewhere = self.store.claim_tables(owner, self.mode)
        if self.kept_elsewhere and self.fleet is None:
            log.warning("%d unfinished tables are run by another server on this store", self.kept_elsewhere)
        if self.mode == HOST:
            rows = rows[:1]
        return self.reopen(rows)

    def reopen(self, rows: Sequence[TableRow]) -> list[Table]:
        """Run the tables of `rows`, which this server has just taken (at its start, or from a
        process of its club that died): each is replayed from its record, and goes on."""
        reopened = []
        for row in rows:
            if row.table_id in self.tables:
                continue
            try:
                table = Table.restore(row, get_game(row.game), self._host(), think=self.think)
            except (LudotecaError, ValueError, KeyError) as err:
                log.error("table %s could not be reopened: %s", row.table_id, err)
                continue
            self.tables[table.id] = table
            reopened.append(table)
            if self.trouble is not None:
                table.pause(STORE_TROUBLE)
            table.resume()
        return reopened

    # ----- running ----------------------------------------------------------------------------
    async def start(
        self, bind: str = "127.0.0.1", port: int = protocol.DEFAULT_PORT, *, reuse_port: bool = False
    ) -> None:
        """Listen on `bind`:`port`; with `reuse_port`, beside other processes listening there
        (`ludoteca serve --processes N`, net/workers.py)."""
        host = self._host()
        if self.mode == CLUB and isinstance(self.store, SharedTableStore):
            self.fleet = Fleet(self, self.store, host.owner)
            await self.fleet.start()
        self._ws = await serve(
            self._connection,
            bind,
            port,
            # the web client's files, and the Origin check of a browser's upgrade (net/web.py)
            process_request=web.answer,
            max_size=protocol.MAX_CLIENT_FRAME,
            max_queue=32,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            logger=protocol.websocket_logger(),
            reuse_port=reuse_port or None,
        )
        self.port = next(iter(self._ws.sockets)).getsockname()[1]
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        """Now and then: close lobby connections that said nothing for too long, and tables that
        waited for players with nobody at them (left open, they would fill the server)."""
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                self.sweep(time.monotonic())
                await self._check_standings()
            except StoreError as err:
                log.warning("the members' standings could not be read: %s", err)
            except Exception:  # the sweep must go on whatever one table or connection does
                log.exception("the sweep for idle connections and empty tables failed")

    def sweep(self, now: float) -> None:
        idle = Sentence(N_("you were idle in the lobby for a long time; the connection is closed"))
        for conn in list(self.connections):
            in_lobby = conn.table is None and (conn.relay is None or conn.relay.left)
            if in_lobby and now - conn.last_heard >= self.limits.lobby_idle_seconds:
                conn.send({"type": "refused", **protocol.reason_fields(idle)})
                conn.hang_up()
        for table in list(self.tables.values()):
            if table.status != WAITING or table.seated_people():
                table.empty_since = None
            elif table.empty_since is None:
                table.empty_since = now
            elif now - table.empty_since >= self.limits.empty_table_seconds:
                self._close_table(table)

    def _close_table(self, table: Table) -> None:
        """Close a table nobody played at, and forget it (it will not come back after a restart)."""
        self._let_go(table, Sentence(N_("This table was closed: nobody sat at it for a long time.")))
        self._host().drop(table.row())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for table in self.tables.values():
            table.close()
        if self.fleet is not None:
            await self.fleet.stop()
        if self.host is not None:
            host = self.host
            await asyncio.get_running_loop().run_in_executor(None, host.close)
            with contextlib.suppress(StoreError):  # the next server takes them all the same
                self.store.release_tables(host.owner)

    async def serve_forever(self) -> None:
        assert self._ws is not None
        await self._ws.serve_forever()

    # ----- one connection ---------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        if len(self.connections) >= self.limits.max_connections:
            await ws.close(1013, "server full")
            return
        conn = Connection(ws, self.limits)
        if sum(c.address == conn.address for c in self.connections) >= self.limits.connections_per_address:
            conn.finish()
            too_many = Sentence(
                N_("too many connections from your address ({n}); close one and try again"),
                n=self.limits.connections_per_address,
            )
            await self._refuse(conn, too_many)
            return
        self.connections.add(conn)
        try:
            if await self._handshake(conn):
                async for frame in ws:
                    self._received(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            self._leave(conn)
            conn.finish()

    async def _handshake(self, conn: Connection) -> bool:
        try:
            frame = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_seconds)
        except TimeoutError:
            await self._refuse(conn, HELLO_FIRST)
            return False
        try:
            request = protocol.parse_request(frame)
        except ProtocolError as err:
            await self._refuse(conn, str(err))
            return False
        if request.type != "hello":
            await self._refuse(conn, HELLO_FIRST)
            return False
        if request.get("protocol") != protocol.PROTOCOL_VERSION:
            await self._refuse(conn, protocol.version_refusal(request.get("protocol")))
            return False
        conn.name = request.get("name").strip()
        conn.scenes = bool(request.get("scene", False))
        conn.send(
            {
                "type": "welcome",
                "protocol": protocol.PROTOCOL_VERSION,
                "server": f"ludoteca {__version__}",
                "mode": self.mode,
                "tables": await self.lobby(),
            }
        )
        return True

    async def lobby(self) -> list[dict[str, Any]]:
        """What the lobby lists: every table of this server, and, in a club of several
        processes, every unfinished table of the others."""
        if self.fleet is not None:
            return await self.fleet.lobby()
        return [t.summary() for t in self.tables.values()]

    async def _refuse(self, conn: Connection, reason: str | Sentence) -> None:
        try:
            await conn.ws.send(protocol.frame_text({"type": "refused", **protocol.reason_fields(reason)}))
            await conn.ws.close(4000, "refused")
        except ConnectionClosed:
            pass

    def _received(self, conn: Connection, frame: str | bytes) -> None:
        if conn.closing:
            return
        conn.last_heard = time.monotonic()
        if not conn.bucket.allow():
            conn.refused_for_rate += 1
            if conn.refused_for_rate >= self.limits.flood_close:
                closed = Sentence(N_("too many messages; the connection is closed"))
                conn.send({"type": "refused", **protocol.reason_fields(closed)})
                conn.hang_up()
                return
            if conn.rate_notice_due():
                slow_down = Sentence(N_("too many messages; slow down (some were ignored)"))
                conn.send({"type": "error", **protocol.reason_fields(slow_down)})
            return
        if conn.held is not None:  # the way to a table is being looked up: after that, in order
            conn.held.append(frame)
            return
        self.take(conn, frame)

    def take(self, conn: Member, frame: str | bytes) -> None:
        """Carry out one request of `conn`: here, or at the process of its club that runs its
        table (net/fleet.py)."""
        try:
            request = protocol.parse_request(frame)
        except ProtocolError as err:
            conn.send({"type": "error", "id": err.request_id, **protocol.reason_fields(str(err))})
            return
        if self.fleet is not None and self.fleet.takes(conn, request, frame):
            return
        self.run(conn, request)

    def run(self, conn: Member, request: Request) -> None:
        """Carry out `request` here; a refusal or a failure is answered to `conn`."""
        try:
            self._dispatch(conn, request)
        except (ProtocolError, Refused, LudotecaError) as err:
            reason = err.sentence if isinstance(err, Refused) and err.sentence is not None else str(err)
            code = {"code": err.code} if isinstance(err, Refused) and err.code else {}
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(reason), **code})
        except Exception:  # a bug must cost one request, never the server
            log.exception("request from %s failed", conn.name or "a client")
            failed = Sentence(N_("the server could not do that"))
            conn.send({"type": "error", "id": request.id, **protocol.reason_fields(failed)})

    # ----- requests ---------------------------------------------------------------------------
    def _dispatch(self, conn: Member, request: Request) -> None:
        handler = getattr(self, "_on_" + request.type)
        handler(conn, request)

    def _on_hello(self, conn: Member, request: Request) -> None:
        raise Refused(Sentence(N_("you have already said hello")))

    def _on_ping(self, conn: Member, request: Request) -> None:
        conn.send({"type": "pong", "id": request.id})

    def _on_tables(self, conn: Member, request: Request) -> None:
        if self.fleet is not None:
            self.fleet.answer_lobby(conn, request.id)
            return
        listed = [t.summary() for t in self.tables.values()]
        conn.send({"type": "tables", "id": request.id, "tables": listed})

    def _on_open(self, conn: Member, request: Request) -> None:
        if self.mode == HOST:
            raise Refused(
                Sentence(N_("this host runs one table; join it, or open your own with 'ludoteca host'"))
            )
        waiting = [t for t in self.tables.values() if t.opened_from == conn.address and t.status == WAITING]
        if len(waiting) >= self.limits.tables_per_address:
            raise Refused(
                Sentence(
                    N_(
                        "{n} tables opened from your address are already waiting for players; "
                        "start or leave one first"
                    ),
                    n=len(waiting),
                )
            )
        game = get_game(request.get("game"))
        texts = request.get("seats") or ["remote"] * max(2, game.info.default_seats)
        seats = [SeatSpec.parse("remote" if t.strip().lower() in ("open", "person") else t) for t in texts]
        clock = ClockSettings(**request.get("clock")) if request.get("clock") else None
        table = self.new_table(
            game.info.key, request.get("options") or {}, seats, clock=clock, position=request.get("position")
        )
        table.opened_from = conn.address
        self._leave(conn)
        people = [s for s, spec in enumerate(seats) if not spec.is_computer]
        seat, token = table.join(conn, people[0])
        conn.table = table
        joined = {"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token}
        table.reply(conn, joined, first=True)  # the seat is the player's once it is kept

    def _find_table(self, table_id: str | None) -> Table:
        if table_id is None:
            if len(self.tables) == 1:
                return next(iter(self.tables.values()))
            raise Refused(Sentence(N_("which table? ask for the list of tables first")))
        table = self.tables.get(table_id)
        if table is None:
            raise Refused(Sentence(N_("there is no table {id} here"), id=table_id))
        return table

    def _on_join(self, conn: Member, request: Request) -> None:
        token = request.get("token")
        if token is not None:
            candidates = (
                [self._find_table(request.get("table"))]
                if request.get("table")
                else list(self.tables.values())
            )
            for table in candidates:
                seat = table.rejoin(conn, token, take=request.get("take") is True)
                if seat is not None:
                    if conn.table is not table:
                        self._leave(conn)
                    conn.table = table
                    conn.send(
                        {"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token}
                    )
                    return
            if not _own_token(token) or not request.get("table"):
                raise Refused(
                    Sentence(
                        N_(
                            "that seat token holds no seat here "
                            "(the game may be over, or the seat given to a computer)"
                        )
                    )
                )
            # a token the client made itself, for a seat it does not hold yet: the join is
            # taken with that token, so a client whose 'joined' was lost (the process that
            # answered it was killed) comes back with it and finds its seat, instead of a seat
            # held by a token nobody has, and a game waiting for ever for a player
        table = self._find_table(request.get("table"))
        if conn.table is table and table.seat_of(conn) is not None:
            raise Refused(Sentence(N_("you already have a seat at this table")))
        self._leave(conn)
        # a member takes their seat back from another connection by asking with `take` and no
        # token: a token that holds no seat here is an old one (the seat was taken back since), and
        # the client reconnecting with it must not take the seat back by itself
        take = request.get("take") is True and token is None
        seat, token = table.join(conn, request.get("seat"), token, take=take)
        conn.table = table
        joined = {"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token}
        table.reply(conn, joined, first=True)

    def _on_watch(self, conn: Member, request: Request) -> None:
        table = self._find_table(request.get("table"))
        self._leave(conn)
        conn.table = table
        conn.send({"type": "joined", "id": request.id, "table": table.id, "seat": None})
        table.watch(conn)

    def _seated(self, conn: Member) -> Table:
        if conn.table is None:
            raise Refused(Sentence(N_("join or watch a table first")))
        return conn.table

    def _on_start(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.start(conn, request.get("level", 3))
        table.ack(conn, request.id)

    def _on_move(self, conn: Member, request: Request) -> None:
        self._seated(conn).move(conn, request.get("version"), request.get("move"), request.id)

    def _on_undo(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.ask_undo(conn, request.get("version"))
        table.ack(conn, request.id)

    def _on_answer(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.answer_undo(conn, request.get("accept"))
        table.ack(conn, request.id)

    def _on_resign(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.resign(conn)
        table.ack(conn, request.id)

    def _on_draw(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.claim_draw(conn)
        table.ack(conn, request.id)

    def _on_computer(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        table.give_to_computer(conn, request.get("seat"), request.get("level", 3))
        table.ack(conn, request.id)

    def _on_chat(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        if not conn.chat_bucket.allow():
            raise Refused(Sentence(N_("you are chatting too fast; wait a few seconds")))
        text, accounts = request.get("text"), self.accounts
        if accounts is None:
            table.chat(conn, text)
            conn.send({"type": "ok", "id": request.id})
            return
        # a club reads the member's standing at each line, so that a mute (by an admin here, at
        # another process of the club, or with `ludoteca club-admin`) counts from the next one;
        # a guest typing a muted member's name is that name
        account_id, name = conn.account_id, conn.name

        def work() -> str | None:
            account = accounts.account(account_id) if account_id is not None else accounts.find_account(name)
            return None if account is None else account.standing

        def answer(standing: str | None) -> dict[str, Any]:
            if standing in ("muted", "banned"):
                raise Refused(MUTED)
            self._seated(conn).chat(conn, text)
            return {"type": "ok"}

        self._in_worker(conn, request, work, answer)

    def _on_record(self, conn: Member, request: Request) -> None:
        table = self._seated(conn)
        conn.send({"type": "record", "id": request.id, "text": table.record_for(table.seat_of(conn))})

    def _on_leave(self, conn: Member, request: Request) -> None:
        self._leave(conn)
        conn.send({"type": "ok", "id": request.id})

    # ----- a club's members ----------------------------------------------------------------------
    def _members(self) -> AccountStore:
        if self.accounts is None:
            raise Refused(Sentence(N_("this server keeps no accounts; play as a guest")))
        return self.accounts

    def _in_worker(
        self,
        conn: Member,
        request: Request,
        work: Callable[[], Any],
        answer: Callable[[Any], dict[str, Any] | None],
    ) -> None:
        """Do `work` (password hashing, the database) in a worker thread, then send what
        `answer` makes of its result (on the loop; None: the answer comes from elsewhere). The
        client's later requests wait meanwhile (`Member.held`), so a `join` sent after a
        `sign_in` is taken signed in; and a client has one such request at a time, so it cannot
        keep more than one core hashing."""
        if conn.held is None:
            conn.held = []

        async def run() -> None:
            try:
                done = await asyncio.to_thread(work)
                if not conn.closing:
                    answered = answer(done)
                    if answered is not None:
                        conn.send({**answered, "id": request.id})
            except (AccountError, Refused) as err:
                reason = err.sentence if err.sentence is not None else str(err)
                conn.send({"type": "error", "id": request.id, **protocol.reason_fields(reason)})
            except StoreError as err:
                log.warning("an account request could not be done: %s", err)
                trouble = Sentence(
                    N_("The club's database cannot be reached just now; try again in a moment.")
                )
                conn.send({"type": "error", "id": request.id, **protocol.reason_fields(trouble)})
            except Exception:  # a bug costs this request, never the server (and its body is not logged)
                log.exception("a '%s' request failed", request.type)
                failed = Sentence(N_("the server could not do that"))
                conn.send({"type": "error", "id": request.id, **protocol.reason_fields(failed)})
            finally:
                held, conn.held = conn.held, None
                for later in held or ():
                    if conn.held is not None:  # a later request is waiting for its own answer
                        conn.held.append(later)
                    elif not conn.closing:
                        self.take(conn, later)

        task = asyncio.get_running_loop().create_task(run())
        self._account_tasks.add(task)
        task.add_done_callback(self._account_tasks.discard)

    def _signed_in(self, conn: Member, session: Session) -> dict[str, Any]:
        """`conn` is now signed in as the session's account; the answer gives it its token."""
        conn.account_id, conn.session = session.account.id, session.token
        conn.name = session.account.name
        return {
            "type": "signed_in",
            "account": session.account.id,
            "name": session.account.name,
            "role": session.account.role,
            # "muted": the club refuses this member's chat lines until an admin restores them
            "standing": session.account.standing,
            "session": session.token,
            "expires": session.expires,
        }

    def _on_sign_up(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        name, password, invitation = request.get("name"), request.get("password"), request.get("invitation")

        def work() -> Session:
            account = accounts.create_account(name, password, invitation=invitation)
            return accounts.open_session(account)

        self._in_worker(conn, request, work, lambda session: self._signed_in(conn, session))

    def _on_sign_in(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        name, password, address = request.get("name"), request.get("password"), conn.address

        def work() -> Session:
            return sign_in(accounts, self.throttle, name, password, address)

        self._in_worker(conn, request, work, lambda session: self._signed_in(conn, session))

    def _on_resume(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        token = request.get("session")

        def work() -> Session:
            account = accounts.session_account(token)
            if account is None:
                raise SignInFailed(SESSION_OVER)
            return Session(account, token)

        self._in_worker(conn, request, work, lambda session: self._signed_in(conn, session))

    def _on_sign_out(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        token, conn.session, conn.account_id = conn.session, None, None
        # the seat it holds stays its account's: this connection plays on, and nobody else may

        def work() -> None:
            if token is not None:
                accounts.close_session(token)

        self._in_worker(conn, request, work, lambda _done: {"type": "ok"})

    def _on_change_password(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        account_id = conn.account_id
        if account_id is None:
            raise Refused(Sentence(N_("sign in first")))
        old, new, address, throttle = request.get("old"), request.get("new"), conn.address, self.throttle

        def work() -> Session:
            account = accounts.account(account_id)
            if account is None:
                raise SignInFailed(SESSION_OVER)
            throttle.check(account.name, address)  # a stolen session cannot guess the password
            try:
                return accounts.change_password(account_id, old, new)
            except SignInFailed:
                throttle.failed(account.name, address)
                raise

        self._in_worker(conn, request, work, lambda session: self._signed_in(conn, session))

    def _on_player(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        name, recent = request.get("name"), request.get("games", 20)

        def work() -> PlayerPage:
            page = player_page(accounts, name)
            if page is None:
                raise Refused(Sentence(N_("no member of this club is called {name}"), name=name))
            return page

        self._in_worker(conn, request, work, lambda page: page_message(page, recent))

    def _on_leaderboard(self, conn: Member, request: Request) -> None:
        accounts = self._members()
        game, limit = request.get("game"), request.get("limit", 50)

        def work() -> list[tuple[StoredRating, dict[str, Any]]]:
            rows = accounts.leaderboard(game, limit)
            return [(row, who(accounts, row.player)) for row in rows]

        def answer(rows: list[tuple[StoredRating, dict[str, Any]]]) -> dict[str, Any]:
            listed = [
                {"rank": rank, **named, **rating_fields(row)} for rank, (row, named) in enumerate(rows, 1)
            ]
            return {"type": "leaderboard", "game": game, "rows": listed}

        self._in_worker(conn, request, work, answer)

    def _on_replay(self, conn: Member, request: Request) -> None:
        store = self.store
        if self.mode != CLUB or not isinstance(store, ClubRecords):  # a host's store is its player's
            raise Refused(Sentence(N_("this server keeps no finished games")))
        table_id, scenes = request.get("table"), bool(request.get("scenes", False))

        def work() -> dict[str, Any]:
            text = store.finished_record(table_id)
            if text is None:
                raise Refused(Sentence(N_("there is no finished game at table {id}"), id=table_id))
            answer: dict[str, Any] = {"type": "record", "table": table_id, "text": text}
            if scenes:  # the record replayed through the rules here: the browser has none
                answer.update(replay_scenes(table_id, text))
            return answer

        self._in_worker(conn, request, work, lambda answer: answer)

    # ----- a club's admins ------------------------------------------------------------------------
    def _on_admin(self, conn: Member, request: Request) -> None:
        """An admin of the club acts on it (docs/protocol.md, "Admins"): the role is read from
        the store at each request, so an admin made a player again can do nothing more."""
        accounts = self._members()
        admin_id = conn.account_id
        if admin_id is None:
            raise Refused(NOT_ADMIN)
        action, table_id, name = request.get("action"), request.get("table"), request.get("name")
        count = request.get("count", 1)
        if action == "close" and table_id is None:
            raise Refused(Sentence(N_("say which table to close ('table')")))
        if action in STANDING_OF and name is None:
            raise Refused(Sentence(N_("say whose name ('name')")))

        def work() -> AdminDone:
            admin = accounts.account(admin_id)
            if admin is None or admin.role != "admin" or admin.standing == "banned":
                raise Refused(NOT_ADMIN)
            if action == "invite":
                return AdminDone(codes=tuple(accounts.create_invitation(admin.id) for _n in range(count)))
            if action == "close":
                return AdminDone()
            target = accounts.find_account(name)
            if target is None:
                raise Refused(Sentence(N_("no member of this club is called {name}"), name=name))
            if target.id == admin.id:
                raise Refused(Sentence(N_("an admin cannot mute, ban or restore themselves")))
            if target.role == "admin":
                raise Refused(
                    Sentence(
                        N_("{name} is an admin of this club; make them a player first (ludoteca club-admin)"),
                        name=target.name,
                    )
                )
            standing = STANDING_OF[action]
            accounts.set_standing(target.id, standing)
            log.info("admin %d set the standing of account %d to %s", admin.id, target.id, standing)
            return AdminDone(target=target.id, name=target.name, standing=standing)

        def answer(done: AdminDone) -> dict[str, Any] | None:
            if action == "close":
                return self._admin_close(conn, request, str(table_id))
            if action == "invite":
                made = (
                    Sentence(N_("An invitation code made; it lets one person sign up, once."))
                    if len(done.codes) == 1
                    else Sentence(
                        N_("{n} invitation codes made; each lets one person sign up, once."),
                        n=len(done.codes),
                    )
                )
                return {"type": "admin", "action": action, "codes": list(done.codes), **_text_of(made)}
            assert done.target is not None
            self.standing_changed(done.target, done.standing)
            if self.fleet is not None:
                self.fleet.tell_standing(done.target, done.standing)
            said = Sentence(STANDING_SAID[done.standing], name=done.name)
            return {"type": "admin", "action": action, "name": done.name, **_text_of(said)}

        self._in_worker(conn, request, work, answer)

    def _admin_close(self, conn: Member, request: Request, table_id: str) -> dict[str, Any] | None:
        table = self.tables.get(table_id)
        if table is not None:
            self.close_by_admin(table)
            closed = Sentence(N_("Table {id} is closed; its game ended unrated."), id=table_id)
            return {"type": "admin", "action": "close", "table": table_id, **_text_of(closed)}
        if self.fleet is not None and self.fleet.relay_admin(conn, request):
            return None  # the process running the table answers
        raise Refused(Sentence(N_("there is no table {id} here"), id=table_id))

    def close_by_admin(self, table: Table) -> None:
        """Close `table` for good: its game ends unrated (no result is written, and the table is
        forgotten, so it leaves the lobby and no restart reopens it); its members are told."""
        self.tables.pop(table.id, None)
        members = [member for member in table.shut(CLOSED_BY_ADMIN) if isinstance(member, Member)]
        for member in members:
            if member.table is table:
                member.table = None
        if self.fleet is not None:
            self.fleet.closed(members)
        self._host().drop(table.row())
        log.info("table %s was closed by an admin", table.id)

    def standing_changed(self, account_id: int, standing: str) -> None:
        """An admin changed a member's standing (here, or at another process of the club): a
        banned member connected here is told and signed out, and loses their seats
        (`Table.let_go_of`); a muted or restored one is told."""
        if standing == "banned":
            for table in list(self.tables.values()):
                dropped = [peer for peer in table.let_go_of(account_id) if isinstance(peer, Member)]
                for peer in dropped:
                    if peer.table is table:
                        peer.table = None
                if self.fleet is not None:
                    self.fleet.closed(dropped)
        told = {"banned": BANNED_NOTICE, "muted": MUTED_NOTICE, "active": RESTORED_NOTICE}[standing]
        for conn in list(self.connections):
            if conn.account_id != account_id:
                continue
            conn.send({"type": "notice", **protocol.reason_fields(told, "text")})
            if standing == "banned":
                conn.account_id, conn.session = None, None
                if conn.relay is not None:  # its table is another process's, which let it go
                    self._leave(conn)

    async def _check_standings(self) -> None:
        """Now and then: members connected here, or holding seats here, who were banned
        meanwhile (by `ludoteca club-admin`, which changes the store alone) are signed out and
        lose their seats as a ban over the network does."""
        accounts = self.accounts
        signed_in = {conn.account_id for conn in self.connections if conn.account_id is not None}
        signed_in |= {
            place.account
            for table in self.tables.values()
            for place in table.places
            if place.account is not None and (table.status == WAITING or place.peer is not None)
        }
        if accounts is None or not signed_in:
            return
        standings = await asyncio.to_thread(accounts.standings, sorted(signed_in))
        for account_id, standing in standings.items():
            if standing == "banned":
                self.standing_changed(account_id, standing)

    def leave(self, conn: Member) -> None:
        """`conn` is at no table any more (here, or at another process of the club)."""
        self._leave(conn)

    def _leave(self, conn: Member) -> None:
        if self.fleet is not None:
            self.fleet.end_relay(conn)
        table, conn.table = conn.table, None
        if table is None:
            return
        table.gone(conn)
        if table.status == OVER and not table.members():
            table.close()
            self.tables.pop(table.id, None)


SESSION_OVER = Sentence(N_("that session is over (signed out, or expired); sign in again"))
NOT_ADMIN = Sentence(N_("only an admin of this club may do that; sign in as one"))
MUTED = Sentence(N_("an admin of this club has muted you: your chat lines are refused"))
CLOSED_BY_ADMIN = Sentence(
    N_("An admin of the club closed this table: the game ends here, and nobody's rating changes.")
)
BANNED_NOTICE = Sentence(
    N_("An admin of the club banned your account: you are signed out, and cannot sign in again.")
)
MUTED_NOTICE = Sentence(
    N_("An admin of the club muted you: your chat lines are refused until you are restored.")
)
RESTORED_NOTICE = Sentence(N_("An admin of the club restored your account: you may chat again."))
#: the standing each admin action gives, and what the admin is told of it
STANDING_OF = {"mute": "muted", "ban": "banned", "restore": "active"}
STANDING_SAID = {
    "muted": N_("{name} is muted: their chat lines are refused."),
    "banned": N_("{name} is banned: signed out everywhere, and refused at sign-in."),
    "active": N_("{name} is restored: a member in good standing again."),
}


#: the most moves a replay's scenes are made for (one scene a position), and the most characters
#: they may take together (under `protocol.MAX_SERVER_FRAME`, with the record beside them)
MAX_REPLAY_MOVES = 1000
MAX_REPLAY_CHARS = 3 * 1024 * 1024


def replay_scenes(table_id: str, text: str) -> dict[str, Any]:
    """A finished game's positions for a client without rules (`replay` with `scenes`): its
    record replayed through the rules, each position drawn as a spectator's scene, the moves as
    anyone at the table reads them, and the outcome as a state message gives it. A game too long
    to send, or whose record no longer replays, is refused with a sentence."""
    try:
        record = Record.loads(text)
    except LudotecaError as err:
        raise _not_replayed(table_id, err) from None
    if len(record.moves) > MAX_REPLAY_MOVES:
        too_long = N_("this game is too long to replay here ({n} moves; at most {most})")
        raise Refused(Sentence(too_long, n=len(record.moves), most=MAX_REPLAY_MOVES))
    try:
        game = get_game(record.game)
        match = Match.from_record(game, record, text)
    except LudotecaError as err:
        raise _not_replayed(table_id, err) from None
    drawn = spectator_scenes(game, match.states)
    if len(protocol.dumps({"scenes": drawn})) > MAX_REPLAY_CHARS:
        too_big = N_("this game's positions are too large to send ({n} moves); open its record instead")
        raise Refused(Sentence(too_big, n=len(record.moves)))
    outcome = match.outcome
    return {
        "game": game.info.key,
        "title": game.info.title,
        # as a table's seats are listed, for the page's names above the board
        "seats": [
            {
                "name": spec.name or "",
                "default_name": spec.name is None,
                "kind": "computer" if spec.is_computer else "person",
                "level": spec.level,
            }
            for spec in record.seats
        ],
        "moves": match.public_moves(None),
        "scenes": drawn,
        "outcome": None
        if outcome is None
        else {
            "ranks": list(outcome.ranks),
            "scores": outcome.scores,
            **protocol.reason_fields(outcome.reason),
        },
    }


def _not_replayed(table_id: str, err: LudotecaError) -> Refused:
    log.warning("the record of table %s does not replay: %s", table_id, err)
    return Refused(Sentence(N_("the record of table {id} cannot be replayed"), id=table_id))


@dataclass(frozen=True)
class AdminDone:
    """What an admin's request did in the store: the codes made, or whose standing changed."""

    codes: tuple[str, ...] = ()
    target: int | None = None
    name: str = ""
    standing: str = ""


def _text_of(sentence: Sentence) -> dict[str, Any]:
    return protocol.reason_fields(sentence, "text")


def _rounded(value: float) -> float:
    return round(float(value), 1)


def rating_fields(row: StoredRating) -> dict[str, Any]:
    """A stored rating as messages carry it: its value, its margin (the uncertainty shown as
    value ± margin) and the conservative value leaderboards sort by."""
    shown = row.rating.shown()
    return {
        "system": str(row.rating.system),
        "value": _rounded(shown.value),
        "margin": _rounded(shown.margin),
        "conservative": _rounded(shown.conservative),
        "games": row.rating.games,
    }


def who(accounts: AccountStore, player: str) -> dict[str, Any]:
    """How a leaderboard names a player key: a member by name, a computer by its level."""
    number = account_of(player)
    if number is not None:
        account = accounts.account(number)
        return {"name": account.name if account is not None else player}
    level = player.removeprefix(COMPUTER_PREFIX)
    return {"computer": int(level) if level.isdigit() else level}


def page_message(page: PlayerPage, recent: int) -> dict[str, Any]:
    """A `player` answer: ratings by game with their charts, the latest `recent` rated games
    (newest first, each with its table, whose record `replay` gives), and opponents."""
    ratings = [
        {
            "game": row.game,
            **rating_fields(row),
            "chart": [[date, _rounded(value)] for date, value in page.chart(row.game)],
        }
        for row in page.ratings
    ]
    games = [
        {
            "game": point.game,
            "date": point.date,
            "table": point.table_id,
            "seat": point.seat,
            "names": list(point.names),
            "ranks": list(point.ranks),
            "before": _rounded(point.before.value),
            "after": _rounded(point.after.value),
        }
        for point in reversed(page.history[-recent:])
    ]
    opponents = [
        {
            "name": o.name,
            "wins": o.wins,
            "losses": o.losses,
            "draws": o.draws,
            "member": o.player.startswith(ACCOUNT_PREFIX),
        }
        for o in page.opponents
    ]
    return {
        "type": "player",
        "name": page.account.name,
        "since": page.account.created,
        "ratings": ratings,
        "games": games,
        "opponents": opponents,
    }


#: the shortest seat token a client may make itself (as long as the server's own, 24 random bytes)
OWN_TOKEN_CHARS = 32


def _own_token(token: str) -> bool:
    """Whether a client's own token is long enough to be its seat's secret."""
    return len(token) >= OWN_TOKEN_CHARS


def _opened_here(meta: str, mode: str) -> bool:
    """Whether a table of that `meta` was opened by a server of `mode` (or does not say)."""
    try:
        kind = json.loads(meta).get("mode")
    except (ValueError, AttributeError):
        return True
    return kind in (None, mode)


class ServerThread:
    """A server on its own loop in a background thread (the host's front end is a client of it)."""

    def __init__(self, server: Server, bind: str = "127.0.0.1", port: int = protocol.DEFAULT_PORT) -> None:
        self.server = server
        self.bind, self.requested_port = bind, port
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="ludoteca-server", daemon=True)

    def start(self, setup: Callable[[Server], None] | None = None) -> ServerThread:
        """Start listening; `setup` runs on the server's loop before anyone can connect."""
        self._setup = setup
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error
        return self

    @property
    def port(self) -> int:
        return self.server.port

    def call(self, action: Callable[[], Any]) -> Any:
        """Run `action` on the server's loop and return its result (tables live there)."""

        async def run() -> Any:
            return action()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        try:
            await self.server.start(self.bind, self.requested_port)
            if self._setup is not None:
                self._setup(self.server)
        except BaseException as err:
            self._error = err
            self._ready.set()
            return
        self._ready.set()
        await self._stopped.wait()
        await self.server.stop()

    def stop(self) -> None:
        if self._stopped is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stopped.set)
            self._thread.join(10)
