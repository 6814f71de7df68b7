"""`ludoteca bench turtles`: how fast each computer level reaches the jewel, and how often the
planner beats the greedy baseline.

* Solo: one turtle alone on the 2-player board (seeds 1…N, the same for every level): the median
  number of turns until it reaches the jewel.
* Duels: the strong level against the greedy baseline (level 2) in 2-player games, seats swapped
  every other game so each side starts as often: the strong side's win rate (target: at least 70 %).

Moves are chosen without a time limit, so the figures depend only on the seeds.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence

from ludoteca.ai.base import Budget
from ludoteca.ai.tournament import parse_levels
from ludoteca.core.declaration import CommandContext
from ludoteca.games.turtles import GAME
from ludoteca.games.turtles.players import player_for_level
from ludoteca.i18n import _

#: a game that has not ended after this many moves is counted as lost by both (never seen)
MAX_PLIES = 2000


def solo_turns(level: int, seed: int) -> tuple[int, float]:
    """Turns the level-`level` player needs alone, and the seconds it spent thinking."""
    state = GAME.start(GAME.options(), seed, 1)
    player = player_for_level(level, seed=seed)
    turns, thinking = 0, 0.0
    while not GAME.is_over(state) and turns < MAX_PLIES:
        started = time.perf_counter()
        move = player.choose(GAME, GAME.view(state, 0), 0, Budget(None))
        thinking += time.perf_counter() - started
        state = GAME.play(state, move)
        turns += 1
    return turns, thinking


def duel(levels: tuple[int, ...], seed: int, options: dict[str, bool]) -> tuple[int | None, int]:
    """One game between `levels` (one per seat); the winning seat (None if unfinished) and the plies."""
    state = GAME.start(GAME.options(options), seed, len(levels))
    players = [player_for_level(level, seed=seed * 10 + seat) for seat, level in enumerate(levels)]
    plies = 0
    while not GAME.is_over(state) and plies < MAX_PLIES:
        seat = GAME.to_move(state)
        assert seat is not None
        state = GAME.play(state, players[seat].choose(GAME, GAME.view(state, seat), seat, Budget(None)))
        plies += 1
    outcome = GAME.outcome(state)
    return (outcome.winner if outcome else None), plies


def wilson(wins: int, games: int) -> tuple[float, float]:
    """A 95 % confidence interval for a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca bench turtles", description=_("Robot Turtles computer players: figures.")
    )
    parser.add_argument("--solo", type=int, default=100, help=_("solo runs per level (default 100)"))
    parser.add_argument("--levels", type=parse_levels, default=[1, 2, 3, 4, 5], help=_("levels timed solo"))
    parser.add_argument("--games", type=int, default=100, help=_("2-player duels (default 100)"))
    parser.add_argument("--strong", type=int, default=5, choices=range(1, 6), help=_("the level that duels"))
    parser.add_argument("--bug", action="store_true", help=_("duel with the Bug! option"))
    args = parser.parse_args(list(argv))

    if args.solo > 0:
        print(_("Solo runs (turns to reach the jewel, {n} seeds):").format(n=args.solo))
        for level in args.levels:
            runs = [solo_turns(level, seed) for seed in range(1, args.solo + 1)]
            turns = sorted(t for t, _s in runs)
            per_move = sum(s for _t, s in runs) / max(1, sum(turns))
            print(
                _(
                    "  level {level}: median {median}, mean {mean:.2f}, 90th percentile {p90}, "
                    "worst {worst}; {ms:.1f} ms per move"
                ).format(
                    level=level,
                    median=statistics.median(turns),
                    mean=statistics.mean(turns),
                    p90=turns[int(0.9 * (len(turns) - 1))],
                    worst=turns[-1],
                    ms=1000 * per_move,
                )
            )
    if args.games > 0:
        wins = unfinished = 0
        plies: list[int] = []
        started = time.perf_counter()
        options = {"bug": bool(args.bug)}
        for game in range(args.games):
            seed = 10_000 + game
            strong_seat = game % 2
            levels = (args.strong, 2) if strong_seat == 0 else (2, args.strong)
            winner, length = duel(levels, seed, options)
            wins += winner == strong_seat
            unfinished += winner is None
            plies.append(length)
        low, high = wilson(wins, args.games)
        print(
            _("Duels, level {strong} against the greedy baseline (level 2), {n} two-player games:").format(
                strong=args.strong, n=args.games
            )
        )
        print(
            _(
                "  level {strong} wins {wins} ({rate:.0%}, 95% interval {low:.0%}–{high:.0%}); "
                "median game {plies} moves; {secs:.2f} s per game; unfinished {unfinished}"
            ).format(
                strong=args.strong,
                wins=wins,
                rate=wins / args.games,
                low=low,
                high=high,
                plies=statistics.median(plies),
                secs=(time.perf_counter() - started) / args.games,
                unfinished=unfinished,
            )
        )
    return 0
