"""The exact score of one column, for the side to move: what the review and the puzzles both ask
the solver, the quick cases (a win at once, a full grid, a win at once for the opponent) first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.games.connect4.bitboard import CELLS
from ludoteca.games.connect4.solver import Position, Solver, win_score


def score_after(
    solver: Solver,
    position: Position,
    column: int,
    known: Callable[[Position], int | None] | None = None,
    **budget: Any,
) -> int:
    """The exact score of dropping in `column`; `known` gives the score of a position a table has
    (None: search it), `budget` the solver's limits (`seconds`, `nodes`, `cancel`)."""
    if position.wins_with(column):
        return win_score(position.played)
    child = position.play(column)
    if child.played >= CELLS:
        return 0
    if child.can_win_now():
        return -win_score(child.played)
    found = known(child) if known is not None else None
    if found is not None:
        return -found
    return -solver.solve(child, **budget)
