"""`ludoteca bench qwirkle`: move generation speed on crowded boards, and the look-ahead player
against the greedy one.

    ludoteca bench qwirkle                      # both parts: 200 games at level 5's own 1.8 s a move
    ludoteca bench qwirkle --games 20           # fewer games
    ludoteca bench qwirkle --jobs 2             # two games at once (on two free cores)
    ludoteca bench qwirkle --no-match           # move generation only
    ludoteca bench qwirkle --level 4 --think 0.3
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.base import Budget, Player
from ludoteca.core.declaration import CommandContext
from ludoteca.games.qwirkle import GAME, movegen
from ludoteca.games.qwirkle.players import THINK_SECONDS, Greedy, LookAhead, player_for_level
from ludoteca.games.qwirkle.state import EMPTY, QwirkleState


def crowded_positions(count: int, min_tiles: int, seed: int) -> list[QwirkleState]:
    """Positions from greedy two-player games with at least `min_tiles` tiles down and a full hand."""
    chooser = random.Random(seed)
    greedy = Greedy(seed)
    out: list[QwirkleState] = []
    game_seed = seed
    while len(out) < count:
        game_seed += 1
        state = GAME.start(GAME.options(), game_seed, 2)
        while GAME.to_move(state) is not None and len(out) < count:
            down = sum(1 for c in state.cells if c != EMPTY)
            if down >= min_tiles and len(state.hands[state.turn]) == 6 and chooser.random() < 0.3:
                out.append(state)
            view = GAME.view(state, state.turn)
            state = GAME.play(state, greedy.choose(GAME, view, state.turn, Budget(None)))
    return out


def bench_movegen(count: int, min_tiles: int, seed: int) -> None:
    positions = crowded_positions(count, min_tiles, seed)
    times: list[float] = []
    sizes: list[int] = []
    for state in positions:
        runs = []
        for _repeat in range(3):
            movegen.board_info.cache_clear()  # time the whole work, board analysis included
            started = time.perf_counter()
            moves = GAME.legal_moves(state)
            runs.append(time.perf_counter() - started)
        times.append(statistics.median(runs))
        sizes.append(len(moves))
    down = [sum(1 for c in s.cells if c != EMPTY) for s in positions]
    print(
        f"move generation: {len(positions)} positions, {min(down)}-{max(down)} tiles on the board, "
        "6-tile hands"
    )
    print(
        f"  median {statistics.median(times) * 1000:.1f} ms, 90th percentile "
        f"{sorted(times)[int(0.9 * len(times))] * 1000:.1f} ms, max {max(times) * 1000:.1f} ms per position"
    )
    print(f"  legal moves per position: median {statistics.median(sizes):.0f}, max {max(sizes)}")


@dataclass
class _Tally:
    wins: float = 0.0
    points: int = 0
    turns: int = 0
    think: list[float] = field(default_factory=list)

    def add(self, other: _Tally) -> None:
        self.wins += other.wins
        self.points += other.points
        self.turns += other.turns
        self.think.extend(other.think)


def one_game(number: int, mode: str, level: int, think: float, seed: int) -> tuple[_Tally, _Tally]:
    """Game `number` of the match: (the tested level's tally, greedy's). Each deal is played
    twice, each player opening once."""
    deal = seed + number // 2
    tested = player_for_level(level)
    if isinstance(tested, LookAhead):
        tested.random.seed(deal)
    players: list[Player] = [tested, Greedy(deal)]
    tallies = [_Tally(), _Tally()]
    if number % 2:
        players.reverse()
    state = GAME.start(GAME.options({"mode": mode}), deal, 2)
    while (seat := GAME.to_move(state)) is not None:
        view = GAME.view(state, seat)
        clock = time.perf_counter()
        budget = Budget(think if players[seat] is tested else None)
        move = players[seat].choose(GAME, view, seat, budget)
        tallies[seat].think.append(time.perf_counter() - clock)
        tallies[seat].turns += 1
        state = GAME.play(state, move)
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat in (0, 1):
        tallies[seat].points += state.scores[seat]
        if outcome.ranks[seat] == 1:
            tallies[seat].wins += 0.5 if outcome.is_draw else 1.0
    if number % 2:
        tallies.reverse()
    return tallies[0], tallies[1]


def _one_game_packed(args: tuple[int, str, int, float, int]) -> tuple[_Tally, _Tally]:
    return one_game(*args)


def bench_match(games: int, mode: str, level: int, think: float, seed: int, jobs: int = 1) -> None:
    strong, greedy = _Tally(), _Tally()
    started = time.perf_counter()
    work = [(number, mode, level, think, seed) for number in range(games)]
    with multiprocessing.Pool(jobs) if jobs > 1 else _Serial() as pool:
        for done, (mine, theirs) in enumerate(pool.imap(_one_game_packed, work), start=1):
            strong.add(mine)
            greedy.add(theirs)
            if done % 10 == 0 or done == games:
                print(
                    f"  after {done} games: level {level} won {strong.wins:.1f} "
                    f"({100 * strong.wins / done:.1f} %)",
                    flush=True,
                )
    elapsed = time.perf_counter() - started
    print(
        f"level {level} (look-ahead, {think:g} s a move) against greedy, "
        f"{games} two-player games, {mode} mode:"
    )
    print(f"  wins: {strong.wins:.1f} of {games} = {100 * strong.wins / games:.1f} % (a draw counts half)")
    for name, tally in ((f"level {level}", strong), ("greedy", greedy)):
        print(
            f"  {name}: mean score per turn {tally.points / max(1, tally.turns):.2f}, "
            f"mean per game {tally.points / games:.1f}, "
            f"think median {statistics.median(tally.think) * 1000:.0f} ms, "
            f"max {max(tally.think) * 1000:.0f} ms"
        )
    print(f"  wall time {elapsed:.0f} s ({jobs} process{'es' if jobs > 1 else ''})")


class _Serial:
    """The `multiprocessing.Pool` interface, in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(
        self, function: Callable[[tuple[int, str, int, float, int]], tuple[_Tally, _Tally]], items: list[Any]
    ) -> Iterator[tuple[_Tally, _Tally]]:
        return map(function, items)


def main(argv: Sequence[str], context: CommandContext) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca bench qwirkle",
        description="Move generation speed on crowded boards, and the look-ahead player against greedy.",
    )
    parser.add_argument("--games", type=int, default=200, help="games of look-ahead against greedy (200)")
    parser.add_argument("--mode", choices=("normal", "short"), default="normal")
    parser.add_argument("--level", type=int, default=5, help="the look-ahead level to test (4 or 5)")
    parser.add_argument(
        "--think", type=float, default=None, help="seconds a move (the level's own by default)"
    )
    parser.add_argument("--positions", type=int, default=60, help="crowded positions to time (60)")
    parser.add_argument(
        "--min-tiles", type=int, default=60, help="tiles on the board of a crowded position (60)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-movegen", action="store_true", help="skip the move generation timing")
    parser.add_argument("--no-match", action="store_true", help="skip the games")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in separate processes (1)")
    args = parser.parse_args(list(argv))
    if not args.no_movegen:
        bench_movegen(args.positions, args.min_tiles, args.seed)
    if not args.no_match and args.games > 0:
        think = args.think if args.think is not None else THINK_SECONDS.get(args.level, 1.0)
        bench_match(args.games, args.mode, args.level, think, args.seed, max(1, args.jobs))
    return 0
