"""`ludoteca scores fiveormore`: the best Five or More scores for each board size and variant.

Reads the results history of the store. Each result carries the game's options in words
("classic, size=medium, colours=5"); results are grouped by the board they describe, so a medium
board is one table whatever the way its options were spelt.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

from ludoteca.core.declaration import CommandContext
from ludoteca.core.errors import OptionError
from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.config import NAMED_SIZES, Config, config_from
from ludoteca.i18n import _, ngettext

#: a board as the score tables group it: size, colours, balls per spawn, variant
BoardKey = tuple[str, int, int, str]


def board_key(config: Config) -> BoardKey:
    return (config.size, config.colours, config.spawn, config.variant)


def board_label(config: Config) -> str:
    """The board in words: "medium, classic", or the numbers that differ from a named size."""
    parts = [config.size]
    usual = NAMED_SIZES.get(config.size)
    if usual is None:
        parts = [f"{config.cols}×{config.rows}"]
    if usual is None or config.colours != usual.colours:
        parts.append(_("{n} colours").format(n=config.colours))
    if usual is None or config.spawn != usual.spawn:
        parts.append(_("{n} per turn").format(n=config.spawn))
    parts.append(config.variant)
    return ", ".join(parts)


def config_of(options_text: str) -> Config | None:
    """The board a result was played on, from its options in words; None if they make no sense."""
    options: dict[str, Any] = {}
    for part in options_text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        if sep:
            options[name.strip()] = value.strip()
        else:
            options["variant"] = name
    try:
        return config_from(GAME.options(options))
    except OptionError:
        return None


def high_scores(rows: Iterable[Any]) -> dict[BoardKey, tuple[Config, list[Any]]]:
    """Finished games grouped by board, each group's rows best score first (ties: earliest first)."""
    groups: dict[BoardKey, tuple[Config, list[Any]]] = {}
    for row in rows:
        if not row.scores:
            continue
        config = config_of(row.variant)
        if config is None:
            continue
        groups.setdefault(board_key(config), (config, []))[1].append(row)
    for _config, members in groups.values():
        members.sort(key=lambda row: (-row.scores[0], row.date))
    return groups


def best_score(rows: Iterable[Any], config: Config) -> int | None:
    """The best score ever made on `config`'s board, or None if it was never finished."""
    group = high_scores(rows).get(board_key(config))
    return group[1][0].scores[0] if group else None


def best_in_store(store: Any, config: Config) -> int | None:
    """`best_score` over the store's Five or More results (what the terminal board shows)."""
    return best_score(store.results(GAME.info.key), config)


def _order(item: tuple[BoardKey, tuple[Config, list[Any]]]) -> tuple[int, int, str, str]:
    config = item[1][0]
    named = list(NAMED_SIZES)
    rank = named.index(config.size) if config.size in NAMED_SIZES else len(named)
    return (rank, config.cols * config.rows, config.size, board_label(config))


def render(rows: Iterable[Any], top: int = 10, size: str | None = None, variant: str | None = None) -> str:
    groups = high_scores(rows)
    lines: list[str] = []
    for _key, (config, members) in sorted(groups.items(), key=_order):
        if size is not None and config.size != size:
            continue
        if variant is not None and config.variant != variant:
            continue
        if lines:
            lines.append("")
        count = len(members)
        lines.append(
            ngettext("{board} — {n} game", "{board} — {n} games", count).format(
                board=board_label(config), n=count
            )
        )
        for place, row in enumerate(members[:top], start=1):
            who = ", ".join(GAME.info.stored_player(seat, name) for seat, name in enumerate(row.players))
            kind = f" ({row.kinds[0]})" if row.kinds and row.kinds[0] != "human" else ""
            lines.append(f"  {place:>2}. {row.scores[0]:>6}  {row.date[:16].replace('T', ' ')}  {who}{kind}")
    if not lines:
        return _("No finished Five or More games yet.")
    return "\n".join(lines)


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca scores fiveormore",
        description=_("Best Five or More scores for each board size and variant."),
    )
    parser.add_argument("--top", type=int, default=10, help=_("scores shown per board (default 10)"))
    parser.add_argument("--size", help=_("only this size (small, medium, large or COLSxROWS)"))
    parser.add_argument("--variant", choices=("classic", "recolour"), help=_("only this variant"))
    # `ludoteca scores --sorted` passes its flag on; high scores are always sorted.
    parser.add_argument("--sorted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    size = None
    if args.size:
        size = config_from(GAME.options({"size": args.size})).size
    print(
        render(context.store.results(GAME.info.key), max(args.top, 1), size, args.variant), file=context.out
    )
    return 0
