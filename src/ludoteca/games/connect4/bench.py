"""`ludoteca bench connect4 [--perft] [--solver] [--depth] [--tournament] …`: Connect Four figures.

Sections (all but the tournament and the profile run when none is named):

* perft: leaves per second of `core.perft` through the rules (what `ludoteca perft connect4 N` runs);
* solver: processor time per position of the exact solver on the six public benchmark sets, from
  end-easy to begin-hard. Two ship in tests/data (end-easy, middle-easy); `--sets DIR` names a
  folder holding the published files (``Test_L3_R1`` … ``Test_L1_R3``) for all six. Each set is
  sampled evenly (`--limit`, or a default per set that keeps the run to minutes), every score is
  checked against the file, and the kernel's table is emptied before each run, then kept from
  position to position (as a solver reading the file does). With `--pons PATH` (a build of Pascal
  Pons' public solver, made in a scratch folder), the same sample is given to it and the ratio of
  processor times printed: its run's time less that of a run with no positions (its start-up);
* depth: the depth the heuristic search completes in 1 s from the empty grid;
* tournament: computer levels against each other over `--games` games, colours alternating;
* profile: cProfile of the solver on the middle-game file (the top functions by own time; in the
  compiled form the kernel is one opaque call);
* ``--play N`` and ``--random-positions N --discs 8-12``: level 5 with Yellow from the empty grid
  against a spread of opponents, and what `solve` costs on positions of random play
  (`bench_perfect.py`).

Figures are medians over `--repeats` runs of processor time (the machine may be shared); a run's
figure is the mean over its positions, and the median position and the slowest are printed too.
The header says whether the kernel runs compiled.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ludoteca.ai import native
from ludoteca.ai.tournament import GameResult, parse_pairs, tournament
from ludoteca.core.declaration import CommandContext
from ludoteca.core.perft import perft
from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.search import search
from ludoteca.games.connect4.solver import Position, Solver, kernel


def _test_data() -> Path:
    """The checkout's tests/data (the public position sets), found upwards from this file; in an
    installed copy, ./tests/data (or give --files)."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "tests" / "data").is_dir():
            return folder / "tests" / "data"
    return Path("tests") / "data"


_DATA = _test_data()


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


@dataclass(frozen=True)
class PositionSet:
    name: str
    #: the published file's name, and ours in tests/data when we ship it
    published: str
    shipped: str | None
    #: positions timed by default: the whole set, or an even sample of the slow ones
    default_sample: int


SETS: Final = (
    PositionSet("end-easy", "Test_L3_R1", "connect4_end_easy.txt", 1000),
    PositionSet("middle-easy", "Test_L2_R1", "connect4_middle_easy.txt", 1000),
    PositionSet("middle-medium", "Test_L2_R2", None, 200),
    PositionSet("begin-easy", "Test_L1_R1", None, 1000),
    PositionSet("begin-medium", "Test_L1_R2", None, 40),
    PositionSet("begin-hard", "Test_L1_R3", None, 5),
)


def _read_positions(path: Path) -> list[tuple[str, int]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) >= 2:
            out.append((fields[0], int(fields[1])))
    return out


def _sample(items: list[tuple[str, int]], count: int) -> list[tuple[str, int]]:
    """`count` items spread evenly over `items` (all of them when there are no more)."""
    if count >= len(items):
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _find(position_set: PositionSet, folders: list[Path]) -> Path | None:
    for folder in folders:
        for name in (position_set.published, position_set.shipped):
            if name and (folder / name).is_file():
                return folder / name
    return None


@dataclass(frozen=True)
class SolverRun:
    #: processor seconds per position, in the file's order
    times: list[float]
    wrong: int
    nodes: int


def run_solver(positions: list[tuple[str, int]]) -> SolverRun:
    """One timed run over `positions`, starting from an empty table."""
    solver = Solver()
    solver.clear_table()
    parsed = [(Position.from_text(moves), expected) for moves, expected in positions]
    times, wrong = [], 0
    for position, expected in parsed:
        started = time.process_time()
        score = solver.solve(position)
        times.append(time.process_time() - started)
        wrong += score != expected
    return SolverRun(times, wrong, solver.nodes)


