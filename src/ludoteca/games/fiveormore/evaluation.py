"""How promising a Five or More board is, for the computer players and `Game.evaluate`.

Three things keep a game going: lines that are nearly complete (each run of five cells holding
balls of a single colour is worth more the fuller it is), free cells (a full board ends the game),
and free cells that stay connected (a ball walled into a small pocket can hardly be used).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.games.fiveormore.board import EMPTY, Geometry, empty_regions, geometry
from ludoteca.games.fiveormore.config import Config


@dataclass(frozen=True, slots=True)
class Weights:
    #: value of a window of five cells holding k balls of one colour and nothing else, k = 0…5
    window: tuple[float, ...] = (0.0, 1.0, 4.0, 14.0, 45.0, 0.0)
    #: value of each empty cell; it must outweigh what a ball adds to the windows, or positions
    #: after a spawn (more balls) would look better than the same position before it
    empty: float = 40.0
    #: cost of each empty cell outside the largest group of connected empty cells
    cut_off: float = 4.0
    #: value of a point scored
    point: float = 20.0


DEFAULT_WEIGHTS = Weights()


def window_value(board: Sequence[int], window: Sequence[int], table: Sequence[float]) -> float:
    # The same walk as ranking.window_summaries, written out on purpose: sharing a helper made
    # `potential` 1.6 times slower (timeit, 300 calls on a 9×9 board: 17.5 ms against 10.5 ms).
    colour = EMPTY
    count = 0
    for cell in window:
        value = board[cell]
        if value != EMPTY:
            if colour == EMPTY:
                colour = value
            elif value != colour:
                return 0.0
            count += 1
    return table[count]


def potential(board: Sequence[int], geo: Geometry, table: Sequence[float]) -> float:
    """The sum of the window values over the board: how much line-building material it holds."""
    return sum(window_value(board, window, table) for window in geo.windows)


def openness(board: Sequence[int], geo: Geometry, weights: Weights) -> float:
    """The value of the empty cells, less the ones cut off from the largest free area."""
    regions = empty_regions(board, geo)
    if not regions:
        return 0.0
    free = sum(len(region) for region in regions)
    largest = max(len(region) for region in regions)
    return weights.empty * free - weights.cut_off * (free - largest)


def evaluate_board(config: Config, board: Sequence[int], weights: Weights = DEFAULT_WEIGHTS) -> float:
    """A heuristic value of `board` without its score (bigger is better)."""
    geo = geometry(config.cols, config.rows)
    return potential(board, geo, weights.window) + openness(board, geo, weights)
