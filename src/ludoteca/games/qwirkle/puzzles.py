"""Qwirkle puzzles: "the best scoring play from this hand", exact by enumeration
(`ludoteca.ai.puzzles`).

A puzzle is a moment of a seeded game (its options and seed replay it: the bag is shuffled from the
seed, so the tiles drawn are the same again), reached by players who place the best-scoring tiles
or, now and then, any tiles at all. Every legal placement of the hand of the seat to move is
enumerated (the rules' move generator) and each is scored again by the rules (`score_play`, the end
bonus included), from the seat's own view only: the board, its hand and how many tiles the bag
holds, never the other hands or the bag's order. A position is a puzzle when one play scores more
than every other; the puzzle's N is that score. A play is its tiles and their squares, in the
game's notation (`ebC1 ecC2`: row, column, shape, colour per tile; the tiles in any order), typed
in the terminal or put down on the board in the window and played with Play. Only the best play is
right (an exchange never is).

Grading: more plays to choose from is harder, and so is a best play with many tiles, one that beats
the second best by a point or two, or a position where a play with more tiles scores less (the
greedy eye goes to the long line); the numbers are in each puzzle's `stats`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, cast

from ludoteca.ai.base import Budget
from ludoteca.ai.puzzles import Puzzle
from ludoteca.core.game import Game
from ludoteca.games.qwirkle import movegen
from ludoteca.games.qwirkle.game import QwirkleGame
from ludoteca.games.qwirkle.players import Greedy, RandomPlacer
from ludoteca.games.qwirkle.state import Place, QwirkleState
from ludoteca.i18n import _, ngettext

#: the moves of self-play before a position is looked at, and after
FIRST_PLY, LAST_PLY = 2, 40
#: the chance that a self-play move is any placement rather than the best-scoring one
RANDOM_PLAY = 0.3
#: the fewest plays a puzzle's hand must have
FEWEST_PLAYS = 6
#: the game a puzzle comes from (two players, the first one opens)
OPTIONS: dict[str, Any] = {}


def maker() -> QwirklePuzzles:
    return QwirklePuzzles()


def plays_of(game: Game[Any, Any], state: QwirkleState) -> dict[Place, int]:
    """Every legal placement of the hand of the seat to move, with its exact score, from that
    seat's own view (the other hands and the bag hidden)."""
    rules = cast(QwirkleGame, game)
    view = rules.view(state, state.turn)
    hand = view.hands[view.turn]
    found: dict[Place, int] = {}
    for move, _estimate in movegen.scored_placements(view, hand):
        if move not in found:
            found[move] = rules.score_play(view, move).score
    return found


def ranked(plays: dict[Place, int]) -> list[tuple[Place, int]]:
    return sorted(plays.items(), key=lambda item: (-item[1], item[0].tiles))


