"""`ludoteca solve connect4 MOVES`: the exact score of a Connect Four position and its best moves.

MOVES are the columns played from the empty grid (``4453``; ``-`` or nothing for the empty grid).
The score is for the side to move: 0 a draw; positive, it wins, and 22 minus the score is the number
of its own discs on the board once its winning disc is played; negative, it loses as fast as the
opponent's figure says.

The opening book (`book.py`) answers at once every position of up to 2 discs (exact score and best
moves), and, with ``--weak`` (win, draw or loss only), every position of its winning strategy for
the first player (with the winning move it keeps). Other positions are searched.

``--positions FILE`` solves every line ``MOVES [expected]`` of a file (the public benchmark format),
prints ``MOVES SCORE`` for each, then a summary: how many, how many agree with the expected scores,
and the processor time per position (median, mean, slowest). Each position is searched from an
empty table, as the public benchmark's own solver does, and timed in processor time around its
search alone, in the kernel: the positions go to it in batches, so a file of quick positions costs
its searches, not a Python call each. ``--seconds`` is then each position's own processor time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ludoteca.core.declaration import CommandContext
from ludoteca.games.connect4 import book
from ludoteca.games.connect4.solver import Position, Solved, Solver, SolverTimeout
from ludoteca.i18n import _, os_reason


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca solve connect4",
        description=_("Solve a Connect Four position exactly (perfect play from both sides)."),
    )
    parser.add_argument(
        "moves", nargs="?", default="", help=_("columns played from the empty grid, e.g. 4453")
    )
    parser.add_argument("--positions", type=Path, help=_("solve every line 'MOVES [expected]' of this file"))
    parser.add_argument("--all", action="store_true", help=_("also print the score of every column"))
    parser.add_argument("--weak", action="store_true", help=_("only win, draw or loss (faster)"))
    parser.add_argument("--seconds", type=float, default=None, help=_("give up after this many seconds"))
    return parser


def explain(score: int, played: int, weak: bool = False) -> str:
    """The score in words for the side to move."""
    mover = _("Yellow") if played % 2 == 0 else _("Red")
    other = _("Red") if played % 2 == 0 else _("Yellow")
    if score == 0:
        return _("a draw with perfect play")
    if weak:
        return (_("{name} wins") if score > 0 else _("{name} loses")).format(name=mover)
    if score > 0:
        return _("{name} wins with its disc number {n}").format(name=mover, n=22 - score)
    return _("{name} loses: {other} wins with its disc number {n}").format(
        name=mover, other=other, n=22 + score
    )


#: where an answer came from: the table of exact scores, the first player's strategy (a winning
#: move, for a weak solve), or a search
TABLE, STRATEGY, SEARCH = "table", "strategy", "search"


@dataclass(frozen=True)
class Answer:
    #: the exact score (only its sign for a weak search), for the side to move
    score: int
    #: the columns that achieve it (0-based): all of them, or the strategy's one winning column
    best: list[int]
    source: str
    #: positions searched
    nodes: int = 0


def answer(
    position: Position,
    weak: bool = False,
    seconds: float | None = None,
    solver: Solver | None = None,
    strategy: bool = True,
) -> Answer:
    """What `solve` tells about a position (not a finished one): the shipped table of exact scores
    answers at once when it has it, then, for a weak solve, the first player's strategy (unless
    `strategy` is False); other positions are searched. SolverTimeout past `seconds`."""
    exact = book.shipped_scores().get(position.current, position.mask)
    if exact is not None:
        return Answer(exact[0], exact[1], TABLE)
    if weak and strategy:
        column = book.shipped().move(position.current, position.mask)
        if column is not None:
            return Answer(1, [column], STRATEGY)
    solver = solver or Solver()
    before = solver.nodes
    score, best = solver.best_moves(position, weak=weak, seconds=seconds)
    return Answer(score, best, SEARCH, solver.nodes - before)


def solve_one(text: str, show_all: bool, weak: bool, seconds: float | None) -> int:
    moves = "" if text.strip() in ("", "-") else text
    try:
        position = Position.from_text(moves)
    except ValueError as err:
        print(_("error: {problem}").format(problem=err), file=sys.stderr)
        return 2
    if position.played >= 42:
        print(_("The grid is full: a draw."))
        return 0
    solver = Solver()
    started = time.perf_counter()
    try:
        found = answer(position, weak, seconds, solver, strategy=not show_all)
        scores = solver.analyse(position, seconds, known=_known_score) if show_all else {}
    except SolverTimeout:
        print(_("Not solved within {s:g} s.").format(s=seconds), file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    score, best = found.score, found.best
    if found.source == STRATEGY:
        print(_("Score: {score:+d} ({meaning})").format(score=1, meaning=explain(1, position.played, weak)))
        print(_("A winning move, from the opening book: {move}").format(move=best[0] + 1))
        return 0
    # the table's scores are exact, whatever was asked
    meaning = explain(score, position.played, weak and found.source == SEARCH)
    print(_("Score: {score:+d} ({meaning})").format(score=score, meaning=meaning))
    print(_("Best move(s): {moves}").format(moves=" ".join(str(c + 1) for c in best)))
    if scores:
        _print_columns(scores)
    if found.source == TABLE:
        print(_("From the opening book, with no search."))
    else:
        print(_("Solved in {t:.3f} s ({nodes} positions searched).").format(t=elapsed, nodes=solver.nodes))
    return 0


def _known_score(position: Position) -> int | None:
    """A position's exact score from the book's table, or None where it has none."""
    known = book.shipped_scores().get(position.current, position.mask)
    return None if known is None else known[0]


def _print_columns(scores: dict[int, int]) -> None:
    print(
        _("Every column: {scores}").format(
            scores="  ".join(f"{c + 1}:{s:+d}" for c, s in sorted(scores.items()))
        )
    )


#: positions handed to the kernel at once by ``--positions``: enough that the call costs nothing
#: beside the searches, few enough that the answers come as they are found
BATCH = 100


def duration(seconds: float) -> str:
    """A time with a unit that suits it (µs, ms or s)."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def solve_file(path: Path, weak: bool, seconds: float | None) -> int:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        problem = os_reason(err)
        print(_("error: cannot read {path}: {problem}").format(path=path, problem=problem), file=sys.stderr)
        return 2
    # every line is read before any is solved: a mistake in the file is told at once
    entries: list[tuple[int, str, Position, int | None]] = []
    for number, line in enumerate(lines, start=1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        try:
            position = Position.from_text(fields[0])
            expected = int(fields[1]) if len(fields) > 1 else None
        except ValueError as err:
            print(_("error: line {n}: {problem}").format(n=number, problem=err), file=sys.stderr)
            return 2
        entries.append((number, fields[0], position, expected))
    solver = Solver()
    times: list[float] = []
    checked = correct = unsolved = 0
    for first in range(0, len(entries), BATCH):
        batch = entries[first : first + BATCH]
        answers: list[Solved] = solver.solve_many([entry[2] for entry in batch], weak, seconds, fresh=True)
        for (number, moves, _position, expected), found in zip(batch, answers, strict=True):
            times.append(found.seconds)
            if found.score is None:
                unsolved += 1
                print(f"{moves} ?")
                continue
            print(f"{moves} {found.score}")
            if expected is not None:
                checked += 1
                wanted = (expected > 0) - (expected < 0) if weak else expected
                if found.score == wanted:
                    correct += 1
                else:
                    print(
                        _("line {n}: expected {expected}, found {score}").format(
                            n=number, expected=expected, score=found.score
                        ),
                        file=sys.stderr,
                    )
        sys.stdout.flush()
    print(
        _(
            "{count} positions, {correct}/{checked} as expected, {unsolved} unsolved; processor time "
            "per position (its search from an empty table): median {median}, mean {mean}, max {max}"
        ).format(
            count=len(entries),
            correct=correct,
            checked=checked,
            unsolved=unsolved,
            median=duration(statistics.median(times) if times else 0.0),
            mean=duration(statistics.fmean(times) if times else 0.0),
            max=duration(max(times, default=0.0)),
        )
    )
    return 0 if correct == checked and not unsolved else 1


def main(argv: Sequence[str], context: CommandContext) -> int:
    args = _parser().parse_args(list(argv))
    if args.positions is not None:
        return solve_file(args.positions, args.weak, args.seconds)
    return solve_one(args.moves, args.all, args.weak, args.seconds)
