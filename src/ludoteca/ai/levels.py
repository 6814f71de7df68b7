"""Levels 1–5 for every game.

A game gives its own engines by declaring `levels` (a `Levels` value, see
`core.declaration.GameDeclaration`); otherwise the generic players below are used. Level 1 is
for a child; level 5 is the best we have.

The generic ladder depends on whether the game gives an `evaluate`:

=====  ==========================  ==========================================
level  with `evaluate`             without
=====  ==========================  ==========================================
1      random                      random
2      greedy (one ply)            MCTS, `MCTS_PLAYOUTS[2]` playouts
3      alpha-beta, depth 2         MCTS, `MCTS_PLAYOUTS[3]` playouts
4      alpha-beta, depth 4         MCTS, `MCTS_PLAYOUTS[4]` playouts
5      alpha-beta, as deep as      MCTS, `MCTS_PLAYOUTS[5]` playouts
       time allows
=====  ==========================  ==========================================

The searching levels also stop at their time per move (`DEFAULT_THINK`, or what the caller gives).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Player, has_evaluate
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of

#: how long each generic level may think per move by default (seconds); level 5 thinks up to 2 s
DEFAULT_THINK: dict[int, float] = {1: 0.0, 2: 0.1, 3: 0.3, 4: 1.0, 5: 2.0}

#: playouts per move of the MCTS levels (games without `evaluate`). A count rather than a time, so
#: that a level plays as well on a slow machine as on a fast one; the time above only caps it when
#: the game's playouts are slow. Four times more per level keeps each level clearly stronger than
#: the one below (tests/core/test_levels.py measures it), while level 5 still answers in well under
#: a second on small boards.
MCTS_PLAYOUTS: dict[int, int] = {2: 25, 3: 100, 4: 400, 5: 1600}

#: a playout cut short says nothing when there is no `evaluate` to judge where it stopped, so they
#: run to the end; the cap only guards against games whose random play can go round in circles
PLAYOUT_PLIES = 1000


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


def generic_player(game: Game[Any, Any], level: int, seed: int | None = None) -> Player:
    """The generic player of `level` (1–5) for `game`, following the table above.

    `seed` makes the random choices of the player reproducible (None: fresh ones every time)."""
    if not has_evaluate(game):
        if level <= 1:
            return RandomPlayer(seed)
        playouts = MCTS_PLAYOUTS[min(level, max(MCTS_PLAYOUTS))]
        return MctsPlayer(iterations=playouts, playout_depth=PLAYOUT_PLIES, seed=seed)
    if level <= 1:
        return RandomPlayer(seed)
    if level == 2:
        return GreedyPlayer(seed)
    return AlphaBetaPlayer(max_depth={3: 2, 4: 4}.get(level, 64))


def _generic(game: Game[Any, Any], level: int) -> Player:
    # the one place computer_for asks for a generic player, so tests can swap it out
    return generic_player(game, level)


def computer_for(game: Game[Any, Any], level: int, think: float | None = None) -> Computer:
    """The player for `level` and its time per move (`think` overrides the level's default).
    A game whose declared levels fail to load raises `GameLoadError` (never a quiet stand-in)."""
    levels: Levels | None = declaration_of(game).part("levels")
    if levels is not None:
        player, table = levels.player_for_level(level), levels.think_seconds
    else:
        player, table = _generic(game, level), DEFAULT_THINK
    return Computer(player, think if think is not None else table.get(level, 1.0))
