"""Levels 1–5 for every game.

A game gives its own engines by declaring `levels` (a `Levels` value, see
`core.declaration.GameDeclaration`); otherwise the generic players below are used. Level 1 is
for a child; level 5 is the best we have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Player
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of

#: how long each level may think per move by default (seconds); level 5 thinks up to 2 s
DEFAULT_THINK: dict[int, float] = {1: 0.0, 2: 0.1, 3: 0.3, 4: 1.0, 5: 2.0}


@dataclass(frozen=True)
class Levels:
    """A game's own computer players: the player for each level, and how long each level thinks
    per move by default (seconds)."""

    player_for_level: Callable[[int], Player]
    think_seconds: Mapping[int, float]


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
    """The player for `level` and its time per move (`think` overrides the level's default).
    A game whose declared levels fail to load raises `GameLoadError` (never a quiet stand-in)."""
    levels: Levels | None = declaration_of(game).part("levels")
    if levels is not None:
        player, table = levels.player_for_level(level), levels.think_seconds
    else:
        player, table = _generic(game, level), DEFAULT_THINK
    return Computer(player, think if think is not None else table.get(level, 1.0))
