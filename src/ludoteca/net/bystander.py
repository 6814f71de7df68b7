"""`ludoteca bench net --bystander N`: whether a club stays responsive while its computers think.

A club server is started in its own process on 127.0.0.1. N tables of a game are opened, each with
one person and computers of a level in the other seats; the person (a bot in this process, one
thread per table) plays a random legal move from its view as soon as it is its turn, so the
computers are thinking nearly all the time. Meanwhile a bystander in the lobby sends `ping` every
`interval` seconds and times each `pong`: the median and the 99th percentile are what a player
browsing the lobby feels.
"""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from typing import Any

from websockets.sync.client import connect

from ludoteca.ai.base import Budget
from ludoteca.ai.levels import computer_for
from ludoteca.net import protocol
from ludoteca.net.client import Client, NetError
from ludoteca.net.remote import RemoteMatch

LOOPBACK = "127.0.0.1"


def _table_bot(
    port: int, game: str, seats: list[str], stop: threading.Event, seed: int, plies: list[int]
) -> None:
    """Open a table with computers in `seats` and play random moves at it until `stop`; adds
    the moves played at each of its games to `plies`."""
    client = Client(f"{LOOPBACK}:{port}", f"bot{seed}")
    client.connect()
    while not stop.is_set():
        client.request("open", game=game, seats=seats)
        match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
        player = computer_for(match.game, 1, None, seed).player
        try:
            while not stop.is_set() and not match.over:
                if match.seat is not None and match.to_move() == match.seat:
                    move = player.choose(match.game, match.state, match.seat, Budget(1.0), None)
                    match.play(match.game.format_move(match.state, move))
                else:
                    match.wait(0.1)
        except NetError:
            if stop.is_set():
                break
            raise
        finally:
            plies.append(len(match.moves))
        if stop.is_set():
            break
        client.request("leave")
    client.close()


def pings(port: int, seconds: float, interval: float) -> list[float]:
    """Round trips of a lobby `ping`, in seconds, one every `interval` for `seconds`."""
    times: list[float] = []
    with connect(f"ws://{LOOPBACK}:{port}/", compression=None, max_size=None) as ws:
        ws.send(protocol.request("hello", protocol=protocol.PROTOCOL_VERSION, name="bystander"))
        ws.recv(30)
        deadline = time.monotonic() + seconds
        count = 0
        while time.monotonic() < deadline:
            count += 1
            started = time.perf_counter()
            ws.send(protocol.request("ping", count))
            while True:
                answer = json.loads(ws.recv(30))
                if answer.get("id") == count:
                    break
            times.append(time.perf_counter() - started)
            time.sleep(max(0.0, interval * random.uniform(0.5, 1.5)))
    return times


def measure(
    port: int, tables: int, seconds: float, *, game: str = "qwirkle", level: int = 5, interval: float = 0.1
) -> dict[str, Any]:
    """The bystander's ping with `tables` busy computer tables (and, first, with none)."""
    quiet = pings(port, min(seconds, 5.0), interval)
    seats = ["remote"] + [f"computer:{level}"] * 3 if game == "qwirkle" else ["remote", f"computer:{level}"]
    stop = threading.Event()
    plies: list[int] = []
    bots = [
        threading.Thread(target=_table_bot, args=(port, game, seats, stop, n, plies), daemon=True)
        for n in range(tables)
    ]
    for bot in bots:
        bot.start()
    time.sleep(3.0)  # every table open and its computers at work
    busy = pings(port, seconds, interval)
    stop.set()
    for bot in bots:
        bot.join(30)
    return {"quiet": _figures(quiet), "busy": _figures(busy), "pings": len(busy), "moves": sum(plies)}


def _figures(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000