def run_pons(binary: Path, positions: list[tuple[str, int]]) -> tuple[float, int]:
    """Pons' solver on `positions` in one process (its table kept from line to line, as ours):
    processor seconds less those of a run with no positions, and how many scores were wrong. It
    runs in an empty scratch folder, so that it finds no opening book."""

    def run(lines: list[str]) -> tuple[float, str]:
        with tempfile.TemporaryDirectory() as scratch:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run(
                [str(binary)],
                input="".join(line + "\n" for line in lines),
                capture_output=True,
                text=True,
                cwd=scratch,
                check=False,
            )
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"--pons {binary} failed ({done.returncode}): {done.stderr[-400:]}")
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        return cpu, done.stdout

    # its start-up (a table of 2**24 slots cleared) is tens of milliseconds: as much as a
    # thousand end-game positions, so it is measured next to each run
    start_up, _ = run([])
    cpu, out = run([moves for moves, _ in positions])
    answers = [line.split() for line in out.splitlines()]
    wrong = sum(
        len(answer) < 2 or answer[0] != moves or int(answer[1]) != expected
        for answer, (moves, expected) in zip(answers, positions, strict=False)
    )
    wrong += max(0, len(positions) - len(answers))
    return max(cpu - start_up, 0.0), wrong


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def bench_solver(
    repeats: int, folders: list[Path], files: list[Path], limit: int | None, pons: Path | None
) -> None:
    if pons is not None and not os.access(pons, os.X_OK):
        raise SystemExit(f"--pons {pons}: not an executable file")
    chosen: list[tuple[str, Path | None, int]] = [(path.name, path, limit or 1000) for path in files]
    if not files:
        chosen = [(s.name, _find(s, folders), limit or s.default_sample) for s in SETS]
    for name, path, count in chosen:
        if path is None:
            print(f"solver {name}: not found (give --sets DIR, the folder of the published files)")
            continue
        every = _read_positions(path)
        positions = _sample(every, count)
        runs = [run_solver(positions) for _ in range(repeats)]
        means = [sum(run.times) / len(run.times) for run in runs]
        medians = [statistics.median(run.times) for run in runs]
        slowest = [max(run.times) for run in runs]
        rates = [run.nodes / max(sum(run.times), 1e-9) for run in runs]
        wrong = sum(run.wrong for run in runs)
        total = len(positions) * repeats
        line = (
            f"solver {name} ({path.name}, {len(positions)} of {len(every)} positions): "
            f"{total - wrong}/{total} exact; CPU per position mean {_duration(statistics.median(means))}, "
            f"median {_duration(statistics.median(medians))}, max {_duration(statistics.median(slowest))}; "
            f"{statistics.median(rates) / 1e6:.1f} M nodes/s"
        )
        if pons is not None:
            theirs = [run_pons(pons, positions) for _ in range(repeats)]
            pons_mean = statistics.median(cpu for cpu, _ in theirs) / len(positions)
            pons_wrong = sum(w for _, w in theirs)
            # the processor clock of a child process ticks in milliseconds: a sample Pons solves
            # faster than that gives no ratio worth printing (give more positions with --limit)
            ratio = (
                f"{statistics.median(means) / pons_mean:.2f}"
                if pons_mean * len(positions) >= 0.01
                else "too quick to time"
            )
            line += f"; Pons {_duration(pons_mean)} ({total - pons_wrong}/{total} exact): ratio {ratio}"
        print(line, flush=True)


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


