"""Builds Connect Four's opening book (`book.py`) with our own solver:
``ludoteca bench connect4 --build-book [--book-out PATH] [--leaf-nodes N]`` for the first player's
strategy, ``ludoteca bench connect4 --build-scores [--score-discs N] [--book-out PATH]`` for the
exact scores of the positions with few discs, ``--time-scores 4,3,2 [--samples N] [--seconds S]``
for what each count of discs costs.

The strategy's walk follows one winning strategy of the first player (Yellow) from the empty grid:

* at a Yellow position, if a weak solve from an empty table finds the winning moves within
  `leaf_nodes` positions searched, the position is left out: level 5 finds them itself in a
  fraction of its time. That measurement runs in a second process, whose table is emptied each
  time, so that it counts what a player meeting the position cold would search; the builder's own
  table stays warm, which is what makes the walk affordable;
* otherwise the book keeps one winning column: the columns are tried in the kernel's order (most
  threats made, centre first), each with one null-window search (does Red score below 0 after it?),
  and the first that wins is kept;
* then every reply of Red leads to the next Yellow position, unless Yellow can win at once there.

Positions are visited once for a position and its mirror image, and once whatever the order of the
moves that led to them. The book is written to its file every few entries, and a build started
again over that file takes the columns already found instead of searching them again (the leaf
measurements are made again).

The exact scores: every position with `discs` discs (once for a position and its mirror image) is
solved with its best columns, one after the other in the order of a walk from the empty grid, so
that the table holds much of what the next one needs; the positions with fewer discs then take
their scores and best columns from their children's, with no search. The file is written after
every position, and a build started again over it goes on where it stopped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from ludoteca.games.connect4.bitboard import CELLS, CENTRE_ORDER, WIDTH, mirror, threats
from ludoteca.games.connect4.book import (
    BOOK_FILE,
    SCORES_FILE,
    Book,
    Scores,
    canonical,
    read,
    read_scores,
    write,
    write_scores,
)
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout, kernel, win_score

#: a Yellow position whose winning moves a cold weak solve finds within this many positions is
#: left to the player: ~15 ms for the compiled kernel, ~0.4 s for the plain one (on a loaded 2-core
#: machine), within the half of its 2 s that level 5 gives the weak solve
LEAF_NODES = 100_000
#: the book is written out every this many new entries
SAVE_EVERY = 50
#: exact scores are kept for every position with up to this many discs: an exact solve of a position
#: with 2 or 3 discs takes about a minute (compiled, on a loaded 2-core machine), so the 25 positions
#: with 2 discs take half an hour and the 121 with 3 would take hours (book.md has the figures)
SCORE_DISCS = 2


def cold_cost(current: int, mask: int, played: int, limit: int) -> tuple[int | None, float]:
    """Positions a weak best-move search needs from an empty table (None: more than `limit`), and
    the processor time it took."""
    started = time.process_time()
    solver = Solver(node_limit=limit)
    solver.clear_table()
    try:
        solver.best_moves(Position(current, mask, played), weak=True)
    except SolverTimeout:
        return None, time.process_time() - started
    return solver.nodes, time.process_time() - started


@dataclass
class _Walk:
    leaf_nodes: int
    out: Path
    log: Callable[[str], None]
    known: dict[int, int]
    moves: dict[int, int] = field(default_factory=dict)
    leaves: set[int] = field(default_factory=set)
    solver: Solver = field(default_factory=Solver)
    started: float = field(default_factory=time.process_time)
    #: processor seconds of the measuring process
    measuring: float = 0.0
    unsaved: int = 0

    def minutes(self) -> float:
        return (time.process_time() - self.started + self.measuring) / 60


def _ordered(position: Position) -> list[int]:
    """Open columns, most threats made first, the centre first among equals (the kernel's order)."""

    def made(column: int) -> int:
        move = position.move_bit(column)
        return threats(position.current | move, position.mask | move).bit_count()

    columns = [c for c in CENTRE_ORDER if position.can_play(c)]
    return sorted(columns, key=made, reverse=True)


def _winning_column(walk: _Walk, position: Position) -> int:
    for column in _ordered(position):
        if position.wins_with(column):
            return column
        child = position.play(column)
        if child.played >= CELLS or child.can_win_now():
            continue
        # Red's score after the move is below 0 exactly when Yellow wins
        if not walk.solver.at_least(child, 0):
            return column
    raise ValueError(f"no winning column in a position of the strategy ({position.played} discs)")


def build(
    out: Path = BOOK_FILE,
    leaf_nodes: int = LEAF_NODES,
    log: Callable[[str], None] = print,
) -> Book:
    """Walks the strategy (see the module's docstring) and writes the book to `out`."""
    known = read(out).moves if out.exists() else {}
    walk = _Walk(leaf_nodes, out, log, known)
    if known:
        log(f"taking the {len(known)} columns already in {out}")
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as measurer:

        def yellow(position: Position, line: str) -> None:
            key, mirrored = canonical(position.current + position.mask)
            if key in walk.moves or key in walk.leaves:
                return
            if position.played:
                cost, seconds = measurer.submit(
                    cold_cost, position.current, position.mask, position.played, leaf_nodes
                ).result()
                walk.measuring += seconds
                if cost is not None:
                    walk.leaves.add(key)
                    return
            column = known.get(key)
            if column is not None:
                column = WIDTH - 1 - column if mirrored else column
            else:
                column = _winning_column(walk, position)
            walk.moves[key] = WIDTH - 1 - column if mirrored else column
            log(f"{len(walk.moves):6d}  {line or '-':<20} → {column + 1}   ({walk.minutes():.1f} min)")
            walk.unsaved += 1
            if walk.unsaved >= SAVE_EVERY:
                _save(walk, finished=False)
            after = position.play(column)
            for reply in _ordered(after):
                if after.wins_with(reply):
                    raise ValueError(f"{line}{column + 1}: the kept column lets Red win")
                next_position = after.play(reply)
                if next_position.played >= CELLS or next_position.can_win_now():
                    continue
                yellow(next_position, f"{line}{column + 1}{reply + 1}")

        yellow(Position(0, 0, 0), "")
    return _save(walk, finished=True)


def _save(walk: _Walk, finished: bool) -> Book:
    minutes = walk.minutes()
    about = (
        "Connect Four opening book of Ludoteca: a winning column for the first player (Yellow) in",
        "each position of one winning strategy, until a weak solve from an empty table finds the",
        f"winning moves within {walk.leaf_nodes:,} positions searched.",
        "Built by `ludoteca bench connect4 --build-book` (games/connect4/book_builder.py) with",
        f"Ludoteca's own solver ({'compiled' if _compiled() else 'plain Python'} kernel): "
        f"{len(walk.moves)} positions, {len(walk.leaves)} left to the solver,",
        f"{minutes:.0f} min of processor time (the builder's two processes)"
        + ("." if finished else " so far (unfinished: building again resumes)."),
        "Lines: position key (current + mask, the smaller of it and its mirror image's) in",
        "hexadecimal, then the column (0-based) for that orientation.",
    )
    book = Book(dict(walk.moves) if finished else {**walk.known, **walk.moves}, about)
    write(walk.out, book)
    walk.unsaved = 0
    return book


def _compiled() -> bool:
    from ludoteca.ai.native import is_compiled

    return is_compiled(kernel())


def _layers(discs: int) -> list[list[Position]]:
    """The positions with 0, 1, … `discs` discs that a game can reach (nobody has won), each once
    for it and its mirror image and in the orientation of the smaller key, in the order a walk
    from the empty grid meets them (the centre first)."""
    layers: list[list[Position]] = [[] for _ in range(discs + 1)]
    seen: set[int] = set()

    def walk(position: Position) -> None:
        key, mirrored = canonical(position.key)
        if key in seen:
            return
        seen.add(key)
        oriented = Position(mirror(position.current), mirror(position.mask), position.played)
        layers[position.played].append(oriented if mirrored else position)
        if position.played == discs:
            return
        for column in CENTRE_ORDER:
            if position.can_play(column) and not position.wins_with(column):
                walk(position.play(column))

    walk(Position(0, 0, 0))
    return layers


def _from_children(
    position: Position, entries: dict[int, tuple[int, tuple[int, ...]]]
) -> tuple[int, tuple[int, ...]]:
    values = {}
    for column in range(WIDTH):
        if not position.can_play(column):
            continue
        if position.wins_with(column):
            values[column] = win_score(position.played)
        else:
            child = position.play(column)
            values[column] = -entries[canonical(child.key)[0]][0]
    best = max(values.values())
    return best, tuple(c for c, v in values.items() if v == best)


def build_scores(
    out: Path = SCORES_FILE, discs: int = SCORE_DISCS, log: Callable[[str], None] = print
) -> Scores:
    """Exact scores and best columns of every position with up to `discs` discs (see the module's
    docstring), written to `out`."""
    entries = dict(read_scores(out).entries) if out.exists() else {}
    layers = _layers(discs)
    started = time.process_time()
    solver = Solver()
    deepest = layers[discs]
    log(f"{len(deepest)} positions with {discs} discs, {sum(len(layer) for layer in layers)} in all")
    for number, position in enumerate(deepest, start=1):
        key = position.key
        if key in entries:
            continue
        score, best = solver.best_moves(position)
        entries[key] = (score, tuple(best))
        minutes = (time.process_time() - started) / 60
        columns = "".join(str(c + 1) for c in best)
        log(f"{number:6d}/{len(deepest)}  {key:x}  {score:+d} {columns}  ({minutes:.1f} min)")
        # each takes a minute or more: written after every one
        if number < len(deepest):
            write_scores(out, Scores(entries, _scores_about(discs, len(entries), minutes, finished=False)))
    for layer in reversed(layers[:discs]):
        for position in layer:
            entries[position.key] = _from_children(position, entries)
    minutes = (time.process_time() - started) / 60
    scores = Scores(entries, _scores_about(discs, len(entries), minutes, finished=True))
    write_scores(out, scores)
    return scores


def time_scores(discs: list[int], samples: int, seconds: float, log: Callable[[str], None] = print) -> None:
    """What choosing `SCORE_DISCS` rests on: the processor time of the exact score and best columns
    (what `build_scores` asks) of `samples` positions with each count of `discs`, drawn from the
    positions it would solve (the same ones for the same count), each from an empty table and
    stopped after `seconds`."""
    layers = _layers(max(discs))
    for count in discs:
        layer = layers[count]
        for position in random.Random(1).sample(layer, min(samples, len(layer))):
            Solver.clear_table()
            solver = Solver()
            started = time.process_time()
            try:
                score, best = solver.best_moves(position, seconds=seconds)
                found = f"score {score:+d}, best {''.join(str(c + 1) for c in best)}"
            except SolverTimeout:
                found = f"not solved within {seconds:g} s"
            log(
                f"{count} discs ({len(layer)} positions): {position.key:x} {found} in "
                f"{time.process_time() - started:.1f} s of processor ({solver.nodes:,} positions searched)"
            )


def _scores_about(discs: int, count: int, minutes: float, finished: bool) -> tuple[str, ...]:
    return (
        f"Connect Four exact scores of Ludoteca: every position with up to {discs} discs that a game",
        "can reach, with the columns that achieve its score (scores for the side to move, the",
        "solvers' convention: 22 minus the winner's discs, negative for a loss, 0 for a draw).",
        "Built by `ludoteca bench connect4 --build-scores` (games/connect4/book_builder.py) with",
        f"Ludoteca's own solver ({'compiled' if _compiled() else 'plain Python'} kernel): {count} positions,",
        f"{minutes:.0f} min of processor time"
        + ("." if finished else " so far (unfinished: building again goes on)."),
        "Lines: position key (current + mask, the smaller of it and its mirror image's) in",
        "hexadecimal, the score, then the best columns (0-based) for that orientation.",
    )
