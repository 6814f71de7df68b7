"""`ludoteca bench othello --weights A:B`: two weights files of the learned evaluation against
each other, to measure what a training run buys.

The kernel holds one set of weights at a time, so each move first hands it the weights of the
side to move (`learned.install_block`), then searches with the compiled midgame search at a
fixed depth (`--weights-depth`, `train.search_move`: no clock, no probable cut-offs, whose table
is fitted for the shipped weights only, an empty table each move): the same games on any
machine, however loaded. From `SOLVE_EMPTIES` empty squares on, both sides would play perfectly,
so the game's result is the exact value of that position: the score measures the midgame alone,
and costs little.

Each opening (a random line of a few plies, seeded) is played once with each colour, so its own
imbalance cancels out: a file against itself scores exactly one half. `shipped` names the
weights shipped with Ludoteca. Games run in `--threads` worker processes (same results for any
number). Score: wins + ½ draws for the first file, and its mean disc difference.
"""

from __future__ import annotations

import multiprocessing
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ludoteca.games.othello import learned
from ludoteca.games.othello.bitboard import Square, empty_count, square_name
from ludoteca.games.othello.game import START_BLACK, START_WHITE
from ludoteca.games.othello.variants_match import opening

#: from this many empties on, the game's result is its exact value
SOLVE_EMPTIES: Final = 16
#: random plies of each opening
OPENING_PLIES: Final = 8
#: the name of the shipped file in `--weights`
SHIPPED_NAME: Final = "shipped"


@dataclass(frozen=True)
class Game:
    line: tuple[Square, ...]
    first_is_black: bool
    depth: int


def weights_path(name: str) -> Path | None:
    """The file a `--weights` name stands for (None: the shipped one)."""
    return None if name == SHIPPED_NAME else Path(name)


#: in each worker: the kernel's weights of the two files (`learned.kernel_block`), set by `_prepare`
_blocks: list[array[int]] = []


def _prepare(names: Sequence[str]) -> None:
    _blocks[:] = [learned.kernel_block(learned.read_weights(weights_path(name))) for name in names]


def _move(p: int, o: int, depth: int, side: int) -> Square:
    from ludoteca.games.othello.kernel import EVAL_PATTERNS
    from ludoteca.games.othello.search import kernel
    from ludoteca.games.othello.train import search_move

    learned.install_block(kernel, _blocks[side])
    return search_move(p, o, depth, 0, cut=False, evaluation=EVAL_PATTERNS)


def play(game: Game) -> int:
    """The first file's final disc difference in `game` (exact from SOLVE_EMPTIES empties)."""
    from ludoteca.games.othello.search import after, final_score, kernel, legal_moves

    p, o, black_to_move = START_BLACK, START_WHITE, True
    for square in game.line:
        p, o, black_to_move = *after(p, o, square), not black_to_move
    while True:
        first_to_move = black_to_move == game.first_is_black
        if not legal_moves(p, o):
            if not legal_moves(o, p):
                value = final_score(p, o)
                break
            p, o, black_to_move = o, p, not black_to_move
            continue
        if empty_count(p, o) <= SOLVE_EMPTIES:
            value = kernel.solve_exact(p, o, -65, 65, False, 0)
            break
        square = _move(p, o, game.depth, 0 if first_to_move else 1)
        p, o, black_to_move = *after(p, o, square), not black_to_move
    return value if first_to_move else -value


def weights_match(
    first: str,
    second: str,
    games: int,
    depth: int,
    seed: int,
    threads: int,
    say: Callable[[str], None],
) -> float:
    """The first file's score (0–1) over `games` games (rounded up to pairs), printing each pair.
    A file that cannot be used raises `learned.WeightsError` before any game."""
    names = (first, second)
    _prepare(names)
    rng = random.Random(seed)
    lines = [tuple(opening(rng, OPENING_PLIES)) for _ in range((games + 1) // 2)]
    tasks = [Game(line, first_is_black, depth) for line in lines for first_is_black in (True, False)]
    if threads <= 1:
        values = [play(task) for task in tasks]
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(threads, initializer=_prepare, initargs=(names,)) as pool:
            values = pool.map(play, tasks, chunksize=2)
    points = 0.0
    for number, (task, value) in enumerate(zip(tasks, values, strict=True), start=1):
        points += 1.0 if value > 0 else 0.5 if value == 0 else 0.0
        if not task.first_is_black:
            moves = " ".join(square_name(s) for s in task.line)
            say(f"games {number - 1}-{number} [{moves}]: {first} {points:g} of {number}")
    played = len(tasks)
    mean = sum(values) / played
    say(
        f"{first} against {second}: {points:g} of {played} ({100 * points / played:.1f} %), "
        f"mean disc difference {mean:+.2f}, depth {depth}, exact from {SOLVE_EMPTIES} empties"
    )
    return points / played
