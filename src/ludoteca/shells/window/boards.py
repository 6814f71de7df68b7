"""The window board of a game: the one it declares, the generic grid board for a game that
describes its board as a grid, or none (the game is then played in the terminal)."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game, implements
from ludoteca.core.registry import declaration_of
from ludoteca.kits.window.board import GameBoard
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid_board import GridBoard
from ludoteca.kits.window.theme import Theme


def board_class(game: Game[Any, Any]) -> type[GameBoard] | None:
    """GameLoadError (with the real cause) when the declared board cannot be imported."""
    declared: type[GameBoard] | None = declaration_of(game).part("window_board")
    if declared is not None:
        return declared
    return GridBoard if implements(game, "grid") else None


def has_board(game: Game[Any, Any]) -> bool:
    return board_class(game) is not None


def board_for(game: Game[Any, Any], theme: Theme, fonts: Fonts) -> GameBoard | None:
    cls = board_class(game)
    return None if cls is None else cls(game, theme, fonts)
