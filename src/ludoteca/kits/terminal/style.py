"""ANSI colour for terminal boards, switched off when output is not a terminal (or NO_COLOR is set)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

_CODES = {
    "black": 30,
    "red": 31,
    "green": 32,
    "yellow": 33,
    "blue": 34,
    "magenta": 35,
    "cyan": 36,
    "white": 37,
    "grey": 90,
    "bright_red": 91,
    "bright_green": 92,
    "bright_yellow": 93,
    "bright_blue": 94,
    "bright_magenta": 95,
    "bright_cyan": 96,
    "bright_white": 97,
}


#: colours beyond the sixteen: their code among 256 colours, and on a 16-colour terminal the colour
#: standing in for them, underlined so that it differs from that colour itself (Qwirkle's orange
#: and yellow tiles were two yellows)
_EXTENDED = {"orange": (208, "yellow")}


@dataclass(frozen=True)
class Style:
    """How to paint text; `Style(colour=False)` gives plain text (files, pipes, tests). `colours`
    is how many the terminal shows: 16, or 256 where it says so."""

    colour: bool = True
    colours: int = 16

    def paint(self, text: str, fg: str | None = None, bg: str | None = None, bold: bool = False) -> str:
        if not self.colour:
            return text
        codes: list[str] = []
        if bold:
            codes.append("1")
        if fg in _EXTENDED:
            code, stand_in = _EXTENDED[fg]
            codes.extend([f"38;5;{code}"] if self.colours >= 256 else [str(_CODES[stand_in]), "4"])
        elif fg:
            codes.append(str(_CODES[fg]))
        if bg:
            codes.append(str(_CODES[bg] + 10))
        if not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"

    def dim(self, text: str) -> str:
        return self.paint(text, "grey")


def detect_style(stream: object = None) -> Style:
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", lambda: False)()
    term = os.environ.get("TERM", "")
    wide = "256color" in term or os.environ.get("COLORTERM", "").lower() in ("truecolor", "24bit")
    return Style(
        colour=bool(isatty) and "NO_COLOR" not in os.environ and term != "dumb", colours=256 if wide else 16
    )
