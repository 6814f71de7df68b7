"""Connect Four's review analyser: every value proven by the solver (`ludoteca.ai.review`).

A position's value is the solver's exact score (a win, a draw or a loss, and how soon); the
positions of up to two discs come from the shipped table (`scores.txt`), which took the solver
an hour to build. Positions of a few more discs can take the solver minutes: one it cannot
settle within `seconds` is left unjudged rather than guessed. Cascade has no solver: not offered.
"""

from __future__ import annotations

from threading import Event
from typing import Any

from ludoteca.ai.review import Reading, Value
from ludoteca.core.game import Game
from ludoteca.games.connect4 import book
from ludoteca.games.connect4.bitboard import CELLS, WIDTH
from ludoteca.games.connect4.column_score import score_after
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout
from ludoteca.games.connect4.state import CASCADE, Connect4State

#: seconds the solver may spend on one position before the move is left unjudged
SECONDS = 4.0
#: plies of the line shown after a better move
LINE_PLIES = 6


def analyser(game: Game[Any, Any], start: Any) -> Connect4Analyser | None:
    assert isinstance(start, Connect4State)
    return None if start.variant == CASCADE else Connect4Analyser()


def value_of(score: int, played: int) -> Value:
    """A solver score (for the side to move, `played` discs on the grid) as a review value, with
    the plies left until the winning disc under best play."""
    if score == 0:
        return Value.proven(0, 0, CELLS - played)
    # the winner's discs at the end are 22 − |score|; the side to move has played // 2 so far
    if score > 0:
        return Value.proven(1, score, 2 * (22 - score - played // 2) - 1)
    return Value.proven(-1, score, 2 * (22 + score - (played + 1) // 2))


class Connect4Analyser:
    def __init__(self, seconds: float = SECONDS) -> None:
        self.seconds = seconds
        self.solver = Solver()
        self.scores = book.shipped_scores()

    def read(self, game: Game[Any, Any], state: Any, move: Any, cancel: Event | None) -> Reading:
        assert isinstance(state, Connect4State)
        position = Position(state.discs[len(state.moves) % 2], state.mask, len(state.moves))
        try:
            score, best = self.best(position, cancel)
            played = score if move in best else self.score_of(position, move, cancel)
            line = self.line(position, best[0], cancel)
        except SolverTimeout:
            return Reading(None, None)
        return Reading(value_of(score, position.played), value_of(played, position.played), tuple(best), line)

    def best(self, position: Position, cancel: Event | None) -> tuple[int, list[int]]:
        """The exact score and its columns, from the shipped table where it has them."""
        known = self.scores.get(position.current, position.mask)
        if known is not None:
            return known[0], list(known[1])
        return self.solver.best_moves(position, seconds=self.seconds, cancel=cancel)

    def score_of(self, position: Position, column: int, cancel: Event | None) -> int:
        """The exact score of dropping in `column`, for the side to move."""

        def known(child: Position) -> int | None:
            found = self.scores.get(child.current, child.mask)
            return None if found is None else found[0]

        return score_after(self.solver, position, column, known, seconds=self.seconds, cancel=cancel)

    def line(self, position: Position, column: int, cancel: Event | None) -> tuple[int, ...]:
        """A best line from `position` starting with `column`, each reply a best one (shorter
        when a reply cannot be proven in time: the line shows only what was proven)."""
        line = [column]
        while len(line) < LINE_PLIES and not position.wins_with(column):
            position = position.play(column)
            if position.played >= CELLS or not any(position.can_play(c) for c in range(WIDTH)):
                break
            try:
                column = self.best(position, cancel)[1][0]
            except SolverTimeout:
                break
            line.append(column)
        return tuple(line)
