"""`ludoteca bench connect4 [--perft] [--solver] [--depth] [--tournament] [--profile]`: Connect Four figures.

Sections (all but the tournament and the profile run when none is named):

* perft: leaves per second of `core.perft` through the rules (what `ludoteca perft connect4 N` runs);
* solver: mean and maximum time per position of the exact solver on the public benchmark files
  (`tests/data/connect4_end_easy.txt` and `connect4_middle_easy.txt`, or `--files`), each score
  checked against the file; the solver's table is cleared between positions;
* depth: the depth the heuristic search completes in 1 s from the empty grid;
* tournament: computer levels against each other over `--games` games, colours alternating;
* profile: cProfile of the solver on the middle-game file (the top functions by own time).

Times are medians over `--repeats` runs; CPU time is printed beside wall time because the machine
may be shared.

What the profile showed (before the optimisations kept in `solver.py`): on 300 middle-game
positions, `bitboard.threats` took 53 % of the time (1.7 calls per node: the move ordering) and
the negamax body 40 %; dict lookups, sorting and `bit_count` were each under 3 %. Unrolling the
threat computation and turning the negamax into a closure (locals instead of attribute lookups,
no unused threat argument) brought the middle-game mean from 3.3 ms to 1.4 ms (wall time, runs a
few minutes apart on the shared machine). After them the profile splits about evenly between the
negamax body and `threats`, which the move ordering needs once per child.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ludoteca.ai.tournament import GameResult, parse_pairs, tournament
from ludoteca.core.declaration import CommandContext
from ludoteca.core.perft import perft
from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.search import search
from ludoteca.games.connect4.solver import Position, Solver


def _test_data() -> Path:
    """The checkout's tests/data (the public position sets), found upwards from this file; in an
    installed copy, ./tests/data (or give --files)."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "tests" / "data").is_dir():
            return folder / "tests" / "data"
    return Path("tests") / "data"


_DATA = _test_data()
DEFAULT_FILES = (_DATA / "connect4_end_easy.txt", _DATA / "connect4_middle_easy.txt")


def _timed(action: Callable[[], object]) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def bench_perft(repeats: int, depth: int) -> None:
    start = GAME.start(GAME.options(), 0)
    walls, cpus, leaves = [], [], 0
    for _ in range(repeats):
        wall, cpu, count = _timed(lambda: perft(GAME, start, depth))
        walls.append(wall)
        cpus.append(cpu)
        assert isinstance(count, int)
        leaves = count
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"perft {depth}: {leaves} leaves in {wall:.2f} s wall ({leaves / wall:,.0f} leaves/s), "
        f"{cpu:.2f} s CPU ({leaves / cpu:,.0f} leaves/s)"
    )


def _read_positions(path: Path) -> list[tuple[str, int]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) >= 2:
            out.append((fields[0], int(fields[1])))
    return out


def bench_solver(repeats: int, files: list[Path], limit: int | None) -> None:
    solver = Solver()
    for path in files:
        positions = _read_positions(path)[:limit]
        means, maxima, cpu_means, rates = [], [], [], []
        wrong = 0
        for _ in range(repeats):
            times, cpus, nodes = [], [], 0
            solver.clear_table()
            for moves, expected in positions:
                position = Position.from_text(moves)
                solver.reset()
                wall, cpu, score = _timed(lambda p=position: solver.solve(p))  # type: ignore[misc]
                times.append(wall)
                cpus.append(cpu)
                nodes += solver.nodes
                wrong += score != expected
            means.append(sum(times) / len(times))
            maxima.append(max(times))
            cpu_means.append(sum(cpus) / len(cpus))
            rates.append(nodes / sum(times))
        total = len(positions) * repeats
        mean, cpu_mean = statistics.median(means) * 1000, statistics.median(cpu_means) * 1000
        print(
            f"solver {path.name}: {len(positions)} positions, {total - wrong}/{total} exact; per position "
            f"mean {mean:.3f} ms (CPU {cpu_mean:.3f} ms), max {statistics.median(maxima) * 1000:.1f} ms; "
            f"{statistics.median(rates):,.0f} nodes/s"
        )


def bench_depth(repeats: int, seconds: float) -> None:
    depths, nodes = [], []
    for _ in range(repeats):
        result = search(Position(0, 0, 0), 42, seconds)
        depths.append(result.depth)
        nodes.append(result.nodes)
    print(
        f"heuristic search from the empty grid in {seconds:g} s: depth {statistics.median(depths):g} "
        f"({statistics.median(nodes):,.0f} nodes)"
    )


def bench_tournament(pairs: list[tuple[int, int]], games: int, seed: int, verbose: bool) -> None:
    def show(index: int, result: GameResult, seat: int) -> None:
        winner = result.outcome.winner
        verdict = "draw" if winner is None else f"level {result.levels[winner]} won"
        print(
            f"  game {index + 1}: level {result.levels[0]} (Yellow) vs {result.levels[1]} (Red): "
            f"{''.join(result.moves)} {verdict}",
            flush=True,
        )

    for first, second in pairs:
        tally = tournament(
            GAME, GAME.options(), first, second, games, seed, on_game=show if verbose else None
        )
        print(tally.line())


def bench_profile(files: list[Path], limit: int) -> None:
    solver = Solver()
    positions = [Position.from_text(m) for m, _ in _read_positions(files[-1])[:limit]]
    profile = cProfile.Profile()
    profile.enable()
    solver.clear_table()
    for position in positions:
        solver.solve(position)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(8)
    print(out.getvalue())


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca bench connect4", description=__doc__.split("\n")[0])
    parser.add_argument("--perft", action="store_true", help="perft leaves per second through the rules")
    parser.add_argument("--solver", action="store_true", help="exact solver on the benchmark files")
    parser.add_argument("--depth", action="store_true", help="heuristic search depth in 1 s")
    parser.add_argument("--tournament", action="store_true", help="levels against each other")
    parser.add_argument("--profile", action="store_true", help="cProfile of the solver")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median shown)")
    parser.add_argument("--perft-depth", type=int, default=7, help="perft depth (default 7)")
    parser.add_argument("--files", type=Path, nargs="+", default=list(DEFAULT_FILES), help="positions files")
    parser.add_argument("--limit", type=int, default=None, help="only the first N positions of each file")
    parser.add_argument("--games", type=int, default=100, help="games per pair of levels")
    parser.add_argument("--levels", default="5:3,3:1", help="pairs of levels, e.g. 5:3,3:1")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' random choices")
    parser.add_argument("--verbose", action="store_true", help="print every tournament game")
    args = parser.parse_args(list(argv))
    chosen = args.perft or args.solver or args.depth or args.tournament or args.profile
    if args.perft or not chosen:
        bench_perft(args.repeats, args.perft_depth)
    if args.solver or not chosen:
        bench_solver(args.repeats, args.files, args.limit)
    if args.depth or not chosen:
        bench_depth(args.repeats, 1.0)
    if args.tournament:
        random.seed(args.seed)
        bench_tournament(parse_pairs(args.levels), args.games, args.seed, args.verbose)
    if args.profile:
        bench_profile(args.files, args.limit or 300)
    return 0
