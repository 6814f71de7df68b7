"""`ludoteca bench club`: a club of several server processes on PostgreSQL, beside one process on
SQLite, measured in one run on this machine.

* a move's round trip (sending it to its `ok`, which comes once the owner has written the table
  and sent the new states) with 2 clients: on SQLite; on PostgreSQL with both players at the
  process running the table; and with one of them relayed by another process (what the relay adds);
* the same with CLIENTS clients over CLIENTS/2 tables of Connect Four, each player moving about
  every PAUSE seconds: on SQLite with one process, and on PostgreSQL spread over PROCESSES processes
  (each table opened at one process, its second player connected to any, as a load balancer
  would); `--ramp 250,500,…` repeats the PostgreSQL measure at each count and says where p99
  passes 250 ms; the CPU each part used says what saturates first;
* failover: Qwirkle tables played by players who reconnect to any live process with their seat
  tokens; five times a process running tables is killed with SIGKILL (and another started): the
  time from the kill to the first move accepted at a table it ran, median and max.

PostgreSQL: the database of `--store` (or LUDOTECA_STORE), or else a throwaway server started
from this machine's PostgreSQL programs with their default settings; the settings that decide
the price of durability (synchronous_commit, fsync) are printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import random
import signal
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ludoteca.i18n import _
from ludoteca.net import protocol
from ludoteca.net.bench import (
    LOOPBACK,
    MAX_CLIENTS,
    MAX_SECONDS,
    Player,
    ServerProcess,
    _figures,
    _table,
    load_limits,
)

#: the p99 beyond which a club is called saturated
SATURATED_MS = 250.0


# ----- club server processes ------------------------------------------------------------------
def _serve_club(ports: Any, url: str) -> None:
    from ludoteca.net import thinking
    from ludoteca.net.server import CLUB, Server
    from ludoteca.store.postgres import PostgresTableStore

    # the takeovers are what the failover measure is about; the figures say them
    logging.getLogger("ludoteca.net.fleet").setLevel(logging.ERROR)
    store = PostgresTableStore(url, pool_size=8)
    limits = load_limits(max_tables=MAX_CLIENTS)

    async def run() -> None:
        server = Server(store, CLUB, limits=limits)
        await server.start(LOOPBACK, 0)
        server.resume_tables()
        assert server.host is not None
        ports.put((server.port, server.host.owner))
        stopped = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
        await stopped.wait()
        await server.stop()

    asyncio.run(run())
    store.close()
    thinking.shutdown(wait=True)


class ClubProcess:
    """One `serve` process of the club, in a process of its own (killed for real by `kill`)."""

    def __init__(self, url: str) -> None:
        context = multiprocessing.get_context("spawn")
        ports = context.Queue()
        self.process = context.Process(target=_serve_club, args=(ports, url))
        self.process.start()
        self.port, self.owner = ports.get(timeout=60)

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def kill(self) -> None:
        if self.process.pid is not None and self.process.is_alive():
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(10)

    def stop(self) -> None:
        self.process.terminate()
        self.process.join(20)
        if self.process.is_alive():
            self.kill()


# ----- CPU: what saturates first -----------------------------------------------------------------
def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _family(root: int | None) -> list[int]:
    """`root` and its children (PostgreSQL's backends are its postmaster's children)."""
    if root is None:
        return []
    found = [root]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == root:
                    found.append(int(entry.name))
    return found


class CpuMeter:
    """CPU used, in percent of one core, by the servers, PostgreSQL and these clients."""

    def __init__(self, servers: Sequence[int], postgres: int | None) -> None:
        self.groups = {"servers": list(servers), "postgres": _family(postgres)}
        self.before = {name: sum(map(_cpu_seconds, pids)) for name, pids in self.groups.items()}
        self.clients = time.process_time()
        self.started = time.monotonic()

    def read(self) -> dict[str, float]:
        wall = max(1e-6, time.monotonic() - self.started)
        used = {
            name: 100 * (sum(map(_cpu_seconds, pids)) - self.before[name]) / wall
            for name, pids in self.groups.items()
        }
        used["clients"] = 100 * (time.process_time() - self.clients) / wall
        return used


# ----- round trips --------------------------------------------------------------------------------
async def _round_trips(
    openers: Sequence[int], joiners: Sequence[int], seconds: float, pause: float, seed: int
) -> tuple[list[float], list[float], int, float]:
    """Tables opened at `openers[i]` and joined from `joiners[i]`; returns the openers' and the
    joiners' round trips, the failures, and the seconds it took."""
    connected = await asyncio.gather(
        *(Player.connect(port, f"p{i}") for i, port in enumerate([*openers, *joiners])),
        return_exceptions=True,
    )
    pairs = len(openers)
    # a pair one of whose players could not connect is a failure, and does not play
    couples = [
        (a, b)
        for a, b in zip(connected[:pairs], connected[pairs:], strict=True)
        if isinstance(a, Player) and isinstance(b, Player)
    ]
    rng = random.Random(seed)
    started = time.monotonic()
    outcomes = await asyncio.gather(
        *(_table(a, b, started + seconds, random.Random(rng.random()), pause) for a, b in couples),
        return_exceptions=True,
    )
    elapsed = time.monotonic() - started
    for player in connected:
        if isinstance(player, Player):
            with contextlib.suppress(Exception):
                await player.ws.close()
    failures = pairs - len(couples) + sum(isinstance(outcome, BaseException) for outcome in outcomes)
    return (
        [t for a, _b in couples for t in a.times],
        [t for _a, b in couples for t in b.times],
        failures,
        elapsed,
    )


