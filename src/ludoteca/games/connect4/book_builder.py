"""Builds Connect Four's opening book (`book.py`) with our own solver:
``ludoteca bench connect4 --build-book [--book-out PATH] [--leaf-nodes N]``.

The walk follows one winning strategy of the first player (Yellow) from the empty grid:

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
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from ludoteca.games.connect4.bitboard import CELLS, CENTRE_ORDER, WIDTH, threats
from ludoteca.games.connect4.book import BOOK_FILE, Book, canonical, read, write
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout, kernel

#: a Yellow position whose winning moves a cold weak solve finds within this many positions is
#: left to the player: 0.05–0.1 s for the compiled kernel, 20–40 times less than level 5's budget
LEAF_NODES = 500_000
#: the book is written out every this many new entries
SAVE_EVERY = 50


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

    return is_compiled(kernel)
