"""Ranking every move of a position quickly, for the computer players.

A position has hundreds or thousands of moves (each ball × each cell it can reach), too many to
play and evaluate one by one in Python. Instead each window of five cells is summarised once (its
colour and ball count, or "mixed"); a move's effect on the heuristic is then the change it makes
to the windows through the cell it leaves and the cell it fills, which only needs those summaries.
Leaving and filling are scored apart, which is exact unless both cells lie on one window; the
players judge the best-ranked moves exactly afterwards.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence

from ludoteca.games.fiveormore.board import EMPTY, Geometry, empty_regions, region_borders
from ludoteca.games.fiveormore.evaluation import window_value

MIXED = -1


def window_summaries(board: Sequence[int], geo: Geometry) -> tuple[list[int], list[int]]:
    """Per window: its colour (EMPTY when it holds no ball, MIXED when two colours) and ball count."""
    colours: list[int] = []
    counts: list[int] = []
    for window in geo.windows:
        colour = EMPTY
        count = 0
        for cell in window:
            value = board[cell]
            if value != EMPTY:
                if colour == EMPTY:
                    colour = value
                elif value != colour:
                    colour = MIXED
                    break
                count += 1
        colours.append(colour)
        counts.append(count)
    return colours, counts


class Ranker:
    """Move values for one position under a window table (value of a pure window by ball count,
    index 5 standing for a completed line)."""

    def __init__(self, board: Sequence[int], geo: Geometry, table: Sequence[float]) -> None:
        self.board = list(board)
        self.geo = geo
        self.table = table
        self.colours, self.counts = window_summaries(board, geo)

    def leaving(self, cell: int) -> float:
        """How the windows through `cell` change when its ball goes."""
        table, board = self.table, self.board
        colour = board[cell]
        total = 0.0
        for index in self.geo.windows_at[cell]:
            window_colour = self.colours[index]
            if window_colour == colour:
                count = self.counts[index]
                total += table[count - 1] - table[count]
            elif window_colour == MIXED:
                # Taking a ball out of a mixed window may leave it single-coloured.
                board[cell] = EMPTY
                total += window_value(board, self.geo.windows[index], table)
                board[cell] = colour
        return total

    def arriving(self, cell: int) -> tuple[float, dict[int, float]]:
        """How the windows through the empty `cell` change when a ball arrives there: the change
        for any colour, and the extra change for each colour that some window there holds."""
        table = self.table
        base = 0.0
        extra: dict[int, float] = {}
        for index in self.geo.windows_at[cell]:
            colour = self.colours[index]
            if colour == EMPTY:
                base += table[1] - table[0]
            elif colour != MIXED:
                count = self.counts[index]
                # Another colour spoils the window (its value goes); this colour adds a ball to it.
                base -= table[count]
                extra[colour] = extra.get(colour, 0.0) + table[count + 1]
        return base, extra

    def recolouring(self, cell: int, colour: int) -> float:
        board, table, windows = self.board, self.table, self.geo.windows
        old = board[cell]
        before = sum(window_value(board, windows[i], table) for i in self.geo.windows_at[cell])
        board[cell] = colour
        after = sum(window_value(board, windows[i], table) for i in self.geo.windows_at[cell])
        board[cell] = old
        return after - before


def best_moves(
    board: Sequence[int],
    geo: Geometry,
    table: Sequence[float],
    count: int,
    recolour_colours: int = 0,
    jitter: random.Random | None = None,
) -> list[tuple[float, int, int]]:
    """The `count` best-ranked moves as (value, cell, target cell or new colour), best first.

    Classic moves when `recolour_colours` is 0; otherwise recolourings to colours 1…that number.
    `jitter` breaks ties at random (so equal moves do not always go to the top-left).
    """
    ranker = Ranker(board, geo, table)
    noise = jitter.random if jitter is not None else (lambda: 0.0)
    scored: list[tuple[float, int, int]] = []
    if recolour_colours:
        for cell, current in enumerate(board):
            if current == EMPTY:
                continue
            for colour in range(1, recolour_colours + 1):
                if colour != current:
                    value = ranker.recolouring(cell, colour) + 1e-6 * noise()
                    scored.append((value, cell, colour))
        return heapq.nlargest(count, scored)
    leaving: dict[int, float] = {}
    for region in empty_regions(board, geo):
        sources = region_borders(board, geo, region)
        for source in sources:
            if source not in leaving:
                leaving[source] = ranker.leaving(source)
        for target in region:
            base, extra = ranker.arriving(target)
            for source in sources:
                value = leaving[source] + base + extra.get(board[source], 0.0) + 1e-6 * noise()
                scored.append((value, source, target))
    return heapq.nlargest(count, scored)
