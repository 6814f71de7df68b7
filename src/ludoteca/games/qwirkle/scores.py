"""`ludoteca scores qwirkle`: the brief's score list — every player's pseudonym and score for every
finished game, in the order the games were played (the list only ever grows), then best first.

    ludoteca scores qwirkle             both views
    ludoteca scores qwirkle --sorted    best scores first only
    ludoteca scores qwirkle --unsorted  the order of play only
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ludoteca.core.declaration import CommandContext
from ludoteca.games.qwirkle import GAME
from ludoteca.i18n import _, ngettext

#: (pseudonym, score, game number) for every player of every finished game, in order of play
Entry = tuple[str, int, int]


def names(row: Any) -> list[str]:
    """The pseudonyms of a game; a seat nobody named reads in the reader's language."""
    return [GAME.info.stored_player(seat, name) for seat, name in enumerate(row.players)]


def entries(rows: Sequence[Any]) -> list[Entry]:
    out: list[Entry] = []
    for number, row in enumerate(rows, start=1):
        if row.scores is None:
            continue
        out.extend((name, score, number) for name, score in zip(names(row), row.scores, strict=True))
    return out


def unsorted_text(rows: Sequence[Any]) -> list[str]:
    """One line per game, `Toto: 43  Titi: 27`, oldest first (as the brief shows it)."""
    lines = []
    for row in rows:
        if row.scores is not None:
            lines.append("  ".join(f"{n}: {s}" for n, s in zip(names(row), row.scores, strict=True)))
    return lines


def sorted_text(rows: Sequence[Any]) -> list[str]:
    """Every score, best first (equal scores keep their order of play)."""
    ranked = sorted(entries(rows), key=lambda e: -e[1])
    width = max((len(name) for name, _s, _n in ranked), default=0)
    return [
        _("{rank:>4}. {name} {score:>4}   (game {game})").format(
            rank=i, name=name.ljust(width), score=score, game=game
        )
        for i, (name, score, game) in enumerate(ranked, start=1)
    ]


def report(rows: Sequence[Any], show_unsorted: bool = True, show_sorted: bool = True) -> str:
    if not rows:
        return _("No Qwirkle game finished yet: the list fills as games end.")
    out: list[str] = []
    if show_unsorted:
        out.append(
            ngettext(
                "Qwirkle scores in the order of play ({n} game):",
                "Qwirkle scores in the order of play ({n} games):",
                len(rows),
            ).format(n=len(rows))
        )
        out.extend("  " + line for line in unsorted_text(rows))
    if show_sorted:
        if out:
            out.append("")
        out.append(_("Best first:"))
        out.extend(sorted_text(rows))
    return "\n".join(out)


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca scores qwirkle",
        description="Every player's pseudonym and score for every finished Qwirkle game.",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--sorted", action="store_true", help=_("only the scores, best first"))
    group.add_argument("--unsorted", action="store_true", help=_("only the list in the order of play"))
    args = parser.parse_args(list(argv))
    rows = context.store.results("qwirkle")
    print(report(rows, show_unsorted=not args.sorted, show_sorted=not args.unsorted), file=context.out)
    return 0
