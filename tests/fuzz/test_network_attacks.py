"""The attacks that found issue 23's holes, kept: hostile texts in every field a client sends, an
address holding connections and tables, the store failing under a running server, two servers on
one data folder, and views searched for a digest of the seed. Each counts in the fuzz table.

A crash is the server no longer answering someone it should (a member dropped, a newcomer not
welcomed); a wrong state is an answer that should not have come (a hostile text let in, an
acknowledgment before the write, a digest of the seed); data lost is an acknowledged move that the
store does not hold.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludoteca.net.protocol import PROTOCOL_VERSION, unsafe_character
from ludoteca.net.server import CLUB, Limits
from ludoteca.store import Store
from tests.fuzz.support import ANY_TEXT, BYTES_AS_TEXT, EVIL, LONG, attack, check, fuzz
from tests.net.conftest import Raw, Running, play_until, seated_pair
from tests.test_seed_secrecy import SECRETIVE, game_after, sent

#: lone surrogates and the invisible characters that reorder or hide text
INVISIBLE = ("\ud800", "\udfff", "\u202e", "\u2066", "\u009b", "\u0085", "\x7f", "\u200b", "\ufeff", "\u2028")
HOSTILE_TEXT = st.one_of(
    ANY_TEXT,
    BYTES_AS_TEXT,
    st.lists(st.sampled_from(EVIL + INVISIBLE + ("Ann", "4", "d3", " ")), min_size=1, max_size=6).map(
        "".join
    ),
)
FIELDS = ("name", "chat", "option", "seat name", "move", "table", "token", "game")


def message_for(field: str, text: str, version: int) -> dict[str, Any]:
    return {
        "name": {"type": "hello", "protocol": PROTOCOL_VERSION, "name": text},
        "chat": {"type": "chat", "text": text},
        "option": {"type": "open", "game": "connect4", "options": {"variant": text}},
        "seat name": {"type": "open", "game": "othello", "seats": [text, "remote"]},
        "move": {"type": "move", "version": version, "move": text},
        "table": {"type": "watch", "table": text},
        "token": {"type": "join", "token": text},
        "game": {"type": "open", "game": text},
    }[field]


class Club:
    """A club with one game going on between Ann and Bob, which the attacks must never disturb."""

    def __init__(self) -> None:
        generous = Limits(
            rate=1e9, burst=10**9, chat_lines=10**9, flood_close=10**9, tables_per_address=10**6
        )
        self.running = Running(CLUB, limits=generous).start()
        self.ann, self.bob, self.table = seated_pair(self.running.port)
        self.version = play_until(self.ann, lambda m: m["status"] == "playing")["version"]

    def everyone_served(self) -> bool:
        try:
            if not all(raw.ask({"type": "ping"})["type"] == "pong" for raw in (self.ann, self.bob)):
                return False
            late = Raw(self.running.port, "late")
            try:
                return late.ask({"type": "tables"})["type"] == "tables"
            finally:
                late.close()
        except (ConnectionClosed, TimeoutError, AssertionError):
            return False


@pytest.fixture(scope="module")
def club() -> Iterator[Club]:
    running = Club()
    yield running
    running.running.stop()


@fuzz(1)
@given(field=st.sampled_from(FIELDS), text=HOSTILE_TEXT)
def test_hostile_texts_in_every_field(club: Club, field: str, text: str) -> None:
    with attack("network: hostile text in a field") as row:
        intruder = Raw(club.running.port, "Mallory", hello=field != "name")
        try:
            frame = json.dumps(message_for(field, text, club.version))  # escapes surrogates
            intruder.send(frame)
            answer = intruder.recv(5)
        except ConnectionClosed:
            answer = {"type": "closed"}
        finally:
            intruder.close()
        bad = unsafe_character(text)
        if bad is not None:
            check(row, "wrong_state", answer["type"] in ("error", "refused"), f"{text!r} in {field} let in")
        check(row, "crashes", club.everyone_served(), f"{text!r} in {field} cost others their game")
        probe = Raw(club.running.port, "probe")
        names = [seat["name"] for table in probe.ask({"type": "tables"})["tables"] for seat in table["seats"]]
        probe.close()
        check(row, "wrong_state", all(unsafe_character(n) is None for n in names), f"a seat list: {names}")


def connected_from(address: str, port: int, name: str) -> Raw:
    """A client whose connections come from `address` (any 127.x.y.z is this computer)."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    raw = Raw.__new__(Raw)
    raw._opened = connect(f"ws://127.0.0.1:{port}/", sock=sock, max_size=None, open_timeout=5)
    raw.ws = raw._opened.__enter__()
    raw.received, raw.last_state = [], None
    with contextlib.suppress(ConnectionClosed):  # a refused address hears so before its hello
        raw.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name})
    return raw


def welcomed(raw: Raw) -> bool:
    try:
        return raw.recv(5)["type"] == "welcome"
    except ConnectionClosed:
        return False


