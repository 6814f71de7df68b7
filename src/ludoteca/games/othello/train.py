"""`ludoteca train othello --games N --seed S [--out FILE]`: fit the learned evaluation's weights.

Reproducible from its arguments alone (the same arguments give the same bytes; the number of
worker processes changes nothing):
1. Positions by self-play of our own engine: each game has its own generator seeded from the seed
   and its number; its first plies are random (4 to 13 of them), then each move is the compiled
   midgame search's at a fixed depth (`--depth`, 4 by default, no clock; the hand-tuned
   evaluation, probable cut-offs, an empty table each move: the same move in either form of the
   kernel; a new table of cut-offs for that evaluation in `probcut.py` changes the games, hence the
   file), or now and then (one move in ten) a random one, so that the games spread. Workers
   (`--jobs`) play games by number and their positions are merged in that order.
   More games buy more than better ones (`ludoteca bench othello --weights A:B`, 300 games at a
   fixed depth, exact from 16 empties): 10,000 games at depth 4 against 10,000 at depth 8 (the
   late games the same) scored 53 % searching 4 plies and 47 % searching 6, within the noise, for
   a seventh of the time; 40,000 games at depth 4 against those 10,000 at depth 8, 54 % and 64 %.
   But the returns fall: 200,000 games (the same 60,000 late games, seed 7) against the shipped
   file's 100,000 scored 53.5 % and 51.1 % of 600 games at 6 plies (seeds 3 and 4 of the match),
   for 81 minutes of training on two processors instead of 39; not shipped.
   What did not change the score beyond the noise (49–52 %): no random move after the opening
   (whose positions alone were kept: labels that no later blunder blurs), 12 stages instead of 6,
   a penalty of 8 to 32 instead of 64 and 80 to 150 steps instead of 40.
2. Labels: at SOLVE_EMPTIES empty squares the exact solver gives the game's value under perfect
   play from there; every earlier position is labelled with it (the final disc difference, from
   its mover's point of view), every later one (the game goes on by the engine's moves) with its
   own exact value.
   More late positions (`--late-games N`): N more games, numbered after the others, played the
   same way by a cheap search (LATE_DEPTH plies), of which only the positions from SOLVE_EMPTIES
   down to LATE_LOWEST empties are kept, each labelled by the exact solver. Exact labels cost
   milliseconds there, and the evaluation of those empties is what the endgame leans on: the
   midgame search's first guess for the exact solver ends its lines there. A file trained with
   30,000 late games (209,509 more positions) against the same without them: on 21,000
   positions from 10 to 16 empties of other games, an error of 9.9 discs instead of 11.5; a
   4-ply search's guess at 20 empties 3.7 discs off instead of 5.5 (median of 36 positions from
   games).
   Solving from 18 empties instead of 16 (so every position of 17 and 18 empties gets its exact
   value rather than a search's, the late games' from 18 down) bought nothing, for games three
   times as dear (0.10 s of one processor a game against 0.033): trained on 30,000 games and
   18,000 late games (seed 7) both ways, 50.3 % of 2,000 games at 6 plies (+0.6 discs; seed 3)
   and 50.5 % of 1,000 at 8 plies (+0.4; seed 4), each game exact from 20 empties as level 5
   plays (`ludoteca bench othello --weights A:B` with `weights_match.SOLVE_EMPTIES` set to 20
   for the run). From 20 empties a game would cost 0.46 s.
3. Regression (floats in a fixed order, its loops over the positions in `fit_kernel.py`, compiled
   where Cython can; no library): least squares with a ridge penalty, by conjugate gradients
   preconditioned by each weight's sum of squared feature values plus the penalty (so a weight seen
   a few times moves little). One game in ten is held out and its error printed, to judge the fit.
4. Second labels (`--relabel-depth D`, 4 by default; 0 skips this step): every position before
   SOLVE_EMPTIES (whose label so far is its game's result) is labelled again by a D-ply search
   with the first fit's weights as the file would hold them (`search_label`: the compiled
   midgame search without probable cut-offs, an empty table each position, in `--jobs` worker
   processes), and the fit runs again from zero; the exact labels stay. A game's result is one
   label for some forty positions, blurred by every later move of a 4-ply search and every random
   one; a search from the position itself says what the position is worth. Measured on the
   same 2,561,963 positions (40,000 games and 24,000 late games, seed 7; scratch scripts on the
   same functions), each side searching 6 plies a move, exact from 16 empties, 600 games
   (`ludoteca bench othello --weights A:B --games 600 --seed 3`): the second fit against the
   first, 60.2 % (+4.4 discs a game); with the mean of the two labels instead, 56.8 %; a third
   fit on labels searched with the second's weights against the second, 47.7 % (no gain: once
   the results' noise is gone, labelling by its own search anchors the weights to nothing new).
   Labels searched 6 plies deep instead of 4 (the second fit with its own steps and penalty,
   below, on the same 40,000 games) against 4: 51.2 %, for about four times the searching.
   On the shipped command's 6,404,737 positions, the second fit (held-out error 6.2 discs
   against its own labels) against the first (which is the file shipped before it, byte for
   byte): 60.2 % of 600 games at 6 plies (+5.0 discs), 62.8 % at 4 plies (seed 4). The step
   costs about 10 minutes on two processors, a quarter of the run.
   The second fit has its own steps and penalty (`--second-steps`, SECOND_STEPS;
   `--second-penalty`, SECOND_PENALTY): the first's suit the results' noise, and these labels
   have far less. On the 40,000 games above, against the second fit with the first's (40 steps,
   64): 80 steps and 16, 55.1 %; 150 and 4, 56.7 % (+3.7 discs); 300 and 1, 56.7 %, and 50.4 %
   against 150 and 4. On the shipped command, 150 and 4 against 40 and 64 (the file shipped
   before): 55.8 % of 600 games at 6 plies (+2.2 discs), held-out error 6.06 discs instead of
   6.16.
   Tried and not kept: a penalty tying each weight of the second fit to the same weight of the
   stages either side (τ·Σ(w_s − w_s+1)², added to the normal equations and their
   preconditioner). On the 40,000 games above, τ = 16 against none: 53.8 % and 51.2 % of 600
   games at 6 plies (seeds 3 and 4), 51.6 % at 4 plies; τ = 4 and 64, 51.8 % and 51.3 %; with
   12 stages of 5 empties (τ = 16, 64, 256; held-out error 5.88–5.97 instead of 6.07), 50.9 %,
   50.9 % and 50.7 % against the untied fit spread over the same 12 stages. On the shipped
   command with τ = 16 (held-out 6.06 discs, as shipped): 51.3 % and 50.2 % against the shipped
   file, nothing to ship. Nor a penalty tying each pattern weight to those of the readings one
   square apart (a smoother table, as Egaroucid 4's small networks give: 500,553 such pairs a
   stage): on the 40,000 games, τ = 0.5, 51.1 %; τ = 2, 47.9 % (held-out 6.07 and 6.12 discs).
5. The weights in 1/128 of a disc, rounded, written with `learned.write_weights`.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

from ludoteca.core.declaration import CommandContext
from ludoteca.games.othello import learned
from ludoteca.games.othello.bitboard import empty_count
from ludoteca.i18n import _

#: from this many empties on, a game's value is solved exactly
SOLVE_EMPTIES: Final = 16
#: one game in this many is held out of the fit, to measure its error
HOLD_OUT: Final = 10
#: the late games (`--late-games`): the depth of their search, the fewest empties kept
LATE_DEPTH: Final = 2
LATE_LOWEST: Final = 10
#: the depth of the search that labels the positions before SOLVE_EMPTIES again (`--relabel-depth`)
RELABEL_DEPTH: Final = 4
#: the second fit's steps and ridge penalty (`--second-steps`, `--second-penalty`): its labels are
#: far less noisy than the games' results, so the weights may follow them more closely
SECOND_STEPS: Final = 150
SECOND_PENALTY: Final = 4.0
#: the random plies that open a game: from the first to the second number
OPENING_PLIES: Final = (4, 13)
START_BLACK: Final = (1 << 28) | (1 << 35)
START_WHITE: Final = (1 << 27) | (1 << 36)

#: a labelled position: mover's discs, opponent's discs, the final disc difference for the mover
Labelled = tuple[int, int, int]


def game_positions(seed: int, number: int, depth: int) -> list[Labelled]:
    """The labelled positions of game `number` of `seed` (see the module's docstring)."""
    from ludoteca.games.othello.engine import LANES

    lane = LANES.take(-1)
    assert lane is not None, "a training process plays one game at a time"
    try:
        return _game_positions(seed, number, depth, lane)
    finally:
        LANES.give(lane)


def _deepened(p: int, o: int, depth: int, lane: int, cut: bool, evaluation: int) -> int:
    """The compiled midgame search's value at `depth` from an empty table, deepened from 1 ply
    (so that its table orders each depth as the engine's does), with probable cut-offs or (`cut`
    false) without; its best move is then `kernel.mid_best(lane)`."""
    from ludoteca.games.othello import probcut
    from ludoteca.games.othello.kernel import MID_INF
    from ludoteca.games.othello.search import kernel

    kernel.clear_mid_table(lane)
    kernel.mid_start(lane, evaluation, -1, cut and probcut.load(kernel, evaluation))
    value = 0
    for reached in range(1, depth + 1):
        value = kernel.mid_search(p, o, reached, -MID_INF, MID_INF, lane)
    return int(value)


def search_move(
    p: int, o: int, depth: int, lane: int, cut: bool = True, evaluation: int | None = None
) -> int:
    """The compiled midgame search's move at `depth` from an empty table (see the docstring),
    with probable cut-offs or (`cut` false) without, with the hand-tuned evaluation or the
    kernel's `evaluation` (`kernel.EVAL_PATTERNS`: the weights it holds)."""
    from ludoteca.games.othello.kernel import EVAL_HAND
    from ludoteca.games.othello.search import kernel

    _deepened(p, o, depth, lane, cut, EVAL_HAND if evaluation is None else evaluation)
    move: int = kernel.mid_best(lane)
    return move


def search_label(p: int, o: int, depth: int, lane: int) -> int:
    """The value for the mover of a `depth`-ply search with the weights the kernel holds, in discs
    (rounded; a finished game's own difference): the compiled midgame search from an empty table,
    without probable cut-offs (their table is fitted for the shipped weights, not for these), so
    that the value hangs on the weights and the position alone."""
    from ludoteca.games.othello.kernel import EVAL_PATTERNS, EVAL_UNITS, MID_WIN

    value = _deepened(p, o, depth, lane, False, EVAL_PATTERNS)
    if abs(value) >= MID_WIN:
        return value // MID_WIN
    return max(-64, min(64, round(value / EVAL_UNITS)))


def _game_positions(seed: int, number: int, depth: int, lane: int) -> list[Labelled]:
    from ludoteca.games.othello.endgame import EndgameSolver
    from ludoteca.games.othello.search import after, final_score, kernel, legal_moves

    rng = random.Random(f"othello-train:{seed}:{number}")
    opening = rng.randint(*OPENING_PLIES)
    p, o, black = START_BLACK, START_WHITE, True
    before: list[tuple[int, int, bool]] = []
    after_solve: list[Labelled] = []
    solved: tuple[int, bool] | None = None  # the value at SOLVE_EMPTIES and whether Black moved
    ply = 0
    while True:
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                break
            p, o, black = o, p, not black
            continue
        empties = empty_count(p, o)
        if solved is None and empties <= SOLVE_EMPTIES:
            solved = (EndgameSolver().solve(p, o).score, black)
            after_solve.append((p, o, solved[0]))
        elif solved is None:
            before.append((p, o, black))
        else:
            after_solve.append((p, o, kernel.solve_exact(p, o, -65, 65, False, 0)))
        if ply < opening:
            pick = rng.randrange(moves.bit_count())
            for _ in range(pick):
                moves &= moves - 1
            square = (moves & -moves).bit_length() - 1
        else:
            square = search_move(p, o, depth, lane)
        p, o = after(p, o, square)
        black = not black
        ply += 1
    if solved is None:
        # the game ended before SOLVE_EMPTIES: its final score is the label
        solved = (final_score(p, o), black)
    value, black_solved = solved
    labelled = [(q, r, value if mover == black_solved else -value) for q, r, mover in before]
    return labelled + after_solve


def _play(task: tuple[int, int, int]) -> list[Labelled]:
    return game_positions(*task)


def _play_late(task: tuple[int, int, int]) -> list[Labelled]:
    kept = range(LATE_LOWEST, SOLVE_EMPTIES + 1)
    return [(p, o, value) for p, o, value in game_positions(*task) if empty_count(p, o) in kept]


def make_positions(
    games: int, seed: int, depth: int, jobs: int, late: int = 0
) -> Iterator[tuple[int, list[Labelled]]]:
    """(game number, its positions) for every game, in the order of their numbers: `games` of
    self-play at `depth`, then `late` late games (see the module's docstring)."""
    tasks = [(seed, number, depth) for number in range(games)]
    late_tasks = [(seed, number, LATE_DEPTH) for number in range(games, games + late)]
    if jobs <= 1:
        for task in tasks:
            yield task[1], _play(task)
        for task in late_tasks:
            yield task[1], _play_late(task)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        # imap keeps the tasks' order whatever worker finished first
        yield from enumerate(pool.imap(_play, tasks, chunksize=4))
        yield from enumerate(pool.imap(_play_late, late_tasks, chunksize=8), start=games)


# ----- the second labels -----------------------------------------------------------------------------
#: positions a relabelling task searches
RELABEL_CHUNK: Final = 4096
#: a relabelling worker's lane of the midgame search, taken by `_hold_weights` for the process's life
_relabel_lane = -1


def _weights_and_lane(block: array[int]) -> int:
    """Hand this process's kernel the weights `block` and take a lane of the midgame search."""
    from ludoteca.games.othello.engine import LANES
    from ludoteca.games.othello.search import kernel

    learned.install_block(kernel, block)
    lane = LANES.take(-1)
    assert lane is not None, "a relabelling process searches one position at a time"
    return lane


def _hold_weights(block: array[int]) -> None:
    """A worker's start: the first fit's weights and a lane, kept between its tasks."""
    global _relabel_lane
    _relabel_lane = _weights_and_lane(block)


def _relabel(task: tuple[array[int], array[int], int]) -> list[int]:
    movers, opponents, depth = task
    return [search_label(p, o, depth, _relabel_lane) for p, o in zip(movers, opponents, strict=True)]


def search_labels(
    movers: array[int], opponents: array[int], block: array[int], depth: int, jobs: int
) -> Iterator[int]:
    """`search_label` of each position (in order) with the weights `block` (`learned.kernel_block`),
    in `jobs` worker processes (the same labels for any number)."""
    if jobs <= 1:
        from ludoteca.games.othello.engine import LANES
        from ludoteca.games.othello.search import kernel

        lane = _weights_and_lane(block)
        try:
            for p, o in zip(movers, opponents, strict=True):
                yield search_label(p, o, depth, lane)
        finally:
            LANES.give(lane)
            # back to the zero weights the fit's features are read with
            learned.install(kernel, None)
        return
    tasks = [
        (movers[k : k + RELABEL_CHUNK], opponents[k : k + RELABEL_CHUNK], depth)
        for k in range(0, len(movers), RELABEL_CHUNK)
    ]
    with multiprocessing.get_context("spawn").Pool(jobs, _hold_weights, (block,)) as pool:
        for labels in pool.imap(_relabel, tasks):
            yield from labels


# ----- the fit ---------------------------------------------------------------------------------------
class Data:
    """Positions as feature numbers (each instance's distinct weight, stage included), the values
    of the scalar terms (`learned.SCALARS`: 1, mobility, parity, frontier), where each position's
    scalar weights start, and the label, in flat arrays (`fit_kernel.py` reads them)."""

    def __init__(self) -> None:
        from ludoteca.games.othello.search import kernel

        self.kernel = kernel
        learned.install(kernel, None)
        patterns = learned.pattern_set()
        self.width = len(patterns.instances)
        self.distinct = patterns.distinct
        self.distinct_of = patterns.distinct_of
        #: where a stage's scalar weights start in its block of distinct weights
        self.scalar = patterns.distinct - len(learned.SCALARS)
        self.features = array("i")
        self.scalar_at = array("i")
        self.scalars = array("b")
        self.labels = array("b")
        self._out = array("i", bytes(4 * self.width))

    def __len__(self) -> int:
        return len(self.labels)

    def add(self, p: int, o: int, label: int) -> None:
        kernel, out = self.kernel, self._out
        stage = kernel.pattern_indices(p, o, out)
        base = stage * self.distinct
        distinct_of = self.distinct_of
        self.features.extend([base + distinct_of[i] for i in out])
        self.scalar_at.append(base + self.scalar)
        mobility = kernel.legal_moves(p, o).bit_count() - kernel.legal_moves(o, p).bit_count()
        parity = empty_count(p, o) & 1
        self.scalars.extend((1, mobility, parity, kernel.frontier(p, o)))
        self.labels.append(label)

    def values(self, rows: array[int], weights: array[float]) -> array[float]:
        """A·weights: each of `rows`' value."""
        out = array("d", bytes(8 * len(rows)))
        _fitting().values(self.features, self.width, self.scalar_at, self.scalars, rows, weights, out)
        return out

    def transposed(self, rows: array[int], values: array[float], out: array[float]) -> None:
        """out += Aᵀ·values."""
        _fitting().transposed(self.features, self.width, self.scalar_at, self.scalars, rows, values, out)

    def diagonal(self, rows: array[int], out: array[float]) -> None:
        """out += the diagonal of AᵀA."""
        _fitting().diagonal(self.features, self.width, self.scalar_at, self.scalars, rows, out)


def _fitting() -> ModuleType:
    from ludoteca.ai.native import compiled
    from ludoteca.games.othello import fit_kernel

    return compiled(fit_kernel)


def fit(data: Data, rows: list[int], steps: int, penalty: float) -> list[float]:
    """Ridge least squares on `rows` of `data`: the normal equations (AᵀA + penalty·I) w = Aᵀy
    solved by `steps` steps of conjugate gradients preconditioned by their diagonal. The weights
    in discs, `learned.STAGES` blocks of `distinct` each (scalars last)."""
    size = learned.STAGES * data.distinct
    chosen = array("i", rows)
    diagonal = array("d", [penalty]) * size
    data.diagonal(chosen, diagonal)
    b = array("d", bytes(8 * size))
    labels = data.labels
    data.transposed(chosen, array("d", [float(labels[row]) for row in rows]), b)
    weights = [0.0] * size
    residual: Sequence[float] = b
    z = [r / d for r, d in zip(residual, diagonal, strict=True)]
    direction = list(z)
    rz = _dot(residual, z)
    for _step in range(steps):
        q = array("d", [penalty * d for d in direction])
        data.transposed(chosen, data.values(chosen, array("d", direction)), q)
        step = rz / _dot(direction, q)
        weights = [w + step * d for w, d in zip(weights, direction, strict=True)]
        residual = [r - step * x for r, x in zip(residual, q, strict=True)]
        z = [r / d for r, d in zip(residual, diagonal, strict=True)]
        rz, previous = _dot(residual, z), rz
        if rz == 0.0:
            break
        direction = [x + (rz / previous) * d for x, d in zip(z, direction, strict=True)]
    return weights


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return float(sum(x * y for x, y in zip(a, b, strict=True)))


def error(data: Data, rows: list[int], weights: list[float]) -> float:
    """The root mean square error, in discs, of `weights` on `rows`."""
    if not rows:
        return 0.0
    values = data.values(array("i", rows), array("d", weights))
    total = sum((data.labels[row] - value) ** 2 for row, value in zip(rows, values, strict=True))
    return float((total / len(rows)) ** 0.5)


def quantised(weights: list[float], distinct: int) -> list[list[int]]:
    units = learned.WEIGHT_UNITS
    return [
        [max(-32767, min(32767, round(w * units))) for w in weights[s * distinct : (s + 1) * distinct]]
        for s in range(learned.STAGES)
    ]


# ----- the command -----------------------------------------------------------------------------------
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca train othello",
        description=_(
            "Fit the learned Othello evaluation's weights: self-play of the engine at a fixed depth, "
            "positions labelled by the exact solver, least squares, then the early positions labelled "
            "again by a search with those weights and a second fit. The same arguments give the same file."
        ),
    )
    parser.add_argument("--games", type=int, required=True, help=_("games of self-play"))
    parser.add_argument("--seed", type=int, required=True, help=_("seed of the games"))
    parser.add_argument(
        "--out", type=Path, default=Path("othello-weights.bin"), help=_("the weights file to write")
    )
    parser.add_argument("--depth", type=int, default=4, help=_("depth of the self-play engine"))
    parser.add_argument(
        "--late-games",
        type=int,
        default=0,
        help=_(
            "more games whose positions from {most} to {fewest} empty squares are all labelled exactly"
        ).format(most=SOLVE_EMPTIES, fewest=LATE_LOWEST),
    )
    parser.add_argument(
        "--relabel-depth",
        type=int,
        default=RELABEL_DEPTH,
        help=_(
            "depth of the search with the first fit's weights that labels the positions before "
            "{most} empty squares again for a second fit (0: one fit on the games' results)"
        ).format(most=SOLVE_EMPTIES),
    )
    parser.add_argument("--steps", type=int, default=40, help=_("steps of the least-squares fit"))
    parser.add_argument("--penalty", type=float, default=64.0, help=_("ridge penalty of every weight"))
    parser.add_argument(
        "--second-steps", type=int, default=SECOND_STEPS, help=_("steps of the second least-squares fit")
    )
    parser.add_argument(
        "--second-penalty",
        type=float,
        default=SECOND_PENALTY,
        help=_("ridge penalty of every weight in the second fit"),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=_("worker processes playing the games (same result for any number)"),
    )
    return parser


