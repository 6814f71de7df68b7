"""What the midgame search (`engine.py`) and the exact endgame solver (`endgame.py`) share.

Both are fail-soft negamax principal variation searches on (player, opponent) bitboards: the same
move ordering, the same loop over the ordered moves (full window for the first, null windows and a
re-search for the rest), the same pass and end-of-game handling and the same read-back of the best
line from a transposition table. What differs stays with each of them: the leaves (evaluation or
exact score), the table's entries (a depth-limited heuristic bound or exact lower and upper
bounds), the deadline's granularity and the endgame's special cases near the end.

Move generation, flips and the exact search of the last empties come from `kernel.py`, compiled
to C where Cython can (`ludoteca.ai.native`), plain Python elsewhere.

Every child search has the signature of `Search` below, so that the loop can call either side's
search and hand down the replies found while ordering (the child would generate them again).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Final, Protocol

from ludoteca.ai.native import compiled
from ludoteca.games.othello import kernel as kernel_source
from ludoteca.games.othello.bitboard import BIT, CORNERS, FULL, NOT_A, NOT_H, Bitboard, Square

#: the hot loops, compiled where Cython can (`kernel.py`); every search takes its primitives here
if TYPE_CHECKING:
    kernel = kernel_source
else:
    kernel = compiled(kernel_source)
legal_moves = kernel.legal_moves
flips = kernel.flips

#: the key of the move to try before all others (every other key is ≥ 0)
FIRST: Final = -1_000_000

#: a static preference per square of a 4×4 quarter (corner at the top left): lower plays first;
#: corners first, then A and B edge squares, X squares (diagonal to a corner) last
_QUARTER_RANK: Final = (
    (0, 7, 1, 2),
    (7, 8, 5, 5),
    (1, 5, 3, 4),
    (2, 5, 4, 6),
)
RANK: Final[tuple[int, ...]] = tuple(
    _QUARTER_RANK[min(s >> 3, 7 - (s >> 3))][min(s & 7, 7 - (s & 7))] for s in range(64)
)

#: (key, flips, square, the opponent's replies after the move or -1 when not computed)
Ordered = list[tuple[int, Bitboard, Square, Bitboard]]


#: how often a clock looks whether a search running in the kernel must stop (seconds)
CLOCK_SECONDS: Final = 0.004


class Slots:
    """Numbered places of the kernel's (the midgame search's lanes, the exact search's watches),
    one search at a time in each. A search gets back the place it had last when that is free, so
    that a midgame search's table carries over from move to move."""

    def __init__(self, numbers: Iterable[int]) -> None:
        self._free = list(numbers)
        self._freed = threading.Condition()

    def take(self, wanted: int = -1, *, wait: bool = False) -> int | None:
        """A free place, `wanted` when it is free; when every one is busy, None, or with `wait`
        the first one given back."""
        with self._freed:
            while not self._free:
                if not wait:
                    return None
                self._freed.wait()
            if wanted in self._free:
                self._free.remove(wanted)
                return wanted
            return self._free.pop()

    def give(self, number: int) -> None:
        with self._freed:
            self._free.append(number)
            self._freed.notify()


def run_clock(
    halt: Callable[[], object],
    deadline: float | None,
    stop: Callable[[], bool] | None,
    finished: threading.Event,
) -> threading.Thread:
    """A thread that calls `halt` once `deadline` passes or `stop` says so, unless `finished` is
    set first (a search in the kernel runs without Python's lock and looks at no clock itself)."""

    def watch() -> None:
        while not finished.wait(CLOCK_SECONDS):
            if out_of_time(deadline, stop):
                halt()
                return

    clock = threading.Thread(target=watch, name="othello-clock", daemon=True)
    clock.start()
    return clock


class SearchStopped(Exception):
    """The deadline passed or the search was cancelled. Once through `search_moves`, its argument
    is the root's best move so far if that move was proven better than the root's alpha, else
    None."""


class Search(Protocol):
    def __call__(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, depth: int, passed: int, moves: Bitboard, /
    ) -> int:
        """The negamax value for `p`; `moves` are `p`'s legal moves, or -1 when not known yet."""
        ...


def final_score(p: Bitboard, o: Bitboard) -> int:
    """The value of a finished game for `p`: disc difference, empty squares to the winner."""
    mine = p.bit_count()
    theirs = o.bit_count()
    diff = mine - theirs
    if diff > 0:
        return diff + 64 - mine - theirs
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


def after(p: Bitboard, o: Bitboard, square: Square | None) -> tuple[Bitboard, Bitboard]:
    """The position after `square` (None: a pass), seen from the new side to move."""
    if square is None:
        return o, p
    f = flips(p, o, square)
    return o ^ f, p | f | BIT[square]


