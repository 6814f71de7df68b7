"""Issue 23, item 6: what the network sends reaches no terminal raw.

Names and chat once reached other players' terminals as sent: right-to-left overrides, C1 controls,
DEL and zero-width spaces were printed by `ludoteca join` in join notices, `who` and chat. The
server now refuses such text on the way in, but a client must not rely on that: here a hostile
server (a few lines of websockets, not ours) sends them everywhere a message can carry text, and
nothing of them may come out.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.server import ServerConnection, serve

from ludoteca.core.registry import get_game
from ludoteca.net.client import Client
from ludoteca.net.codec import encode
from ludoteca.net.protocol import PROTOCOL_VERSION
from tests.cli_runner import run_ludoteca

#: C1 controls (CSI, OSC, NEL), DEL, ESC and BEL, direction overrides and isolates, zero-width
#: characters, a byte-order mark, a line separator, a lone surrogate, private-use and unassigned
UNSAFE = [
    "\u009b", "\u009d", "\u0085", "\x7f", "\x1b", "\x07", "\u202e", "\u2066", "\u200f", "\u061c",
    "\u200b", "\u200d", "\u2060", "\ufeff", "\u2028", "\ud800", "\ue000", "\u0378",
]  # fmt: skip
EVIL = "Mal" + "".join(UNSAFE) + "lory"
GAME = get_game("connect4")


def seat(name: str, *, taken: bool = True, connected: bool = True) -> dict[str, Any]:
    return {
        "name": name,
        "default_name": False,
        "kind": "person",
        "level": None,
        "taken": taken,
        "connected": connected,
    }


def state(version: int, seats: list[dict[str, Any]], to_move: int, moves: list[str]) -> dict[str, Any]:
    options = GAME.options({})
    return {
        "type": "state",
        "table": "t1",
        "version": version,
        "status": "playing",
        "game": "connect4",
        "options": dict(options),
        "seat": 1,
        "creator": False,
        "seats": seats,
        "to_move": to_move,
        "view": encode(GAME.start(options, 1, 2)),
        "moves": moves,
        "outcome": None,
        "termination": None,
        "undo": None,
        "clock": None,
    }


def hostile(ws: ServerConnection) -> None:
    """A club whose every text carries EVIL: its lobby, the seats, a move, chat, notices (one a
    sentence of ours with EVIL as its value), a refusal, an undo request and a record."""

    def send(message: dict[str, Any]) -> None:
        ws.send(json.dumps(message))  # ASCII, the lone surrogate escaped: valid JSON

    ws.recv()  # hello
    you = seat("Ann")
    table = {"table": "t1", "game": "connect4", "title": EVIL, "status": EVIL, "options": {},
             "seats": [seat(EVIL), seat("", taken=False)], "watchers": 0, "clock": None}  # fmt: skip
    send({"type": "welcome", "protocol": PROTOCOL_VERSION, "server": EVIL, "mode": "club", "tables": [table]})
    for frame in ws:
        request = json.loads(frame)
        kind, rid = request["type"], request.get("id")
        if kind == "join":
            send({"type": "joined", "id": rid, "table": "t1", "seat": 1, "token": "tok"})
            send(state(1, [seat("", taken=False), you], 1, []))
        elif kind == "record":
            send({"type": "chat", "from": EVIL, "text": EVIL})
            send({"type": "notice", "text": EVIL})
            ours = {"msgid": "{name} joined.", "args": {"name": EVIL}}  # shown in the player's language
            send({"type": "notice", "text": "x", "sentence": ours})
            send({"type": "error", "reason": EVIL})
            send(state(2, [seat(EVIL), you], 0, []))
            send(state(3, [seat(EVIL, connected=False), you], 0, []))
            send(state(4, [seat(EVIL), you], 0, []))
            send(state(5, [seat(EVIL), you], 1, ["4" + EVIL]))
            send({"type": "undo_asked", "by": 0, "name": EVIL})
            record = f'[Event "{EVIL}"]\n[Game "connect4"]\n\n1. 4{EVIL}\n'
            send({"type": "record", "id": rid, "text": record})
        else:
            send({"type": "ok", "id": rid})


@pytest.fixture
def hostile_port() -> Iterator[int]:
    with serve(hostile, "127.0.0.1", 0, compression=None) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield server.socket.getsockname()[1]
        server.shutdown()
    thread.join(5)


def texts(value: Any) -> Iterator[str]:
    """Every string in a message, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from texts(item)


def test_a_client_hands_on_nothing_unsafe_of_what_it_receives(hostile_port: int) -> None:
    """The layer every front end reads the network through (the terminal and the window alike)."""
    client = Client(f"127.0.0.1:{hostile_port}", "Ann")
    try:
        received = [client.connect(), client.request("join", table="t1")]
        received.append(client.request("record"))
        while (message := client.next_message(1.0)) is not None:
            received.append(message)
    finally:
        client.close()
    kinds = {"welcome", "joined", "state", "chat", "notice", "error", "record"}
    assert {m["type"] for m in received} >= kinds
    for text in (t for message in received for t in texts(message)):
        assert not any(char in text for char in UNSAFE), repr(text)
    # the controls and the line separator became spaces, the invisible characters went
    assert received[0]["tables"][0]["title"] == "Mal" + " " * 7 + "lory"
    record = received[2]["text"]
    assert record.count("\n") == 4 and record.startswith('[Event "Mal')  # a record keeps its lines


def test_join_prints_nothing_unsafe_in_the_lobby_notices_who_chat_moves_and_the_record(
    hostile_port: int, tmp_path: Path
) -> None:
    result = run_ludoteca(
        ["join", f"127.0.0.1:{hostile_port}", "--name", "Ann"], tmp_path, stdin="1\nrecord\nwho\n", timeout=60
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    # every kind of text was shown: the lobby, the record, the news, the move and `who`
    for shown in ["1. Mal", '[Event "Mal', "joined.", "left the table", "is back", "plays 4", "  1. Mal"]:
        assert shown in out, shown
    leaked = sorted({f"U+{ord(char):04X}" for char in UNSAFE if char in out})
    assert not leaked, out
