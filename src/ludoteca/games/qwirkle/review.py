"""Qwirkle's review analyser (`ludoteca.ai.review`): each move judged from the mover's own view.

Qwirkle hides the other hands and the bag's order, so a move is judged only by what its player
could know: the analyser takes the seat's view (`game.view(state, seat)`: the board, its own
hand, how many tiles the bag and each hand hold) and never reads the state further. Two games
that differ only in the other hands or the order of the bag get the same review.

A move's value is its expected points: what it scores now, exact (the end bonus included), less
the points the next player may expect from a line of five it leaves open (`strategy.five_threat`:
a line missing one tile still unseen by the mover, with a free end, is a Qwirkle for whoever holds
it; the chance that the next hand holds it comes from the unseen tiles alone). A play that ends
the game leaves nothing to answer. Every legal play of the hand is enumerated and scored by the
rules (`puzzles.plays_of`, the puzzles' enumeration; on the empty board, each opening line); the
best value among them is the best the mover could do. An exchange (and the forced pass) scores
nothing and opens nothing: its value is 0, so it is judged by the points it gives up this turn —
when no tile can be placed, every exchange is best.

From points to the review's scale: the best move is worth an even chance (½), and each point
given away lowers the chance by 1/`POINTS_SCALE` (1/40: 20 points take it to 0), floored at 0. The
marks then read in points: best, good below 4 points, an inaccuracy from 4, a mistake from 8, a
blunder from 12 (a Qwirkle missed). The chance is a measure of the points given away, not a chance
of winning the game: the graph shows, move by move, what each player left on the table.
"""

from __future__ import annotations

from threading import Event
from typing import Any, Final, cast

from ludoteca.ai.review import Reading, Value
from ludoteca.core.game import Game
from ludoteca.games.qwirkle import strategy
from ludoteca.games.qwirkle.game import QwirkleGame
from ludoteca.games.qwirkle.puzzles import plays_of
from ludoteca.games.qwirkle.state import Move, Place, QwirkleState

#: each point given away lowers the chance by 1/POINTS_SCALE (4 points: 0.10, an inaccuracy)
POINTS_SCALE: Final = 40.0


def analyser(game: Game[Any, Any], start: Any) -> QwirkleAnalyser:
    return QwirkleAnalyser()


def value_of(points: float, best: float) -> Value:
    """A move worth `points` where the best was worth `best` (the scale of the docstring); its
    `score` is the points, for display."""
    chance = max(0.0, 0.5 - max(0.0, best - points) / POINTS_SCALE)
    return Value(chance, score=round(points, 1))


class QwirkleAnalyser:
    #: reads only the mover's view: a review may be offered although the game hides information
    from_mover_view: Final = True
    #: its values' `score` is points (the terminal shows "12 points" rather than a chance)
    in_points: Final = True

    def read(self, game: Game[Any, Any], state: Any, move: Any, cancel: Event | None) -> Reading:
        rules = cast(QwirkleGame, game)
        assert isinstance(state, QwirkleState)
        view = rules.view(state, state.turn)  # from here on, only what the mover could see
        worth = self.worths(rules, view)
        played = self.worth(rules, view, move)
        best = max([played, *worth.values()])
        best_moves = tuple(m for m, w in worth.items() if w == best) or (move,)
        if played == best and move not in best_moves:
            best_moves = (move, *best_moves)
        return Reading(value_of(best, best), value_of(played, best), best_moves, best_moves[:1])

    def worths(self, rules: QwirkleGame, view: QwirkleState) -> dict[Move, float]:
        """Every play of the hand with its expected points (exchanges and passes: 0, when
        legal)."""
        hand = view.hands[view.turn]
        scored: dict[Move, int]
        if view.board_empty:
            scored = {c.move: c.score for c in strategy.placements(view, hand)}
        else:
            scored = {move: points for move, points in plays_of(rules, view).items()}
        found: dict[Move, float] = {move: points - self.threat(view, move) for move, points in scored.items()}
        if not found:
            fallback = strategy.exchanges(view, hand)
            found = {c.move: 0.0 for c in fallback}
        return found

    def worth(self, rules: QwirkleGame, view: QwirkleState, move: Move) -> float:
        if not isinstance(move, Place):
            return 0.0
        return rules.score_play(view, move).score - self.threat(view, move)

    @staticmethod
    def threat(view: QwirkleState, move: Move) -> float:
        """The points the next player may expect from the lines of five `move` leaves open."""
        if not isinstance(move, Place) or view.board_empty:
            return 0.0
        hand = view.hands[view.turn]
        if len(move.tiles) == len(hand) and not view.bag:
            return 0.0  # the game ends: nobody answers
        unseen = strategy.unseen_counts(view, hand)
        following = view.hands[(view.turn + 1) % view.seats]
        return strategy.five_threat(view, move, unseen, sum(unseen), len(following))