def out_of_time(deadline: float | None, stop: Callable[[], bool] | None) -> bool:
    return (deadline is not None and time.perf_counter() >= deadline) or (stop is not None and stop())


def ordered_moves(
    p: Bitboard, o: Bitboard, moves: Bitboard, first: Square | None, *, replies: bool, frontier: bool
) -> Ordered:
    """`moves` with their flips, most promising first: `first` (the table's move), then, with
    `replies`, fastest first (fewest replies left to the opponent, corners counted double) and,
    with `frontier` too, fewest own discs next to an empty square; the static RANK decides the
    rest. Without `replies` only RANK orders (for nodes whose children are not searched)."""
    keyed = []
    empty = ~(p | o) & FULL if frontier else 0
    while moves:
        low = moves & -moves
        moves ^= low
        square = low.bit_length() - 1
        f = flips(p, o, square)
        if replies:
            mine = p | f | low
            reply = legal_moves(o ^ f, mine)
            key = (reply.bit_count() + (reply & CORNERS).bit_count()) * 16 + RANK[square]
            if frontier:
                # evaluation.py's frontier mask, written out in both places: a shared helper would
                # cost a call at every leaf of the midgame search (≈ 30 ns, 0.3 % of an evaluation)
                left = empty ^ low
                east = (left << 1) & NOT_A
                west = (left >> 1) & NOT_H
                row = left | east | west
                key += (((row << 8) | (row >> 8) | east | west) & mine).bit_count() * 4
        else:
            reply, key = -1, RANK[square]
        if square == first:
            key = FIRST
        keyed.append((key, f, square, reply))
    keyed.sort()
    return keyed


def search_moves(
    search: Search,
    p: Bitboard,
    o: Bitboard,
    ordered: Ordered,
    alpha: int,
    beta: int,
    depth: int,
    best: int,
    best_move: Square,
) -> tuple[int, Square]:
    """The best (value, move) of `ordered`, fail-soft, children searched at `depth` - 1.

    The first move gets the full window and the others a null window, re-searched when they
    prove better. `best`, `best_move` come from a move already searched before this list (then
    every move here is a null-window test), or are (below any value, -1) when none was."""
    original_alpha = alpha
    full = best_move < 0
    depth -= 1
    try:
        for _, f, square, reply in ordered:
            np, no = o ^ f, p | f | BIT[square]
            if full:
                score = -search(np, no, -beta, -alpha, depth, 0, reply)
                full = False
            else:
                score = -search(np, no, -alpha - 1, -alpha, depth, 0, reply)
                if alpha < score < beta:
                    score = -search(np, no, -beta, -score, depth, 0, reply)
            if score > best:
                best, best_move = score, square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
    except SearchStopped as stopped:
        # the root's loop sees the stop last: a move it already proved better than its alpha is
        # worth playing (costless until raised, since Python 3.11)
        stopped.args = (best_move if best > original_alpha else None,)
        raise
    return best, best_move


def pass_or_end(
    search: Search, p: Bitboard, o: Bitboard, alpha: int, beta: int, depth: int, passed: int, unit: int
) -> int:
    """The value for `p`, who has no move: the game is over (`unit` per disc), or `p` passes."""
    if not passed:
        replies = legal_moves(o, p)
        if replies:
            return -search(o, p, -beta, -alpha, depth, 1, replies)
    return final_score(p, o) * unit


def principal_line(
    table: Mapping[int, tuple[int, ...]], p: Bitboard, o: Bitboard, length: int
) -> tuple[Square | None, ...]:
    """The best line read back from a table whose entries end with the best move (None for a
    pass); for display only, so it stops at the first position the table does not know."""

    def remembered(p: Bitboard, o: Bitboard) -> int:
        entry = table.get((p << 64) | o)
        return -1 if entry is None else entry[-1]

    return line_from(remembered, p, o, length)


def line_from(
    remembered: Callable[[Bitboard, Bitboard], int], p: Bitboard, o: Bitboard, length: int
) -> tuple[Square | None, ...]:
    """The best line as `remembered` gives each position's best move (-1: not known), passes
    included (None), up to `length` moves or the first position whose move is unknown."""
    line: list[Square | None] = []
    for _ in range(length):
        moves = legal_moves(p, o)
        if not moves:
            if not legal_moves(o, p):
                break
            line.append(None)
            p, o = o, p
            continue
        square = remembered(p, o)
        if square < 0 or not moves & BIT[square]:
            break
        line.append(square)
        p, o = after(p, o, square)
    return tuple(line)
