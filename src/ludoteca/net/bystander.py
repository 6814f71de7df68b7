"""`ludoteca bench net --bystander N`: whether a club stays responsive while its computers think,
and whether those computers think in parallel.

A club server is started in its own process on 127.0.0.1 (`bench.ServerProcess`). Tables of a game
(`--game`) are opened, each with one person and computers of a level (`--level`) in the other
seats; the person (a bot in this process, one thread per table) plays a random legal move from
its view as soon as it is its turn, so the computers are thinking nearly all the time. Meanwhile
a bystander in the lobby, in a process of its own (in this one the bots hold Python's lock in
turn), sends `ping` every `interval` seconds and times each `pong`: the median
and the 99th percentile are what a player browsing the lobby feels. They are measured first with
no game running, then with N busy tables.

The computers' pace is measured twice, at one table and at N, over the same time: the computers'
moves per second, and the processor time their processes used (read from /proc, the server's
child processes: the lanes of `net/thinking.py`), as cores kept busy and as processor time per
move. The server thinks in as many processes as the machine has cores, so at N tables the
computers can do at most min(N, cores) times the work of one table; a figure near that says
they think in parallel, one near 1 that something serialises them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from ludoteca.ai.base import Budget
from ludoteca.i18n import _
from ludoteca.net import protocol

LOOPBACK = "127.0.0.1"
#: the games a bystander bench can fill its tables with
GAMES = ("khet", "othello", "connect4", "qwirkle")
MAX_TABLES = 200
#: seconds given to the tables to open and their computers to start before anything is counted
WARM_UP = 3.0


# ----- the tables ------------------------------------------------------------------------------
class Tally:
    """What the tables' bots saw: when each computer move came (monotonic seconds)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.computer_moves: list[float] = []
        #: every move played at the tables, the persons' included, warm-up included
        self.played = 0

    def add(self, count: int, computers: bool = True) -> None:
        now = time.monotonic()
        with self.lock:
            self.played += count
            if computers:
                self.computer_moves.extend([now] * count)

    def between(self, start: float, end: float) -> int:
        with self.lock:
            return sum(start <= t < end for t in self.computer_moves)


def _chooser(game: Any, seed: int) -> Any:
    """How the person at a table picks a move: a random legal one, through the game's level-1
    computer where that one takes no time to think (it knows the game's quick way), else by
    drawing among the legal moves."""
    from ludoteca.ai.levels import computer_for

    quick = computer_for(game, 1, None, seed)
    draw = random.Random(seed)
    if not quick.think:
        return lambda view, seat: quick.player.choose(game, view, seat, Budget(1.0), None)
    return lambda view, seat: draw.choice(list(game.legal_moves(view)))


def _table_bot(
    port: int, game: str, seats: list[str], stop: threading.Event, seed: int, tally: Tally
) -> None:
    """Open a table with computers in `seats` and play random moves at it until `stop`, telling
    `tally` of every computer move seen."""
    from ludoteca.net.client import Client, NetError
    from ludoteca.net.remote import RemoteMatch

    client = Client(f"{LOOPBACK}:{port}", f"bot{seed}")
    client.connect()
    while not stop.is_set():
        client.request("open", game=game, seats=seats)
        match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
        choose = _chooser(match.game, seed)
        own = seen = 0
        try:
            while not stop.is_set() and not match.over:
                if len(match.moves) - own > seen:
                    tally.add(len(match.moves) - own - seen)
                    seen = len(match.moves) - own
                if match.seat is not None and match.to_move() == match.seat:
                    match.play(match.game.format_move(match.state, choose(match.state, match.seat)))
                    own += 1
                    tally.add(1, computers=False)
                else:
                    match.wait(0.1)
        except NetError:
            if stop.is_set():
                break
            raise
        if stop.is_set():
            break
        client.request("leave")
    client.close()


def _cpu_seconds(pid: int) -> float:
    """Processor time (user and system) a process has used, from /proc; 0 where unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _children(pid: int) -> list[int]:
    found = []
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry.name))
    return found


def _machine_cpu() -> float:
    """Processor seconds the whole machine has been busy, all cores together (/proc/stat)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return 0.0
    idle = sum(values[3:5])  # idle and waiting for the disk
    return (sum(values) - idle) / os.sysconf("SC_CLK_TCK")


def _thinking_cpu(server: int) -> float:
    """Processor seconds used so far by the server's child processes (its computers' lanes)."""
    return sum(_cpu_seconds(child) for child in _children(server))


def _settle(server: int, longest: float = 15.0) -> None:
    """Wait until the computers' processes are idle (the searches of tables just left end by
    their own budget), so that one measure does not count another's work."""
    deadline = time.monotonic() + longest
    before = _thinking_cpu(server)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = _thinking_cpu(server)
        if now - before < 0.05:
            return
        before = now