def test_one_address_holding_connections_and_tables_shuts_nobody_else_out() -> None:
    limits = Limits(connections_per_address=20, tables_per_address=5)
    running = Running(CLUB, limits=limits).start()
    rounds = 5 if LONG else 1
    try:
        for _round in range(rounds):
            with attack("network: one address takes every slot") as row:
                held: list[Raw] = []
                for n in range(40):
                    raw = connected_from("127.0.0.1", running.port, f"squat{n}")
                    if not welcomed(raw):
                        raw.close()
                        break
                    held.append(raw)
                check(row, "wrong_state", len(held) == limits.connections_per_address, f"{len(held)} held")
                opened = sum(
                    raw.ask({"type": "open", "game": "othello"})["type"] == "joined" for raw in held[:10]
                )
                check(row, "wrong_state", opened == limits.tables_per_address, f"{opened} tables opened")
                guest = connected_from("127.0.0.2", running.port, "Guest")
                check(row, "crashes", welcomed(guest), "another address was refused")
                check(row, "crashes", guest.ask({"type": "open", "game": "connect4"})["type"] == "joined", "")
                for raw in [*held, guest]:
                    raw.close()
    finally:
        running.stop()


def test_the_store_failing_under_a_running_server_loses_no_acknowledged_move(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    store = Store(path)
    running = Running(CLUB, store=store, limits=Limits(store_retry=(0.1, 0.3))).start()
    rng = random.Random(23)
    try:
        ann, bob, _table = seated_pair(running.port, "othello")
        players = {0: ann, 1: bob}
        state = play_until(ann, lambda m: m["status"] == "playing")
        acknowledged: list[str] = []
        for fault in range(4 if LONG else 1):
            with attack("network: store locked under a running server") as row:
                other = sqlite3.connect(path, isolation_level=None)
                other.execute("BEGIN EXCLUSIVE")
                mover = players[state["to_move"]]
                move = rng.choice(sorted(legal_othello(state)))
                mover.send({"type": "move", "id": 100 + fault, "version": state["version"], "move": move})
                early = mover.next("notice", timeout=15)
                check(row, "wrong_state", "paused" in early["text"], "no pause said")
                seen = [json.loads(m).get("id") for m in mover.received]
                check(row, "wrong_state", 100 + fault not in seen, "acknowledged before it was written")
                other.execute("ROLLBACK")
                other.close()
                check(row, "wrong_state", mover.next("ok", timeout=15)["id"] == 100 + fault, "never answered")
                acknowledged.append(move)
                played = len(acknowledged)
                state = play_until(mover, lambda m, n=played: len(m["moves"]) == n)
                (kept,) = store.open_tables()
                lines = [line.split(". ", 1)[1] for line in kept.record.splitlines() if line[:1].isdigit()]
                check(row, "data_lost", lines == acknowledged, f"{lines} kept, {acknowledged} acknowledged")
    finally:
        running.stop()
        store.close()


def legal_othello(state: dict[str, Any]) -> set[str]:
    from ludoteca.core.registry import get_game
    from ludoteca.net.codec import Decoder

    game = get_game("othello")
    view = Decoder(game).decode(state["view"])
    return {game.format_move(view, move) for move in game.legal_moves(view)}


def test_two_servers_on_one_data_folder_never_run_one_table(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    with attack("network: two servers on one data folder") as row:
        first_store, second_store = Store(path), Store(path)
        first = Running(CLUB, store=first_store).start()
        second: Running | None = None
        try:
            ann = Raw(first.port, "Ann")
            table = ann.ask({"type": "open", "game": "connect4"})["table"]
            second = Running(CLUB, store=second_store).start()
            resumed = second.call(second.server.resume_tables)
            check(row, "wrong_state", resumed == [], "the second server reopened a running table")
            check(row, "wrong_state", second.server.kept_elsewhere == 1, "the second did not say so")
            refused = Raw(second.port, "Bob").ask({"type": "join", "table": table})
            check(row, "wrong_state", refused["type"] == "error", "the second server seated someone")
        finally:
            first.stop()
            if second is not None:
                second.stop()
            first_store.close()
            second_store.close()


@pytest.mark.parametrize("game", SECRETIVE, ids=lambda g: g.info.key)
def test_no_view_holds_a_digest_of_the_seed(game: Any) -> None:
    rng = random.Random(game.info.key)
    seeds = [rng.getrandbits(64) for _ in range(300 if LONG else 60)]
    seats = game.info.max_seats
    with attack("seed: views searched for a digest of it") as row:
        seen: dict[tuple[int | None, str], set[Any]] = {}
        twice = {seed: sent(game, game_after(game, seats, seed, 2), None) for seed in seeds[:3]}
        loose = {
            path
            for seed, first in twice.items()
            for path, value in sent(game, game_after(game, seats, seed, 2), None).items()
            if first.get(path) != value
        }
        for seed in seeds:
            state = game_after(game, seats, seed, 2)
            for seat in (None, 0):
                for path, value in sent(game, state, seat).items():
                    if path not in loose:
                        seen.setdefault((seat, path), set()).add(value)
        named = [path for (_seat, path), values in seen.items() if len(values) > 0.9 * len(seeds)]
        check(row, "wrong_state", not named, f"pieces naming the seed: {named[:4]}")
