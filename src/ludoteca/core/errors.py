"""The errors a player or a file can cause. Each carries a sentence meant for a person."""

from __future__ import annotations

from ludoteca.i18n import _


class LudotecaError(Exception):
    """Base of every error Ludoteca reports to a user instead of crashing."""


class IllegalMove(LudotecaError, ValueError):
    """The move is well-formed but not allowed here; `reason` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotationError(LudotecaError, ValueError):
    """The text cannot be read as a move (or position) of this game."""


class OptionError(LudotecaError, ValueError):
    """An unknown game, variant or option value; the message lists the valid ones."""


class RecordError(LudotecaError, ValueError):
    """A saved game or record that cannot be trusted; names the line and the problem."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        self.problem = problem
        self.line = line
        super().__init__(
            _("line {line}: {problem}").format(line=line, problem=problem) if line is not None else problem
        )
