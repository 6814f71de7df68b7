"""`ludoteca bench review [GAME …] [--runs N]`: how long a long game's review takes, per game.

For each game offering review, `runs` games between computers (level 2, after two random moves,
the first seeds whose game is long: `MIN_PLIES` or more; a game that goes on past `MOST_PLIES`,
as Khet's computers' games may for hundreds of plies, is cut there), each reviewed whole at the
analyser's default strength, in a fresh analyser; prints the median and the slowest. The target:
a long game within a minute (`TARGET_SECONDS`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

from ludoteca.ai.review import review
from ludoteca.ai.tournament import play_game
from ludoteca.core.game import Game
from ludoteca.core.registry import declarations
from ludoteca.shells.terminal.review import analyser_for

TARGET_SECONDS = 60.0
#: a game this long compared with the longest the bench saw is "long"
MIN_PLIES = {"connect4": 30, "othello": 56, "khet": 80, "qwirkle": 50}
#: a game is cut to its first this many plies (a long game of the kind players play)
MOST_PLIES = {"khet": 80}
#: seeds tried per game before taking the longest found
SEEDS_TRIED = 40


def long_game(game: Game[Any, Any], seed: int) -> tuple[list[Any], list[Any], int]:
    """States and moves of the first long game from `seed` on (or the longest of those tried),
    and the seed after it."""
    options = game.options({})
    wanted = MIN_PLIES.get(game.info.key, 40)
    longest: tuple[int, tuple[str, ...], int] = (-1, (), seed)
    for tried in range(seed, seed + SEEDS_TRIED):
        most = MOST_PLIES.get(game.info.key, 2000)
        played = play_game(game, options, (2, 2), tried, opening_plies=2, max_plies=most).moves[:most]
        if len(played) > longest[0]:
            longest = (len(played), played, tried)
        if len(played) >= wanted:
            break
    _length, texts, chosen = longest
    state = game.start(options, chosen, 2)
    states, moves = [state], []
    for text in texts:
        move = game.parse_move(state, text)
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return states, moves, chosen + 1


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="ludoteca bench review", description=__doc__)
    parser.add_argument("games", nargs="*", help="games to measure (default: every game offering review)")
    parser.add_argument("--runs", type=int, default=3, help="games reviewed per game (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(list(argv))
    status = 0
    for declared in declarations():
        key = declared.key
        if declared.review is None or (args.games and key not in args.games):
            continue
        game = declared.game
        times, lengths, seed = [], [], args.seed
        for _run in range(args.runs):
            states, moves, seed = long_game(game, seed)
            analyser = analyser_for(game, states[0])
            started = time.perf_counter()
            result = review(game, analyser, states, moves)
            times.append(time.perf_counter() - started)
            lengths.append(len(moves))
            unjudged = sum(1 for m in result.moves if m.mark is None)
            print(f"{key}: {len(moves)} moves reviewed in {times[-1]:.1f} s ({unjudged} not judged)")
        median = statistics.median(times)
        verdict = "ok" if max(times) <= TARGET_SECONDS else "OVER TARGET"
        print(
            f"{key}: median {median:.1f} s, slowest {max(times):.1f} s over {args.runs} games of "
            f"{min(lengths)}–{max(lengths)} moves (target {TARGET_SECONDS:.0f} s: {verdict})"
        )
        status |= verdict != "ok"
    return status
