"""`ludoteca bench fiveormore`: how well each computer level plays Five or More alone.

Plays seeded games (seeds 1…N, the same for every level) through the shared tournament runner, so
each level sees only its view and thinks within its usual time per move, and prints the mean and
median final score per level, the game length and the thinking time per move (wall and CPU: the
machine may be shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from ludoteca.ai.tournament import parse_levels, play_game
from ludoteca.core.declaration import CommandContext
from ludoteca.games.fiveormore import GAME
from ludoteca.i18n import _


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca bench fiveormore",
        description=_("Final scores of each computer level over seeded games."),
    )
    parser.add_argument("--games", type=int, default=100, help=_("games per level (default 100)"))
    parser.add_argument(
        "--levels", type=parse_levels, default=[1, 2, 3, 4, 5], help=_("e.g. 2,5 (default all)")
    )
    parser.add_argument("--size", default="medium", help=_("board size (default medium)"))
    parser.add_argument("--variant", default="classic", help=_("classic or recolour"))
    parser.add_argument("--first-seed", type=int, default=1, help=_("seed of the first game (default 1)"))
    parser.add_argument(
        "--think", type=float, default=None, help=_("seconds per move (default: each level's)")
    )
    parser.add_argument("--verbose", action="store_true", help=_("print every game"))
    args = parser.parse_args(list(argv))
    options = GAME.options({"size": args.size, "variant": args.variant})
    seeds = range(args.first_seed, args.first_seed + max(args.games, 1))
    print(
        _("{games} games per level, {size} board, {variant}, seeds {first}–{last}").format(
            games=len(seeds), size=args.size, variant=args.variant, first=seeds[0], last=seeds[-1]
        )
    )
    print(
        f"{_('level'):>5} {_('mean'):>8} {_('median'):>8} {_('min'):>6} {_('max'):>6} "
        f"{_('moves'):>7} {_('ms/move'):>8} {_('CPU ms'):>7}"
    )
    medians: dict[int, float] = {}
    for level in args.levels:
        scores: list[int] = []
        lengths: list[int] = []
        wall = cpu = 0.0
        for seed in seeds:
            started, started_cpu = time.perf_counter(), time.process_time()
            result = play_game(GAME, options, (level,), seed, think=args.think, max_plies=100_000)
            wall += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
            score = result.outcome.scores[0] if result.outcome.scores else 0
            scores.append(score)
            lengths.append(len(result.moves))
            if args.verbose:
                print(f"  level {level} seed {seed}: {score} in {len(result.moves)} moves", flush=True)
        moves = max(sum(lengths), 1)
        medians[level] = statistics.median(scores)
        print(
            f"{level:>5} {statistics.mean(scores):>8.1f} {medians[level]:>8.1f} {min(scores):>6} "
            f"{max(scores):>6} {statistics.median(lengths):>7.0f} {1000 * wall / moves:>8.1f} "
            f"{1000 * cpu / moves:>7.1f}",
            flush=True,
        )
    if 2 in medians and 5 in medians and medians[2] > 0:
        print(_("strong (5) / greedy (2) median: {ratio:.1f}×").format(ratio=medians[5] / medians[2]))
    return 0