class QwirklePuzzles:
    #: the board's buttons a puzzle never needs: an exchange scores nothing (`ai.puzzles.PuzzleMaker`)
    left_out_actions = frozenset({"swap"})

    # ----- the task --------------------------------------------------------------------------------
    def task(self, game: Game[Any, Any], puzzle: Puzzle) -> str:
        state = puzzle.position(game)
        side = game.seat_name(state, state.turn)
        return _("{side} to play: find the play that scores the most with this hand.").format(side=side)

    # ----- making puzzles ------------------------------------------------------------------------------
    def build(
        self, game: Game[Any, Any], rng: random.Random, count: int, say: Callable[[str], None]
    ) -> list[Puzzle]:
        found: list[Puzzle] = []
        games = 0
        while len(found) < count and games < 20 * max(count, 1):
            games += 1
            seed = rng.getrandbits(31)
            stop = rng.randint(FIRST_PLY, LAST_PLY)
            texts = self._self_play(game, rng, seed, stop)
            if texts is None:
                continue
            puzzle = self._puzzle(game, seed, texts, f"qw-{len(found) + 1:04d}")
            if puzzle is None:
                continue
            found.append(puzzle)
            say(f"{puzzle.ident}: best play {puzzle.n} points, rating {puzzle.rating}")
        return found

    def _self_play(self, game: Game[Any, Any], rng: random.Random, seed: int, plies: int) -> list[str] | None:
        """The moves of a self-play game of `plies` moves from `seed`; None when it ended first."""
        state = game.start(game.options(OPTIONS), seed, 2)
        players = (Greedy(rng.getrandbits(32)), RandomPlacer(rng.getrandbits(32)))
        texts: list[str] = []
        for _ply in range(plies):
            if game.is_over(state):
                return None
            player = players[1 if rng.random() < RANDOM_PLAY else 0]
            move = player.choose(game, state, state.turn, Budget(None))
            texts.append(game.format_move(state, move))
            state = game.play(state, move)
        return None if game.is_over(state) or state.board_empty else texts

    def _puzzle(self, game: Game[Any, Any], seed: int, texts: list[str], ident: str) -> Puzzle | None:
        state = game.start(game.options(OPTIONS), seed, 2)
        for text in texts:
            state = game.play(state, game.read_move(state, text))
        plays = ranked(plays_of(game, state))
        if len(plays) < FEWEST_PLAYS or plays[0][1] == plays[1][1]:
            return None
        best, score = plays[0]
        second = plays[1][1]
        longer = sum(len(p.tiles) > len(best.tiles) for p, _s in plays)
        return Puzzle(
            game=game.info.key,
            ident=ident,
            options=dict(OPTIONS),
            seed=seed,
            moves=tuple(texts),
            goal="best",
            n=score,
            solution=(game.format_move(state, best),),
            rating=grade(len(plays), len(best.tiles), score - second, longer),
            stats={
                "plays": len(plays),
                "tiles": len(best.tiles),
                "second_best": second,
                "longer_plays": longer,
            },
        )

    # ----- checking and playing ----------------------------------------------------------------
    def verify(self, game: Game[Any, Any], puzzle: Puzzle) -> str | None:
        state = puzzle.position(game)
        if game.is_over(state):
            return "the game is over at the puzzle's position"
        plays = plays_of(game, state)
        if not plays:
            return "the hand has no play"
        top = max(plays.values())
        if top != puzzle.n:
            return f"the best play scores {top}, not {puzzle.n}"
        best = sorted(game.format_move(state, p) for p, s in plays.items() if s == top)
        stated = game.format_move(state, game.read_move(state, puzzle.solution[0]))
        if len(puzzle.solution) != 1 or best != [stated]:
            return f"the best plays are {best}, not only {puzzle.solution[0]}"
        return None

    def judge(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, move: Any) -> bool:
        if not isinstance(move, Place):
            return False
        plays = plays_of(game, state)
        return move in plays and plays[move] == max(plays.values())

    def reply(self, game: Game[Any, Any], puzzle: Puzzle, state: Any) -> Any:
        return None  # one play solves a puzzle: nothing is answered

    def hint(self, game: Game[Any, Any], puzzle: Puzzle, state: Any, step: int) -> str:
        tiles = len(game.read_move(puzzle.position(game), puzzle.solution[0]).tiles)
        return ngettext(
            "The best play puts down {n} tile.", "The best play puts down {n} tiles.", tiles
        ).format(n=tiles)


def grade(plays: int, tiles: int, lead: int, longer: int) -> int:
    """A puzzle's rating from the enumeration: 700 for a one-tile play among a few, more for many
    plays to choose from, for each tile of the best play, for a best play that beats the second
    by little, and for plays with more tiles that score less."""
    rating = (
        700
        + 90 * math.log2(max(plays, FEWEST_PLAYS) / FEWEST_PLAYS)
        + 80 * (tiles - 1)
        + 60 * max(0, 4 - lead)
        + 30 * min(longer, 6)
    )
    return int(max(600, min(2600, rating)))
