"""`ludoteca bench budget`: how far each game's strongest computer overruns its time per move.

A player is given a budget (0.5 s by default) and must answer within it; what it takes beyond is
its overshoot. The bench measures it the way a game meets it — the player thinks in its own
thread (`Thinker`) on the view of its seat — over positions taken from random games, while busy
processes it starts itself keep every core loaded (a laptop compiling, a browser playing video).
The target is a worst overshoot within 20 % of the budget.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.levels import computer_for
from ludoteca.ai.worker import Thinker
from ludoteca.core.game import Game
from ludoteca.core.registry import declarations

#: the worst overshoot allowed, as a share of the budget
TARGET = 0.20
#: a busy loop, one per core, so the bench measures a loaded machine
_SPIN = "while True: pass"


@dataclass(frozen=True)
class Overshoot:
    game: str
    budget: float
    #: seconds each position took, from starting the thinker to its answer
    times: tuple[float, ...]

    @property
    def overshoots(self) -> list[float]:
        return [max(0.0, t - self.budget) / self.budget for t in self.times]

    @property
    def median(self) -> float:
        return statistics.median(self.overshoots)

    @property
    def worst(self) -> float:
        return max(self.overshoots)


def positions(game: Game[Any, Any], count: int, seed: int) -> list[tuple[Any, int]]:
    """`count` (state, seat to move) pairs from random games with the default options, spread from
    the opening to the end, so every phase of the game is timed."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    game_seed = seed
    while len(found) < count:
        state = game.start(game.options(), game_seed, game.info.default_seats)
        game_seed += 1
        line: list[tuple[Any, int]] = []
        while (seat := game.to_move(state)) is not None and len(line) < 400:
            line.append((state, seat))
            state = game.play(state, rng.choice(list(game.legal_moves(state))))
        wanted = min(count - len(found), 4)
        step = max(1, len(line) // wanted)
        found.extend(line[i * step] for i in range(wanted) if i * step < len(line))
    return found[:count]


def time_player(
    game: Game[Any, Any], level: int, budget: float, cases: Sequence[tuple[Any, int]]
) -> Overshoot:
    """Each case thought about by `level` with `budget` seconds, in a thinker thread as in play."""
    player = computer_for(game, level, budget).player
    times = []
    for state, seat in cases:
        thinker = Thinker(game, player, game.view(state, seat), seat, budget)
        started = time.perf_counter()
        thinker.start()
        thinker.wait()
        times.append(time.perf_counter() - started)
        thinker.result()  # a failing player is a bug, not a figure
    return Overshoot(game.info.key, budget, tuple(times))


@contextmanager
def cpu_load(processes: int) -> Iterator[None]:
    """`processes` busy processes for the length of the block; they are stopped at its end."""
    spinners = [subprocess.Popen([sys.executable, "-c", _SPIN]) for _n in range(processes)]
    try:
        time.sleep(0.2)  # let them start spinning
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca bench budget",
        description="How far each game's computer overruns its time per move, on a loaded machine.",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="which games (default: all)")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per move (default 0.5)")
    parser.add_argument("--level", type=int, default=5, choices=range(1, 6), help="the level (default 5)")
    parser.add_argument("--positions", type=int, default=12, help="positions per game (default 12)")
    parser.add_argument(
        "--load",
        type=int,
        default=os.cpu_count() or 1,
        help="busy processes beside the bench (default: one per core)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    args = parser.parse_args(argv)
    shelf = {d.key: d.game for d in declarations()}
    unknown = [key for key in args.games if key not in shelf]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; the games are: {', '.join(shelf)}")
    print(
        f"time per move, level {args.level}, budget {args.budget:g} s, "
        f"{args.load} busy process(es) on {os.cpu_count()} core(s)"
    )
    print(f"{'game':<12}{'positions':>10}{'median s':>10}{'worst s':>9}{'median over':>13}{'worst over':>12}")
    status = 0
    with cpu_load(args.load):
        for key in args.games or list(shelf):
            game = shelf[key]
            result = time_player(game, args.level, args.budget, positions(game, args.positions, args.seed))
            flag = "" if result.worst <= TARGET else "  over target"
            print(
                f"{key:<12}{len(result.times):>10}{statistics.median(result.times):>10.3f}"
                f"{max(result.times):>9.3f}{result.median:>12.1%}{result.worst:>12.1%}{flag}"
            )
            if result.worst > TARGET:
                status = 1
    print(f"overshoot: time beyond the budget, as a share of it; target: worst within {TARGET:.0%}")
    return status
