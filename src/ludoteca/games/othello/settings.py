"""What an Othello engine is asked for and what it reports, apart from the engine itself, so that
the levels can be declared without importing the search (whose kernel may be compiled on first use:
that should happen on the thinking thread, not on the one that draws the window)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from ludoteca.games.othello.bitboard import Bitboard, Square
from ludoteca.games.othello.evaluation import evaluate

#: the value of a finished game per disc of difference: bigger than any heuristic value
WIN_UNIT: Final = 10_000

Evaluator = Callable[[Bitboard, Bitboard], int]


@dataclass
class SearchProgress:
    depth: int
    #: from the side to move's point of view, in evaluation units (WIN_UNIT per disc when proven)
    score: int
    line: tuple[Square | None, ...]
    nodes: int
    seconds: float
    exact: bool = False


@dataclass
class EngineSettings:
    max_depth: int = 60
    #: solve exactly when at most this many squares are empty (0: never)
    solve_empties: int = 0
    #: share of the time for the midgame search before the exact solver takes over
    presearch_share: float = 0.25
    #: threads for the exact solver where the processors allow (`endgame.usable_threads`)
    solve_threads: int = 1
    evaluator: Evaluator = field(default=evaluate)
    #: probable cut-offs in the compiled midgame search (`probcut.py`), where its evaluation has them
    probcut: bool = True
