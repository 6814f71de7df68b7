"""`ludoteca review RECORD`: a finished game's review, as text (the machinery is `ai.review`).

An evaluation sparkline from the first player's point of view (one character per move, a mark
under the proven values), each move with its mark and, when it was not best, the better move and
the line after it, then a summary per player.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from ludoteca.ai.review import Analyser, Mark, MoveReview, PlayerSummary, Review, Value
from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration
from ludoteca.i18n import N_, _, ngettext
from ludoteca.match import Match
from ludoteca.shells import review_cache
from ludoteca.store import Store

#: eighths of the first player's chance of winning
BARS = "▁▂▃▄▅▆▇█"
#: in the sparkline, a move the engine could not judge
UNJUDGED = "·"
#: under the sparkline, a value a solver proved
PROVEN = "="

MARK_NAMES: dict[Mark, str] = {
    Mark.BEST: N_("best"),
    Mark.GOOD: N_("good"),
    Mark.INACCURACY: N_("inaccuracy"),
    Mark.MISTAKE: N_("mistake"),
    Mark.BLUNDER: N_("blunder"),
}


def analyser_for(game: Game[Any, Any], start: Any) -> Analyser:
    """The game's analyser for this game's variant; OptionError when review is not offered. A game
    with hidden information or chance is reviewed only by an analyser that declares it judges each
    move from the mover's own view (`from_mover_view`)."""
    factory = declaration(game.info.key).part("review")
    found = factory(game, start) if factory is not None else None
    if (game.info.hidden_information or game.info.chance) and not getattr(found, "from_mover_view", False):
        raise OptionError(
            _("Review is not offered for {game} yet: it has hidden information or chance.").format(
                game=_(game.info.title)
            )
        )
    if factory is None:
        raise OptionError(_("Review is not offered for {game} yet.").format(game=_(game.info.title)))
    if found is None:
        raise OptionError(
            _("Review is not offered for this variant of {game} yet.").format(game=_(game.info.title))
        )
    return found  # type: ignore[no-any-return]


def in_points(analyser: Analyser) -> bool:
    """Whether the analyser's values are points (their `score`) rather than a chance of winning."""
    return bool(getattr(analyser, "in_points", False))


def sparkline(moves: Sequence[MoveReview], points: bool = False) -> tuple[str, str]:
    """The bars, and the line under them marking the proven values. With `points` (an analyser
    judging points given away), each bar is the mover's own: full for the best play, lower by
    the points given away."""
    bars, proven = [], []
    for move in moves:
        if points:
            chance = None if move.played is None else min(1.0, 2 * move.played.chance)
        else:
            chance = move.first_seat_chance()
        bars.append(UNJUDGED if chance is None else BARS[min(len(BARS) - 1, int(chance * len(BARS)))])
        proven.append(PROVEN if move.played is not None and move.played.exact else " ")
    return "".join(bars), "".join(proven).rstrip()


def value_text(value: Value | None, points: bool = False) -> str:
    """A value for the side it belongs to: "win in 5 plies", "draw", "loss (−6)", "62 %"; with
    `points`, an estimate is its score in points ("12 points")."""
    if value is None:
        return "?"
    if points and not value.exact and value.score is not None:
        return ngettext("{n:g} point", "{n:g} points", round(abs(value.score))).format(n=value.score)
    if not value.exact:
        return _("{p:.0f} %").format(p=100 * value.chance)
    result = value.result
    if value.plies is not None and result != 0:
        if result == 1:
            return ngettext("win in {n} ply", "win in {n} plies", value.plies).format(n=value.plies)
        return ngettext("loss in {n} ply", "loss in {n} plies", value.plies).format(n=value.plies)
    word = _("win") if result == 1 else _("loss") if result == -1 else _("draw")
    if value.score:
        return f"{word} ({value.score:+g})"
    return word


def move_line(game: Game[Any, Any], start: Any, move: MoveReview, points: bool = False) -> str:
    mark = _(MARK_NAMES[move.mark]) if move.mark is not None else _("not judged")
    seat = game.player_name(start, move.seat)
    text = f"{move.ply:>4}. {seat:<8} {move.move:<6} {mark:<12} {value_text(move.played, points)}"
    if move.better is not None:
        best = value_text(move.best, points)
        text += "  " + _("better: {move} ({value})").format(move=move.better, value=best)
        if move.line:
            text += ", " + _("then {line}").format(line=" ".join(move.line))
    return text


def summary_line(game: Game[Any, Any], start: Any, summary: PlayerSummary) -> str:
    seat = game.player_name(start, summary.seat)
    accuracy = "—" if summary.accuracy is None else f"{summary.accuracy:.0f} %"
    counts = ", ".join(f"{summary.counts[mark]} {_(MARK_NAMES[mark])}" for mark in Mark)
    text = _("{seat}: accuracy {accuracy}; {counts}").format(seat=seat, accuracy=accuracy, counts=counts)
    worst = summary.worst
    if worst is not None:
        text += "; " + _("worst moment: move {n} ({move}, {mark})").format(
            n=worst.ply, move=worst.move, mark=_(MARK_NAMES[worst.mark]) if worst.mark else "?"
        )
    return text


def show(game: Game[Any, Any], start: Any, result: Review, out: TextIO, points: bool = False) -> None:
    bars, proven = sparkline(result.moves, points)
    if points:
        print(
            _("Each move against the best play (a full bar: the best; lower: points given away):"), file=out
        )
    else:
        print(
            _("Evaluation for {seat} ({proven} under a proven value):").format(
                seat=game.player_name(start, 0), proven=PROVEN
            ),
            file=out,
        )
    print("  " + bars, file=out)
    if proven:
        print("  " + proven, file=out)
    print(file=out)
    for move in result.moves:
        print(move_line(game, start, move, points), file=out)
    print(file=out)
    for summary in result.players:
        print(summary_line(game, start, summary), file=out)


def run(match: Match, first: int, last: int | None, out: TextIO, store: Store | None = None) -> int:
    """Review `match`'s moves `first` to `last` and print it; a review kept in `store` is shown
    at once, and a new one kept there."""
    game = match.game
    analyser = analyser_for(game, match.states[0])
    shown: list[float] = []  # the progress printed (nothing for a kept review)

    def progress(fraction: float) -> None:
        if sys.stderr.isatty():
            shown.append(fraction)
            print("\r" + _("Reviewing… {p:.0f} %").format(p=100 * fraction), end="", file=sys.stderr)

    result = review_cache.review_match(store, match, analyser, first, last, progress)
    if shown:
        print(file=sys.stderr)
    if not result.moves:
        print(_("No move to review."), file=out)
        return 0
    show(game, match.states[0], result, out, in_points(analyser))
    return 0
