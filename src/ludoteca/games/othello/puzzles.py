"""Othello puzzles: "the best move with N empty squares", proven by the endgame solver
(`ludoteca.ai.puzzles`).

Positions come from games the engine plays against itself (a few random moves first, and now and
then a random move later, so that the games differ). A position is a puzzle when the side to move
has at least three moves, the exact final margin of one of them is better than every other's, and
the game is not already decided whatever is played (the best and the worst move do not give the
same result). Grading: more empty squares are harder, and so is a best move that beats the second
best by little, or a position with many moves; the numbers are in each puzzle's `stats`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ludoteca.ai.puzzles import Puzzle
from ludoteca.core.game import Game
from ludoteca.games.othello.bitboard import Bitboard, Square, squares_of
from ludoteca.games.othello.endgame import EndgameSolver
from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.game import PASS
from ludoteca.games.othello.search import after, legal_moves
from ludoteca.games.othello.settings import EngineSettings
from ludoteca.i18n import _

#: the empty squares a puzzle may have
FEWEST, MOST = 8, 16
#: random moves at the start of a self-play game, and the chance of one later
OPENING_RANDOM, LATER_RANDOM = 6, 0.15
#: the engine's depth in self-play (quick: the solver makes the puzzle, not the engine)
SELF_PLAY_DEPTH = 3


def maker() -> OthelloPuzzles:
    return OthelloPuzzles()


class OthelloPuzzles:
    def __init__(self) -> None:
        self.solver = EndgameSolver()
        self.engine = Engine(EngineSettings(max_depth=SELF_PLAY_DEPTH))

    def task(self, game: Game[Any, Any], puzzle: Puzzle) -> str:
        state = puzzle.position(game)
        side = game.seat_name(state, state.side)
        return _("{side} to play: find the best move ({n} empty squares).").format(side=side, n=puzzle.n)

    def values(self, p: Bitboard, o: Bitboard) -> dict[Square, int]:
        """Each move's exact final margin for the side to move."""
        self.solver.stop = None
        return {
            square: -self.solver.solve(*after(p, o, square)).score for square in squares_of(legal_moves(p, o))
        }

    # ----- making puzzles ------------------------------------------------------------------------------
    def _self_play(self, game: Game[Any, Any], rng: random.Random, empties: int) -> list[Any] | None:
        """The moves of a self-play game up to `empties` empty squares with the side to move
        able to move; None when the game went otherwise."""
        state = game.start(game.options({}), 0, 2)
        moves: list[Any] = []
        while state.empties > empties:
            if game.is_over(state):
                return None
            legal = list(game.legal_moves(state))
            if len(moves) < OPENING_RANDOM or rng.random() < LATER_RANDOM or legal == [PASS]:
                move = rng.choice(legal)
            else:
                p, o = state.sides
                self.engine.stop = lambda: False
                move = self.engine.iterate(
                    p, o, None, started=time.perf_counter(), depth_limit=SELF_PLAY_DEPTH
                )
            moves.append(move)
            state = game.play(state, move)
        if state.empties != empties or game.is_over(state) or not legal_moves(*state.sides):
            return None
        return moves

    def build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        found: list[Puzzle] = []
        seen: set[tuple[int, int]] = set()
        tries = 0
        while len(found) < count and tries < 50 * count:
            tries += 1
            empties = rng.randint(FEWEST, MOST)
            moves = self._self_play(game, rng, empties)
            if moves is None:
                continue
            state = game.start(game.options({}), 0, 2)
            texts = []
            for move in moves:
                texts.append(game.format_move(state, move))
                state = game.play(state, move)
            p, o = state.sides
            if (p, o) in seen:
                continue
            seen.add((p, o))
            self.solver = EndgameSolver()  # a fresh table: the count of positions grades it
            values = self.values(p, o)
            ranked = sorted(values.items(), key=lambda item: -item[1])
            if len(ranked) < 3 or ranked[0][1] == ranked[1][1] or ranked[0][1] == ranked[-1][1]:
                continue
            if (ranked[0][1] > 0) == (ranked[-1][1] > 0) and (ranked[0][1] < 0) == (ranked[-1][1] < 0):
                continue  # the result is the same whatever is played: only the margin is at stake
            best, second = ranked[0][1], ranked[1][1]
            rating = grade(empties, best - second, len(ranked))
            ident = f"oth-{len(found) + 1:04d}"
            solution = (game.format_move(state, ranked[0][0]),)
            found.append(
                Puzzle(
                    game=game.info.key,
                    ident=ident,
                    options={},
                    seed=0,
                    moves=tuple(texts),
                    goal="best",
                    n=empties,
                    solution=solution,
                    rating=rating,
                    stats={
                        "margin": best,
                        "second_best": second,
                        "moves": len(ranked),
                        "nodes": self.solver.nodes,
                    },
                )
            )
            say(f"{ident}: {empties} empties, best {solution[0]} ({best:+d}; {second:+d}), rating {rating}")
        return found

    # ----- checking and playing ----------------------------------------------------------------
    def verify(self, game: Game[Any, Any], puzzle: Puzzle) -> str | None:
        state = puzzle.position(game)
        if state.empties != puzzle.n:
            return f"the position has {state.empties} empty squares, not {puzzle.n}"
        values = self.values(*state.sides)
        top = max(values.values())
        best = sorted(game.format_move(state, s) for s, v in values.items() if v == top)
        if best != [puzzle.solution[0]] or len(puzzle.solution) != 1:
            return f"the best moves are {best}, not only {puzzle.solution[0]}"
        return None

    def judge(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, move: Any) -> bool:
        values = self.values(*state.sides)
        return move in values and values[move] == max(values.values())

    def reply(self, game: Game[Any, Any], puzzle: Puzzle, state: Any) -> Any:
        p, o = state.sides
        moves = squares_of(legal_moves(p, o))
        return self.solver.solve(p, o).move if moves else None

    def hint(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, step: int) -> str:
        text = puzzle.solution[0]
        top = int(text[1:]) <= 4
        left = text[0] <= "d"
        quarter = {
            (True, True): _("top left"),
            (True, False): _("top right"),
            (False, True): _("bottom left"),
            (False, False): _("bottom right"),
        }[(top, left)]
        return _("The best move is in the {quarter} quarter of the board.").format(quarter=quarter)


def grade(empties: int, lead: int, moves: int) -> int:
    """A puzzle's rating from the solver's numbers: 800 for 8 empty squares, more for each
    further one, for a best move that beats the second best by only a few discs, and for many
    moves to choose from."""
    close = max(0, 8 - lead) * 40
    return int(max(600, min(2600, 800 + 70 * (empties - FEWEST) + close + 20 * max(0, moves - 3))))
