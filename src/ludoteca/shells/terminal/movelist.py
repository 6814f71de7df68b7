"""The terminal's `moves` command: the legal moves as a person can read them.

A first Qwirkle play has thousands of moves and a Robot Turtles move is several words, so one
line of everything helps nobody. Moves are counted, put in the groups the game declares
(`Game.move_group`: a piece's square, the tiles laid, the kind of action), separated by a mark no
notation uses, and wrapped to the terminal. A list too long for a screen is summarised — each group
with its count and the first moves that fit — and `moves GROUP` or `moves all` shows the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.game import Game
from ludoteca.i18n import _, ngettext

#: between two moves: a Qwirkle play or a Turtles program is several words, so a space alone would
#: not show where one move ends
SEPARATOR = " · "
#: every move is shown at once when it takes at most this many lines without groups…
FLAT_LINES = 3
#: …or, grouped, at most this many
GROUPED_LINES = 24
#: a summary lists at most this many groups
SUMMARY_GROUPS = 30
#: a group's heading longer than this goes on a line of its own, its moves below it
HANGING = 16
ALL = "all"
#: what else asks for every move: the French word (both are understood in every language)
ALL_WORDS = (ALL, "tout", "tous")


@dataclass
class Group:
    key: str
    moves: list[str] = field(default_factory=list)


def _as_written(text: str) -> str:
    return text


def groups_of(game: Game[Any, Any], state: Any, shown: Callable[[str], str] = _as_written) -> list[Group]:
    """The legal moves of `state` in their groups, groups and moves in the rules' order, each
    written as `shown` has it for the player (Qwirkle's tiles in their language's letters)."""
    groups: dict[str, Group] = {}
    for move in game.legal_moves(state):
        key = shown(game.move_group(state, move))
        groups.setdefault(key, Group(key)).moves.append(shown(game.format_move(state, move)))
    return list(groups.values())


def wrap(moves: Sequence[str], width: int, first: str = "", indent: int = 2) -> list[str]:
    """`moves` separated and wrapped at `width`, the first line starting with `first`; a move is
    never cut across two lines."""
    lines: list[str] = []
    line = first or " " * indent
    empty = True
    for move in moves:
        piece = move if empty else SEPARATOR + move
        if not empty and len(line) + len(piece) + 2 > width:
            # the mark ends the line, so a move of several words is never read across the break
            lines.append(line + SEPARATOR.rstrip())
            line = " " * indent + move
        else:
            line += piece
        empty = False
    lines.append(line.rstrip())
    return lines


def _counted(n: int) -> str:
    return ngettext("{n} legal move", "{n} legal moves", n).format(n=n)


def _heading(n: int) -> str:
    return ngettext("{n} legal move:", "{n} legal moves:", n).format(n=n)


def _group_lines(groups: Sequence[Group], width: int) -> list[str]:
    """Every move, under a heading per group: `  c1 (6): c1c2 · c1d2 · …`."""
    lines: list[str] = []
    for group in groups:
        head = f"  {group.key} ({len(group.moves)}): "
        if len(head) <= HANGING:
            lines.extend(wrap(group.moves, width, head, indent=len(head)))
        else:  # a long heading would leave little room beside it
            lines.append(head.rstrip())
            lines.extend(wrap(group.moves, width, indent=6))
    return lines


def _summary(groups: Sequence[Group], width: int) -> list[str]:
    """One line per group: its count and as many of its first moves as fit."""
    key_width = min(max(len(g.key) for g in groups), 20)
    count_width = max(len(str(len(g.moves))) for g in groups)
    lines = []
    for group in groups[:SUMMARY_GROUPS]:
        head = f"  {group.key:<{key_width}}  {len(group.moves):>{count_width}}  "
        shown = head
        for index, move in enumerate(group.moves):
            piece = move if index == 0 else SEPARATOR + move
            more = index + 1 < len(group.moves)
            if len(shown) + len(piece) + (len(SEPARATOR) + 1 if more else 0) > width and index > 0:
                shown += SEPARATOR + "…"
                break
            shown += piece
        lines.append(shown)
    if len(groups) > SUMMARY_GROUPS:
        rest = len(groups) - SUMMARY_GROUPS
        lines.append(
            "  "
            + ngettext(
                "… and {n} more group ('moves all' shows every move)",
                "… and {n} more groups ('moves all' shows every move)",
                rest,
            ).format(n=rest)
        )
    return lines


def matching(groups: Sequence[Group], asked: str) -> list[Group]:
    """The groups holding every word of `asked` in their key, whatever the case or order:
    `moves L1` gives each Qwirkle play laying L1, `moves wall` both kinds of Turtles wall."""
    words = asked.casefold().split()
    return [g for g in groups if all(w in g.key.casefold().split() for w in words)]


def move_listing(
    game: Game[Any, Any],
    state: Any,
    asked: str = "",
    width: int = 100,
    shown: Callable[[str], str] = _as_written,
) -> list[str]:
    """What `moves` (with `asked` after it: a group, or `all`) says for `state`, as lines of at
    most `width` characters (but for a single move longer than that); moves, groups and what was
    asked as `shown` writes notation for the player."""
    width = max(width, 40)
    groups = groups_of(game, state, shown)
    total = sum(len(g.moves) for g in groups)
    if total == 0:
        return [_("No legal move.")]
    every = [move for group in groups for move in group.moves]
    # grouping helps when some group holds several moves but not all of them
    useful = 1 < len(groups) < total
    asked = shown(asked.strip())
    if asked.casefold() in ALL_WORDS:
        return [_heading(total), *(_group_lines(groups, width) if useful else wrap(every, width))]
    if asked:
        found = matching(groups, asked)
        if not found and useful:
            keys = wrap([g.key for g in groups], width)
            return [
                _("No legal move is in a group named “{name}”. The groups are:").format(name=asked),
                *keys,
            ]
        if not found:
            return [_("No legal move is “{name}”; type 'moves' to see them.").format(name=asked)]
        count = sum(len(g.moves) for g in found)
        heading = ngettext("{n} legal move in “{name}”:", "{n} legal moves in “{name}”:", count)
        return [heading.format(n=count, name=asked), *_group_lines(found, width)]
    flat = wrap(every, width)
    if len(flat) <= FLAT_LINES:
        return [_heading(total), *flat]
    if useful:
        grouped = _group_lines(groups, width)
        if len(grouped) <= GROUPED_LINES:
            return [_heading(total), *grouped]
        example = groups[0].key
        return [
            ngettext(
                "{moves} in {n} group; here with their counts and first moves:",
                "{moves} in {n} groups; here with their counts and first moves:",
                len(groups),
            ).format(moves=_counted(total), n=len(groups)),
            *_summary(groups, width),
            _(
                "Type 'moves GROUP' to see one group (e.g. 'moves {example}'), or 'moves all' for every move."
            ).format(example=example),
        ]
    left = total - sum(len(line.split(SEPARATOR)) for line in flat[:FLAT_LINES])
    return [
        _heading(total),
        *flat[:FLAT_LINES],
        ngettext(
            "… and {n} more: type 'moves all' to see every move.",
            "… and {n} more: type 'moves all' to see every move.",
            left,
        ).format(n=left),
    ]
