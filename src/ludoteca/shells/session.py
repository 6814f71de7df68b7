"""What every front end does around a match: saving, resuming and recording results in the store."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.options import Options
from ludoteca.core.record import Record
from ludoteca.core.registry import declaration_of, get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _
from ludoteca.match import Match
from ludoteca.shells.options import option_label
from ludoteca.store import ResultRow, Store


def start_position(game: Game[Any, Any], options: Options, store: Any) -> str | None:
    """The start position a player made themselves (a Khet setup of their own), for games that
    declare `start_position`; None for the game's own start."""
    finder = declaration_of(game).part("start_position")
    return None if finder is None else finder(options, store)


def new_match(
    game: Game[Any, Any],
    options: Options,
    seats: Sequence[SeatSpec],
    seed: int,
    store: Any,
    think: float | None = None,
) -> Match:
    """A new game, starting from the player's own setup when the options name one."""
    return Match(game, options, seats, seed, think=think, position=start_position(game, options, store))


def variant_summary(match: Match, for_people: bool = False) -> str:
    """The options that define a game's kind, e.g. "cascade, drops=42" (for the score history).
    `for_people`: a switched-on yes/no option reads as its name ("Three rounds"), as the board
    screen shows it, instead of "three_rounds=True"."""
    parts = []
    for spec in match.game.info.options:
        value = match.options.get(spec.name, spec.default)
        if for_people and isinstance(spec.default, bool):
            if value:
                parts.append(option_label(spec))
        elif for_people and spec.name == "variant":
            parts.insert(0, spec.value_text(value))
        elif for_people and (value != spec.default or spec.name in ("size", "mode", "setup")):
            parts.append(_("{label}: {value}").format(label=option_label(spec), value=spec.value_text(value)))
        elif spec.name == "variant":
            parts.insert(0, str(value))
        elif value != spec.default or spec.name in ("size", "mode", "setup"):
            parts.append(f"{spec.name}={value}")
    return ", ".join(parts)


def player_names(match: Match) -> tuple[str, ...]:
    return tuple(
        spec.name or match.game.seat_name(match.state, seat) for seat, spec in enumerate(match.seats)
    )


def result_row(match: Match) -> ResultRow:
    outcome = match.outcome
    assert outcome is not None
    names = player_names(match)
    winners = ", ".join(names[s] for s in outcome.winners)
    return ResultRow(
        date=_dt.datetime.now().isoformat(timespec="seconds"),
        game=match.game.info.key,
        variant=variant_summary(match),
        players=names,
        kinds=tuple(spec.text().split("=")[-1] for spec in match.seats),
        scores=outcome.scores,
        ranks=outcome.ranks,
        winner=winners,
        reason=outcome.reason,
    )


def save_match(store: Store, match: Match, name: str | None, save_id: int | None = None) -> int:
    """Save (or overwrite `save_id`); returns the save's id."""
    if not name:
        name = default_save_name(match)
    return store.save_game(name, match.game.info.key, match.to_record().dumps(), save_id=save_id)


def default_save_name(match: Match) -> str:
    stamp = _dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    return _("{title} {stamp}").format(title=_(match.game.info.title), stamp=stamp)


def load_match(store: Store, ref: int | str, think: float | None = None) -> tuple[Match, int]:
    """Resume a saved game: (match, save id). Raises StoreError / RecordError with clear sentences."""
    saved = store.load_save(ref)
    record = Record.loads(saved.record_text)
    game = get_game(record.game)
    return Match.from_record(game, record, saved.record_text, think=think), saved.id


def match_from_text(text: str, think: float | None = None) -> Match:
    record = Record.loads(text)
    return Match.from_record(get_game(record.game), record, text, think=think)


def describe_outcome(match: Match) -> str:
    outcome = match.outcome
    if outcome is None:
        return ""
    if outcome.solitaire:
        score = outcome.scores[0] if outcome.scores else 0
        return _("Game over: {reason}. Final score {score}.").format(reason=outcome.reason, score=score)
    return _("Game over: {reason}.").format(reason=outcome.reason)


__all__ = [
    "describe_outcome",
    "load_match",
    "match_from_text",
    "new_match",
    "player_names",
    "result_row",
    "save_match",
    "start_position",
    "variant_summary",
]
