"""The shelf: every game Ludoteca knows, by key.

A game lives in its own package `ludoteca.games.<key>` exposing `GAME` (a `core.Game`). Adding a
game is adding its key below; menus, the CLI, records and the store pick it up from here.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game

#: in menu order
GAME_KEYS: tuple[str, ...] = (
    "khet",
    "connect4",
    "othello",
    "fiveormore",
    "qwirkle",
    "turtles",
)


def get_game(key: str) -> Game[Any, Any]:
    """The game registered under `key`; OptionError listing the valid keys otherwise."""
    wanted = key.strip().lower()
    if wanted not in GAME_KEYS:
        raise OptionError(f"unknown game {key!r}; the games are: {', '.join(GAME_KEYS)}")
    game: Game[Any, Any] = import_module(f"ludoteca.games.{wanted}").GAME
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get_game(key) for key in GAME_KEYS]
