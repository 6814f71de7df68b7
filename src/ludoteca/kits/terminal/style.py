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


@dataclass(frozen=True)
class Style:
    """How to paint text; `Style(colour=False)` gives plain text (files, pipes, tests)."""

    colour: bool = True

    def paint(self, text: str, fg: str | None = None, bg: str | None = None, bold: bool = False) -> str:
        if not self.colour:
            return text
        codes: list[str] = []
        if bold:
            codes.append("1")
        if fg:
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
    return Style(colour=bool(isatty) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb")
