"""The grid of Five or More: cells, paths of empty cells, lines of five, and the score table.

A board is a tuple of ints in row-major order, row 0 at the top: 0 is an empty cell, 1…9 a ball of
that colour. Everything here is a pure function of a board and its `Geometry`, shared by the
rules, the computer players and the front ends.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Cell = int
Board = tuple[int, ...]

EMPTY = 0
#: the shortest line that is removed
LINE = 5
#: the four line directions as (column step, row step): horizontal, vertical, both diagonals
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True)
class Geometry:
    """Precomputed neighbourhoods of a cols × rows grid (shared by every board of that size)."""

    cols: int
    rows: int
    #: orthogonal neighbours of each cell
    neighbours: tuple[tuple[Cell, ...], ...]
    #: per cell, per direction: (cells going backwards, cells going forwards), nearest first
    rays: tuple[tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...], ...]
    #: every run of LINE consecutive cells in one of the four directions
    windows: tuple[tuple[Cell, ...], ...]
    #: per cell, the indices of the windows containing it
    windows_at: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return self.cols * self.rows


@lru_cache(maxsize=32)
def geometry(cols: int, rows: int) -> Geometry:
    def inside(col: int, row: int) -> bool:
        return 0 <= col < cols and 0 <= row < rows

    def ray(col: int, row: int, dc: int, dr: int) -> tuple[Cell, ...]:
        out: list[Cell] = []
        col, row = col + dc, row + dr
        while inside(col, row):
            out.append(row * cols + col)
            col, row = col + dc, row + dr
        return tuple(out)

    neighbours: list[tuple[Cell, ...]] = []
    rays: list[tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]] = []
    windows: list[tuple[Cell, ...]] = []
    for row in range(rows):
        for col in range(cols):
            neighbours.append(
                tuple(
                    r * cols + c
                    for c, r in ((col, row - 1), (col - 1, row), (col + 1, row), (col, row + 1))
                    if inside(c, r)
                )
            )
            rays.append(tuple((ray(col, row, -dc, -dr), ray(col, row, dc, dr)) for dc, dr in DIRECTIONS))
            for dc, dr in DIRECTIONS:
                if inside(col + (LINE - 1) * dc, row + (LINE - 1) * dr):
                    windows.append(tuple((row + i * dr) * cols + col + i * dc for i in range(LINE)))
    windows_at: list[list[int]] = [[] for _ in range(cols * rows)]
    for index, window in enumerate(windows):
        for cell in window:
            windows_at[cell].append(index)
    return Geometry(
        cols, rows, tuple(neighbours), tuple(rays), tuple(windows), tuple(tuple(w) for w in windows_at)
    )


def points_for(balls: int) -> int:
    """Points for removing `balls` balls in one go: floor(45 · ln(n / 4)); nothing below five."""
    if balls < LINE:
        return 0
    return math.floor(45 * math.log(balls / 4))


def runs_through(board: Sequence[int], geo: Geometry, cell: Cell) -> list[list[Cell]]:
    """For each of the four directions, the unbroken run of balls of `cell`'s colour through it
    (`cell` included). `cell` must hold a ball."""
    colour = board[cell]
    runs: list[list[Cell]] = []
    for backwards, forwards in geo.rays[cell]:
        run = [cell]
        for ray in (backwards, forwards):
            for other in ray:
                if board[other] != colour:
                    break
                run.append(other)
        runs.append(run)
    return runs


def lines_through(board: Sequence[int], geo: Geometry, cell: Cell) -> frozenset[Cell]:
    """Every ball on a line of at least five same-coloured balls through `cell`, in the four
    directions; crossing lines share `cell`, which is counted once. Empty if there is no such line."""
    if board[cell] == EMPTY:
        return frozenset()
    return frozenset(c for run in runs_through(board, geo, cell) if len(run) >= LINE for c in run)


def find_path(board: Sequence[int], geo: Geometry, source: Cell, target: Cell) -> tuple[Cell, ...] | None:
    """A shortest orthogonal path of empty cells from `source` to `target` (both included), or
    None when `target` cannot be reached. The ball on `source` itself does not block."""
    if board[target] != EMPTY or source == target:
        return None
    came_from = {source: source}
    queue = deque([source])
    neighbours = geo.neighbours
    while queue:
        cell = queue.popleft()
        for nxt in neighbours[cell]:
            if nxt in came_from or board[nxt] != EMPTY:
                continue
            came_from[nxt] = cell
            if nxt == target:
                path = [target]
                while path[-1] != source:
                    path.append(came_from[path[-1]])
                return tuple(reversed(path))
            queue.append(nxt)
    return None


def empty_regions(board: Sequence[int], geo: Geometry) -> list[list[Cell]]:
    """The orthogonally connected groups of empty cells, each sorted, in order of their first cell."""
    seen = bytearray(len(board))
    regions: list[list[Cell]] = []
    neighbours = geo.neighbours
    for start, value in enumerate(board):
        if value != EMPTY or seen[start]:
            continue
        seen[start] = 1
        region = [start]
        stack = [start]
        while stack:
            cell = stack.pop()
            for nxt in neighbours[cell]:
                if not seen[nxt] and board[nxt] == EMPTY:
                    seen[nxt] = 1
                    region.append(nxt)
                    stack.append(nxt)
        region.sort()
        regions.append(region)
    return regions


def region_borders(board: Sequence[int], geo: Geometry, region: Sequence[Cell]) -> list[Cell]:
    """The balls orthogonally next to a region of empty cells: the balls that can move into it."""
    neighbours = geo.neighbours
    return sorted({nxt for cell in region for nxt in neighbours[cell] if board[nxt] != EMPTY})


def empty_cells(board: Sequence[int]) -> list[Cell]:
    return [cell for cell, value in enumerate(board) if value == EMPTY]
