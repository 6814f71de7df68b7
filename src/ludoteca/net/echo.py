"""The floor under `ludoteca bench net`'s round trip: a bare WebSocket echo on this machine.

A server that does nothing but send each frame back, in a process of its own on 127.0.0.1, with
the same library and settings as ours (`websockets`, no compression), timed by a client loop of
the bench's shape: players in pairs, taking turns, each sending a move-sized request frame and
waiting for the frame that answers it, then decoding it. What our server adds on top of that
(the rules, the table's state sent to both players, the write to the disk before the `ok`) is
the ratio `ludoteca bench net` prints between the two, measured in the same run so that both
see the same load on the machine.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import signal
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

from ludoteca.net import protocol

LOOPBACK = "127.0.0.1"


async def _answer(ws: ServerConnection) -> None:
    async for frame in ws:
        await ws.send(frame)


def _serve(ports: Any) -> None:
    async def run() -> None:
        async with serve(
            _answer, LOOPBACK, 0, compression=None, max_size=protocol.MAX_SERVER_FRAME
        ) as server:
            ports.put(server.sockets[0].getsockname()[1])
            stopped = asyncio.Event()
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
            await stopped.wait()

    asyncio.run(run())


class EchoProcess:
    """The echo server, running until `stop`."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        ports = context.Queue()
        self.process = context.Process(target=_serve, args=(ports,), daemon=True)
        self.process.start()
        self.port: int = ports.get(timeout=30)

    def stop(self) -> None:
        stop_process(self.process)


def stop_process(process: Any) -> None:
    """Stop a helper process of a bench: asked first, killed if it will not go."""
    process.terminate()
    process.join(10)
    if process.is_alive():
        process.kill()
        process.join(10)


async def _ask(ws: ClientConnection, number: int) -> float:
    """One round trip of a frame shaped like a move request, in seconds."""
    started = time.perf_counter()
    await ws.send(protocol.request("move", number, version=number, move="4"))
    while True:
        if json.loads(await ws.recv()).get("id") == number:
            return time.perf_counter() - started


async def _pair(port: int, deadline: float) -> list[float]:
    url = f"ws://{LOOPBACK}:{port}/"
    times: list[float] = []
    async with (
        connect(url, compression=None, max_size=protocol.MAX_SERVER_FRAME) as first,
        connect(url, compression=None, max_size=protocol.MAX_SERVER_FRAME) as second,
    ):
        number = 0
        while time.monotonic() < deadline:
            number += 1
            times.append(await _ask((first, second)[number % 2], number))
    return times


async def _run(port: int, clients: int, seconds: float) -> list[float]:
    deadline = time.monotonic() + seconds
    pairs = await asyncio.gather(*(_pair(port, deadline) for _ in range(max(1, clients // 2))))
    return [t for times in pairs for t in times]


def measure(port: int, clients: int, seconds: float) -> list[float]:
    """Round trips, in seconds, of `clients` connections in pairs taking turns for `seconds`."""
    return asyncio.run(_run(port, clients, seconds))
