"""Connect Four puzzles: "win in N" (N = 3 to 10 of the winner's own discs), every one proven by
the solver (`ludoteca.ai.puzzles`).

A position from a game of random moves is a puzzle when the side to move wins, the solver's
fastest win takes between 3 and 10 of its discs, and exactly one column wins that fast (another
column may still win, later: it is not the answer). The line shown is the solver's: the winner's
fastest disc at each step, and the defence that holds out longest. A player's disc is right when
it keeps the win as fast as the solution's (any such disc, at the later steps); the defence then
answers with the longest resistance. Cascade has no solver: it has no puzzles.

Grading: a longer win is harder, and so is a position where other columns also win (slower), or
where the solver had to search more; the numbers are in each puzzle's `stats`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ludoteca.ai.puzzles import Puzzle
from ludoteca.core.game import Game
from ludoteca.games.connect4.bitboard import WIDTH
from ludoteca.games.connect4.column_score import score_after
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout
from ludoteca.games.connect4.state import CLASSIC, Connect4State
from ludoteca.i18n import _

#: the wins a puzzle may ask for, in the winner's discs
SHORTEST, LONGEST = 3, 10
#: seconds the solver may take on a position while a player tries a puzzle
SECONDS = 2.0
#: positions the solver may search for a candidate puzzle (a longer one is not kept): a count,
#: not a time, so that the same seed makes the same set on any machine, however busy
BUILD_NODES = 20_000_000
#: random discs played before a candidate position
PLIES = (8, 26)


def maker() -> Connect4Puzzles:
    return Connect4Puzzles()


def position_of(state: Connect4State) -> Position:
    return Position(state.discs[len(state.moves) % 2], state.mask, len(state.moves))


def discs_to_win(score: int, played: int) -> int:
    """The winner's discs still to play, the last one winning, for a winning score."""
    return 22 - score - played // 2


