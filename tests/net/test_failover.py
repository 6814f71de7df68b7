"""The failover test of issue 26: three `ludoteca serve --store postgresql://…` processes on
127.0.0.1 share one club on a real PostgreSQL; 50 tables of Connect Four, Qwirkle and Khet are
played by scripted players, each connected to a process picked at random (so most are relayed to
the process running their table); five times, at a random moment, one process is killed with
SIGKILL and another started, so three keep running. Players whose connection drops reconnect to
a random live process with their seat tokens, as they would through a reverse proxy.

Afterwards every table's record in the database holds exactly the moves its players saw
acknowledged, in order: an `ok` to the move, or, for a move whose `ok` was lost with the killed
process, the state the player found when it came back. Every game ended (by the rules, or by a
resignation after `PLIES` plies, which keeps the test bounded). The counts are printed (`-s`, or
`-rA` for a passing test) and are in the assertion messages.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.net import protocol
from ludoteca.net.codec import Decoder
from tests.net.fleet_servers import ServeProcess, Servers
from tests.pg_server import postgres_url

__all__ = ["postgres_url"]  # a fixture

psycopg = pytest.importorskip("psycopg", reason="pip install 'ludoteca[club]'; .ci/run installs it")

TABLES = int(os.environ.get("LUDOTECA_FAILOVER_TABLES", "50"))
GAMES = ("connect4", "qwirkle", "khet")
KILLS = 5
#: plies after which the player to move resigns (Qwirkle between random players goes on and on)
PLIES = 30
#: seconds for everything: the games, the kills, the restarts
SECONDS = 150.0
#: seconds without a word from the server after which a player reconnects
QUIET = 10.0
#: seconds a player looks at the board before moving (so the kills fall in mid-game)
LOOK = (0.05, 0.3)


@dataclass
class Player:
    name: str
    game: str
    rng: random.Random
    table: str | None = None
    token: str | None = None
    seat: int | None = None
    state: dict[str, Any] | None = None
    #: moves acknowledged by an `ok`, by their index in the game's moves
    acked: dict[int, str] = field(default_factory=dict)
    #: moves whose `ok` was lost with a killed process, found played on coming back
    confirmed: dict[int, str] = field(default_factory=dict)
    #: the move waiting for its answer: (request id, its index, its text)
    pending: tuple[int, int, str] | None = None
    #: moves sent before a drop and not (yet) in the state found on coming back: the process
    #: that had them may still write them; a later state says whether it did
    limbo: dict[int, str] = field(default_factory=dict)
    done: bool = False
    reconnections: int = 0
    ids: int = 0
    #: what happened to this player, for the assertion message of a player that never finished
    story: list[str] = field(default_factory=list)


class Club:
    """The live server processes, as a reverse proxy would know them."""

    def __init__(self, servers: Servers) -> None:
        self.servers = servers

    def any_port(self, rng: random.Random) -> int:
        return rng.choice([s.port for s in self.servers.live()])


async def send(ws: Any, player: Player, kind: str, **fields: Any) -> int:
    player.ids += 1
    await ws.send(protocol.request(kind, player.ids, **fields))
    return player.ids


async def take_turn(ws: Any, player: Player) -> None:
    state = player.state
    if player.done or player.pending is not None or state is None or state["status"] != "playing":
        return
    if state["to_move"] != player.seat:
        return
    await asyncio.sleep(player.rng.uniform(*LOOK))
    if player.state is not state:  # something came meanwhile: look again at the next message
        return
    index = len(state["moves"])
    if index >= PLIES:
        player.pending = (await send(ws, player, "resign"), -1, "")
        return
    game = get_game(player.game)
    view = Decoder(game).decode(state["view"])
    legal = sorted(game.format_move(view, m) for m in game.legal_moves(view))
    move = player.rng.choice(legal)
    request_id = await send(ws, player, "move", version=state["version"], move=move)
    player.pending = (request_id, index, move)


def came_back(player: Player) -> None:
    """Reconnected: the answer to a move sent before the drop will not come; the states say
    whether it was kept."""
    if player.pending is not None:
        _id, index, move = player.pending
        if index >= 0:
            player.limbo[index] = move
        player.pending = None


def unanswered(player: Player) -> dict[int, str]:
    """The moves `player` sent whose fate it never learnt: waiting for their answer, or sent
    before a drop with no state seen since."""
    found = dict(player.limbo)
    if player.pending is not None and player.pending[1] >= 0:
        found[player.pending[1]] = player.pending[2]
    return found


def look_for_limbo(player: Player, moves: list[str]) -> None:
    for index, move in list(player.limbo.items()):
        if len(moves) > index:
            if moves[index] == move:
                player.confirmed[index] = move
            del player.limbo[index]


async def handle(ws: Any, player: Player, message: dict[str, Any], fresh: list[bool]) -> None:
    kind = message["type"]
    if kind not in ("state", "update", "ok") or message.get("status") == "over":
        said = message.get("reason") or message.get("text") or ""
        player.story.append(f"{time.monotonic():.2f} {kind} {said}")
    if kind == "joined":
        player.table, player.token, player.seat = message["table"], message["token"], message["seat"]
    elif kind in ("state", "update"):
        state = message if kind == "state" else protocol.state_from_update(player.state or {}, message)
        if fresh[0]:
            fresh[0] = False
            came_back(player)
        look_for_limbo(player, state["moves"])
        if player.pending is not None and 0 <= player.pending[1] < len(state["moves"]):
            # a state is sent only once its change is kept: the move waiting for its `ok` is in
            # it, should that `ok` be lost with a killed process (the game may end meanwhile,
            # and the player then never comes back to find it)
            _id, index, move = player.pending
            if state["moves"][index] == move:
                player.confirmed[index] = move
        player.state = state
        if state["status"] == "over":
            player.done = player.pending is None  # else once the last move's answer is in
            return
        await take_turn(ws, player)
    elif player.pending is not None and message.get("id") == player.pending[0]:
        _id, index, move = player.pending
        player.pending = None
        if kind == "ok" and index >= 0:
            player.acked[index] = move
        if player.state is not None and player.state["status"] == "over":
            player.done = True
        await take_turn(ws, player)
    elif kind == "error" and message.get("id") is not None and player.token is not None:
        # the seat could not be had back: its game is over, and its table closed
        reason = str(message.get("reason"))
        player.done = player.done or "token" in reason or "no table" in reason or "is over" in reason


async def play(player: Player, club: Club, first: dict[str, Any], deadline: float) -> None:
    """Connect (again and again, to any live process) and play until the game is over."""
    while not player.done and time.monotonic() < deadline:
        port = club.any_port(player.rng)
        try:
            player.story.append(f"{time.monotonic():.2f} connect {port}")
            async with connect(f"ws://127.0.0.1:{port}/", max_size=None, open_timeout=5) as ws:
                await ws.send(protocol.request("hello", protocol=protocol.PROTOCOL_VERSION, name=player.name))
                welcome = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if welcome.get("type") != "welcome":
                    raise ConnectionError(str(welcome))
                fresh = [player.token is not None]
                if player.token is None:
                    fields = dict(first)
                    await send(ws, player, fields.pop("type"), **fields)
                else:
                    player.reconnections += player.seat is not None
                    await send(ws, player, "join", table=player.table, token=player.token, take=True)
                while not player.done and time.monotonic() < deadline:
                    # a player told nothing for long has lost its way: it reconnects
                    frame = await asyncio.wait_for(ws.recv(), QUIET)
                    await handle(ws, player, json.loads(frame), fresh)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, ConnectionError) as err:
            player.story.append(f"{time.monotonic():.2f} dropped: {type(err).__name__} {err}")
        if not player.done:
            await asyncio.sleep(player.rng.uniform(0.05, 0.3))


async def pair(number: int, club: Club, rng: random.Random, deadline: float) -> tuple[Player, Player]:
    game = GAMES[number % len(GAMES)]
    opener = Player(f"O{number}", game, random.Random(rng.random()))
    joiner = Player(f"J{number}", game, random.Random(rng.random()))
    opening = asyncio.create_task(
        play(opener, club, {"type": "open", "game": game, "seats": ["remote", "remote"]}, deadline)
    )
    while opener.table is None and not opening.done():
        await asyncio.sleep(0.02)
    # the joiner comes with a seat token of its own: if its 'joined' is lost with a killed
    # process, it comes back with that token and finds its seat (or takes it then)
    joiner.table, joiner.token = opener.table, secrets.token_urlsafe(24)
    await asyncio.gather(opening, play(joiner, club, {"type": "join", "table": opener.table}, deadline))
    return opener, joiner


async def killer(servers: Servers, rng: random.Random, deadline: float, kills: list[float]) -> None:
    """Five times: SIGKILL a live process at a random moment, and start another."""
    loop = asyncio.get_running_loop()
    for _kill in range(KILLS):
        await asyncio.sleep(rng.uniform(1.5, 4.0))
        if time.monotonic() > deadline:
            return
        victim: ServeProcess = rng.choice(servers.live())
        await loop.run_in_executor(None, victim.kill)
        kills.append(time.monotonic())
        await loop.run_in_executor(None, servers.start)


async def scenario(servers: Servers, seed: int) -> tuple[list[tuple[Player, Player]], list[float]]:
    rng = random.Random(seed)
    club = Club(servers)
    deadline = time.monotonic() + SECONDS
    kills: list[float] = []
    chaos = asyncio.create_task(killer(servers, random.Random(rng.random()), deadline, kills))
    tables = await asyncio.gather(*(pair(n, club, rng, deadline) for n in range(TABLES)))
    await chaos
    return list(tables), kills


def test_three_processes_five_kills_fifty_tables_no_acknowledged_move_lost_or_doubled(
    postgres_url: str, tmp_path: Path
) -> None:
    # LUDOTECA_FAILOVER_SEED replays a printed seed (the kills' timing still varies)
    seed = int(os.environ.get("LUDOTECA_FAILOVER_SEED") or random.randrange(10**6))
    servers = Servers(postgres_url, tmp_path)
    try:
        for _n in range(3):
            servers.start()
        started = time.monotonic()
        tables, kills = asyncio.run(scenario(servers, seed))
        elapsed = time.monotonic() - started
        taken_over = sum("took over" in line for s in servers.started for line in s.errors)
    finally:
        servers.stop()
    with psycopg.connect(postgres_url) as conn:
        rows = {
            table_id: (status, record)
            for table_id, status, record in conn.execute("SELECT id, status, record FROM ludoteca_tables")
        }
        results = conn.execute("SELECT count(*) FROM ludoteca_results").fetchone()[0]
        players = [tuple(found[0]) for found in conn.execute("SELECT players FROM ludoteca_results")]
    # by index: a move sent again after a drop, the same as the one in flight, is one move
    acked = sum(len({**o.acked, **j.acked}) for o, j in tables)
    confirmed = sum(
        len({**o.confirmed, **j.confirmed}.keys() - {**o.acked, **j.acked}.keys()) for o, j in tables
    )
    kept = in_flight = 0
    wrong: list[str] = []
    for opener, joiner in tables:
        assert opener.table in rows, f"table {opener.table} of {opener.name} is not in the store"
        status, record = rows[opener.table]
        moves = Record.loads(record).moves
        kept += len(moves)
        answered = {**opener.acked, **joiner.acked, **opener.confirmed, **joiner.confirmed}
        # a move sent just before its process died may be kept with its answer lost, and its table
        # closed before the player came back: kept, never seen acknowledged — allowed (nothing a
        # player saw acknowledged is lost), and told apart in the counts
        late = {
            index: move
            for player in (opener, joiner)
            for index, move in unanswered(player).items()
            if index not in answered and index < len(moves) and moves[index] == move
        }
        in_flight += len(late)
        seen = {**answered, **late}
        if (
            status != "over"
            or sorted(seen) != list(range(len(moves)))
            or [seen[i] for i in sorted(seen)] != moves
        ):
            wrong.append(f"{opener.table} ({opener.game}, {status}): kept {moves}, acknowledged {seen}")
    reconnections = sum(p.reconnections for pair in tables for p in pair)
    counts = (
        f"seed {seed}: {len(kills)} kills, {len(tables)} tables "
        f"({len(rows)} in the store, {results} results), "
        f"{acked + confirmed} moves acknowledged ({acked} by 'ok', {confirmed} found kept on coming back), "
        f"{kept} moves kept ({in_flight} of them sent as a process died, their answer lost); "
        f"{reconnections} reconnections, {taken_over} takeovers, {elapsed:.1f} s"
    )
    # which tables' results are missing or doubled, and which players never saw their game end
    for opener, joiner in tables:
        had = sum(set(names) == {opener.name, joiner.name} for names in players)
        if had != 1:
            counts += f"\n{opener.table} ({opener.game}): {had} results"
        for player in (opener, joiner):
            if not player.done:
                status = None if player.state is None else player.state["status"]
                counts += f"\n{player.name} at {player.table} never done (last state {status}):"
                counts += "".join(f"\n    {line}" for line in player.story[:20])
    print(counts)
    assert len(kills) == KILLS, counts
    assert not wrong, counts + "\n" + "\n".join(wrong[:5])
    assert acked + confirmed + in_flight == kept, counts
    assert results == len(tables), counts
