"""Who sits in each seat: a person at this screen, a computer at a level, or someone remote."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import OptionError
from ludoteca.core.text import clean_line, read_int
from ludoteca.i18n import _

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

    def text(self) -> str:
        """`human`, `computer:3`, `Ann=human` — the CLI/record form; `parse` reads it back."""
        body = f"computer:{self.level}" if self.kind == "computer" else self.kind
        return f"{self.name}={body}" if self.name else body

    @staticmethod
    def parse(text: str) -> SeatSpec:
        text = text.strip()
        name: str | None = None
        if "=" in text:
            name, text = (part.strip() for part in text.split("=", 1))
            if not name:
                name = None
        kind, _colon, level_text = text.partition(":")
        kind = kind.strip().lower()
        if kind in ("ai", "cpu"):
            kind = "computer"
        if kind not in KINDS:
            raise OptionError(
                f"{text!r} is not a seat; use human, computer:LEVEL (1-{MAX_LEVEL}) or remote, "
                "optionally with a name: Ann=human"
            )
        level: int | None = None
        if kind == "computer":
            level = read_int(level_text.strip() or "3", _("the computer's level"), low=1, high=MAX_LEVEL)
        elif level_text:
            raise OptionError(f"only a computer seat takes a level: {text!r}")
        return SeatSpec(kind, level, name)


def parse_seats(text: str) -> tuple[SeatSpec, ...]:
    """`human,computer:3` → two seats."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise OptionError("no players given; e.g. --players human,computer:3")
    return tuple(SeatSpec.parse(p) for p in parts)
