"""`ludoteca bench othello [--perft] [--depth] [--endgame] [--tournament] …`: Othello figures.

Sections (all but the tournament and the matches run when none is named):
* perft: leaves per second of the engine's bitboard perft, and the time of `perft 9` through
  the rules (`core.perft` on `GAME`, what `ludoteca perft othello 9` runs);
* depth: the depth the engine completes in 1 s and in 2 s from the start position;
* endgame: exact solve times of 18-empty positions from the public FFO endgame test suite, each
  checked against its published value;
* ffo: the FFO positions #40–#44 (20–23 empties), exact score and best move checked against the
  published ones; with `--edax PATH` (a build of the public Edax, for instance from a scratch folder)
  the same positions are solved by Edax on one thread too, and the ratio of processor times printed:
  Edax runs from the nearest folder above its binary holding data/eval.dat (its own build's
  layout), and its time is its own count of the search (its start-up, loading the weights, is
  measured on a trivial position and never counted);
* level5: positions with `--empties` empty squares from games of the engine against itself (random
  openings): does level 5 play a best move (checked by solving every move exactly) in its 2 s, and
  how long does its exact solve take; with `--to-the-end`, each position is also played out by
  level 5 against a perfect opponent, and its final score compared with the position's exact value;
* tournament: computer levels against each other, colours alternating, each pair of games from
  the same random opening;
* vs: `--vs PATH`, a match of level 5 (`--level`) against an external engine speaking GTP,
  `--seconds` of processor time a move each, from fixed opening lines each played with both
  colours, every engine move checked by Ludoteca's rules (`anchor.py`). Edax and Egaroucid for
  Console, known by their file names, are given GTP, no book and one thread; any other engine
  takes its arguments from `--vs-args`. `--first N` starts at game N + 1, so that a match can be
  split across processes;
* variants: `--variants A:B`, two forms of level 5 against each other at `--seconds` a move
  (`variants_match.py`: what the compiled search or the learned evaluation buys);
* weights: `--weights A:B`, two weights files of the learned evaluation against each other, each
  searching `--weights-depth` plies a move, exact from 16 empties (`weights_match.py`: what a
  training run buys), `--games` games (300) in `--threads` processes.

Times are medians over `--repeats` runs; processor time is the figure to compare (the machine may
be shared), wall time is printed beside it. The header says whether the engines run compiled.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shlex
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Final, TypeVar

from ludoteca.ai import native
from ludoteca.ai.tournament import GameResult, parse_pairs, tournament
from ludoteca.core.declaration import CommandContext
from ludoteca.core.perft import perft as rules_perft
from ludoteca.games.othello import GAME, learned
from ludoteca.games.othello.anchor import (
    OPENINGS,
    GtpPeer,
    PeerError,
    home_of,
    identify,
    match,
    preset_arguments,
    preset_for,
    schedule,
)
from ludoteca.games.othello.bitboard import empty_count, square_name, squares_of
from ludoteca.games.othello.endgame import EndgameSolver, usable_threads
from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.engine import perft as engine_perft
from ludoteca.games.othello.game import START_BLACK, START_WHITE, parse_position_text, split_discs
from ludoteca.games.othello.players import LEVEL_SETTINGS, THINK_SECONDS, EnginePlayer
from ludoteca.games.othello.search import after, final_score, kernel, legal_moves
from ludoteca.games.othello.settings import EngineSettings, SearchProgress
from ludoteca.games.othello.variants_match import CHANGES, variants_match
from ludoteca.games.othello.weights_match import SHIPPED_NAME, weights_match

#: 18-empty positions of the FFO endgame test suite (as published in public solver test files):
#: position, the exact final disc difference for the side to move, a best move
ENDGAMES_18: Final = (
    ("XXXXXXX-XXXXOX--XXXOOX--XXOOXX--XXOOXX-XXXOXXXXX--OOX-XX-------X X", 14, "d8"),
    ("--X--X----XXX---O-XOOOOO-OXXOOOOXXOXOOOOXXXOOOOOXXXOOO---XXXO-O- X", -2, "f8"),
    ("OXXXXXXXOOXXXXOOOOOXOXO---OXXXOX-OOOOXO----XOOOO----XOO------OOO X", 38, "h3"),
    ("--OOOOOOX-XXXX-XXXXXOOXOXOOXOXOOXOXXXOOOXXOOOOOOX------O-------- X", 18, "g2"),
    ("-OOOOOO---OOOO-X-OXXOOXXOOXXOXOXOOOXXOOX-OOOXXXX--XXXX------X--- X", -10, "a7"),
    ("--XXX------OXX-----OOOO-OOOOXOOOOOXOXXOOOOOXOXXOO-OOXO-O-OOOOOO- X", 40, "c3"),
)

#: FFO #40–#44 (the public FFO endgame test suite): position, exact value for the side to move, the
#: published best moves
FFO_40_44: Final = (
    ("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", 38, ("a2",)),
    ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0, ("h4",)),
    ("--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6, ("g2",)),
    ("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12, ("c7", "g3")),
    ("--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14, ("d2", "b8")),
)

T = TypeVar("T")


def _timed(action: Callable[[], T]) -> tuple[float, float, T]:
    # the kernel's table outlives a solve: every timed run starts from an empty one
    kernel.clear_table()
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def bench_perft(repeats: int, depth: int) -> None:
    walls, cpus = [], []
    leaves = 0
    for _ in range(repeats):
        wall, cpu, leaves = _timed(lambda: engine_perft(START_BLACK, START_WHITE, depth))
        walls.append(wall)
        cpus.append(cpu)
    print(
        f"engine perft {depth}: {leaves} leaves, median {_median(walls):.2f} s wall "
        f"({_median(cpus):.4f} s CPU), {leaves / max(_median(cpus), 1e-9):,.0f} leaves/s (CPU)"
    )
    walls, cpus = [], []
    start = GAME.start({}, 0, 2)
    for _ in range(repeats):
        wall, cpu, result = _timed(lambda: rules_perft(GAME, start, 9))
        assert result == 3005288, result
        walls.append(wall)
        cpus.append(cpu)
    print(
        f"perft 9 through the rules: 3005288 leaves, median {_median(walls):.2f} s wall "
        f"({_median(cpus):.2f} s CPU)"
    )


def _depth_in(seconds: float) -> tuple[int, int]:
    reached = [0, 0]

    def note(progress: SearchProgress) -> None:
        reached[0], reached[1] = progress.depth, progress.nodes

    Engine().iterate(START_BLACK, START_WHITE, seconds, note)
    return reached[0], reached[1]


def bench_depth(repeats: int) -> None:
    for seconds in (1.0, 2.0):
        runs = [_depth_in(seconds) for _ in range(repeats)]
        depths = [d for d, _ in runs]
        median = _median([float(d) for d in depths])
        print(
            f"depth completed in {seconds:g} s from the start: median {median:g} "
            f"(runs: {', '.join(str(d) for d in depths)})"
        )


def _solve_repeatedly(
    text: str, repeats: int, threads: int = 1
) -> tuple[int, str, int, list[float], list[float]]:
    """Solve a position `repeats` times, each with a fresh solver on `threads` threads: score,
    best move, nodes, and the wall and processor seconds of each run."""
    black, white, side = parse_position_text(text)
    p, o = split_discs(black, white, side)
    walls, cpus = [], []
    score, best, nodes = 0, "", 0
    for _ in range(repeats):
        wall, cpu, result = _timed(partial(EndgameSolver(threads=threads).solve, p, o))
        score, nodes = result.score, result.nodes
        best = square_name(result.move) if result.move is not None else "pass"
        walls.append(wall)
        cpus.append(cpu)
    return score, best, nodes, walls, cpus


def bench_endgame(repeats: int, count: int) -> None:
    for text, expected, move in ENDGAMES_18[:count]:
        score, best, nodes, walls, cpus = _solve_repeatedly(text, repeats)
        verdict = "ok" if score == expected else f"WRONG (published {expected:+d})"
        print(
            f"solve {text[:16]}… (18 empties): {score:+d} {best} [{verdict}; published best {move}], "
            f"{nodes:,} nodes, median {_median(walls):.2f} s wall ({_median(cpus):.2f} s CPU)"
        )


#: a position one empty square from the end: what Edax's start-up alone costs (its weights
#: loaded, one trivial solve)
_EDAX_TRIVIAL: Final = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- X"


def _edax_run(edax: Path, text: str) -> tuple[float, float, str, str, int]:
    """Edax on one thread solving `text` exactly, run from its own build's folder (the nearest
    holding data/eval.dat): wall and processor seconds of the whole process, its output, its
    errors and its exit code."""
    with tempfile.TemporaryDirectory() as scratch:
        problem = Path(scratch, "position.obf")
        problem.write_text(text + ";\n", encoding="ascii")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        done = subprocess.run(
            [str(edax.resolve()), "-solve", str(problem), "-n", "1", "-l", "60", "-book-usage", "off"],
            capture_output=True,
            text=True,
            cwd=home_of(edax),
            check=False,
        )
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu, done.stdout, done.stderr, done.returncode


def _clock_seconds(text: str) -> float:
    """Seconds of a time Edax prints as [[H:]M:]S.sss."""
    seconds = 0.0
    for part in text.split(":"):
        seconds = 60 * seconds + float(part)
    return seconds


def edax_startup(edax: Path, repeats: int) -> float:
    """Processor seconds of Edax's start-up (loading its weights): the median of whole runs on a
    position one empty square from the end."""
    runs = [_edax_run(edax, _EDAX_TRIVIAL) for _ in range(max(1, repeats))]
    for _, _, out, err, code in runs:
        if code != 0:
            raise SystemExit(f"Edax failed ({code}) from {home_of(edax)}: {(err or out)[-400:]}")
    return _median([cpu for _, cpu, _, _, _ in runs])


def _edax_solve(edax: Path, text: str, startup: float) -> tuple[float, float, int, str, bool]:
    """Edax on one thread solving `text` exactly: wall seconds of the run, processor seconds of
    its search (its own count of the search, else the run's less `startup`), score, best move,
    and whether the time is Edax's own count."""
    wall, cpu, out, err, code = _edax_run(edax, text)
    row = re.search(r"^\s*1\|\s*\d+\s+([+-]\d+)\s+\S+\s+\d+\s+\d+\s+(\w\d)", out, re.M)
    if row is None:
        raise SystemExit(f"Edax gave no result ({code}): {(err or out)[-400:]}")
    own = re.search(r"\(cpu\s*=\s*([\d:.]+)\)", out)
    search = _clock_seconds(own.group(1)) if own is not None else max(0.0, cpu - startup)
    return wall, search, int(row.group(1)), row.group(2).lower(), own is not None


def bench_ffo(repeats: int, edax: Path | None, threads: int = 1) -> None:
    if edax is not None and not os.access(edax, os.X_OK):
        raise SystemExit(f"--edax {edax}: not an executable file")
    if edax is not None:
        startup = edax_startup(edax, repeats)
        print(
            f"Edax run from {home_of(edax)} (its data/eval.dat there); its start-up, {startup:.2f} s "
            "of processor time, is not counted: processor time of the search on both sides, "
            "start-up subtracted",
            flush=True,
        )
    for number, (text, expected, moves) in enumerate(FFO_40_44, start=40):
        score, best, nodes, walls, cpus = _solve_repeatedly(text, repeats, threads)
        verdict = "ok" if score == expected and best in moves else f"WRONG (published {expected:+d} {moves})"
        line = (
            f"FFO #{number} ({text[:64].count('-')} empties): {score:+d} {best} [{verdict}], "
            f"{nodes:,} nodes, median {_median(cpus):.2f} s CPU ({_median(walls):.2f} s wall)"
        )
        if edax is not None:
            runs = [_edax_solve(edax, text, startup) for _ in range(repeats)]
            edax_cpu = _median([cpu for _, cpu, _, _, _ in runs])
            _, _, edax_score, edax_move, own = runs[-1]
            counted = "its own count of the search" if own else "the run less its start-up"
            line += (
                f"; Edax {edax_score:+d} {edax_move} median {edax_cpu:.2f} s CPU ({counted}): "
                f"ratio {_median(cpus) / max(edax_cpu, 1e-6):.1f}"
            )
        print(line, flush=True)


def _game_positions(count: int, empties: int, seed: int) -> list[tuple[int, int]]:
    """Positions with `empties` empty squares from games of a depth-3 engine against itself,
    after four random plies, the side to move having a move; each position once (games from
    different openings often meet again)."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        p, o, plies = START_BLACK, START_WHITE, 0
        engine = Engine(EngineSettings(max_depth=3))
        while empty_count(p, o) > empties:
            moves = legal_moves(p, o)
            if not moves:
                if not legal_moves(o, p):
                    break
                p, o = o, p
                continue
            square = rng.choice(squares_of(moves)) if plies < 4 else engine.iterate(p, o, None, depth_limit=3)
            p, o = after(p, o, square)
            plies += 1
        if empty_count(p, o) == empties and legal_moves(p, o) and (p, o) not in found:
            found.append((p, o))
    return found


def _played_out(p: int, o: int, player: EnginePlayer) -> int:
    """The final disc difference for the side to move in (p, o), played by `player` to the end
    against a perfect opponent (every reply solved exactly)."""
    sign = 1
    while True:
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                return sign * final_score(p, o)
            p, o, sign = o, p, -sign
            continue
        move = player.engine.choose(p, o, THINK_SECONDS[5]) if sign == 1 else EndgameSolver().solve(p, o).move
        assert move is not None
        p, o = after(p, o, move)
        sign = -sign


def bench_level5(count: int, empties: int, seed: int, to_the_end: bool = False) -> None:
    best_played = solved = perfect = 0
    cpus, walls, solve_walls, solve_cpus = [], [], [], []
    for p, o in _game_positions(count, empties, seed):
        reports: list[SearchProgress] = []
        player = EnginePlayer(LEVEL_SETTINGS[5], THINK_SECONDS[5])
        kernel.clear_table()
        cpu, wall = time.process_time(), time.perf_counter()
        move = player.engine.choose(p, o, THINK_SECONDS[5], report=reports.append)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
        solved += any(report.exact for report in reports)
        # level 5's exact solve (its short midgame search first) given all the time it needs,
        # also where level 5 would not solve yet
        solving = Engine(replace(LEVEL_SETTINGS[5], solve_empties=64))
        wall, cpu, _ = _timed(partial(solving.choose, p, o, None))
        solve_walls.append(wall)
        solve_cpus.append(cpu)
        # (the table the solve above filled makes these quick)
        value = EndgameSolver().solve(p, o).score
        assert move is not None
        best_played += -EndgameSolver().solve(*after(p, o, move), -value, -value + 1).score >= value
        if to_the_end:
            kernel.clear_table()
            perfect += _played_out(p, o, EnginePlayer(LEVEL_SETTINGS[5], THINK_SECONDS[5])) == value
    threads = usable_threads(LEVEL_SETTINGS[5].solve_threads)
    print(
        f"level 5 from {empties} empties, {count} positions from games: a best move {best_played} times, "
        f"solved within {THINK_SECONDS[5]:g} s {solved} times; a move: median {_median(walls):.2f} s, "
        f"slowest {max(walls):.2f} s ({_median(cpus):.2f} s CPU, {threads} solver thread(s))"
    )
    print(
        f"level 5's exact solve, without a time limit: median {_median(solve_walls):.2f} s, slowest "
        f"{max(solve_walls):.2f} s ({_median(solve_cpus):.2f} s CPU, every thread's)"
    )
    if to_the_end:
        print(
            f"played to the end against a perfect opponent: the position's exact value reached "
            f"{perfect} times of {count}"
        )


def bench_tournament(
    pairs: list[tuple[int, int]], games: int, opening_plies: int, seed: int, verbose: bool = False
) -> None:
    def show(index: int, result: GameResult, seat: int) -> None:
        scores = result.outcome.scores or (0, 0)
        colour = "Black" if seat == 0 else "White"
        print(
            f"  game {index + 1}: level {result.levels[seat]} ({colour}) {scores[seat]} – "
            f"{scores[1 - seat]} level {result.levels[1 - seat]}",
            flush=True,
        )

    for first, second in pairs:
        tally = tournament(
            GAME, {}, first, second, games, seed, opening_plies, on_game=show if verbose else None
        )
        print(f"{tally.line()}; {opening_plies} random opening plies")


def bench_vs(
    binary: Path,
    arguments: Sequence[str] | None,
    games: int,
    first: int,
    seconds: float,
    level: int,
    answer_seconds: float | None,
) -> None:
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"--vs {binary}: not an executable file")
    given = tuple(arguments) if arguments is not None else preset_arguments(binary, seconds)
    preset = preset_for(binary) if arguments is None else None
    time_settings = preset is None or preset.time_settings
    told = f"`time_settings 0 {seconds:g} 1`" if time_settings else "its arguments"
    command = [str(binary.resolve()), *given]
    folder = home_of(binary)

    def start() -> GtpPeer:
        return GtpPeer(command, folder)

    try:
        peer = identify(start)
    except PeerError as error:
        raise SystemExit(f"--vs {binary}: {error}") from None
    name = peer.name
    book = (
        "its book off by its arguments"
        if {"-nobook", "off"} & set(given)
        else "no book argument given (pass one with --vs-args if it has a book)"
    )
    pairings = schedule(games, first)
    print(
        f"match: level {level} against {name} {peer.version} (GTP: {' '.join(command)}, run from {folder}; "
        f"{book}), {seconds:g} s of processor time a move each (the engine is told by "
        f"{told}); games {first + 1}–{first + games}, "
        f"{len({p.opening for p in pairings})} of the {len(OPENINGS)} opening lines, each with both "
        f"colours; the engine's start-up ({peer.startup_processor:.2f} s processor, "
        f"{peer.startup_wall:.2f} s wall) is not counted",
        flush=True,
    )
    match(pairings, start, level, seconds, name, answer_seconds, partial(print, flush=True), time_settings)


def bench_fit_probcut(count: int, seed: int) -> None:
    """Print the probable cut-offs' table of both evaluations, as `probcut.FITTED` holds it."""
    from ludoteca.games.othello import probcut
    from ludoteca.games.othello.engine import LANES
    from ludoteca.games.othello.kernel import EVAL_HAND, EVAL_PATTERNS
    from ludoteca.games.othello.learned import learned_evaluator
    from ludoteca.games.othello.train import search_move

    lane = LANES.take(-1)
    assert lane is not None
    try:
        positions = probcut.fitting_positions(count, seed, lambda p, o: search_move(p, o, 3, lane, cut=False))
        evaluations = [(EVAL_HAND, "hand-tuned")]
        if learned_evaluator() is kernel.pattern_value:
            evaluations.append((EVAL_PATTERNS, "learned"))
        for code, name in evaluations:
            print(f"    # the {name} evaluation: {count} positions, seed {seed}")
            print(f"    {code}: {{")
            probcut.fit(kernel, code, positions, 11, lane, print)
            print("    },")
    finally:
        LANES.give(lane)


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca bench othello", description=__doc__.split("\n")[0])
    parser.add_argument("--perft", action="store_true", help="perft speed and perft 9 time")
    parser.add_argument("--depth", action="store_true", help="depth reached in 1 s and 2 s")
    parser.add_argument("--endgame", action="store_true", help="exact solves of 18-empty positions")
    parser.add_argument("--ffo", action="store_true", help="exact solves of FFO #40–#44 (20–23 empties)")
    parser.add_argument("--edax", type=Path, default=None, help="an Edax binary to solve FFO #40–#44 too")
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="with --ffo: solver threads (1: as one Edax thread); with --weights: worker processes",
    )
    parser.add_argument(
        "--weights",
        default=None,
        help="two weights files against each other, A:B ('shipped': the shipped one; weights_match.py)",
    )
    parser.add_argument("--weights-depth", type=int, default=6, help="with --weights: depth of each search")
    parser.add_argument("--level5", action="store_true", help="level 5's endgame moves checked exactly")
    parser.add_argument("--empties", type=int, default=20, help="empty squares of the level 5 positions")
    parser.add_argument(
        "--to-the-end",
        action="store_true",
        help="with --level5: play each position out against a perfect player",
    )
    parser.add_argument("--tournament", action="store_true", help="levels against each other")
    parser.add_argument(
        "--fit-probcut",
        action="store_true",
        help="fit the probable cut-offs' table (probcut.py) on --positions positions, --seed",
    )
    parser.add_argument(
        "--variants",
        default=None,
        metavar="A:B",
        help=f"two forms of level 5 against each other (level5, or changes joined by +: "
        f"{', '.join(CHANGES)}), --seconds a move",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median shown)")
    parser.add_argument("--perft-depth", type=int, default=9, help="depth of the engine perft")
    parser.add_argument(
        "--positions", type=int, default=None, help="how many endgames (6), or positions to fit on (200)"
    )
    parser.add_argument(
        "--games", type=int, default=None, help="games per pair of levels (10), or of the --vs match (20)"
    )
    parser.add_argument("--levels", default="5:3,3:1", help="pairs of levels, e.g. 5:3,3:1")
    parser.add_argument("--opening-plies", type=int, default=4, help="random plies before each game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random openings")
    parser.add_argument("--verbose", action="store_true", help="print every game of the tournament")
    parser.add_argument("--vs", type=Path, default=None, help="a match against this GTP engine")
    parser.add_argument(
        "--vs-args", default=None, help="the engine's arguments, quoted (default: by its name, see above)"
    )
    parser.add_argument("--vs-protocol", choices=["gtp"], default="gtp", help="the engine's protocol")
    parser.add_argument("--seconds", type=float, default=1.0, help="with --vs: processor seconds a move")
    parser.add_argument("--first", type=int, default=0, help="with --vs: games before this one are skipped")
    parser.add_argument("--level", type=int, default=5, help="with --vs: Ludoteca's level")
    parser.add_argument(
        "--answer-seconds",
        type=float,
        default=None,
        help="with --vs: wall seconds an answer may take (3 × S + 10)",
    )
    args = parser.parse_args(list(argv))
    chosen = args.perft or args.depth or args.endgame or args.ffo or args.level5 or args.tournament
    chosen = chosen or args.vs is not None or args.variants is not None or args.fit_probcut
    chosen = chosen or args.weights is not None
    form = "plain Python"
    if native.is_compiled(kernel):
        # the figures of a build that reads the patterns by lines (no quick `pext`) are slower
        reading = "gathered by pext" if kernel.gathers_bits() else "read by lines"
        form = f"compiled (Cython; patterns {reading})"
    print(f"engines: {form}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    if args.perft or not chosen:
        bench_perft(args.repeats, args.perft_depth)
    if args.depth or not chosen:
        bench_depth(args.repeats)
    if args.endgame or not chosen:
        bench_endgame(args.repeats, len(ENDGAMES_18) if args.positions is None else args.positions)
    if args.ffo:
        bench_ffo(args.repeats, args.edax, max(1, args.threads))
    if args.level5:
        bench_level5(
            len(ENDGAMES_18) if args.positions is None else args.positions,
            args.empties,
            args.seed,
            args.to_the_end,
        )
    if args.tournament:
        games = 10 if args.games is None else args.games
        bench_tournament(parse_pairs(args.levels), games, args.opening_plies, args.seed, args.verbose)
    if args.fit_probcut:
        bench_fit_probcut(200 if args.positions is None else args.positions, args.seed)
    if args.variants is not None:
        first, _, second = args.variants.partition(":")
        games = 20 if args.games is None else args.games
        try:
            variants_match(first, second or "level5", games, args.seconds, 8, args.seed, print)
        except ValueError as err:
            print(err)
            return 2
    if args.weights is not None:
        first, _, second = args.weights.partition(":")
        games = 300 if args.games is None else args.games
        try:
            weights_match(
                first, second or SHIPPED_NAME, games, args.weights_depth, args.seed, args.threads, print
            )
        except learned.WeightsError as err:
            print(err)
            return 2
    if args.vs is not None:
        vs_args = None if args.vs_args is None else shlex.split(args.vs_args)
        games = 20 if args.games is None else args.games
        bench_vs(args.vs, vs_args, games, max(0, args.first), args.seconds, args.level, args.answer_seconds)
    return 0
