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
4      alpha-beta, depth 5         MCTS, `MCTS_PLAYOUTS[4]` playouts
5      alpha-beta, as deep as      MCTS, `MCTS_PLAYOUTS[5]` playouts
       time allows, playing on
       past its horizon and
       reducing low-ranked moves
=====  ==========================  ==========================================

Among moves of equal value, alpha-beta's levels 4 and 5 play the one leaving the opponent the
most replies that lose (a trap), within what the search could afford. Both searches look only at
the game's `candidate_moves` when it gives them (the cells near the stones of a wide board), so a
level's budget goes into depth rather than into every far corner. Levels 4 and 5 play on past
their horizon along the game's first candidates (so a threat made on the last ply is met, or
carried out, before the position is judged): level 4 along the best one for 2 plies, level 5
along `QUIET_WIDTH` of them for `QUIET_PLIES`, and level 5 searches the moves the game ranks low
one ply shallower unless they surprise. On a 15×15 five-in-a-row board (tests/plugins/gomoku),
where depth alone gave a level nothing over the one below, each level now beats the one below
(`ludoteca ladder gomoku --opening 2 --nodes-per-second 3000`). `ludoteca ladder GAME` plays
each level against the one below and prints the figures.

The searching levels also stop at their time per move (`DEFAULT_THINK`, or what the caller gives),
or, given a count (`Think(nodes=N)`), once they have searched that many positions or run that many
playouts, which no clock can change: then the same seed and levels give the same game anywhere.
A level's own limits (depth, playouts) still hold under either budget.

Every player draws its random choices from a generator of its own, seeded from the game's seed,
its seat, the move and what it is asked for (`player_seed`): never from the global `random`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget, Player, has_evaluate
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of
from ludoteca.core.rng import derive_seed
from ludoteca.core.think import Think

#: how long each generic level may think per move by default (seconds); level 5 thinks up to 2 s
DEFAULT_THINK: dict[int, float] = {1: 0.0, 2: 0.1, 3: 0.3, 4: 1.0, 5: 2.0}

#: playouts per move of the MCTS levels (games without `evaluate`). A count rather than a time, so
#: that a level plays as well on a slow machine as on a fast one; the time above only caps it when
#: the game's playouts are slow. Four times more per level keeps each level clearly stronger than
#: the one below (tests/core/test_levels.py measures it), while level 5 still answers in well under
#: a second on small boards.
MCTS_PLAYOUTS: dict[int, int] = {2: 25, 3: 100, 4: 400, 5: 1600}

#: level 5 (with `evaluate`) plays on past its horizon along the game's QUIET_WIDTH first
#: candidate moves, up to QUIET_PLIES plies (see `AlphaBetaPlayer`)
QUIET_PLIES = 4
QUIET_WIDTH = 2
#: level 4 looks past its horizon too, along its best candidate only and for fewer plies
LEVEL4_QUIET_PLIES = 2

#: a playout cut short says nothing when there is no `evaluate` to judge where it stopped, so they
#: run to the end; the cap only guards against games whose random play can go round in circles
PLAYOUT_PLIES = 1000


@dataclass(frozen=True)
class Levels:
    """A game's own computer players: the player for each level, and how long each level thinks
    per move by default (seconds).

    `player_for_level(level, seed=None)` seeds all the player's random choices with `seed` (None:
    fresh ones). A game package written before seeds were handed over may take the level alone;
    its players then cannot replay a game."""

    player_for_level: Callable[..., Player]
    think_seconds: Mapping[int, float]


@dataclass(frozen=True)
class Computer:
    player: Player
    think: float  # seconds per move (unused when `nodes` counts the work instead)
    nodes: int | None = None  # positions searched or playouts per move, whatever the clock says

    def budget(self) -> Budget:
        """A fresh budget for one move."""
        if self.nodes is not None:
            return Budget(None, nodes=self.nodes)
        return Budget(self.think)


def player_seed(game_seed: int, seat: int, ply: int, purpose: str = "move") -> int:
    """The seed of the computer player deciding at `ply` for `seat` (a hint is another purpose):
    the same game and moves give the same seeds, so the same choices."""
    return derive_seed(game_seed, "computer", seat, ply, purpose)


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
    # the seed draws among moves of equal value; levels 4 and 5 prefer those that set traps
    if level >= 5:
        # past its horizon level 5 plays out the game's first few candidates (threats made and
        # met), and looks less deeply at the moves the game ranks low, to see further along the rest
        return AlphaBetaPlayer(seed=seed, traps=True, quiet=QUIET_PLIES, quiet_width=QUIET_WIDTH, reduce=True)
    if level == 4:
        # a shorter look past the horizon than level 5's: the best candidate, two plies
        return AlphaBetaPlayer(max_depth=5, seed=seed, traps=True, quiet=LEVEL4_QUIET_PLIES, quiet_width=1)
    return AlphaBetaPlayer(max_depth=2, seed=seed)


def _generic(game: Game[Any, Any], level: int, seed: int | None = None) -> Player:
    # the one place computer_for asks for a generic player, so tests can swap it out
    return generic_player(game, level, seed)


def _own_player(levels: Levels, level: int, seed: int | None) -> Player:
    """A game's own player, given its seed when its `player_for_level` takes one."""
    factory = levels.player_for_level
    try:
        inspect.signature(factory).bind(level, seed=seed)
    except TypeError:
        return factory(level)
    except ValueError:  # no signature to read (a builtin): assume the current protocol
        pass
    return factory(level, seed=seed)


def computer_for(
    game: Game[Any, Any], level: int, think: Think | float | None = None, seed: int | None = None
) -> Computer:
    """The player for `level` and its budget per move (`think` overrides the level's default
    time, or counts work instead); `seed` seeds its random choices (see `player_seed`).
    A game whose declared levels fail to load raises `GameLoadError` (never a quiet stand-in)."""
    budget = Think.of(think)
    levels: Levels | None = declaration_of(game).part("levels")
    player = _own_player(levels, level, seed) if levels is not None else _generic(game, level, seed)
    seconds = budget.seconds if budget.seconds is not None else _usual(levels, level)
    return Computer(player, seconds, budget.nodes)


def usual_seconds(game: Game[Any, Any], level: int) -> float:
    """How long `level` thinks a move when nothing says otherwise: its game's own levels' time,
    else the generic ladder's (`DEFAULT_THINK`)."""
    return _usual(declaration_of(game).part("levels"), level)


def _usual(levels: Levels | None, level: int) -> float:
    table = levels.think_seconds if levels is not None else DEFAULT_THINK
    return table.get(level, 1.0)
