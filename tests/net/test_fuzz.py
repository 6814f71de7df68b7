"""Hostile input: over ten thousand malformed or mischievous messages — garbage bytes, broken
JSON, binary and oversized frames, unknown types, mistyped fields, wrong seat tokens, moves out
of turn, replayed moves, floods — and the server neither crashes nor changes the game."""

from __future__ import annotations

import json
import random
import socket
import string
import threading
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from ludoteca.net.protocol import MAX_CLIENT_FRAME, REQUESTS
from ludoteca.net.server import Limits
from tests.net.conftest import Raw, Running, play_until

#: enough room for the fuzzers to reach every check (floods are tested with the real limits)
GENEROUS = Limits(rate=1e9, burst=10**9, chat_lines=10**9, flood_close=10**9)


def junk_value(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(11 if depth < 3 else 8)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, -1, 1, 2**53, -(2**63), 10**30, 3])
    if choice == 3:
        return rng.random() * rng.choice([1, -1e308, 1e308])
    if choice == 4:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(0, 40)))
    if choice == 5:
        return "x" * rng.randrange(100, 6000)
    if choice == 6:
        return "\u0000\u202e\ud7ff" + "é" * rng.randrange(5)
    if choice == 7:
        return rng.choice(["move", "join", "remote", "computer:9", "../../etc", "d3", "4", "pass"])
    if choice == 8:
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 9:
        return {
            junk_value(rng, 3)
            if rng.random() < 0.2
            else rng.choice(["type", "version", "move", "seat"]): junk_value(rng, depth + 1)
            for _ in range(3)
        }
    return {"@": "os:system", "f": {}}


def hostile(rng: random.Random, table: str, version: int, token: str) -> str | bytes:
    """One message a careless or malicious client might send."""
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(1, 300)))
    if kind == 2:
        good = json.dumps({"type": "move", "version": version, "move": "4"})
        return good[: rng.randrange(1, len(good))]
    if kind == 3:
        return json.dumps(junk_value(rng))
    if kind == 4:
        return json.dumps({"type": rng.choice(["fly", "admin", "", "MOVE", "__init__", "_leave"])})
    fields: dict[str, Any] = {"type": rng.choice(list(REQUESTS))}
    for name in rng.sample(
        [
            "version",
            "move",
            "table",
            "seat",
            "token",
            "text",
            "level",
            "accept",
            "game",
            "options",
            "seats",
            "clock",
            "protocol",
            "name",
            "id",
            "extra",
        ],
        rng.randrange(4),
    ):
        fields[name] = junk_value(rng)
    if kind == 5:
        return json.dumps(fields)
    if kind == 6:  # a stranger's guesses at a seat token
        return json.dumps(
            {"type": "join", "table": table, "token": "".join(rng.choices(string.ascii_letters, k=32))}
        )
    if kind == 7:  # moves out of turn, old versions, nonsense
        return json.dumps(
            {
                "type": "move",
                "version": rng.choice([version, version - 1, 0, version + 1]),
                "move": rng.choice(["4", "1", "7", "8", "0", "d3", "pass", "4 4"]),
            }
        )
    if kind == 8:  # acts only the table's creator or a seated player may take
        return json.dumps(
            {
                "type": rng.choice(["start", "computer", "undo", "answer", "resign", "draw"]),
                "seat": 0,
                "level": 1,
                "version": version,
                "accept": True,
            }
        )
    if kind == 9:
        return json.dumps({"type": "hello", "protocol": rng.randrange(3), "name": "again"})
    if kind == 10:
        return json.dumps(
            {
                "type": "open",
                "game": rng.choice(["chess", "connect4", "x" * 30]),
                "seats": ["computer:1"] * rng.randrange(1, 6),
            }
        )
    return json.dumps(
        {"type": "join", "table": "".join(rng.choices(string.hexdigits, k=8)), "token": token[:-1] + "x"}
    )


def snapshot(running: Running) -> tuple[Any, ...]:
    table = next(iter(running.server.tables.values()))
    return running.call(
        lambda: (
            table.version,
            tuple(table.match.moves),
            table.status,
            table.match.to_record().dumps(),
            [p.token for p in table.places],
        )
    )


def test_ten_thousand_hostile_messages_change_nothing() -> None:
    running = Running(limits=GENEROUS).start()
    try:
        running.table("connect4", "remote,remote")
        ann, bob = Raw(running.port, "Ann"), Raw(running.port, "Bob")
        ann.ask({"type": "join"})
        token = bob.ask({"type": "join"})["token"]
        state = play_until(ann, lambda m: m["status"] == "playing")
        ann.ask({"type": "move", "version": state["version"], "move": "4"})
        state = play_until(bob, lambda m: len(m["moves"]) == 1)
        table_id, version = state["table"], state["version"]
        before = snapshot(running)
        sent = [0]
        failures: list[str] = []  # requests that hit a bug instead of a check
        lock = threading.Lock()

        def fuzz(seed: int, seated: bool) -> None:
            rng = random.Random(seed)
            # an intruder, a spectator, or Ann herself (not to move) misbehaving
            raw = ann if seated else Raw(running.port, f"fuzz{seed}")
            if not seated and seed % 2:
                raw.ask({"type": "watch"})
            for _n in range(1300):
                message = hostile(rng, table_id, version, token)
                if (seated and '"join"' in str(message)) or (seated and '"resign"' in str(message)):
                    continue  # Ann taking another seat or resigning would be a legal change
                try:
                    raw.send(message)
                    answer = raw.recv(5)
                    if "could not do that" in str(answer.get("reason")):
                        failures.append(str(message)[:200])
                except ConnectionClosed:
                    raw = Raw(running.port, f"fuzz{seed}")
                with lock:
                    sent[0] += 1

        workers = [threading.Thread(target=fuzz, args=(seed, seed == 0)) for seed in range(8)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(120)
        assert sent[0] >= 10_000
        assert failures == []
        assert snapshot(running) == before
        # raw TCP garbage and frames over the size limit only cost their own connections
        for _n in range(20):
            with socket.create_connection(("127.0.0.1", running.port), timeout=5) as sock:
                sock.sendall(bytes(random.Random(_n).randrange(256) for _ in range(500)) + b"\r\n\r\n")
                sock.recv(1000)
        big = Raw(running.port, "big")
        big.send("x" * (MAX_CLIENT_FRAME + 1))
        with pytest.raises(ConnectionClosed):
            big.recv(5)
        assert snapshot(running) == before
        # and the game still plays
        assert bob.ask({"type": "move", "version": version, "move": "3"})["type"] == "ok"
        assert Raw(running.port, "late").ask({"type": "tables"})["tables"][0]["status"] == "playing"
    finally:
        running.stop()


def test_a_flood_is_cut_off_and_the_server_keeps_serving(host: Running) -> None:
    host.table("connect4", "remote,remote")
    flooder = Raw(host.port, "flood")

    def flood() -> None:
        for _n in range(1500):
            try:
                flooder.send({"type": "ping"})
            except ConnectionClosed:
                return

    sender = threading.Thread(target=flood)
    sender.start()
    kinds = []
    try:
        while True:
            kinds.append(flooder.recv(3)["type"])
    except (ConnectionClosed, TimeoutError):
        pass
    sender.join(10)
    assert "error" in kinds  # told to slow down
    assert kinds.count("pong") < 1500  # most of the flood was ignored
    assert kinds[-1] == "refused"  # and the connection was closed
    assert Raw(host.port, "calm").ask({"type": "ping"})["type"] == "pong"
