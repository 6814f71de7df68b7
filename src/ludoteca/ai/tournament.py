"""Computer against computer, for benchmarks: one game, or a series with seats alternating.

Every player receives only its seat's view and its level's budget, and is made afresh for each
move with the seed a match would give it (`levels.player_seed`), exactly as in a real game, so a
tournament measures what a player would meet, and a game with a counted budget (`Think(nodes=N)`)
is the very game `ludoteca play` would show with the same seed and levels.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.levels import computer_for, player_seed
from ludoteca.core.game import Game
from ludoteca.core.options import Options
from ludoteca.core.outcome import Outcome
from ludoteca.core.seats import MAX_LEVEL
from ludoteca.core.think import Think
from ludoteca.i18n import _


@dataclass(frozen=True)
class GameResult:
    outcome: Outcome
    moves: tuple[str, ...]
    levels: tuple[int, ...]


def play_game(
    game: Game[Any, Any],
    options: Options,
    levels: Sequence[int],
    seed: int,
    opening_plies: int = 0,
    think: Think | float | None = None,
    max_plies: int = 2000,
) -> GameResult:
    """One game between computer levels (seat i plays `levels[i]`) after `opening_plies` random
    moves drawn from `seed`, so two games with the same seed share their opening."""
    chooser = random.Random(seed)
    state = game.start(options, seed, len(levels))
    moves: list[str] = []
    for ply in range(max_plies):
        seat = game.to_move(state)
        if seat is None:
            break
        if ply < opening_plies:
            move = chooser.choice(list(game.legal_moves(game.view(state, seat))))
        else:
            computer = computer_for(game, levels[seat], think, player_seed(seed, seat, ply))
            move = computer.player.choose(game, game.view(state, seat), seat, computer.budget())
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
    outcome = game.outcome(state)
    if outcome is None:  # cut off: count it as a draw rather than inventing a winner
        outcome = Outcome.draw(len(levels), f"stopped after {max_plies} moves")
    return GameResult(outcome, tuple(moves), tuple(levels))


@dataclass
class Tally:
    first: int
    second: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def line(self) -> str:
        rate = 100 * self.wins / max(self.games, 1)
        return (
            f"level {self.first} vs level {self.second}: {self.wins} wins, {self.draws} draws, "
            f"{self.losses} losses over {self.games} games ({rate:.0f} % wins, seats alternating; "
            f"{self.seconds:.0f} s)"
        )


def tournament(
    game: Game[Any, Any],
    options: Options,
    first: int,
    second: int,
    games: int,
    seed: int = 1,
    opening_plies: int = 0,
    think: Think | float | None = None,
    on_game: Callable[[int, GameResult, int], None] | None = None,
) -> Tally:
    """`games` two-seat games of level `first` against level `second`; `first` takes seat 0 in
    even games and seat 1 in odd ones, each pair of games sharing an opening. `on_game(index,
    result, seat_of_first)` is called after each game (for verbose listings)."""
    tally = Tally(first, second)
    started = time.perf_counter()
    for index in range(games):
        seat = index % 2
        levels = (first, second) if seat == 0 else (second, first)
        result = play_game(game, options, levels, seed + index // 2, opening_plies, think)
        ranks = result.outcome.ranks
        if result.outcome.is_draw:
            tally.draws += 1
        elif ranks[seat] == 1:
            tally.wins += 1
        else:
            tally.losses += 1
        if on_game is not None:
            on_game(index, result, seat)
    tally.seconds = time.perf_counter() - started
    return tally


def parse_levels(text: str) -> list[int]:
    """'2,5' → [2, 5], for a bench's --levels flag (argparse `type=`); refuses anything but 1–5."""
    try:
        levels = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(_("levels are numbers 1 to 5, e.g. 2,5")) from None
    if not levels or any(not 1 <= level <= MAX_LEVEL for level in levels):
        raise argparse.ArgumentTypeError(_("levels are numbers 1 to 5, e.g. 2,5"))
    return levels


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """'5:3,3:1' → [(5, 3), (3, 1)]."""
    pairs = []
    for part in text.split(","):
        a, _, b = part.partition(":")
        pairs.append((int(a), int(b)))
    return pairs