def busy_tables(
    port: int,
    server: int,
    tables: int,
    seconds: float,
    *,
    game: str,
    level: int,
    during: Any = None,
) -> dict[str, Any]:
    """Run `tables` tables of computers for `seconds` (after a warm-up) and count their work;
    `during()`, if given, runs in the meantime and its answer comes back as "during"."""
    computers = 3 if game == "qwirkle" else 1
    seats = ["remote"] + [f"computer:{level}"] * computers
    stop, tally = threading.Event(), Tally()
    bots = [
        threading.Thread(target=_table_bot, args=(port, game, seats, stop, n, tally), daemon=True)
        for n in range(tables)
    ]
    for bot in bots:
        bot.start()
    time.sleep(WARM_UP)  # every table open and its computers at work
    started, cpu_before = time.monotonic(), _thinking_cpu(server)
    machine_before, server_before, own_before = _machine_cpu(), _cpu_seconds(server), time.process_time()
    answer = None
    if during is None:
        time.sleep(seconds)
    else:
        answer = during()
    ended = max(time.monotonic(), started + 1e-6)
    cpu = _thinking_cpu(server) - cpu_before
    served = _cpu_seconds(server) - server_before
    players = time.process_time() - own_before
    # what the rest of the machine did meanwhile (other programs; the bystander's process too)
    others = _machine_cpu() - machine_before - cpu - served - players
    stop.set()
    for bot in bots:
        bot.join(30)
    moves = tally.between(started, ended)
    wall = ended - started
    _settle(server)
    return {
        "tables": tables,
        "moves": moves,
        "played": tally.played,
        "per_second": moves / wall,
        "cores": cpu / wall,
        "cpu_ms_per_move": 1000 * cpu / moves if moves else 0.0,
        "server_cores": served / wall,
        "player_cores": players / wall,
        "other_cores": max(0.0, others / wall),
        "during": answer,
    }


# ----- the bystander ---------------------------------------------------------------------------
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


def pings_apart(port: int, seconds: float, interval: float) -> list[float]:
    """`pings`, from a process of its own: in this one the tables' bots hold Python's lock in
    turn, and a ping would wait for them here, not at the server."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as apart:
        return apart.submit(pings, port, seconds, interval).result(timeout=seconds + 60)


def measure(
    port: int,
    server: int,
    tables: int,
    seconds: float,
    *,
    game: str = "qwirkle",
    level: int = 5,
    interval: float = 0.1,
) -> dict[str, Any]:
    """The bystander's ping with no table, then while `tables` tables of computers think; the
    computers' pace at one table, then at `tables` (`server`: the server's process id)."""
    quiet = pings_apart(port, min(seconds, 5.0), interval)
    one = busy_tables(port, server, 1, seconds, game=game, level=level)
    many = busy_tables(
        port,
        server,
        tables,
        seconds,
        game=game,
        level=level,
        during=lambda: pings_apart(port, seconds, interval),
    )
    busy = many.pop("during")
    one.pop("during")
    return {"quiet": _figures(quiet), "busy": _figures(busy), "pings": len(busy), "one": one, "many": many}


def _figures(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


# ----- the command -----------------------------------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `bench net --bystander`."""
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="qwirkle",
        help=_("with --bystander: the tables' game"),
    )
    parser.add_argument(
        "--level", type=int, default=5, help=_("with --bystander: the computers' level (default 5)")
    )
    parser.add_argument(
        "--think",
        default="",
        help=_("with --bystander: the computers' budget per move, seconds or nodes:N (default: the level's)"),
    )


def read_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """Check the bystander's options (a mistake ends the command with argparse's message);
    returns the budget as the server reads it ("" for the levels' own)."""
    from ludoteca.ai.levels import computer_for
    from ludoteca.core.errors import OptionError
    from ludoteca.core.registry import get_game
    from ludoteca.core.think import read_think

    try:
        think = read_think(args.think) if args.think.strip() else None
        computer_for(get_game(args.game), args.level, think, 1)
    except (OptionError, ValueError) as err:
        parser.error(str(err))
    return "" if think is None else think.text()


def report(port: int, server: int, tables: int, seconds: float, args: argparse.Namespace) -> None:
    """Measure (`measure`) and print the figures of `bench net --bystander`."""
    tables = max(1, min(MAX_TABLES, tables))
    figures = measure(port, server, tables, seconds, game=args.game, level=args.level)
    lanes = os.cpu_count() or 1
    budget = args.think.strip() or _("the level's own time")
    print(
        _(
            "{game}, computers of level {level} thinking for {budget} a move; the server thinks "
            "in {lanes} processes (one per core of this machine)."
        ).format(game=args.game, level=args.level, budget=budget, lanes=lanes)
    )
    print(
        _("A lobby ping with no game running: median {median:.1f} ms, p99 {p99:.1f} ms").format(
            median=figures["quiet"][0], p99=figures["quiet"][1]
        )
    )
    many, one = figures["many"], figures["one"]
    print(
        _(
            "A lobby ping while {tables} {game} tables of level-{level} computers think ({moves} moves "
            "played): {n} pings, median {median:.1f} ms, p99 {p99:.1f} ms"
        ).format(
            tables=tables,
            game=args.game,
            level=args.level,
            moves=many["played"],
            n=figures["pings"],
            median=figures["busy"][0],
            p99=figures["busy"][1],
        )
    )
    for pace in (one, many):
        print(
            _(
                "Computers at {tables} tables: {rate:.2f} moves/s, their processes busy "
                "{cores:.2f} cores, {cpu:.0f} ms of processor time a move; meanwhile the server "
                "{server:.2f} cores, this bench's players {players:.2f}, other programs {others:.2f}"
            ).format(
                server=pace["server_cores"],
                players=pace["player_cores"],
                others=pace["other_cores"],
                tables=pace["tables"],
                rate=pace["per_second"],
                cores=pace["cores"],
                cpu=pace["cpu_ms_per_move"],
            )
        )
    allowed = min(tables, lanes)
    print(
        _(
            "In parallel: {tables} tables make {speed:.2f}× the moves of one and keep {cores:.2f}× "
            "its cores busy; {lanes} cores allow at most {allowed}×, and other programs left "
            "{free:.2f} of them"
        ).format(
            free=max(0.0, lanes - many["other_cores"]),
            tables=tables,
            speed=many["per_second"] / one["per_second"] if one["per_second"] else 0.0,
            cores=many["cores"] / one["cores"] if one["cores"] else 0.0,
            lanes=lanes,
            allowed=allowed,
        )
    )
