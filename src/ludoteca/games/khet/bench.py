"""`ludoteca bench khet`: perft speed, search depth in a time budget, level-against-level games, and
games against Khet2-AI.

    ludoteca bench khet                       # perft, depth and the level match, default sizes
    ludoteca bench khet --only perft --depth 3
    ludoteca bench khet --only depth --seconds 2
    ludoteca bench khet --only match --levels 5,3 --games 50
    ludoteca bench khet --khet2ai PATH --handicap 4   # 24 games, Khet2-AI given 4 times our time

Times are processor time (steady on a machine other programs load), medians over `--repeats`
runs. Perft and depth are the kernel's (`kernel.py`), compiled where Cython can, as the first line
says. Khet2-AI (github.com/AlexKent3141/Khet2-AI) is not part of Ludoteca: build it yourself and
give its executable; `khet2ai.py` says how the games are refereed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ludoteca.ai.base import Budget
from ludoteca.ai.native import is_compiled
from ludoteca.core.declaration import CommandContext
from ludoteca.games.khet import GAME, khet2ai
from ludoteca.games.khet.openings import opening
from ludoteca.games.khet.players import THINK_SECONDS, KhetPlayer
from ludoteca.games.khet.search import Engine, kernel
from ludoteca.games.khet.state import KhetState

SETUPS = (("khet2", "classic"), ("khet2", "imhotep"), ("khet2", "dynasty"), ("horus", "classic-horus"))


def _start(variant: str, setup: str) -> KhetState:
    return GAME.start(GAME.options({"variant": variant, "setup": setup}), 0, 2)


def bench_perft(depth: int, repeats: int) -> None:
    print(f"perft {depth} by the kernel, last ply counted; processor time, median of {repeats}")
    for variant, setup in SETUPS:
        state = _start(variant, setup)
        kernel.load(state.board, state.turn, state.horus, [])
        times = []
        leaves = 0
        for _run in range(repeats):
            started = time.process_time()
            leaves = kernel.perft(depth)
            times.append(time.process_time() - started)
        median = statistics.median(times)
        print(
            f"  {setup:<14} {leaves:>12,} leaves  {1000 * median:9.2f} ms  "
            f"{leaves / max(median, 1e-9):>14,.0f} leaves/s"
        )


def bench_depth(seconds: float, repeats: int, fixed: int) -> None:
    print(
        f"depth completed by the level 5 engine in {seconds:g} s of processor time (the table "
        f"cleared before each run), and the processor time a depth-{fixed} search takes"
    )
    for variant, setup in SETUPS:
        state = _start(variant, setup)
        depths, rates, spent = [], [], []
        for _run in range(repeats):
            kernel.clear_table()
            engine = Engine(variant == "horus")
            engine.clock = time.process_time
            result = engine.search(state.board, state.turn, seconds)
            depths.append(result.depth)
            rates.append(result.nodes / max(result.elapsed, 1e-9))
            kernel.clear_table()
            engine = Engine(variant == "horus")
            started = time.process_time()
            engine.search(state.board, state.turn, None, max_depth=fixed)
            spent.append(time.process_time() - started)
        print(
            f"  {setup:<14} depth {statistics.median(depths):g} (runs: {', '.join(str(d) for d in depths)}), "
            f"{statistics.median(rates):,.0f} positions/s; "
            f"depth {fixed} in {statistics.median(spent):.2f} s"
        )


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    plies: int = 0
    #: depths reached by the stronger and the weaker player, move by move
    depths: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))


def play_game(
    players: tuple[KhetPlayer, KhetPlayer],
    state: KhetState,
    seconds: Sequence[float],
    max_plies: int,
    depths: tuple[list[int], list[int]] | None = None,
) -> tuple[int | None, int]:
    """Play on from `state`; returns (winning seat, or None for a draw, and the plies played). The
    player to move claims a threefold repetition when it judges itself worse. The depth each seat's
    searches reached is appended to `depths`."""
    while GAME.to_move(state) is not None and state.ply < max_plies:
        seat = state.turn
        player = players[seat]
        if GAME.can_claim_draw(state) and player.wants_draw(GAME, state, seat, seconds=0.2):
            return None, state.ply
        state = GAME.play(state, player.choose(GAME, state, seat, Budget(seconds[seat])))
        if depths is not None and player.last is not None:
            depths[seat].append(player.last.depth)
    outcome = GAME.outcome(state)
    return (outcome.winner if outcome is not None else None), state.ply


def bench_match(
    levels: tuple[int, int],
    games: int,
    setups: Sequence[tuple[str, str]],
    max_plies: int,
    scale: float,
    opening_plies: int,
    processor_clock: bool = False,
) -> None:
    a, b = levels
    think = (THINK_SECONDS[a] * scale, THINK_SECONDS[b] * scale)
    print(
        f"level {a} ({think[0]:g} s/move) against level {b} ({think[1]:g} s/move), {games} games: each "
        f"opening ({opening_plies} random quiet plies, no shot winning at once) played twice with "
        "colours swapped, setups "
        f"{', '.join(s for _v, s in setups)} in turn, a draw after {max_plies} plies"
        + (", thinking time counted in processor seconds" if processor_clock else "")
    )
    tally = Tally()
    started = time.perf_counter()
    for number in range(games):
        pair = number // 2
        variant, setup = setups[pair % len(setups)]
        state = opening(variant, setup, opening_plies, pair)
        strong, weak = KhetPlayer(a, seed=number), KhetPlayer(b, seed=1000 + number)
        if processor_clock:
            for player in (strong, weak):
                for horus in (False, True):
                    player.engine(horus).clock = time.process_time
        strong_seat = number % 2  # each opening is played once from each side
        players = (strong, weak) if strong_seat == 0 else (weak, strong)
        seconds = (think[0], think[1]) if strong_seat == 0 else (think[1], think[0])
        depths: tuple[list[int], list[int]] = ([], [])
        winner, plies = play_game(players, state, seconds, max_plies, depths)
        tally.depths[0].extend(depths[strong_seat])
        tally.depths[1].extend(depths[1 - strong_seat])
        result = "draw" if winner is None else "win" if winner == strong_seat else "loss"
        tally.plies += plies
        tally.wins += result == "win"
        tally.losses += result == "loss"
        tally.draws += result == "draw"
        colour = "Silver" if strong_seat == 0 else "Red"
        print(
            f"  game {number + 1:>3}: level {a} as {colour} on {setup}: {result} after {plies} plies",
            flush=True,
        )
    played = max(tally.wins + tally.losses + tally.draws, 1)
    print(
        f"  level {a}: {tally.wins} wins, {tally.losses} losses, {tally.draws} draws "
        f"({100 * tally.wins / played:.0f} % won), {tally.plies / played:.0f} plies a game, "
        f"{time.perf_counter() - started:.0f} s"
    )
    for label, found in ((a, tally.depths[0]), (b, tally.depths[1])):
        if found:
            print(
                f"  level {label} searched to depth {statistics.mean(found):.1f} on average "
                f"(median {statistics.median(found):g})"
            )


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca bench khet", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--only", choices=("perft", "depth", "match", "khet2ai"), action="append", help="sections to run"
    )
    parser.add_argument("--depth", type=int, default=3, help="perft depth (default 3)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="processor seconds for the depth section and a move against Khet2-AI (default 2)",
    )
    parser.add_argument(
        "--fixed-depth", type=int, default=6, help="the depth section's fixed-depth search (default 6)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--levels", default="5,3", help="two levels to match, e.g. 5,3 (default)")
    parser.add_argument(
        "--games", type=int, help="games in a match (default 50 between levels, 24 against Khet2-AI)"
    )
    parser.add_argument("--setup", action="append", help="setups for the match (default: all four, in turn)")
    parser.add_argument(
        "--max-plies", type=int, default=300, help="a match game is drawn after this many plies"
    )
    parser.add_argument(
        "--time-scale", type=float, default=1.0, help="multiply each level's thinking time (quick runs: 0.25)"
    )
    parser.add_argument("--opening-plies", type=int, default=2, help="random quiet plies before a match game")
    parser.add_argument(
        "--processor-clock",
        action="store_true",
        help="count thinking time in processor seconds (steadier figures on a busy machine)",
    )
    parser.add_argument(
        "--khet2ai", metavar="PATH", help="a Khet2-AI executable to play (the khet2ai section)"
    )
    parser.add_argument("--level", type=int, default=5, help="Ludoteca's level against Khet2-AI (default 5)")
    parser.add_argument(
        "--first",
        type=int,
        default=1,
        help="against Khet2-AI, start at this game of the match (to split one match across processes)",
    )
    parser.add_argument(
        "--handicap",
        type=float,
        default=1.0,
        help="Khet2-AI's processor time a move as a multiple of Ludoteca's (default 1)",
    )
    args = parser.parse_args(list(argv))
    # given an engine and no sections, the bench plays it and nothing else
    sections = args.only or (["khet2ai"] if args.khet2ai else ["perft", "depth", "match"])
    if "khet2ai" in sections and not args.khet2ai:
        parser.error("the khet2ai section needs --khet2ai PATH")
    plain = "as plain Python (no C compiler, or LUDOTECA_NATIVE=0)"
    print(f"the Khet kernel runs {'compiled (Cython)' if is_compiled(kernel) else plain}")
    if "perft" in sections:
        bench_perft(args.depth, args.repeats)
    if "depth" in sections:
        bench_depth(args.seconds, args.repeats, args.fixed_depth)
    if "match" in sections:
        first, _sep, second = args.levels.partition(",")
        chosen: tuple[tuple[str, str], ...] = SETUPS
        if args.setup:
            chosen = tuple(
                s for s in SETUPS if s[1] in args.setup or (s[1] == "classic-horus" and "horus" in args.setup)
            )
        bench_match(
            (int(first), int(second)),
            50 if args.games is None else args.games,
            chosen,
            args.max_plies,
            args.time_scale,
            args.opening_plies,
            args.processor_clock,
        )
    if "khet2ai" in sections:
        setups = [s for s in khet2ai.SETUP_NAMES if not args.setup or s in args.setup]
        try:
            khet2ai.match(
                args.khet2ai,
                24 if args.games is None else args.games,
                args.seconds,
                args.level,
                setups,
                args.max_plies,
                args.opening_plies,
                args.handicap,
                max(1, args.first),
            )
        except khet2ai.EngineError as err:
            print(f"  Khet2-AI: {err}")
            return 1
    return 0
