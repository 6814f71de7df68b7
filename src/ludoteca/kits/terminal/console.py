"""Where terminal front ends read and write, one line at a time."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TextIO


class EndOfInput(Exception):
    """The input ended (Ctrl-D, the end of a piped script)."""


@dataclass
class Console:
    """Where the loop reads and writes; replaced by string streams in tests."""

    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    stdout: TextIO = field(default_factory=lambda: sys.stdout)

    @property
    def interactive(self) -> bool:
        return bool(getattr(self.stdin, "isatty", lambda: False)())

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EndOfInput
        if not self.interactive:
            self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo for transcripts
        return line.strip()
