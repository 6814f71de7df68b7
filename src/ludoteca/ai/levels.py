"""Levels 1–5 for every game.

A game package may ship `players.py` with `def player_for_level(level: int) -> Player` and
`THINK_SECONDS: dict[int, float]` to give its own engines; otherwise the generic players below
are used. Level 1 is for a child; level 5 is the best we have.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Player
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core.game import Game

#: how long each level may think per move by default (seconds); level 5 thinks up to 2 s
DEFAULT_THINK: dict[int, float] = {1: 0.0, 2: 0.1, 3: 0.3, 4: 1.0, 5: 2.0}


@dataclass(frozen=True)
class Computer:
    player: Player
    think: float  # seconds per move


def _generic(game: Game[Any, Any], level: int) -> Player:
    if level <= 1:
        return RandomPlayer()
    if level == 2:
        return GreedyPlayer()
    return AlphaBetaPlayer(max_depth={3: 2, 4: 4}.get(level, 64))


def computer_for(game: Game[Any, Any], level: int, think: float | None = None) -> Computer:
    """The player for `level` and its time per move (`think` overrides the level's default)."""
    try:
        module: Any = import_module(f"ludoteca.games.{game.info.key}.players")
    except ModuleNotFoundError:
        module = None
    if module is not None:
        player: Player = module.player_for_level(level)
        table: dict[int, float] = getattr(module, "THINK_SECONDS", DEFAULT_THINK)
    else:
        player, table = _generic(game, level), DEFAULT_THINK
    return Computer(player, think if think is not None else table.get(level, 1.0))
