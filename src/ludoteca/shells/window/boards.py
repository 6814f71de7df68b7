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
from ludoteca.store import StoreError


def board_class(game: Game[Any, Any]) -> type[GameBoard] | None:
    """GameLoadError (with the real cause) when the declared board cannot be imported."""
    declared: type[GameBoard] | None = declaration_of(game).part("window_board")
    if declared is not None:
        return declared
    return GridBoard if implements(game, "grid") else None


def has_board(game: Game[Any, Any]) -> bool:
    return board_class(game) is not None


def board_for(game: Game[Any, Any], theme: Theme, fonts: Fonts, store: Any = None) -> GameBoard | None:
    """The game's window board; with the player's `store`, configured with their preferences for
    it (`GameBoard.settings`)."""
    cls = board_class(game)
    if cls is None:
        return None
    board = cls(game, theme, fonts)
    if store is not None and board.settings():
        board.configure(board_settings(board, store))
    return board


def setting_key(board: GameBoard, key: str) -> str:
    """Where the store keeps one of a board's preferences: per game, among the window's settings."""
    return f"gui.{board.game.info.key}.{key}"


def board_settings(board: GameBoard, store: Any) -> dict[str, bool]:
    """The player's value of each of the board's preferences (its default when never set, or when
    the store cannot be read)."""
    values: dict[str, bool] = {}
    for setting in board.settings():
        try:
            text = store.get_setting(setting_key(board, setting.key))
        except StoreError:
            text = None
        values[setting.key] = setting.default if text not in ("on", "off") else text == "on"
    return values


def save_board_setting(board: GameBoard, store: Any, key: str, value: bool) -> None:
    store.set_setting(setting_key(board, key), "on" if value else "off")
