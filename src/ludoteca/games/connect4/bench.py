"""`ludoteca bench connect4 [--perft] [--solver] [--depth] [--tournament] …`: Connect Four figures.

Sections (all but the tournament and the profile run when none is named):

* perft: leaves per second of `core.perft` through the rules (what `ludoteca perft connect4 N` runs);
* solver: processor time per position of the exact solver on the six public benchmark sets, from
  end-easy to begin-hard. Two ship in tests/data (end-easy, middle-easy); `--sets DIR` names a
  folder holding the published files (``Test_L3_R1`` … ``Test_L1_R3``) for all six. Each set is
  sampled evenly (`--limit`, or a default per set that keeps the run to minutes) and every score is
  checked against the file. The positions go to the kernel in one batch (`Solver.solve_many`),
  which empties its table before each one and times each search alone in processor time, so no
  Python call is counted. Before every tenth position comes a position the side to move wins at
  once: answered with no search, its median time (the floor) is what the clock read and a cold
  start cost. With `--pons PATH`, the same lines go to Pascal Pons' solver, built by the user
  (never by this bench) as a program that reads one position a line and prints ``MOVES SCORE
  NODES NANOSECONDS`` for each, having emptied its table before it (``Solver::reset``) and timed
  ``Solver::solve`` alone with ``CLOCK_PROCESS_CPUTIME_ID``: his Solver.cpp with a small driver
  of that kind. Its floor is measured the same way; the smaller of the two floors is taken off
  every search on both sides (so that neither side's own overhead is taken off), and the ratios
  ours/Pons of the median and of the mean are printed. His own main (``MOVES SCORE`` a line, its
  table kept from line to line) is accepted too, timed as a whole less its start-up: a mean that
  favours it, printed as not comparable;
* depth: the depth the heuristic search completes in 1 s from the empty grid;
* tournament: computer levels against each other over `--games` games, colours alternating;
* profile: cProfile of the solver on the middle-game file (the top functions by own time; in the
  compiled form the kernel is one opaque call);
* ``--play N`` and ``--random-positions N --discs 8-12``: level 5 with Yellow from the empty grid
  against a spread of opponents, and what `solve` costs on positions of random play
  (`bench_perfect.py`).

Figures are medians over `--repeats` runs of processor time (the machine may be shared); a run's
figures are the median, the mean and the slowest of its positions. The header says whether the
kernel runs compiled.
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


#: a position whose side to move wins at once (``121212``: Yellow's fourth disc in column 1), so
#: both solvers answer it with no search: what it costs is the clock read around a search, and
#: the cold start after an emptied table. One comes before every ten positions of a run.
FLOOR_MOVES = "121212"
FLOOR_SCORE = 18


def with_floor(positions: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`positions` with FLOOR_MOVES before every ten of them, twenty times at least."""
    floors = max(20, -(-len(positions) // 10))
    out: list[tuple[str, int]] = []
    placed = 0
    for index, entry in enumerate(positions):
        # spread evenly: `placed` keeps up with index * floors / len(positions)
        while placed * len(positions) <= index * floors:
            out.append((FLOOR_MOVES, FLOOR_SCORE))
            placed += 1
        out.append(entry)
    out.extend([(FLOOR_MOVES, FLOOR_SCORE)] * (floors - placed))
    return out


@dataclass(frozen=True)
class SolverRun:
    """One run over a sample, its floor positions among its positions."""

    #: processor nanoseconds of each position's search, in the sample's order, clock included
    times: list[int]
    #: processor nanoseconds of each floor position
    floors: list[int]
    wrong: int
    nodes: int
    #: for a program that does not time its searches: processor seconds of its whole run less
    #: those of a run with no positions (its start-up), with `times` and `floors` empty
    whole: float | None = None

    @property
    def floor(self) -> float | None:
        """The floor positions' median, in seconds (None: not timed)."""
        return statistics.median(self.floors) / 1e9 if self.floors else None

    def searches(self, clock: float) -> list[float]:
        """Each position's search in processor seconds, `clock` seconds taken off."""
        return [ns / 1e9 - clock for ns in self.times]


def _split(entries: list[tuple[str, int]], answers: list[tuple[int, int, int]], who: str) -> SolverRun:
    """A run from the answers (score, nodes, nanoseconds) to `entries`, floors among them."""
    times, floors, wrong, nodes = [], [], 0, 0
    for (moves, expected), (score, count, spent) in zip(entries, answers, strict=True):
        if moves == FLOOR_MOVES:
            if score != expected:
                raise SystemExit(f"{who} scored {FLOOR_MOVES} {score}, not {expected}")
            floors.append(spent)
        else:
            wrong += score != expected
            times.append(spent)
            nodes += count
    return SolverRun(times, floors, wrong, nodes)


def run_solver(positions: list[tuple[str, int]]) -> SolverRun:
    """Our solver on `positions` and the floors among them, in one batch: the table emptied before
    each position, each search timed alone in the kernel."""
    entries = with_floor(positions)
    solved = Solver().solve_many([Position.from_text(moves) for moves, _ in entries], fresh=True)
    answers = [
        (-1000 if found.score is None else found.score, found.nodes, round(found.seconds * 1e9))
        for found in solved
    ]
    return _split(entries, answers, "our solver")


def _run_program(binary: Path, lines: list[str]) -> tuple[float, list[list[str]]]:
    """`binary` fed `lines` in an empty scratch folder (so that it finds no opening book): the
    processor seconds it took and the fields of each line it printed."""
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
    return cpu, [line.split() for line in done.stdout.splitlines()]


def _answers(binary: Path, lines: list[str]) -> tuple[float, list[list[str]]]:
    """`_run_program`, its answers checked: one line each, in order, all of the same width."""
    cpu, rows = _run_program(binary, lines)
    width = len(rows[0]) if rows else 0
    if (
        len(rows) != len(lines)
        or width not in (2, 4)
        or any(len(row) != width or row[0] != moves for row, moves in zip(rows, lines, strict=True))
    ):
        raise SystemExit(
            f"--pons {binary}: it must answer each line with 'MOVES SCORE NODES NANOSECONDS' "
            "(or 'MOVES SCORE'), in order (see `ludoteca bench connect4 --help`)"
        )
    return cpu, rows


def run_pons(binary: Path, positions: list[tuple[str, int]]) -> SolverRun:
    """Pons' solver on `positions` in one process. A program that prints ``MOVES SCORE NODES
    NANOSECONDS`` (see the module's docstring; asked first with one position) is timed search by
    search, as ours, with the same floors among the positions; one that prints ``MOVES SCORE``
    only (his own main) is timed as a whole, less its start-up, and keeps its table from line to
    line: a figure that favours it, printed as not comparable."""
    who = f"--pons {binary}"
    _, probe = _answers(binary, [positions[0][0]])
    if len(probe[0]) == 4:
        entries = with_floor(positions)
        _, rows = _answers(binary, [moves for moves, _ in entries])
        return _split(entries, [(int(row[1]), int(row[2]), int(row[3])) for row in rows], who)
    cpu, rows = _answers(binary, [moves for moves, _ in positions])
    start_up, _ = _run_program(binary, [])
    run = _split(positions, [(int(row[1]), 0, 0) for row in rows], who)
    return SolverRun([], [], run.wrong, 0, max(cpu - start_up, 0.0))


def _duration(seconds: float) -> str:
    if abs(seconds) < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if abs(seconds) < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


@dataclass(frozen=True)
class Figures:
    """A solver's figures on one sample: medians over the runs (None: not measured)."""

    median: float | None
    mean: float
    slowest: float | None
    wrong: int
    nodes_per_second: float | None

    @staticmethod
    def of(runs: list[SolverRun], clocks: list[float], positions: int) -> Figures:
        """`runs`' figures, `clocks[i]` seconds taken off each search of `runs[i]`."""
        wrong = sum(run.wrong for run in runs)
        if runs[0].whole is not None:
            mean = statistics.median(run.whole or 0.0 for run in runs) / positions
            return Figures(None, mean, None, wrong, None)
        searches = [run.searches(clock) for run, clock in zip(runs, clocks, strict=True)]
        return Figures(
            statistics.median(statistics.median(each) for each in searches),
            statistics.median(statistics.fmean(each) for each in searches),
            statistics.median(max(each) for each in searches),
            wrong,
            statistics.median(
                run.nodes / max(sum(each), 1e-9) for run, each in zip(runs, searches, strict=True)
            ),
        )

    def text(self) -> str:
        if self.median is None or self.slowest is None:
            return (
                f"mean {_duration(self.mean)} (its whole run less its start-up, its table kept from "
                "line to line: not comparable)"
            )
        rate = "" if self.nodes_per_second is None else f", {self.nodes_per_second / 1e6:.1f} M nodes/s"
        spread = f"median {_duration(self.median)}, mean {_duration(self.mean)}"
        return f"{spread}, max {_duration(self.slowest)}{rate}"


def _ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or theirs is None:
        return "n/a"
    return f"{ours / theirs:.2f}" if theirs > 0 else "n/a (within the clock's cost)"


def _clocks(ours: list[SolverRun], theirs: list[SolverRun]) -> list[float]:
    """What to take off every search of each repeat, on both sides: the clock's cost, which is
    the smaller of the two floors (so that neither side's own overhead is taken off), or ours
    alone without a timed run of Pons'."""
    clocks = []
    for index, run in enumerate(ours):
        floors = [run.floor]
        if index < len(theirs):
            floors.append(theirs[index].floor)
        clocks.append(min(floor for floor in floors if floor is not None) if run.floor is not None else 0.0)
    return clocks


def _floors(ours: list[SolverRun], theirs: list[SolverRun], clocks: list[float]) -> str:
    """What was taken off, and each side's floor."""
    sides = [("ours", ours), ("Pons", theirs)]
    shown = [
        f"{who} {_duration(statistics.median(run.floor for run in runs if run.floor is not None))}"
        for who, runs in sides
        if any(run.floor is not None for run in runs)
    ]
    if not shown:
        return ""
    return (
        f"; clock {_duration(statistics.median(clocks))} taken off each search (floors: {', '.join(shown)})"
    )


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
        ours: list[SolverRun] = []
        theirs: list[SolverRun] = []
        for _ in range(repeats):
            # in turn, so that both meet the same load on a shared machine
            ours.append(run_solver(positions))
            if pons is not None:
                theirs.append(run_pons(pons, positions))
        clocks = _clocks(ours, theirs)
        total = len(positions) * repeats
        mine = Figures.of(ours, clocks, len(positions))
        line = (
            f"solver {name} ({path.name}, {len(positions)} of {len(every)} positions): "
            f"{total - mine.wrong}/{total} exact; processor time per search {mine.text()}"
        )
        if pons is not None:
            other = Figures.of(theirs, clocks, len(positions))
            line += (
                f"; Pons {other.text()} ({total - other.wrong}/{total} exact): ratio ours/Pons "
                f"median {_ratio(mine.median, other.median)}, mean {_ratio(mine.mean, other.mean)}"
            )
        line += _floors(ours, theirs, clocks)
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
    parser.add_argument(
        "--pons",
        type=Path,
        default=None,
        help="Pons' solver as a program printing 'MOVES SCORE NODES NANOSECONDS' a line (see above)",
    )
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
