"""Othello's review analyser (`ludoteca.ai.review`): exact from `EXACT_EMPTIES` empty squares,
the engine's evaluation before.

The evaluation is a disc difference estimated by a fixed-depth search (`DEPTH` plies), mapped to a
chance of winning by a logistic curve: chance = 1 / (1 + e^(−discs / `DISCS_SCALE`)). With the
scale of 8 discs, an even position is 50 %, a lead worth 10 discs 78 %, 20 discs 92 %. The scale is
a choice, not a fit to game statistics: it makes a swing of a few discs in the opening an
inaccuracy at most, while a lost corner (20 discs and more) reads as a mistake or a blunder. From
`EXACT_EMPTIES` on, the solver proves every value: a win, a draw or a loss and the final margin.
"""

from __future__ import annotations

import time
from threading import Event
from typing import Any, Final

from ludoteca.ai.review import Reading, Value, chance_from_lead
from ludoteca.core.game import Game
from ludoteca.games.othello.bitboard import Bitboard, Square, empty_count
from ludoteca.games.othello.endgame import EndgameSolver
from ludoteca.games.othello.engine import GUESS_UNITS_PER_DISC, Engine
from ludoteca.games.othello.game import PASS, Move, OthelloState
from ludoteca.games.othello.search import after, final_score, legal_moves
from ludoteca.games.othello.settings import WIN_UNIT, EngineSettings

#: solved exactly from this many empty squares (level 5 plays perfectly from there too)
EXACT_EMPTIES: Final = 20
#: plies of the midgame search that weighs a position before
DEPTH: Final = 6
#: discs of estimated lead that make a win 1/(1 + e^−1) ≈ 73 % likely
DISCS_SCALE: Final = 8.0
#: plies of the line shown after a better move
LINE_PLIES: Final = 6


def analyser(game: Game[Any, Any], start: Any) -> OthelloAnalyser:
    return OthelloAnalyser()


def chance_of(discs: float) -> float:
    return chance_from_lead(discs, DISCS_SCALE)


def proven(score: int) -> Value:
    """The solver's final disc difference for the side to move as a review value."""
    return Value.proven((score > 0) - (score < 0), score)


def estimated(units: int) -> Value:
    """A midgame search value (evaluation units, `WIN_UNIT` per disc once the end is reached)."""
    if abs(units) >= WIN_UNIT:
        return proven(round(units / WIN_UNIT))
    discs = units / GUESS_UNITS_PER_DISC
    return Value(chance_of(discs), score=round(discs, 1))


def _move(square: Square | None) -> Move:
    return PASS if square is None else square


class OthelloAnalyser:
    def __init__(self, depth: int = DEPTH) -> None:
        self.depth = depth
        self.engine = Engine(EngineSettings(max_depth=depth))
        self.solver = EndgameSolver()

    def read(self, game: Game[Any, Any], state: Any, move: Any, cancel: Event | None) -> Reading:
        assert isinstance(state, OthelloState)
        p, o = state.sides
        square = None if move == PASS else move
        stop = (lambda: False) if cancel is None else cancel.is_set
        if not legal_moves(p, o):
            return self.forced_pass(p, o, stop)
        if empty_count(p, o) <= EXACT_EMPTIES:
            return self.exact(p, o, square, stop)
        return self.midgame(p, o, square, stop)

    def forced_pass(self, p: Bitboard, o: Bitboard, stop: Any) -> Reading:
        """A pass is the only move: its value is the opponent's, seen from this side."""
        if empty_count(p, o) > EXACT_EMPTIES:
            value = estimated(-self.value_after(o, p))
        else:
            self.solver.stop = stop
            value = proven(-self.solver.solve(o, p).score)
        return Reading(value, value, (PASS,), (PASS,))

    def exact(self, p: Bitboard, o: Bitboard, square: Square | None, stop: Any) -> Reading:
        solver = self.solver
        solver.stop = stop
        result = solver.solve(p, o)
        best = result.score
        assert result.move is not None
        played = best if square == result.move else -solver.solve(*after(p, o, square)).score
        line = (result.move, *solver.principal_line(*after(p, o, result.move), LINE_PLIES - 1))
        return Reading(proven(best), proven(played), (result.move,), tuple(_move(s) for s in line))

    def midgame(self, p: Bitboard, o: Bitboard, square: Square | None, stop: Any) -> Reading:
        engine = self.engine
        engine.stop = stop
        if len(engine.table) > 500_000:
            engine.table.clear()
        best_move = engine.iterate(p, o, None, started=time.perf_counter(), depth_limit=self.depth)
        best = engine.score
        line = engine.principal_line(p, o, LINE_PLIES)
        if square == best_move:
            played = best
        else:
            q, r = after(p, o, square)
            played = -self.value_after(q, r)
        return Reading(estimated(best), estimated(played), (best_move,), tuple(_move(s) for s in line))

    def value_after(self, p: Bitboard, o: Bitboard) -> int:
        """The search value of a position reached by a move (for its side to move), one ply less
        deep so that both moves are weighed to the same horizon."""
        if not legal_moves(p, o):
            if not legal_moves(o, p):
                return final_score(p, o) * WIN_UNIT
            return -self.value_after(o, p)
        self.engine.iterate(p, o, None, started=time.perf_counter(), depth_limit=self.depth - 1)
        return self.engine.score
