"""Probable cut-offs for the compiled midgame search (Buro's ProbCut), and how they were fitted.

A search `d` deep is costly; one `s` deep (s < d) is cheap and its value v predicts the deep
value w well: w ≈ slope × v + offset, with a spread σ that grows slowly with d − s. Where the
shallow search says the value lies beyond the window by more than `CONFIDENCE` × σ, the node
returns the window's bound without the deep search (`kernel._mid`). What is lost: now and then a
move whose value the shallow search misjudged; what is won: the deep search's time, spent deeper.

The table below is what `ludoteca bench othello --fit-probcut --positions 200 --seed 1` prints
(`fit` here; the learned evaluation's part depends on the shipped weights, so it is fitted again
whenever they change): 200 positions from games between the start and 20 empties (random
openings, then depth-3 moves with one random move in five), each searched at every depth from 0
to 11 with a full window; for each depth and its shallow depth, the least-squares line and the
spread around it. Depths past the fitted ones take the deepest fitted line (the spread hardly
grows past depth 8).

Measured: at depth 10 on 40 positions from random games, the cut-offs leave a fifth of the
positions to search (4.5 million against 24.8); level 5 with them against level 5 without, 0.3 s
a move, 40 games: 23.5 of 40 (58.8 %; `ludoteca bench othello --variants level5:no-probcut
--games 40 --seconds 0.3`, with a first fit of the hand-tuned table on other positions).

Tried and not kept, each as level 5 against level 5 as shipped at 0.1 s a move, 60 games with the
change in Ludoteca's process and 60 with it in the engine of `ludoteca bench othello --vs` (a
scratch GTP wrapper around level 5), 120 in all:
* a line and a spread for each stage of the game (from 44 empties, from 32, fitted on 600
  positions): the spread grows towards the end, for the learned evaluation at depth 8 from 51 to
  58 to 90 (a twentieth of a disc) where the single table has 66, so the single table cuts too
  little early and too much late; yet the stages' tables scored 44.6 % against it;
* a confidence of 1.1 instead of 1.5 (more cut-offs, deeper): 46.0 %; of 2.0 (fewer): 52.1 %,
  within the noise.
"""

from __future__ import annotations

import random
import statistics
import threading
from collections.abc import Callable
from typing import Final

#: how many spreads beyond the window the shallow value must lie (1.5: about 7 % of cut-offs wrong
#: on one side, were the errors normal)
CONFIDENCE: Final = 1.5

#: evaluation code (`kernel.EVAL_HAND`, `kernel.EVAL_PATTERNS`) → depth → (shallow depth, slope in
#: hundredths, offset, spread σ), in the evaluation's units
FITTED: Final[dict[int, dict[int, tuple[int, int, int, int]]]] = {
    # the hand-tuned evaluation (a tenth of a disc)
    1: {
        3: (1, 111, -5, 47),
        4: (2, 110, 10, 36),
        5: (3, 111, 6, 31),
        6: (4, 110, 7, 28),
        7: (3, 121, 8, 43),
        8: (4, 121, 10, 39),
        9: (5, 118, 2, 34),
        10: (6, 120, 2, 38),
        11: (7, 119, 3, 36),
    },
    # the learned evaluation (a twentieth of a disc), with the shipped weights
    0: {
        3: (1, 105, -2, 67),
        4: (2, 104, 11, 69),
        5: (3, 104, 2, 58),
        6: (4, 102, 6, 59),
        7: (3, 105, -3, 74),
        8: (4, 105, 4, 66),
        9: (5, 103, -4, 63),
        10: (6, 105, 1, 53),
        11: (7, 103, -3, 57),
    },
}


#: (the kernel's id, the evaluation) of every table handed over
_loaded: set[tuple[int, int]] = set()
_lock = threading.Lock()


def load(kernel: object, evaluation: int, deepest: int = 63) -> bool:
    """Hand `kernel` the table of `evaluation` up to `deepest` (once per kernel); False when
    there is none for that evaluation (the search then makes no probable cut-offs)."""
    table = FITTED.get(evaluation)
    if not table:
        return False
    with _lock:
        if (id(kernel), evaluation) in _loaded:
            return True
        last = max(table)
        for depth in range(3, deepest + 1):
            shallow, slope, offset, spread = table[min(depth, last)]
            if depth > last:
                # keep the fitted gap between the two depths
                shallow += depth - last
            margin = round(CONFIDENCE * spread)
            kernel.probcut_load(evaluation, depth, shallow, slope, offset, margin)  # type: ignore[attr-defined]
        _loaded.add((id(kernel), evaluation))
    return True


def fit(
    kernel: object,
    evaluation: int,
    positions: list[tuple[int, int]],
    deepest: int,
    lane: int,
    say: Callable[[str], None],
) -> dict[int, tuple[int, int, int, int]]:
    """The table's lines for `evaluation`, from full-window values of `positions` at every depth
    up to `deepest` (searched in `lane`, without probable cut-offs); for depth d the shallow depth
    is d − 2 up to depth 6 and d − 4 beyond."""
    from ludoteca.games.othello.kernel import MID_INF

    values: list[list[int]] = []
    for p, o in positions:
        kernel.clear_mid_table(lane)  # type: ignore[attr-defined]
        kernel.mid_start(lane, evaluation, -1, False)  # type: ignore[attr-defined]
        values.append([kernel.mid_search(p, o, d, -MID_INF, MID_INF, lane) for d in range(deepest + 1)])  # type: ignore[attr-defined]
    table: dict[int, tuple[int, int, int, int]] = {}
    for depth in range(3, deepest + 1):
        shallow = depth - 2 if depth <= 6 else depth - 4
        xs = [row[shallow] for row in values]
        ys = [row[depth] for row in values]
        slope, offset = statistics.linear_regression(xs, ys)
        spread = statistics.pstdev([y - (slope * x + offset) for x, y in zip(xs, ys, strict=True)])
        table[depth] = (shallow, round(100 * slope), round(offset), round(spread))
        say(f"        {depth}: ({shallow}, {round(100 * slope)}, {round(offset)}, {round(spread)}),")
    return table


def fitting_positions(count: int, seed: int, choose: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """Positions from games between the start and 20 empties: 6 random plies, then `choose`'s
    moves with one random move in five, stopped at a random ply (seeded)."""
    from ludoteca.games.othello.bitboard import empty_count, squares_of
    from ludoteca.games.othello.search import after, legal_moves

    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        p, o = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
        for ply in range(rng.randrange(10, 44)):
            moves = legal_moves(p, o)
            if not moves:
                p, o = o, p
                moves = legal_moves(p, o)
                if not moves:
                    break
            square = rng.choice(squares_of(moves)) if ply < 6 or rng.random() < 0.2 else choose(p, o)
            p, o = after(p, o, square)
        if legal_moves(p, o) and empty_count(p, o) >= 20:
            found.append((p, o))
    return found
