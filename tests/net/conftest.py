"""Network tests: real sockets on 127.0.0.1, port 0, each bounded in time."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.net.protocol import PROTOCOL_VERSION, state_from_update
from ludoteca.net.server import CLUB, HOST, Limits, Server, ServerThread
from ludoteca.net.table import Table
from ludoteca.net.tablestore import MemoryTableStore


class Raw:
    """A bare protocol client, for tests that speak the protocol frame by frame."""

    def __init__(self, port: int, name: str = "tester", hello: bool = True) -> None:
        self._opened = connect(f"ws://127.0.0.1:{port}/", max_size=None, compression=None, open_timeout=5)
        self.ws: ClientConnection = self._opened.__enter__()
        self.received: list[str] = []
        self.last_state: dict[str, Any] | None = None
        if hello:
            self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name})
            assert self.next("welcome")["type"] == "welcome"

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 5) -> dict[str, Any]:
        text = self.ws.recv(timeout)
        assert isinstance(text, str)
        self.received.append(text)
        message = dict(json.loads(text))
        if message["type"] == "update":  # what changed: the tests read the state it stands for
            assert self.last_state is not None, "an update before any state"
            message = state_from_update(self.last_state, message)
        if message["type"] == "state":
            self.last_state = message
        return message

    def next(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """The next message of type `kind` (others are skipped, but kept in `received`)."""
        while True:
            message = self.recv(timeout)
            if message["type"] == kind:
                return message

    def ask(self, message: dict[str, Any], timeout: float = 5) -> dict[str, Any]:
        """Send with an id and return the answer with that id."""
        message = {**message, "id": 999}
        self.send(message)
        while True:
            answer = self.recv(timeout)
            if answer.get("id") == 999:
                return answer

    def state(self, timeout: float = 1.0) -> dict[str, Any] | None:
        """The latest state message, after draining what has arrived (waiting `timeout` for the first)."""
        latest = None
        try:
            while True:
                message = self.recv(timeout)
                timeout = 0.2
                if message["type"] == "state":
                    latest = message
        except TimeoutError:
            return latest

    def close(self) -> None:
        self.ws.close()


class Running:
    """A server in a background thread, and ways to reach into it."""

    def __init__(
        self, mode: str = HOST, store: Any = None, limits: Limits | None = None, port: int = 0
    ) -> None:
        self.store = store if store is not None else MemoryTableStore()
        self.server = Server(self.store, mode, limits=limits, think=0.05)
        self.thread = ServerThread(self.server, "127.0.0.1", port)

    def start(self) -> Running:
        self.thread.start()
        return self

    @property
    def port(self) -> int:
        return self.thread.port

    def table(self, game: str, seats: str, seed: int = 7, **options: Any) -> Table:
        specs: list[SeatSpec] = list(parse_seats(seats))
        return self.thread.call(lambda: self.server.new_table(game, options, specs, seed=seed))

    def call(self, action: Any) -> Any:
        return self.thread.call(action)

    def stop(self) -> None:
        self.thread.stop()


@pytest.fixture
def host() -> Iterator[Running]:
    running = Running(HOST).start()
    yield running
    running.stop()


@pytest.fixture
def club() -> Iterator[Running]:
    running = Running(CLUB).start()
    yield running
    running.stop()


def play_until(raw: Raw, predicate: Any, timeout: float = 5) -> dict[str, Any]:
    """The latest state if it satisfies `predicate`, else the next state that does."""
    if raw.last_state is not None and predicate(raw.last_state):
        return raw.last_state
    while True:
        message = raw.next("state", timeout)
        if predicate(message):
            return message


def seated_pair(port: int, game: str = "connect4") -> tuple[Raw, Raw, str]:
    """Ann opens a table of `game` at a club, Bob takes the other seat, and the game starts."""
    ann = Raw(port, "Ann")
    table = ann.ask({"type": "open", "game": game})["table"]
    bob = Raw(port, "Bob")
    assert bob.ask({"type": "join", "table": table})["type"] == "joined"
    play_until(ann, lambda m: m["status"] == "playing")
    return ann, bob, table


def serve(home: Path, port: int = 0, file_limit: int | None = None) -> tuple[subprocess.Popen[str], int]:
    """`ludoteca serve` on `home`, optionally under a file-size limit (as `ulimit -f`)."""

    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", "LANG": "C"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ludoteca", "serve", "--port", str(port)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "listening" in line, line + (process.stderr.read() if process.stderr else "")
    return process, int(line.rsplit(":", 1)[1].strip(" .\n"))
