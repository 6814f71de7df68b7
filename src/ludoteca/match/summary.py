"""What a finished match amounts to, as plain data: who played, which kind of game, who won.

Shared by every place that records a result (the front ends through `shells.session`, the network
server for its tables), so the results history reads the same whoever wrote it.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from ludoteca.core.options import option_label
from ludoteca.match.in_play import GameInPlay


def variant_summary(match: GameInPlay, for_people: bool = False) -> str:
    """The options that define a game's kind, e.g. "cascade, drops=42" (for the score history).
    `for_people`: a switched-on yes/no option reads as its name ("Three rounds"), as the board
    screen shows it, instead of "three_rounds=True"."""
    parts: list[str] = []
    for spec in match.game.info.options:
        value = match.options.get(spec.name, spec.default)
        if for_people and isinstance(spec.default, bool):
            if value:
                parts.append(option_label(spec))
        elif spec.name == "variant":
            parts.insert(0, str(value))
        elif value != spec.default or spec.name in ("size", "mode", "setup"):
            parts.append(f"{spec.name}={value}")
    return ", ".join(parts)


def player_names(match: GameInPlay) -> tuple[str, ...]:
    """Who played, for people: the players' names, else their seats' names in the current language."""
    return tuple(
        spec.name or match.game.seat_name(match.state, seat) for seat, spec in enumerate(match.seats)
    )


def stored_names(match: GameInPlay) -> tuple[str, ...]:
    """Who played, as the results history keeps it: an unnamed seat under its English name, so the
    history reads in whichever language it is later shown in (`GameInfo.stored_player`)."""
    return tuple(spec.name or match.game.info.seat_key(seat) for seat, spec in enumerate(match.seats))


def result_fields(match: GameInPlay) -> dict[str, Any]:
    """The fields of a results-history row for a finished match (`store.ResultRow(**fields)`)."""
    outcome = match.outcome
    assert outcome is not None
    names = stored_names(match)
    return {
        "date": _dt.datetime.now().isoformat(timespec="seconds"),
        "game": match.game.info.key,
        "variant": variant_summary(match),
        "players": names,
        "kinds": tuple(spec.kind_text() for spec in match.seats),
        "scores": outcome.scores,
        "ranks": outcome.ranks,
        "winner": ", ".join(names[s] for s in outcome.winners),
        "reason": str(outcome.reason),
    }
