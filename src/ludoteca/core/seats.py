"""Who sits in each seat: a person at this screen, a computer at a level, or someone remote."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludoteca.core.errors import OptionError
from ludoteca.core.text import clean_line, read_int
from ludoteca.i18n import _, ngettext

KINDS = ("human", "computer", "remote")
MAX_LEVEL = 5
#: a player's name fits a status bar and a line of the score table
MAX_NAME_LENGTH = 40


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str = "human"
    level: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        # Names come from prompts, records, the command line and the window: cleaning them here
        # keeps escape sequences and direction overrides out of every screen and save at once.
        if self.name is None:
            return
        name = clean_line(self.name)
        if len(name) > MAX_NAME_LENGTH:
            raise OptionError(
                _("a player's name may be {n} characters long at most; '{name}…' is longer").format(
                    n=MAX_NAME_LENGTH, name=name[:MAX_NAME_LENGTH]
                )
            )
        object.__setattr__(self, "name", name or None)

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def kind_text(self) -> str:
        """`human`, `computer:3`, `remote`: the seat without its name."""
        return f"computer:{self.level}" if self.kind == "computer" else self.kind

    def text(self) -> str:
        """`human`, `computer:3`, `Ann=human` — the CLI/record form; `parse` reads it back. A comma,
        an equals sign or a backslash in the name is written after a backslash (`Ann\\, Bob=human`),
        so any name survives the round trip."""
        if not self.name:
            return self.kind_text()
        return f"{escape_name(self.name)}={self.kind_text()}"

    @staticmethod
    def parse(text: str) -> SeatSpec:
        name: str | None = None
        named = _split_unescaped(text, "=", limit=1)
        if len(named) == 2:
            name = unescape_name(named[0]).strip() or None
            text = named[1]
        text = text.strip()
        kind, _colon, level_text = text.partition(":")
        kind = kind.strip().lower()
        if kind in ("ai", "cpu"):
            kind = "computer"
        if kind not in KINDS:
            raise OptionError(
                _(
                    "{text!r} is not a seat; use human, computer:LEVEL (1-{max}) or remote, "
                    "optionally with a name: Ann=human"
                ).format(text=text, max=MAX_LEVEL)
            )
        level: int | None = None
        if kind == "computer":
            level = read_int(level_text.strip() or "3", _("the computer's level"), low=1, high=MAX_LEVEL)
        elif level_text:
            raise OptionError(_("only a computer seat takes a level: {text!r}").format(text=text))
        return SeatSpec(kind, level, name)


#: the characters a name must escape in the seats text: the separators, and the escape itself
_NAME_SPECIALS = ",=\\"


def escape_name(name: str) -> str:
    return "".join("\\" + char if char in _NAME_SPECIALS else char for char in name)


def unescape_name(text: str) -> str:
    # a backslash before anything else stays, so names written before escaping existed read the same
    return re.sub(r"\\([,=\\])", r"\1", text)


def _split_unescaped(text: str, separator: str, limit: int = -1) -> list[str]:
    """`text` cut at each `separator` that no backslash escapes (at most `limit` cuts)."""
    parts: list[str] = []
    start = index = 0
    while index < len(text) and limit != len(parts):
        if text[index] == "\\" and index + 1 < len(text) and text[index + 1] in _NAME_SPECIALS:
            index += 2
            continue
        if text[index] == separator:
            parts.append(text[start:index])
            start = index + 1
        index += 1
    parts.append(text[start:])
    return parts


def parse_seats(text: str) -> tuple[SeatSpec, ...]:
    """`human,computer:3` → two seats."""
    parts = [p for p in _split_unescaped(text, ",") if p.strip()]
    if not parts:
        raise OptionError(_("no players given; e.g. --players human,computer:3"))
    return tuple(SeatSpec.parse(p) for p in parts)


def wrong_seat_count(title: str, low: int, high: int, count: int) -> str:
    """The sentence refusing `count` players for a game played by `low` to `high` of them; a game
    for an exact number says that number ("for 2 players"), never a range from a number to itself."""
    if low == high:
        return ngettext(
            "{title} is for {low} player, not {count}", "{title} is for {low} players, not {count}", low
        ).format(title=title, low=low, count=count)
    return _("{title} is for {low}–{high} players, not {count}").format(
        title=title, low=low, high=high, count=count
    )
