"""The terminal board of a game: the one it declares, or the generic one."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of
from ludoteca.kits.terminal.board import TerminalBoard


def terminal_board_for(game: Game[Any, Any]) -> TerminalBoard:
    """A fresh board for `game`; GameLoadError (with the real cause) when its declared one fails."""
    declared: type[TerminalBoard] | None = declaration_of(game).part("terminal_board")
    return declared() if declared is not None else TerminalBoard()
