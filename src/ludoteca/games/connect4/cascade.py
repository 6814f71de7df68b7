"""Cascade: alignments score, vanish, and the discs above fall, until the grid is still.

After a drop the whole grid is scanned; every maximal run of four or more same-colour discs (in any
of the four directions) is one alignment worth a point to the owner of its discs. All runs found at
that moment are removed together, every column closes up, and the scan repeats. Each round is kept
as a `CascadeStep` so front ends can flash the runs and animate the falls from data.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.games.connect4.bitboard import COLUMN, STRIDE, WIDTH, Cell, cells, runs


@dataclass(frozen=True, slots=True)
class Alignment:
    """One maximal run of four or more discs of one seat."""

    owner: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Fall:
    """A disc of `owner` sliding down `column` from `from_row` to `to_row` after removals."""

    column: int
    from_row: int
    to_row: int
    owner: int


@dataclass(frozen=True, slots=True)
class CascadeStep:
    """One round of a cascade: the runs found together, the cells they freed, the falls that followed."""

    alignments: tuple[Alignment, ...]
    removed: tuple[Cell, ...]
    falls: tuple[Fall, ...]


@dataclass(frozen=True, slots=True)
class CascadeResult:
    discs: tuple[int, int]
    steps: tuple[CascadeStep, ...]
    #: points each seat earned in this cascade
    gained: tuple[int, int]


def resolve(discs: tuple[int, int]) -> CascadeResult:
    """Remove alignments and let discs fall until none is left."""
    boards = list(discs)
    gained = [0, 0]
    steps: list[CascadeStep] = []
    while True:
        alignments: list[Alignment] = []
        removed = 0
        for seat in (0, 1):
            for run in runs(boards[seat]):
                alignments.append(Alignment(seat, tuple(cells(run))))
                removed |= run
                gained[seat] += 1
        if not alignments:
            break
        boards = [boards[0] & ~removed, boards[1] & ~removed]
        boards, falls = _close_up(boards[0], boards[1])
        steps.append(CascadeStep(tuple(alignments), tuple(cells(removed)), falls))
    return CascadeResult((boards[0], boards[1]), tuple(steps), (gained[0], gained[1]))


def _close_up(yellow: int, red: int) -> tuple[list[int], tuple[Fall, ...]]:
    """Pack every column down to the bottom, keeping the discs' order."""
    packed = [0, 0]
    falls: list[Fall] = []
    for column in range(WIDTH):
        base = column * STRIDE
        column_mask = COLUMN[column]
        if not (yellow | red) & column_mask:
            continue
        to_row = 0
        for from_row in range(STRIDE - 1):
            here = 1 << (base + from_row)
            owner = 0 if yellow & here else 1 if red & here else -1
            if owner < 0:
                continue
            packed[owner] |= 1 << (base + to_row)
            if to_row != from_row:
                falls.append(Fall(column, from_row, to_row, owner))
            to_row += 1
    return packed, tuple(falls)
