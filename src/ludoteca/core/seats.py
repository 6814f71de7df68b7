"""Who sits in each seat: a person at this screen, a computer at a level, or someone remote."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.errors import OptionError
from ludoteca.i18n import _

KINDS = ("human", "computer", "remote")
MAX_LEVEL = 5


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str = "human"
    level: int | None = None
    name: str | None = None

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
        kind, _sep, level_text = text.partition(":")
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
            level_text = level_text.strip() or "3"
            if not level_text.isdigit() or not 1 <= int(level_text) <= MAX_LEVEL:
                raise OptionError(
                    _("computer level must be 1 to {max}, not {level!r}").format(
                        max=MAX_LEVEL, level=level_text
                    )
                )
            level = int(level_text)
        elif level_text:
            raise OptionError(_("only a computer seat takes a level: {text!r}").format(text=text))
        return SeatSpec(kind, level, name)


def parse_seats(text: str) -> tuple[SeatSpec, ...]:
    """`human,computer:3` → two seats."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise OptionError(_("no players given; e.g. --players human,computer:3"))
    return tuple(SeatSpec.parse(p) for p in parts)
