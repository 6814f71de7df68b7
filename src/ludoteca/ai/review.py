"""Game review: each move of a two-player game weighed by the game's own engine.

A game offers review by declaring an analyser (`GameDeclaration.review`, "module:function" with
`function(game, start_state) -> Analyser | None`; None when the variant is not offered). The
analyser reads one decision at a time (`Analyser.read`): the best value the side to move could
reach, the value of the move it played, a best move and the line that follows. Everything else —
the loss, the marks, the summary per player, the evaluation along the game — is worked out here,
once, for every game.

One scale for every game: a `Value` is a chance of winning for the seat to move, 0 to 1, a draw
counting half. A solver's proven result is a `Value` too, with `exact` set: 1 for a win, ½ for a
draw, 0 for a loss, and its `score` (the game's own exact figure: Connect Four's solver score,
Othello's final disc difference) orders proven values of the same result.

Marks, by the loss = chance(best) − chance(played), from one table (`MARKS`, lichess's steps on
the win chance):

=============  ======================================================
best           the move reaches the best value (a proven value: the best score)
good           loss below 0.10 (a slower win, a smaller margin)
inaccuracy     loss from 0.10
mistake        loss from 0.20
blunder        loss from 0.30 (with exact values: a win thrown to a draw or a loss,
               a draw thrown to a loss)
=============  ======================================================

Accuracy of a player: the mean over their judged, unforced moves of 100 × (1 − loss / 0.5),
floored at 0 — a move that gives away half a game or more (a won game drawn) scores nothing.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from threading import Event
from typing import Any, Protocol

from ludoteca.core.game import Game, Seat

#: a loss this big or more scores 0 % accuracy
ACCURACY_ZERO_AT = 0.5


class Mark(enum.Enum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: the smallest loss of each mark below "best", largest first (the table the docstring shows)
MARKS_FROM: tuple[tuple[float, Mark], ...] = (
    (0.30, Mark.BLUNDER),
    (0.20, Mark.MISTAKE),
    (0.10, Mark.INACCURACY),
    (0.0, Mark.GOOD),
)


@dataclass(frozen=True, slots=True)
class Value:
    """What a position is worth to one seat: `chance` of winning (a draw counts half); `exact`
    when a solver proved it (then `chance` is 1, ½ or 0), with the game's exact `score` and, when
    known, the `plies` left to the end under best play."""

    chance: float
    exact: bool = False
    score: float | None = None
    plies: int | None = None

    @staticmethod
    def proven(result: int, score: float, plies: int | None = None) -> Value:
        """A solver's value: `result` 1 win, 0 draw, −1 loss for the seat."""
        return Value((result + 1) / 2, True, score, plies)

    @property
    def result(self) -> int | None:
        """1 win, 0 draw, −1 loss when proven; None for an estimate."""
        return None if not self.exact else (1 if self.chance > 0.5 else -1 if self.chance < 0.5 else 0)

    def for_opponent(self) -> Value:
        return Value(1.0 - self.chance, self.exact, None if self.score is None else -self.score, self.plies)

    def order(self) -> tuple[float, float]:
        """Sort key: the chance, then (proven values) the exact score."""
        return (self.chance, self.score if self.exact and self.score is not None else 0.0)


@dataclass(frozen=True)
class Reading:
    """An analyser's answer for one decision, from the mover's point of view. `best` None: the
    engine could not judge the position in its time (the move is then left unmarked)."""

    best: Value | None
    played: Value | None
    #: the moves reaching `best` that the engine knows of (one at least when `best` is set)
    best_moves: tuple[Any, ...] = ()
    #: a line from this position starting with a best move (a few plies)
    line: tuple[Any, ...] = ()


class Analyser(Protocol):
    def read(self, game: Game[Any, Any], state: Any, move: Any, cancel: Event | None) -> Reading:
        """The reading of `state` (a game going on), where `move` was played."""


@dataclass(frozen=True)
class MoveReview:
    #: 1 for the game's first move
    ply: int
    seat: Seat
    move: str
    #: the best the mover could reach, and what the move played reaches (mover's view); None
    #: when not judged
    best: Value | None
    played: Value | None
    loss: float
    #: None: not judged (the engine found no value in time)
    mark: Mark | None
    #: the only legal move: not counted in the accuracy
    forced: bool
    #: a better move and the line after it, in notation, when the played move was not best
    better: str | None = None
    line: tuple[str, ...] = ()

    def first_seat_chance(self) -> float | None:
        """The value after the move, from the first seat's point of view (for the graph)."""
        if self.played is None:
            return None
        return self.played.chance if self.seat == 0 else 1.0 - self.played.chance


@dataclass(frozen=True)
class PlayerSummary:
    seat: Seat
    #: None when no move of the player was judged
    accuracy: float | None
    counts: dict[Mark, int]
    #: the move that gave away the most (None: nothing given away)
    worst: MoveReview | None


@dataclass(frozen=True)
class Review:
    moves: tuple[MoveReview, ...]
    players: tuple[PlayerSummary, ...]


Progress = Callable[[float], None]


def chance_from_lead(lead: float, scale: float) -> float:
    """An engine's estimate as a win chance: the logistic 1 / (1 + e^(−lead/scale)), so a lead of
    `scale` is about 73 % (clamped: a search's "won" of a million units is 1, not an overflow)."""
    x = max(-40.0, min(40.0, lead / scale))
    return 1.0 / (1.0 + math.exp(-x))


def mark_for(loss: float, is_best: bool) -> Mark:
    if is_best:
        return Mark.BEST
    return next(mark for start, mark in MARKS_FROM if loss >= start)


