"""`ludoteca ladder GAME`: each computer level against the one below, and how often it wins.

    ludoteca ladder tictactoe                    levels 2:1, 3:2, 4:3, 5:4, 20 games each
    ludoteca ladder gomoku --games 10 --pairs 5:4 --opening 2

A benchmark, not a test: it prints figures. Seats alternate, and each pair of games starts from
the same opening of `--opening` random moves (drawn among the game's `candidate_moves`, so that
on a wide board they are near each other, as players' first stones are); every player is seeded
from the game's seed as in a real game, and thinks for its level's usual time unless `--think`
says otherwise. `--nodes-per-second K` keeps each level's usual share of time but counts it in
positions (K a second: a level that thinks 0.3 s searches 0.3·K positions), so the ladder replays
the same on any machine while each level keeps the budget a player meets. A level's score counts a
win 1 and a draw ½; the goal for a ladder is that each level scores at least 60 % against the one
below.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.levels import computer_for, player_seed, usual_seconds
from ludoteca.ai.tournament import parse_pairs
from ludoteca.core.game import Game
from ludoteca.core.registry import get_game
from ludoteca.core.think import Think, read_think
from ludoteca.i18n import _

#: the figure each level should reach against the one below
TARGET = 0.6


@dataclass
class Pair:
    upper: int
    lower: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: float = 0.0
    plies: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / max(1, self.games)

    def line(self) -> str:
        verdict = _("goal met") if self.score >= TARGET else _("below the goal")
        return _(
            "level {upper} vs level {lower}: {wins} wins, {draws} draws, {losses} losses in {games} "
            "games — score {score:.0%} ({verdict}); {plies} moves, {seconds:.0f} s"
        ).format(
            upper=self.upper,
            lower=self.lower,
            wins=self.wins,
            draws=self.draws,
            losses=self.losses,
            games=self.games,
            score=self.score,
            verdict=verdict,
            plies=self.plies,
            seconds=self.seconds,
        )


#: a budget for every level alike, or one per level (`counted_by_level`)
Budgets = Think | Callable[[int], Think | None] | None


def counted_by_level(game: Game[Any, Any], per_second: int) -> Callable[[int], Think | None]:
    """Each level's usual time counted in positions, `per_second` of them a second (a level
    that does not think keeps its own way)."""

    def think(level: int) -> Think | None:
        seconds = usual_seconds(game, level)
        return Think(nodes=max(1, round(per_second * seconds))) if seconds > 0 else None

    return think


def game_between(
    game: Game[Any, Any], levels: tuple[int, int], seed: int, opening: int, think: Budgets
) -> tuple[int | None, int]:
    """One game (seat i plays `levels[i]`): the winning seat (None: a draw) and its length."""
    chooser = random.Random(seed)
    state = game.start(game.options(), seed, 2)
    ply = 0
    while (seat := game.to_move(state)) is not None:
        if ply < opening:
            move = chooser.choice(list(game.candidate_moves(state)))
        else:
            budget = think(levels[seat]) if callable(think) else think
            computer = computer_for(game, levels[seat], budget, player_seed(seed, seat, ply))
            move = computer.player.choose(game, game.view(state, seat), seat, computer.budget())
        state = game.play(state, move)
        ply += 1
    outcome = game.outcome(state)
    assert outcome is not None  # to_move is None exactly when the game is over
    return (None if outcome.is_draw else outcome.winners[0]), ply


def duel(
    game: Game[Any, Any], upper: int, lower: int, games: int, opening: int, think: Budgets, seed: int = 1
) -> Pair:
    pair = Pair(upper, lower)
    started = time.perf_counter()
    for index in range(games):
        seat = index % 2  # the upper level's seat
        levels = (upper, lower) if seat == 0 else (lower, upper)
        winner, plies = game_between(game, levels, seed + index // 2, opening, think)
        pair.plies += plies
        if winner is None:
            pair.draws += 1
        elif winner == seat:
            pair.wins += 1
        else:
            pair.losses += 1
    pair.seconds = time.perf_counter() - started
    return pair


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="ludoteca ladder", description=_("Each computer level against the one below it.")
    )
    parser.add_argument("game", help=_("a two-player game's key"))
    parser.add_argument("--games", type=int, default=20, help=_("games per pair of levels (default 20)"))
    parser.add_argument(
        "--pairs", type=parse_pairs, default=[(2, 1), (3, 2), (4, 3), (5, 4)], help=_("e.g. 5:4,3:2")
    )
    parser.add_argument(
        "--opening", type=int, default=0, help=_("random moves before the levels play (default 0)")
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=read_think, help=_("seconds per move, or nodes:N, for every level"))
    budget.add_argument(
        "--nodes-per-second",
        type=int,
        metavar="K",
        help=_("each level's usual time a move, counted as K positions a second (the same games anywhere)"),
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(list(argv))
    game = get_game(args.game)
    think: Budgets = args.think
    if args.nodes_per_second is not None:
        if args.nodes_per_second < 1:
            parser.error(_("--nodes-per-second takes a count of at least 1"))
        think = counted_by_level(game, args.nodes_per_second)
    print(_("{title}: each level against the one below").format(title=_(game.info.title)), flush=True)
    below = 0
    for upper, lower in args.pairs:
        pair = duel(game, upper, lower, args.games, args.opening, think, args.seed)
        print(pair.line(), flush=True)
        below += pair.score < TARGET
    return 1 if below else 0
