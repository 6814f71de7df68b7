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
import logging
import queue
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ludoteca import __version__
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import N_, Sentence
from ludoteca.net import protocol
from ludoteca.net.clock import ClockSettings
from ludoteca.net.protocol import ProtocolError, Request
from ludoteca.net.table import OVER, Refused, Table
from ludoteca.net.tablestore import TableStore
from ludoteca.store import ResultRow, StoreError
from ludoteca.store.tables import TableRow

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


HELLO_FIRST = Sentence(N_("say hello first: a Ludoteca client starts with a 'hello' message"))


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


class Connection:
    """One client (a `table.Peer`): its name, where it sits, and its outgoing queue."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.name = ""
        self.table: Table | None = None
        self.bucket = Bucket(limits.rate, limits.burst)
        self.chat_bucket = Bucket(limits.chat_lines / limits.chat_window, limits.chat_lines)
        self.refused_for_rate = 0
        self.closing = False
        self._last_rate_notice = 0.0
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.outbox)
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: Mapping[str, Any]) -> None:
        if self.closing:
            return
        try:
            self._outbox.put_nowait(protocol.dumps(message))
        except asyncio.QueueFull:
            # a client that does not read its messages is dropped rather than let the server
            # hold an ever-growing queue for it
            self.hang_up()

    def hang_up(self) -> None:
        """Close the connection once what is already queued has gone out."""
        if self.closing:
            return
        self.closing = True
        if self._outbox.full():
            self._writer.cancel()
            asyncio.get_running_loop().create_task(self.ws.close(1008, "too slow"))
        else:
            self._outbox.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is None:
                    await self.ws.close(1008, "too slow")
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return

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


class LoopHost:
    """What tables need from the server (`table.TableHost`), on an asyncio loop.

    Writes go to one writer thread, in order. It takes everything that queued up while it was
    writing and writes it in one transaction (a group commit), so a busy server pays for one disk
    sync per batch rather than one per move; each change is sent out once its batch is written.
    """

    #: changes written in one transaction, at most
    BATCH = 256

    def __init__(self, loop: asyncio.AbstractEventLoop, store: TableStore) -> None:
        self.loop = loop
        self.store = store
        self._queue: queue.SimpleQueue[tuple[TableRow, Callable[[], None], ResultRow | None] | None] = (
            queue.SimpleQueue()
        )
        self._writer = threading.Thread(target=self._write, name="ludoteca-table-store", daemon=True)
        self._writer.start()

    def commit(self, row: TableRow, then: Callable[[], None], result: ResultRow | None = None) -> None:
        self._queue.put((row, then, result))

    def _write(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < self.BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            results = [result for _row, _then, result in batch if result is not None]
            try:
                self.store.save_tables([row for row, _then, _result in batch], results)
            except StoreError as err:  # the games go on; the log says what could not be kept
                log.error("%d table changes could not be written: %s", len(batch), err)
            for _row, then, _result in batch:
                # a server that has stopped has nobody left to tell
                with contextlib.suppress(RuntimeError):
                    self.loop.call_soon_threadsafe(then)
            if stop:
                return

    def soon(self, action: Callable[[], None]) -> None:
        self.loop.call_soon_threadsafe(action)

    def later(self, seconds: float, action: Callable[[], None]) -> Callable[[], None]:
        handle = self.loop.call_later(seconds, action)
        return handle.cancel

    def now(self) -> float:
        return time.monotonic()

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
    ) -> None:
        self.store = store
        self.mode = mode
        self.limits = limits or Limits()
        self.think = think
        self.tables: dict[str, Table] = {}
        self.connections: set[Connection] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.host: LoopHost | None = None
        self._ws: WsServer | None = None
        self.port = 0

    # ----- tables -----------------------------------------------------------------------------
    def _host(self) -> LoopHost:
        if self.host is None:
            self.loop = asyncio.get_running_loop()
            self.host = LoopHost(self.loop, self.store)
        return self.host

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
        game = get_game(game_key)
        table_id = secrets.token_hex(4)
        seed = random.SystemRandom().randrange(1 << 62) if seed is None else seed
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
        self.tables[table_id] = table
        table.publish()  # written now, so even a table nobody joined yet survives a restart
        return table

    def resume_tables(self) -> list[Table]:
        """Reopen the unfinished tables the store kept (after a crash or a restart)."""
        resumed = []
        for row in self.store.open_tables():
            if self.mode == HOST and self.tables:
                break
            try:
                table = Table.restore(row, get_game(row.game), self._host(), think=self.think)
            except (LudotecaError, ValueError, KeyError) as err:
                log.error("table %s could not be reopened: %s", row.table_id, err)
                continue
            self.tables[table.id] = table
            resumed.append(table)
            table.resume()
        return resumed

    # ----- running ----------------------------------------------------------------------------
    async def start(self, bind: str = "127.0.0.1", port: int = protocol.DEFAULT_PORT) -> None:
        self._host()
        self._ws = await serve(
            self._connection,
            bind,
            port,
            max_size=protocol.MAX_CLIENT_FRAME,
            max_queue=32,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            logger=logging.getLogger("ludoteca.net.websocket"),
        )
        self.port = next(iter(self._ws.sockets)).getsockname()[1]

    async def stop(self) -> None:
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
        for table in self.tables.values():
            table.close()
        if self.host is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.host.close)

    async def serve_forever(self) -> None:
        assert self._ws is not None
        await self._ws.serve_forever()

    # ----- one connection ---------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        if len(self.connections) >= self.limits.max_connections:
            await ws.close(1013, "server full")
            return
        conn = Connection(ws, self.limits)
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
        conn.send(
            {
                "type": "welcome",
                "protocol": protocol.PROTOCOL_VERSION,
                "server": f"ludoteca {__version__}",
                "mode": self.mode,
                "tables": [t.summary() for t in self.tables.values()],
            }
        )
        return True

    async def _refuse(self, conn: Connection, reason: str | Sentence) -> None:
        try:
            await conn.ws.send(protocol.dumps({"type": "refused", **protocol.reason_fields(reason)}))
            await conn.ws.close(4000, "refused")
        except ConnectionClosed:
            pass

    def _received(self, conn: Connection, frame: str | bytes) -> None:
        if conn.closing:
            return
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
        request_id = None
        try:
            request = protocol.parse_request(frame)
            request_id = request.id
            self._dispatch(conn, request)
        except (ProtocolError, Refused, LudotecaError) as err:
            reason = err.sentence if isinstance(err, Refused) and err.sentence is not None else str(err)
            conn.send({"type": "error", "id": request_id, **protocol.reason_fields(reason)})
        except Exception:  # a bug must cost one request, never the server
            log.exception("request from %s failed", conn.name or "a client")
            failed = Sentence(N_("the server could not do that"))
            conn.send({"type": "error", "id": request_id, **protocol.reason_fields(failed)})

    # ----- requests ---------------------------------------------------------------------------
    def _dispatch(self, conn: Connection, request: Request) -> None:
        handler = getattr(self, "_on_" + request.type)
        handler(conn, request)

    def _on_hello(self, conn: Connection, request: Request) -> None:
        raise Refused(Sentence(N_("you have already said hello")))

    def _on_ping(self, conn: Connection, request: Request) -> None:
        conn.send({"type": "pong", "id": request.id})

    def _on_tables(self, conn: Connection, request: Request) -> None:
        listed = [t.summary() for t in self.tables.values()]
        conn.send({"type": "tables", "id": request.id, "tables": listed})

    def _on_open(self, conn: Connection, request: Request) -> None:
        if self.mode == HOST:
            raise Refused(
                Sentence(N_("this host runs one table; join it, or open your own with 'ludoteca host'"))
            )
        game = get_game(request.get("game"))
        texts = request.get("seats") or ["remote"] * max(2, game.info.default_seats)
        seats = [SeatSpec.parse("remote" if t.strip().lower() in ("open", "person") else t) for t in texts]
        clock = ClockSettings(**request.get("clock")) if request.get("clock") else None
        table = self.new_table(game.info.key, request.get("options") or {}, seats, clock=clock)
        self._leave(conn)
        people = [s for s, spec in enumerate(seats) if not spec.is_computer]
        seat, token = table.join(conn, people[0])
        conn.table = table
        conn.send({"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token})

    def _find_table(self, table_id: str | None) -> Table:
        if table_id is None:
            if len(self.tables) == 1:
                return next(iter(self.tables.values()))
            raise Refused(Sentence(N_("which table? ask for the list of tables first")))
        table = self.tables.get(table_id)
        if table is None:
            raise Refused(Sentence(N_("there is no table {id} here"), id=table_id))
        return table

    def _on_join(self, conn: Connection, request: Request) -> None:
        token = request.get("token")
        if token is not None:
            candidates = (
                [self._find_table(request.get("table"))]
                if request.get("table")
                else list(self.tables.values())
            )
            for table in candidates:
                seat = table.rejoin(conn, token)
                if seat is not None:
                    if conn.table is not table:
                        self._leave(conn)
                    conn.table = table
                    conn.send(
                        {"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token}
                    )
                    return
            raise Refused(
                Sentence(
                    N_(
                        "that seat token holds no seat here "
                        "(the game may be over, or the seat given to a computer)"
                    )
                )
            )
        table = self._find_table(request.get("table"))
        if conn.table is table and table.seat_of(conn) is not None:
            raise Refused(Sentence(N_("you already have a seat at this table")))
        self._leave(conn)
        seat, token = table.join(conn, request.get("seat"))
        conn.table = table
        conn.send({"type": "joined", "id": request.id, "table": table.id, "seat": seat, "token": token})

    def _on_watch(self, conn: Connection, request: Request) -> None:
        table = self._find_table(request.get("table"))
        self._leave(conn)
        conn.table = table
        conn.send({"type": "joined", "id": request.id, "table": table.id, "seat": None})
        table.watch(conn)

    def _seated(self, conn: Connection) -> Table:
        if conn.table is None:
            raise Refused(Sentence(N_("join or watch a table first")))
        return conn.table

    def _on_start(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        table.start(conn, request.get("level", 3))
        table.ack(conn, request.id)

    def _on_move(self, conn: Connection, request: Request) -> None:
        self._seated(conn).move(conn, request.get("version"), request.get("move"), request.id)

    def _on_undo(self, conn: Connection, request: Request) -> None:
        self._seated(conn).ask_undo(conn, request.get("version"))
        conn.send({"type": "ok", "id": request.id})

    def _on_answer(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        table.answer_undo(conn, request.get("accept"))
        table.ack(conn, request.id)

    def _on_resign(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        table.resign(conn)
        table.ack(conn, request.id)

    def _on_draw(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        table.claim_draw(conn)
        table.ack(conn, request.id)

    def _on_computer(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        table.give_to_computer(conn, request.get("seat"), request.get("level", 3))
        table.ack(conn, request.id)

    def _on_chat(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        if not conn.chat_bucket.allow():
            raise Refused(Sentence(N_("you are chatting too fast; wait a few seconds")))
        table.chat(conn, request.get("text"))
        conn.send({"type": "ok", "id": request.id})

    def _on_record(self, conn: Connection, request: Request) -> None:
        table = self._seated(conn)
        conn.send({"type": "record", "id": request.id, "text": table.record_for(table.seat_of(conn))})

    def _on_leave(self, conn: Connection, request: Request) -> None:
        self._leave(conn)
        conn.send({"type": "ok", "id": request.id})

    def _leave(self, conn: Connection) -> None:
        table, conn.table = conn.table, None
        if table is None:
            return
        table.gone(conn)
        if table.status == OVER and not table.members():
            table.close()
            self.tables.pop(table.id, None)


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