def round_trips(
    openers: Sequence[int], joiners: Sequence[int], seconds: float, pause: float, seed: int = 1
) -> tuple[list[float], list[float], int, float]:
    return asyncio.run(_round_trips(openers, joiners, seconds, pause, seed))


def _shown(times: list[float]) -> str:
    if not times:
        return _("no moves")
    median, p99 = _figures(times)
    return _("{moves} moves, median {median:.1f} ms, p99 {p99:.1f} ms").format(
        moves=len(times), median=median, p99=p99
    )


# ----- failover ---------------------------------------------------------------------------------
class Steady:
    """A Qwirkle player who reconnects to any live process with its token and plays on."""

    def __init__(self, name: str, rng: random.Random, accepted: list[tuple[float, float, str]]) -> None:
        self.name, self.rng, self.accepted = name, rng, accepted
        self.table: str | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self.state: dict[str, Any] = {}
        self.ids = 0
        self.pending: int | None = None
        self.sent = 0.0

    async def run(self, live: Any, first: dict[str, Any], until: float) -> None:
        while time.monotonic() < until:
            with contextlib.suppress(OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                async with connect(f"ws://{LOOPBACK}:{self.rng.choice(live())}/", max_size=None) as ws:
                    await ws.send(
                        protocol.request("hello", protocol=protocol.PROTOCOL_VERSION, name=self.name)
                    )
                    await asyncio.wait_for(ws.recv(), 5)
                    fields: dict[str, Any] = dict(first)
                    if self.token is not None:
                        fields = {"type": "join", "table": self.table, "token": self.token, "take": True}
                    self.state, self.pending = {}, None
                    await self._send(ws, str(fields.pop("type")), **fields)
                    while time.monotonic() < until:
                        await self._read(ws, json.loads(await asyncio.wait_for(ws.recv(), 10)))
            await asyncio.sleep(self.rng.uniform(0.05, 0.2))

    async def _send(self, ws: Any, kind: str, **fields: Any) -> int:
        self.ids += 1
        await ws.send(protocol.request(kind, self.ids, **fields))
        return self.ids

    async def _read(self, ws: Any, message: dict[str, Any]) -> None:
        from ludoteca.core.registry import get_game
        from ludoteca.net.codec import Decoder

        kind = message.get("type")
        if kind == "joined":
            self.table, self.token, self.seat = message["table"], message["token"], message["seat"]
        elif kind in ("state", "update"):
            self.state = message if kind == "state" else protocol.state_from_update(self.state, message)
        elif message.get("id") == self.pending and self.pending is not None:
            self.pending = None
            if kind == "ok" and self.table is not None:
                # when it was sent, too: an answer still on its way when a process is killed
                # was accepted before
                self.accepted.append((self.sent, time.monotonic(), self.table))
        state = self.state
        if self.pending is None and state.get("status") == "playing" and state.get("to_move") == self.seat:
            await asyncio.sleep(self.rng.uniform(0.1, 0.3))
            game = get_game("qwirkle")
            view = Decoder(game).decode(state["view"])
            move = self.rng.choice(sorted(game.format_move(view, m) for m in game.legal_moves(view)))
            self.sent = time.monotonic()
            self.pending = await self._send(ws, "move", version=state["version"], move=move)


async def _failover(url: str, club: list[ClubProcess], tables: int, kills: int, seed: int) -> list[float]:
    from ludoteca.store.postgres import PostgresTableStore

    rng = random.Random(seed)
    accepted: list[tuple[float, float, str]] = []
    stop_at = time.monotonic() + 60 + kills * 40

    def live() -> list[int]:
        return [p.port for p in club if p.alive]

    async def pair(number: int) -> None:
        opener = Steady(f"o{number}", random.Random(rng.random()), accepted)
        joiner = Steady(f"j{number}", random.Random(rng.random()), accepted)
        opening = asyncio.create_task(opener.run(live, {"type": "open", "game": "qwirkle"}, stop_at))
        while opener.table is None:
            await asyncio.sleep(0.05)
        await asyncio.gather(opening, joiner.run(live, {"type": "join", "table": opener.table}, stop_at))

    players = [asyncio.create_task(pair(n)) for n in range(tables)]
    loop = asyncio.get_running_loop()
    times: list[float] = []
    with PostgresTableStore(url) as store:
        await asyncio.sleep(3)  # every table playing
        for _kill in range(kills):
            await asyncio.sleep(rng.uniform(1.0, 3.0))
            rows = await loop.run_in_executor(None, store.lobby_rows)
            owned: dict[str, set[str]] = {}
            for row in rows:
                owned.setdefault(str(row.owner), set()).add(row.table_id)
            victims = [p for p in club if p.alive and owned.get(p.owner)]
            if not victims:
                continue
            victim = rng.choice(victims)
            theirs = owned[victim.owner]
            killed = time.monotonic()
            await loop.run_in_executor(None, victim.kill)
            deadline = killed + 30
            while time.monotonic() < deadline:
                first = [when for sent, when, table in accepted if sent > killed and table in theirs]
                if first:
                    times.append(min(first) - killed)
                    break
                await asyncio.sleep(0.02)
            club.append(await loop.run_in_executor(None, ClubProcess, url))
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    return times


# ----- the run --------------------------------------------------------------------------------------
def _settings(url: str) -> str:
    import psycopg

    with psycopg.connect(url) as conn:
        shown = []
        for name in ("server_version", "synchronous_commit", "fsync", "wal_sync_method"):
            row = conn.execute(f"SHOW {name}").fetchone()  # a name of ours, not the user's
            shown.append(f"{name}={row[0] if row else '?'}")
    return ", ".join(shown)


def _fresh_database(url: str) -> str:
    """A new database beside the one of `url`, so every run starts from an empty club."""
    import psycopg
    from psycopg import sql

    name = f"ludoteca_bench_{os.getpid()}_{int(time.time())}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def _drop_database(url: str, fresh: str) -> None:
    import psycopg
    from psycopg import sql

    name = urlsplit(fresh).path.lstrip("/")
    with contextlib.suppress(psycopg.Error), psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca bench club", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200, help=_("players for the many-tables measure"))
    parser.add_argument("--processes", type=int, default=4, help=_("server processes of the PostgreSQL club"))
    parser.add_argument("--seconds", type=float, default=5.0, help=_("how long each measure runs"))
    parser.add_argument(
        "--pause", type=float, default=1.0, help=_("seconds a player looks at the board before moving")
    )
    parser.add_argument(
        "--ramp",
        default="",
        metavar="N,N,…",
        help=_("also measure the PostgreSQL club at these client counts"),
    )
    parser.add_argument("--kills", type=int, default=5, help=_("processes killed for the failover measure"))
    parser.add_argument("--failover-tables", type=int, default=20, help=_("tables played during the kills"))
    parser.add_argument("--store", metavar="URL", help=_("a PostgreSQL database (else a throwaway one)"))
    args = parser.parse_args(argv)
    clients = max(2, min(MAX_CLIENTS, args.clients)) // 2 * 2
    seconds = max(1.0, min(MAX_SECONDS, args.seconds))
    pause = max(0.0, min(10.0, args.pause))
    processes = max(2, min(16, args.processes))
    ramp = [max(2, min(MAX_CLIENTS, int(n))) // 2 * 2 for n in args.ramp.split(",") if n.strip().isdigit()]

    scratch = None
    base = args.store or os.environ.get("LUDOTECA_STORE", "")
    if not base:
        from ludoteca.store.postgres.scratch import ScratchPostgres

        scratch = ScratchPostgres().start()
        base = scratch.url()
    url = _fresh_database(base)
    club: list[ClubProcess] = []
    try:
        print(_("PostgreSQL: {settings}").format(settings=_settings(url)), flush=True)
        # --- SQLite, one process
        sqlite = ServerProcess("sqlite")
        try:
            opened, joined, _failed, _took = round_trips([sqlite.port], [sqlite.port], seconds, 0.0)
            print(
                _("2 clients, SQLite, 1 process: {figures}").format(figures=_shown(opened + joined)),
                flush=True,
            )
            meter = CpuMeter([sqlite.process.pid or 0], None)
            pairs = clients // 2
            opened, joined, failed, _took = round_trips(
                [sqlite.port] * pairs, [sqlite.port] * pairs, seconds, pause
            )
            print(
                _(
                    "{clients} clients over {tables} tables, SQLite, 1 process: {figures}; "
                    "{failed} failed; CPU {cpu}"
                ).format(
                    clients=clients,
                    tables=pairs,
                    figures=_shown(opened + joined),
                    failed=failed,
                    cpu=_cpu_text(meter.read()),
                ),
                flush=True,
            )
        finally:
            sqlite.stop()
        # --- PostgreSQL, several processes
        club = [ClubProcess(url) for _n in range(processes)]
        ports = [p.port for p in club]
        opened, joined, _failed, _took = round_trips([ports[0]], [ports[0]], seconds, 0.0)
        print(
            _("2 clients, PostgreSQL, both at the process running the table: {figures}").format(
                figures=_shown(opened + joined)
            ),
            flush=True,
        )
        local, relayed, _failed, _took = round_trips([ports[0]], [ports[1]], seconds, 0.0)
        added = (statistics.median(relayed) - statistics.median(local)) * 1000 if local and relayed else 0.0
        print(
            _(
                "2 clients, PostgreSQL, one relayed by another process: at the owner {local}; "
                "relayed {relayed}; the relay adds {added:.1f} ms at the median"
            ).format(local=_shown(local), relayed=_shown(relayed), added=added),
            flush=True,
        )
        saturated = None
        for count in [clients, *ramp]:
            pairs = count // 2
            rng = random.Random(count)
            meter = CpuMeter([p.process.pid or 0 for p in club], scratch.pid if scratch else None)
            opened, joined, failed, _took = round_trips(
                [ports[i % processes] for i in range(pairs)],
                [rng.choice(ports) for _i in range(pairs)],
                seconds,
                pause,
            )
            times = opened + joined
            p99 = _figures(times)[1] if times else float("inf")
            if saturated is None and p99 > SATURATED_MS:
                saturated = count
            print(
                _(
                    "{clients} clients over {tables} tables, PostgreSQL, {n} processes: {figures}; "
                    "{failed} failed; CPU {cpu}"
                ).format(
                    clients=count,
                    tables=pairs,
                    n=processes,
                    figures=_shown(times),
                    failed=failed,
                    cpu=_cpu_text(meter.read()),
                ),
                flush=True,
            )
        if ramp:
            if saturated is None:
                print(
                    _("p99 stayed under {ms:.0f} ms at every count measured").format(ms=SATURATED_MS),
                    flush=True,
                )
            else:
                print(
                    _("p99 passes {ms:.0f} ms at {clients} clients").format(
                        ms=SATURATED_MS, clients=saturated
                    ),
                    flush=True,
                )
        # --- failover
        if args.kills > 0:
            times = asyncio.run(_failover(url, club, max(1, min(200, args.failover_tables)), args.kills, 7))
            if times:
                print(
                    _(
                        "failover, from SIGKILL to the first move accepted at a table the killed process "
                        "ran, over {n} kills: median {median:.2f} s, max {max:.2f} s (each: {each})"
                    ).format(
                        n=len(times),
                        median=statistics.median(times),
                        max=max(times),
                        each=", ".join(f"{t:.2f}" for t in times),
                    ),
                    flush=True,
                )
            else:
                print(_("failover: no killed process ran a table"), flush=True)
    finally:
        for process in club:
            process.stop()
        _drop_database(base, url)
        if scratch is not None:
            scratch.stop()
    return 0


def _cpu_text(used: dict[str, float]) -> str:
    """Percent of one core (this machine has os.cpu_count() of them)."""
    shares = ", ".join(f"{name} {share:.0f}%" for name, share in used.items())
    return _("{shares} of one core ({n} cores)").format(shares=shares, n=os.cpu_count() or 1)