class Connect4Puzzles:
    def __init__(self, seconds: float = SECONDS) -> None:
        self.seconds: float | None = seconds
        #: while building: each search's count of positions, instead of `seconds`
        self.nodes: int | None = None
        self.solver = Solver()

    # ----- the task --------------------------------------------------------------------------------
    def task(self, game: Game[Any, Any], puzzle: Puzzle) -> str:
        state = puzzle.position(game)
        side = game.seat_name(state, len(state.moves) % 2)
        return _("{side} to play and win in {n} discs.").format(side=side, n=puzzle.n)

    # ----- the solver's view --------------------------------------------------------------------
    def score_of(self, position: Position, column: int) -> int:
        """The exact score of dropping in `column`, for the side to move."""
        return score_after(self.solver, position, column, seconds=self.seconds, nodes=self.nodes)

    def best(self, position: Position) -> tuple[int, list[int]]:
        return self.solver.best_moves(position, seconds=self.seconds, nodes=self.nodes)

    def line(self, position: Position, first: int) -> list[int]:
        """The solution from `position`: `first`, then the longest defence and the fastest win
        (the first such column each time) until the winning disc."""
        line = [first]
        column = first
        while not position.wins_with(column):
            position = position.play(column)
            column = self.best(position)[1][0]
            line.append(column)
        return line

    # ----- making puzzles ------------------------------------------------------------------------------
    def build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        self.seconds, self.nodes = None, BUILD_NODES
        try:
            return self._build(game, rng, count, say)
        finally:
            self.seconds, self.nodes = SECONDS, None

    def _build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        found: list[Puzzle] = []
        seen: set[tuple[int, int]] = set()
        tries = 0
        while len(found) < count and tries < 400 * count:
            tries += 1
            state = game.start(game.options({"variant": CLASSIC}), 0, 2)
            moves: list[str] = []
            for _ply in range(rng.randint(*PLIES)):
                legal = game.legal_moves(state)
                move = rng.choice(list(legal))
                moves.append(game.format_move(state, move))
                state = game.play(state, move)
                if game.is_over(state):
                    break
            if game.is_over(state):
                continue
            position = position_of(state)
            if (position.current, position.mask) in seen or position.can_win_now():
                continue
            seen.add((position.current, position.mask))
            # an empty table for each candidate: its count of positions, which grades it, is then
            # the same whatever was solved before (the same seed makes the same set)
            Solver.clear_table()
            self.solver.reset()
            try:
                score, best = self.best(position)
                if score <= 0 or len(best) != 1:
                    continue
                n = discs_to_win(score, position.played)
                if not SHORTEST <= n <= LONGEST:
                    continue
                nodes = self.solver.nodes
                others = sum(
                    self.score_of(position, c) > 0
                    for c in range(WIDTH)
                    if c != best[0] and position.can_play(c)
                )
                line = self.line(position, best[0])
            except SolverTimeout:
                continue
            rating = grade(n, others, nodes)
            ident = f"c4-{len(found) + 1:04d}"
            texts = tuple(str(c + 1) for c in line)
            found.append(
                Puzzle(
                    game=game.info.key,
                    ident=ident,
                    options={"variant": CLASSIC},
                    seed=0,
                    moves=tuple(moves),
                    goal="win",
                    n=n,
                    solution=texts,
                    rating=rating,
                    stats={"nodes": nodes, "other_wins": others},
                )
            )
            say(f"{ident}: win in {n}, rating {rating}")
        return found

    # ----- checking and playing ----------------------------------------------------------------
    def verify(self, game: Game[Any, Any], puzzle: Puzzle) -> str | None:
        state = puzzle.position(game)
        position = position_of(state)
        score, best = self.best(position)
        if score <= 0:
            return "the side to move does not win"
        n = discs_to_win(score, position.played)
        if n != puzzle.n:
            return f"the fastest win takes {n} discs, not {puzzle.n}"
        if [str(c + 1) for c in best] != [puzzle.solution[0]]:
            return f"the fastest columns are {[c + 1 for c in best]}, not only {puzzle.solution[0]}"
        if len(puzzle.solution) != 2 * n - 1:
            return f"the solution has {len(puzzle.solution)} discs, not {2 * n - 1}"
        for index, text in enumerate(puzzle.solution):
            column = int(text) - 1
            if not position.can_play(column):
                return f"disc {index + 1} of the solution cannot be played"
            _score, columns = self.best(position)
            if column not in columns:
                return f"disc {index + 1} of the solution is not a best one"
            if index == len(puzzle.solution) - 1:
                if not position.wins_with(column):
                    return "the solution's last disc does not win"
            elif position.wins_with(column):
                return "the solution wins before its end"
            position = position.play(column)
        return None

    def judge(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, move: Any) -> bool:
        position = position_of(state)
        if position.wins_with(move):
            return True
        score, best = self.best(position)
        return move in best and score > 0

    def reply(self, game: Game[Any, Any], puzzle: Puzzle, state: Any) -> Any:
        return self.best(position_of(state))[1][0]

    def hint(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, step: int) -> str:
        position = position_of(state)
        column = self.best(position)[1][0]
        # three neighbouring columns, the answer not always in the middle
        shift = sum(map(ord, puzzle.ident)) % 3
        first = max(0, min(WIDTH - 3, column - shift))
        return _("The disc to play goes in column {a}, {b} or {c}.").format(
            a=first + 1, b=first + 2, c=first + 3
        )


def grade(n: int, other_wins: int, nodes: int) -> int:
    """A puzzle's rating from the solver's statistics: 800 for a win in 3 found at once, more for
    each disc to the win, for each other column that also wins (slower: a tempting detour), and
    for a search that needed many positions."""
    searched = math.log10(max(nodes, 10))
    return int(max(600, min(2600, 800 + 120 * (n - SHORTEST) + 80 * min(other_wins, 4) + 40 * searched)))