def judge(reading: Reading, move: Any) -> tuple[float, Mark | None]:
    """The loss and the mark of `move` under `reading`."""
    if reading.best is None or reading.played is None:
        return 0.0, None
    loss = max(0.0, reading.best.chance - reading.played.chance)
    is_best = move in reading.best_moves or reading.played.order() >= reading.best.order()
    if not is_best and loss == 0.0 and _made_it_easy(reading.best, reading.played):
        return loss, Mark.INACCURACY
    return loss, mark_for(loss, is_best)


def _made_it_easy(best: Value, played: Value) -> bool:
    """The same proven result, but much quicker to lose or much slower to win: the win chance
    does not move, yet a loss in 2 where 24 could be held gives the game away to any opponent."""
    if not (best.exact and played.exact) or best.plies is None or played.plies is None:
        return False
    if best.result == -1:
        return played.plies * 2 <= best.plies
    if best.result == 1:
        return played.plies >= best.plies * 2
    return False


def line_text(game: Game[Any, Any], state: Any, line: Sequence[Any]) -> tuple[str, ...]:
    """A line of moves in the game's notation (stops at a move the rules refuse: an engine's line
    read from a table may run past what it proved)."""
    words = []
    for move in line:
        try:
            words.append(game.format_move(state, move))
            state = game.play(state, move)
        except Exception:  # a stale table line: show what was sound
            break
        if game.to_move(state) is None:
            break
    return tuple(words)


def review(
    game: Game[Any, Any],
    analyser: Analyser,
    states: Sequence[Any],
    moves: Sequence[Any],
    first: int = 1,
    last: int | None = None,
    progress: Progress | None = None,
    cancel: Event | None = None,
) -> Review:
    """Review plies `first`..`last` (1-based, inclusive) of a game: `states[i]` is the position
    before `moves[i]`. The positions are read from the last back: what the solvers' tables learn
    near the end makes the earlier, harder positions quicker."""
    last = len(moves) if last is None else min(last, len(moves))
    plies = list(range(max(1, first), last + 1))
    found: dict[int, MoveReview] = {}
    for done, ply in enumerate(reversed(plies)):
        if cancel is not None and cancel.is_set():
            break
        state, move = states[ply - 1], moves[ply - 1]
        seat = game.to_move(state)
        assert seat is not None, "a move played after the end"
        reading = analyser.read(game, state, move, cancel)
        loss, mark = judge(reading, move)
        better: str | None = None
        line: tuple[str, ...] = ()
        if mark not in (None, Mark.BEST) and reading.line:
            words = line_text(game, state, reading.line)
            better, line = (words[0], words[1:]) if words else (None, ())
        found[ply] = MoveReview(
            ply,
            seat,
            game.format_move(state, move),
            reading.best,
            reading.played,
            loss,
            mark,
            len(game.legal_moves(state)) == 1,
            better,
            line,
        )
        if progress is not None:
            progress((done + 1) / len(plies))
    reviewed = tuple(found[ply] for ply in plies if ply in found)
    seats = sorted({m.seat for m in reviewed} | {0, 1})
    return Review(reviewed, tuple(summarise(seat, reviewed) for seat in seats))


def summarise(seat: Seat, reviewed: Sequence[MoveReview]) -> PlayerSummary:
    own = [m for m in reviewed if m.seat == seat and m.mark is not None]
    counts = {mark: sum(1 for m in own if m.mark is mark) for mark in Mark}
    counted = [m for m in own if not m.forced]
    accuracy = (
        sum(100.0 * max(0.0, 1.0 - m.loss / ACCURACY_ZERO_AT) for m in counted) / len(counted)
        if counted
        else None
    )
    worst = max(own, key=lambda m: m.loss, default=None)
    return PlayerSummary(seat, accuracy, counts, worst if worst is not None and worst.loss > 0 else None)


# -- keeping a review: the store caches them (a review of a long game takes a while) ---------------


def _value_json(value: Value | None) -> list[Any] | None:
    return None if value is None else [value.chance, value.exact, value.score, value.plies]


def _value_of(data: Any) -> Value | None:
    if data is None:
        return None
    chance, exact, score, plies = data
    return Value(
        float(chance),
        bool(exact),
        None if score is None else float(score),
        None if plies is None else int(plies),
    )


def review_to_json(found: Review) -> dict[str, Any]:
    """A review as plain JSON values (`review_from_json` reads it back)."""
    return {
        "moves": [
            {
                "ply": m.ply,
                "seat": m.seat,
                "move": m.move,
                "best": _value_json(m.best),
                "played": _value_json(m.played),
                "loss": m.loss,
                "mark": None if m.mark is None else m.mark.value,
                "forced": m.forced,
                "better": m.better,
                "line": list(m.line),
            }
            for m in found.moves
        ]
    }


def review_from_json(data: Any) -> Review:
    """A review kept by `review_to_json`; ValueError when it is not one (the caller reviews again)."""
    try:
        moves = tuple(
            MoveReview(
                int(m["ply"]),
                int(m["seat"]),
                str(m["move"]),
                _value_of(m["best"]),
                _value_of(m["played"]),
                float(m["loss"]),
                None if m["mark"] is None else Mark(m["mark"]),
                bool(m["forced"]),
                None if m["better"] is None else str(m["better"]),
                tuple(str(word) for word in m["line"]),
            )
            for m in data["moves"]
        )
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"not a kept review: {err}") from None
    seats = sorted({m.seat for m in moves} | {0, 1})
    return Review(moves, tuple(summarise(seat, moves) for seat in seats))