def _unwritable(out: Path) -> str | None:
    """Why the weights could not be written to `out` once fitted, or None: said before the games
    (tens of minutes) rather than after them. An empty file of the pattern set is encoded, so a
    header the pattern set does not fit (its name longer than its place) shows now too."""
    if out.is_dir():
        return _("{path} is a folder; give the file to write").format(path=out)
    if not out.parent.is_dir():
        return _("the folder {folder} does not exist").format(folder=out.parent)
    try:
        learned.encode_weights([[0] * learned.pattern_set().distinct] * learned.STAGES)
    except (RuntimeError, ValueError) as err:
        return _("the weights could not be written: {reason}").format(reason=err)
    return None


def _second_fit(
    data: Data,
    weights: list[float],
    early: tuple[array[int], array[int], array[int]],
    train_rows: list[int],
    args: argparse.Namespace,
) -> list[float]:
    """The positions before SOLVE_EMPTIES labelled again by a search with `weights` (as the file
    would hold them), then the fit again from zero."""
    rows, movers, opponents = early
    block = learned.kernel_block([array("i", stage) for stage in quantised(weights, data.distinct)])
    labels = search_labels(movers, opponents, block, args.relabel_depth, args.jobs)
    for row, label in zip(rows, labels, strict=True):
        data.labels[row] = label
    return fit(data, train_rows, args.second_steps, args.second_penalty)