def bench_profile(path: Path, limit: int) -> None:
    solver = Solver()
    positions = [Position.from_text(m) for m, _ in _read_positions(path)[:limit]]
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
    parser.add_argument(
        "--sets", type=Path, default=None, help="a folder of the published sets (Test_L3_R1 … Test_L1_R3)"
    )
    parser.add_argument("--files", type=Path, nargs="+", default=[], help="other positions files")
    parser.add_argument("--limit", type=int, default=None, help="N positions of each set, evenly spread")
    parser.add_argument("--pons", type=Path, default=None, help="a build of Pons' solver, for the ratio")
    parser.add_argument("--build-book", action="store_true", help="build the opening book (hours)")
    parser.add_argument("--build-scores", action="store_true", help="exact scores of the first positions")
    parser.add_argument("--score-discs", type=int, default=None, help="up to how many discs (default 2)")
    parser.add_argument(
        "--time-scores", default=None, metavar="DISCS", help="time exact scores of samples, e.g. 4,3"
    )
    parser.add_argument("--samples", type=int, default=2, help="positions per count of discs there (2)")
    parser.add_argument("--book-out", type=Path, default=None, help="where to write it (the game's own)")
    parser.add_argument(
        "--leaf-nodes", type=int, default=None, help="positions a cold solve may need past the book"
    )
    parser.add_argument(
        "--play", type=int, default=None, metavar="N", help="N games: level 5 with Yellow, empty grid"
    )
    parser.add_argument(
        "--random-positions", type=int, default=None, metavar="N", help="solve N positions of random play"
    )
    parser.add_argument("--discs", default="8-12", help="how many discs those positions have (8-12)")
    parser.add_argument("--seconds", type=float, default=60.0, help="a solve's limit (60)")
    parser.add_argument("--games", type=int, default=100, help="games per pair of levels")
    parser.add_argument("--levels", default="5:3,3:1", help="pairs of levels, e.g. 5:3,3:1")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' random choices")
    parser.add_argument("--verbose", action="store_true", help="print every game or position")
    args = parser.parse_args(list(argv))
    if args.build_book:
        from ludoteca.games.connect4 import book_builder
        from ludoteca.games.connect4.book import BOOK_FILE

        book = book_builder.build(
            args.book_out or BOOK_FILE,
            args.leaf_nodes or book_builder.LEAF_NODES,
            lambda line: print(line, flush=True),
        )
        print("\n".join(book.about))
        return 0
    if args.time_scores is not None:
        from ludoteca.games.connect4 import book_builder

        discs = [int(count) for count in args.time_scores.split(",")]
        book_builder.time_scores(discs, args.samples, args.seconds, lambda line: print(line, flush=True))
        return 0
    if args.build_scores:
        from ludoteca.games.connect4 import book_builder
        from ludoteca.games.connect4.book import SCORES_FILE

        scores = book_builder.build_scores(
            args.book_out or SCORES_FILE,
            book_builder.SCORE_DISCS if args.score_discs is None else args.score_discs,
            lambda line: print(line, flush=True),
        )
        print("\n".join(scores.about))
        return 0
    if args.play is not None or args.random_positions is not None:
        from ludoteca.games.connect4 import bench_perfect

        form = "compiled (Cython)" if native.is_compiled(kernel()) else "plain Python"
        print(f"solver kernel: {form}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
        if args.play is not None:
            bench_perfect.bench_play(args.play, args.seed)
        if args.random_positions is not None:
            least, _, most = args.discs.partition("-")
            bench_perfect.bench_random_positions(
                args.random_positions, int(least), int(most or least), args.seconds, args.seed, args.verbose
            )
        return 0
    chosen = args.perft or args.solver or args.depth or args.tournament or args.profile
    if args.perft or not chosen:
        bench_perft(args.repeats, args.perft_depth)
    form = "compiled (Cython)" if native.is_compiled(kernel()) else "plain Python"
    print(f"solver kernel: {form}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    if args.solver or not chosen:
        folders = [args.sets, _DATA] if args.sets is not None else [_DATA]
        bench_solver(args.repeats, folders, args.files, args.limit, args.pons)
    if args.depth or not chosen:
        bench_depth(args.repeats, 1.0)
    if args.tournament:
        random.seed(args.seed)
        bench_tournament(parse_pairs(args.levels), args.games, args.seed, args.verbose)
    if args.profile:
        bench_profile(args.files[0] if args.files else _DATA / "connect4_middle_easy.txt", args.limit or 300)
    return 0
