"""Where terminal front ends read and write, one line at a time (or one key, where a brief asks
for one: the space bar hands the keyboard over).

Whatever arrives on the input, the program gets back one clean line or a sentence: a line that
is too long is skipped whole (not echoed), bytes that are not text make the line refused, and
control characters never reach the rest of the program.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from ludoteca.core.text import clean_line, has_undecodable
from ludoteca.i18n import _

#: longer than any move, name or answer a person types (a Qwirkle play of six tiles is ~30)
MAX_LINE = 1024
#: how much of an over-long line is read at a time while it is skipped
_DRAIN_CHUNK = 64 * 1024


class EndOfInput(Exception):
    """The input ended (Ctrl-D, the end of a piped script)."""


def tolerant_stdin() -> TextIO:
    """The process's standard input, decoding bad bytes as surrogate escapes instead of raising
    UnicodeDecodeError (even under PYTHONIOENCODING=…:strict), so `Console` can refuse the line."""
    stream = sys.stdin
    if isinstance(stream, io.TextIOWrapper):
        # closed or detached: reading it will say so
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(errors="surrogateescape")
    return stream


#: the answers that mean yes to a yes-or-no question, in English and in French
YES = frozenset({"y", "yes", "o", "oui"})


@dataclass
class Console:
    """Where the loop reads and writes; replaced by string streams in tests."""

    stdin: TextIO = field(default_factory=tolerant_stdin)
    stdout: TextIO = field(default_factory=lambda: sys.stdout)

    @property
    def interactive(self) -> bool:
        return bool(getattr(self.stdin, "isatty", lambda: False)())

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line typed after `prompt`, cleaned (see `core.text.clean_line`). A line that is too
        long or not text is refused with a sentence and the prompt comes again."""
        while True:
            self.stdout.write(prompt)
            self.stdout.flush()
            line, refusal = self._read_line()
            if refusal is None:
                if not self.interactive:
                    self.stdout.write(line + "\n")  # echo for transcripts
                return line
            if not self.interactive:
                self.stdout.write("\n")
            self.say(refusal)

    def wait_for_key(self, prompt: str) -> None:
        """Wait for Space or Enter on a terminal (one key, nothing to type); elsewhere for a line,
        so scripts and pipes answer with an empty line as before."""
        if not self.interactive or not _has_raw_keys():
            self.ask(prompt)
            return
        self.stdout.write(prompt)
        self.stdout.flush()
        fd = self.stdin.fileno()
        with raw_keys(fd):
            while True:
                key = os.read(fd, 1)
                if key in (b"", b"\x04"):  # end of input, or Ctrl-D
                    raise EndOfInput
                if key in (b" ", b"\n", b"\r"):
                    break
        self.stdout.write("\n")
        self.stdout.flush()

    def confirm(self, question: str, default: bool = False) -> bool:
        """A yes-or-no question; an empty answer (or the end of input) is `default`. Yes is "y" or
        "yes", and the French "o" or "oui" whatever the language, for a player who types them."""
        answer = self.ask(question).strip().lower()
        return default if answer == "" else answer in YES

    def _read_line(self) -> tuple[str, str | None]:
        """(the cleaned line, None), or ("", the sentence that refuses it)."""
        try:
            raw = self.stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError:  # a stream we could not make tolerant: its bad bytes are gone
            return "", _("That line held bytes that are not text (UTF-8); it was ignored.")
        if not raw:
            raise EndOfInput
        if len(raw) > MAX_LINE and not raw.endswith("\n"):
            self._skip_rest()
            return "", _("That line is too long (over {n} characters); it was ignored.").format(n=MAX_LINE)
        if has_undecodable(raw):
            return "", _("That line held bytes that are not text (UTF-8); it was ignored.")
        return clean_line(raw), None

    def _skip_rest(self) -> None:
        """Read and drop the rest of the current line, in bounded pieces."""
        while True:
            try:
                chunk = self.stdin.readline(_DRAIN_CHUNK)
            except UnicodeDecodeError:
                return
            if not chunk or chunk.endswith("\n"):
                return


def _has_raw_keys() -> bool:
    try:
        import termios  # noqa: F401  (POSIX only)
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def raw_keys(fd: int) -> Iterator[None]:
    """Keys arrive one at a time, unechoed, while the block runs (Ctrl-C still interrupts); the
    terminal is put back as it was however the block ends."""
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # not TCSAFLUSH: a key pressed early still counts
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