def main(argv: Sequence[str], context: CommandContext) -> int:
    args = _parser().parse_args(list(argv))
    if (
        args.games < 1
        or args.depth < 1
        or args.steps < 1
        or args.second_steps < 1
        or args.jobs < 1
        or args.penalty <= 0
        or args.second_penalty <= 0
        or args.late_games < 0
        or args.relabel_depth < 0
    ):
        print(
            _(
                "error: games, depth, steps and jobs must be at least 1, the late games and the "
                "relabelling depth at least 0, the penalties positive"
            ),
            file=sys.stderr,
        )
        return 2
    problem = _unwritable(args.out)
    if problem is not None:
        print(_("error: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    started = time.perf_counter()
    data = Data()
    train_rows: list[int] = []
    held_rows: list[int] = []
    #: the positions labelled by their game's result (before SOLVE_EMPTIES), for the second labels
    early_rows, early_movers, early_opponents = array("i"), array("Q"), array("Q")
    for number, positions in make_positions(args.games, args.seed, args.depth, args.jobs, args.late_games):
        rows = held_rows if number % HOLD_OUT == HOLD_OUT - 1 else train_rows
        for p, o, label in positions:
            if args.relabel_depth and empty_count(p, o) > SOLVE_EMPTIES:
                early_rows.append(len(data))
                early_movers.append(p)
                early_opponents.append(o)
            rows.append(len(data))
            data.add(p, o, label)
        if (number + 1) % 500 == 0:
            print(
                _("{n} games, {positions} positions, {s:.0f} s").format(
                    n=number + 1, positions=len(data), s=time.perf_counter() - started
                ),
                flush=True,
            )
    played = time.perf_counter() - started
    print(
        _("{n} games played: {positions} positions ({held} held out) in {s:.0f} s").format(
            n=args.games + args.late_games, positions=len(data), held=len(held_rows), s=played
        ),
        flush=True,
    )
    weights = fit(data, train_rows, args.steps, args.penalty)
    distinct = data.distinct
    print(
        _("fitted {w} weights in {s:.0f} s; error in discs: {train:.2f} fitted, {held:.2f} held out").format(
            w=learned.STAGES * distinct,
            s=time.perf_counter() - started - played,
            train=error(data, train_rows, weights),
            held=error(data, held_rows, weights),
        ),
        flush=True,
    )
    if args.relabel_depth:
        weights = _second_fit(data, weights, (early_rows, early_movers, early_opponents), train_rows, args)
        print(
            _(
                "fitted again in {s:.0f} s in all; error in discs: {train:.2f} fitted, {held:.2f} held out"
            ).format(
                s=time.perf_counter() - started,
                train=error(data, train_rows, weights),
                held=error(data, held_rows, weights),
            )
        )
    learned.write_weights(args.out, quantised(weights, distinct))
    print(
        _("weights written to {path} ({size} bytes) in {s:.0f} s in all").format(
            path=args.out, size=args.out.stat().st_size, s=time.perf_counter() - started
        )
    )
    return 0
