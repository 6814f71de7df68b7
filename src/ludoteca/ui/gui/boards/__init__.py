"""Per-game boards for the window: `ludoteca.ui.gui.boards.<key>` defines `BOARD` (a GameBoard class).

Adding a game to the window is adding its module here; games without one are offered in the
terminal only, and the window says so instead of failing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ludoteca.core.game import Game
from ludoteca.ui.gui.boards.base import GameBoard
from ludoteca.ui.gui.fonts import Fonts
from ludoteca.ui.gui.theme import Theme


def board_class(key: str) -> type[GameBoard] | None:
    try:
        module = import_module(f"ludoteca.ui.gui.boards.{key}")
    except ModuleNotFoundError as err:
        if err.name != f"ludoteca.ui.gui.boards.{key}":
            raise
        return None
    board: type[GameBoard] = module.BOARD
    return board


def has_board(key: str) -> bool:
    return board_class(key) is not None


def board_for(game: Game[Any, Any], theme: Theme, fonts: Fonts) -> GameBoard | None:
    cls = board_class(game.info.key)
    return None if cls is None else cls(game, theme, fonts)
