"""The client: a synchronous facade over a WebSocket connection that lives in a background thread.

Front ends are synchronous (the terminal waits on input, the window runs its frame loop), so, as
python-chess's `SimpleEngine` does for chess engines, the asyncio loop runs in its own thread and
the caller talks to it through thread-safe calls: `request` sends and waits for the answer to that
request; everything the server says on its own (states, chat, notices) lands in `inbox`, a
`queue.Queue` the front end drains on its own thread.

A dropped connection is retried for a while; once back, the client says hello again, signs in
again with its club session if it had one, and rejoins its seat with its token (or watches
again), so a network hiccup costs nothing. The inbox is told
(`{"type": "connection", "state": "lost" | "back" | "gone"}`) so front ends can say so.

Every message is made safe to show the moment it arrives (`shown_safe`), before anyone reads it:
the server checks what players send, but this side does not rely on any server for what it prints.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import logging
import queue
import threading
from collections.abc import Iterator
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ludoteca import __version__
from ludoteca.core.errors import LudotecaError
from ludoteca.core.text import printable, printable_lines
from ludoteca.i18n import _
from ludoteca.net import protocol
from ludoteca.net.addresses import parse_address, url_of

log = logging.getLogger("ludoteca.net.client")

#: how long a dropped connection is retried before the client gives up
RECONNECT_SECONDS = 60.0


class NetError(LudotecaError):
    """The server refused something, or could not be reached; the text says which and why.
    `sentence`: the server sent it as a sentence of ours (shown in this player's language), not
    only as its own text (what the rules said of a move, in the server's language)."""

    def __init__(self, text: str, *, sentence: bool = True, code: str | None = None) -> None:
        super().__init__(text)
        self.sentence = sentence
        #: the refusal's code when the server gave one (`table.SEAT_IN_USE`)
        self.code = code


def shown_safe(message: Any) -> Any:
    """A message from the server with every text in it, at any depth, passed through
    `core.text.printable`: the only way in for what a front end shows of the network (names, chat,
    notices, refusals, move texts, titles, the view's own strings), so no escape sequence or
    invisible override reaches a player's screen, whatever the server lets through. A record is
    the one text of several lines: its line breaks are kept."""
    if isinstance(message, dict) and message.get("type") == "record" and isinstance(message.get("text"), str):
        return {**_printable(message), "text": printable_lines(message["text"])}
    return _printable(message)


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {printable(str(key)): _printable(item) for key, item in value.items()}
    return value


class Client:
    """One connection to a Ludoteca server, used from any thread."""

    def __init__(
        self, address: str, name: str, *, timeout: float = 10.0, reconnect: float = RECONNECT_SECONDS
    ):
        self.host, self.port = parse_address(address)
        self.url = url_of(self.host, self.port)
        self.name = name
        self.timeout = timeout
        self.reconnect_seconds = reconnect
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.welcome: dict[str, Any] = {}
        #: what to ask again after reconnecting: a seat by its token, or watching a table
        self.table: str | None = None
        self.token: str | None = None
        self.watching = False
        #: the club session this client signed in with (kept in memory only, never written):
        #: after a reconnection it signs the new connection in before the seat is rejoined
        self.session: str | None = None
        #: the signed-in account's role at the club ("player" or "admin"), None for a guest
        self.role: str | None = None
        self._ids: Iterator[int] = itertools.count(1)
        self._pending: dict[int, concurrent.futures.Future[dict[str, Any]]] = {}
        self._loop = asyncio.new_event_loop()
        self._outgoing: asyncio.Queue[str] | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._loop.run_forever, name="ludoteca-client", daemon=True)

    # ----- connecting -------------------------------------------------------------------------
    def connect(self) -> dict[str, Any]:
        """Connect and say hello; returns the server's welcome, or raises NetError."""
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._open(), self._loop)
        try:
            self.welcome = future.result(self.timeout + 5)
        except NetError:
            self.close()
            raise
        except concurrent.futures.TimeoutError:
            self.close()
            raise NetError(
                _("{host}:{port} did not answer in time").format(host=self.host, port=self.port)
            ) from None
        asyncio.run_coroutine_threadsafe(self._pump(), self._loop)
        return self.welcome

    async def _open(self) -> dict[str, Any]:
        try:
            ws = await asyncio.wait_for(
                connect(
                    self.url,
                    max_size=protocol.MAX_SERVER_FRAME,
                    compression=None,
                    open_timeout=self.timeout,
                    proxy=None,
                    ping_interval=20,
                    ping_timeout=20,
                    logger=protocol.websocket_logger(),
                ),
                self.timeout,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as err:
            raise NetError(self._unreachable(err)) from None
        hello = protocol.request(
            "hello", protocol=protocol.PROTOCOL_VERSION, name=self.name, app=f"ludoteca {__version__}"
        )
        try:
            await ws.send(hello)
            answer = shown_safe(json.loads(await asyncio.wait_for(ws.recv(), self.timeout)))
        except (ConnectionClosed, TimeoutError, ValueError, RecursionError) as err:
            await ws.close()
            raise NetError(
                _("{host}:{port} is not answering as a Ludoteca server ({err})").format(
                    host=self.host, port=self.port, err=type(err).__name__
                )
            ) from None
        if not isinstance(answer, dict) or answer.get("type") != "welcome":
            await ws.close()
            reason = protocol.said(answer) if isinstance(answer, dict) else None
            raise NetError(reason or _("the server refused the connection"))
        self._ws = ws
        self._outgoing = asyncio.Queue()
        return answer

    def _unreachable(self, err: BaseException) -> str:
        detail = printable(getattr(err, "strerror", None) or str(err) or type(err).__name__)
        return _(
            "could not reach a Ludoteca server at {host}:{port} ({detail}). Check the address and the "
            "port, that the host is running 'ludoteca host' or 'ludoteca serve', and that no firewall "
            "blocks the port."
        ).format(host=self.host, port=self.port, detail=detail)

    # ----- running ----------------------------------------------------------------------------
    async def _pump(self) -> None:
        """Read and write until the connection ends for good."""
        while not self._closing:
            ws = self._ws
            assert ws is not None and self._outgoing is not None
            writer = asyncio.create_task(self._write(ws, self._outgoing))
            try:
                async for frame in ws:
                    self._received(frame)
            except ConnectionClosed:
                pass
            writer.cancel()
            self._fail_pending(_("the connection to the server was lost"))
            if self._closing:
                break
            close = printable(ws.close_reason or "")
            if not await self._reconnect(close):
                self.inbox.put({"type": "connection", "state": "gone", "reason": close})
                return

    async def _write(self, ws: ClientConnection, outgoing: asyncio.Queue[str]) -> None:
        try:
            while True:
                await ws.send(await outgoing.get())
        except ConnectionClosed:
            return

    async def _reconnect(self, reason: str) -> bool:
        self.inbox.put({"type": "connection", "state": "lost", "reason": reason})
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_seconds
        delay = 0.1
        while not self._closing and loop.time() < deadline:
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
            try:
                self.welcome = await self._open()
            except NetError:
                continue
            assert self._outgoing is not None
            if self.session is not None:
                # first, so that the seat is rejoined signed in (the server keeps this order)
                self._outgoing.put_nowait(protocol.request("resume", session=self.session))
            if self.token is not None:
                # this connection's own seat: the server may not have seen the old one drop yet
                self._outgoing.put_nowait(
                    protocol.request("join", table=self.table, token=self.token, take=True)
                )
            elif self.watching:
                self._outgoing.put_nowait(protocol.request("watch", table=self.table))
            self.inbox.put({"type": "connection", "state": "back"})
            return True
        return False

    def _received(self, frame: str | bytes) -> None:
        try:
            message = shown_safe(json.loads(frame))
        except (ValueError, RecursionError):
            log.warning("the server sent something that is not JSON")
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return
        if message["type"] == "joined":
            self.table = message.get("table")
            self.token = message.get("token")
            self.watching = message.get("seat") is None
        if message["type"] == "signed_in" and isinstance(message.get("session"), str):
            self.session = message["session"]
            self.name = str(message.get("name") or self.name)
            self.role = str(message.get("role") or "player")
        request_id = message.get("id")
        future = self._pending.pop(request_id, None) if isinstance(request_id, int) else None
        if future is not None and message["type"] != "state":
            future.set_result(message)
            return
        self.inbox.put(message)

    def _fail_pending(self, reason: str) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(NetError(reason))

    # ----- the caller's side ------------------------------------------------------------------
    def send(self, kind: str, **fields: Any) -> concurrent.futures.Future[dict[str, Any]]:
        """Send a request; the returned future gets the server's answer to it."""
        request_id = next(self._ids)
        future: concurrent.futures.Future[dict[str, Any]] = concurrent.futures.Future()
        text = protocol.request(kind, request_id, **fields)

        def put() -> None:
            if self._outgoing is None or self._closing:
                future.set_exception(NetError(_("not connected to a server")))
                return
            self._pending[request_id] = future
            self._outgoing.put_nowait(text)

        self._loop.call_soon_threadsafe(put)
        return future

    def request(self, kind: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send a request and wait for its answer; NetError with the server's sentence on a refusal."""
        future = self.send(kind, **fields)
        try:
            answer = future.result(self.timeout if timeout is None else timeout)
        except concurrent.futures.TimeoutError:
            raise NetError(_("the server did not answer in time")) from None
        if answer.get("type") in ("error", "refused"):
            shown = protocol.sentence_shown(answer)
            code = answer.get("code") if isinstance(answer.get("code"), str) else None
            if shown is not None:
                raise NetError(shown, code=code)
            # only the server's own words: what the rules said of a move, say
            raise NetError(str(answer.get("reason") or _("the server refused")), sentence=False, code=code)
        return answer

    def next_message(self, timeout: float | None = 0.0) -> dict[str, Any] | None:
        """The next message the server sent on its own, or None after `timeout` seconds."""
        try:
            if timeout is not None and timeout <= 0:
                return self.inbox.get_nowait()
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._closing = True

        async def shut() -> None:
            if self._ws is not None:
                await self._ws.close()
            # the reader and the writer end here, not with the loop: a task left pending when the
            # loop stops is reported on stderr ("Task was destroyed but it is pending!")
            others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        if self._thread.is_alive():
            with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
                asyncio.run_coroutine_threadsafe(shut(), self._loop).result(3)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(3)
        if not self._thread.is_alive() and not self._loop.is_closed():
            self._loop.close()
        self._fail_pending(_("the client was closed"))
