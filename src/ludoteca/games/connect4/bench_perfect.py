"""Two figures of `ludoteca bench connect4` about perfect play (issue 17), each one command:

* ``--play N``: level 5 with Yellow (the first player) from the empty grid against a spread of
  opponents, in turn: random moves, level 3, level 4, level 5 (its own seed each game), and a
  random opening (Red's first 1–3 discs at random, then level 5). Every player is made afresh for
  each move with the seed a match would give it and its level's own time, as in `ludoteca play`.
  Prints each game, then wins, draws and losses per opponent and the processor time per move of
  the Yellow level 5 (median, 90th percentile, slowest). Both players run in this one process, so
  the solver's table, kept from move to move as in a game, also holds what the opponent searched.
* ``--random-positions N --discs 8-12``: what `ludoteca solve connect4` costs on N positions
  reached by random legal play, weak (``--weak``) and exact. Excluded, and drawn again: a game
  that was won on the way, a position whose side to move can win at once, and one where the
  opponent has a playable four (one move from winning, which the side to move must block), and a
  position drawn twice. The kernel's table is emptied before each position, as in a new `solve`
  process, and each solve has ``--seconds`` (60 by default). Prints the processor seconds per
  position (median, 90th percentile, slowest) and how many were answered at once by the table of
  exact scores or the first player's strategy (``--verbose``: every position, its score, time).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.levels import computer_for, player_seed
from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.bitboard import playable, threats
from ludoteca.games.connect4.solve import SEARCH, answer
from ludoteca.games.connect4.solver import Position, Solver, SolverTimeout

#: a Red player: (state, ply, the game's seed) -> its move
Opponent = Callable[[Any, int, int], int]


def _level(level: int) -> Opponent:
    def move(state: Any, ply: int, seed: int) -> int:
        computer = computer_for(GAME, level, None, player_seed(seed, 1, ply))
        chosen: int = computer.player.choose(GAME, GAME.view(state, 1), 1, computer.budget())
        return chosen

    return move


def _random(state: Any, ply: int, seed: int) -> int:
    chosen: int = random.Random(player_seed(seed, 1, ply, "random")).choice(GAME.legal_moves(state))
    return chosen


def _random_opening(state: Any, ply: int, seed: int) -> int:
    # Red's moves are the odd plies: its first 1, 2 or 3 discs at random, then level 5
    opening = random.Random(seed).randint(1, 3)
    return _random(state, ply, seed) if ply < 2 * opening else _level(5)(state, ply, seed)


#: the opponents, in the order the games go round them
OPPONENTS: dict[str, Opponent] = {
    "random moves": _random,
    "level 3": _level(3),
    "level 4": _level(4),
    "level 5": _level(5),
    "1-3 random discs, then level 5": _random_opening,
}


@dataclass
class Played:
    #: the winner's seat, None for a draw
    winner: int | None
    moves: str
    #: processor seconds of each of Yellow's moves
    yellow_seconds: list[float] = field(default_factory=list)


def play_from_empty(opponent: Opponent, seed: int) -> Played:
    """One game from the empty grid: level 5 with Yellow (seat 0) against `opponent`."""
    state = GAME.start(GAME.options(), seed)
    moves: list[str] = []
    seconds: list[float] = []
    ply = 0
    while not state.over:
        if GAME.to_move(state) == 0:
            computer = computer_for(GAME, 5, None, player_seed(seed, 0, ply))
            started = time.process_time()
            move = computer.player.choose(GAME, GAME.view(state, 0), 0, computer.budget())
            seconds.append(time.process_time() - started)
        else:
            move = opponent(state, ply, seed)
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
        ply += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    return Played(outcome.winner, "".join(moves), seconds)


def _spread(values: list[float], milliseconds: bool = False) -> str:
    if not values:
        return "none"
    # inclusive: a percentile of the values measured, never beyond the slowest (the default
    # method reaches past it on a few values)
    tenth = statistics.quantiles(values, n=10, method="inclusive")[8] if len(values) > 1 else values[0]

    def shown(value: float) -> str:
        return f"{value * 1000:.2f} ms" if milliseconds else f"{value:.3f} s"

    median = statistics.median(values)
    return f"median {shown(median)}, 90th percentile {shown(tenth)}, max {shown(max(values))}"


def bench_play(games: int, seed: int) -> None:
    names = list(OPPONENTS)
    tally = {name: [0, 0, 0] for name in names}
    seconds: list[float] = []
    for index in range(games):
        name = names[index % len(names)]
        played = play_from_empty(OPPONENTS[name], seed + index)
        column = 1 if played.winner is None else (0 if played.winner == 0 else 2)
        tally[name][column] += 1
        seconds += played.yellow_seconds
        verdict = "draw" if played.winner is None else ("Yellow won" if played.winner == 0 else "Red won")
        print(f"  game {index + 1} (seed {seed + index}), {name}: {played.moves} {verdict}", flush=True)
    for name in names:
        wins, draws, losses = tally[name]
        print(f"level 5 (Yellow) against {name}: {wins} wins, {draws} draws, {losses} losses")
    total = [sum(t[i] for t in tally.values()) for i in range(3)]
    print(f"level 5 (Yellow) over {games} games: {total[0]} wins, {total[1]} draws, {total[2]} losses")
    spread = _spread(seconds, milliseconds=True)
    print(f"processor time per level-5 move ({len(seconds)} moves): {spread}")


@dataclass
class Drawn:
    positions: list[Position]
    #: each position's columns from the empty grid (``4453``)
    moves: list[str] = field(default_factory=list)
    won_on_the_way: int = 0
    mover_wins_at_once: int = 0
    opponent_threat: int = 0
    repeated: int = 0


def random_positions(count: int, least: int, most: int, seed: int) -> Drawn:
    """`count` positions of `least` to `most` discs by random legal play (see the module's
    docstring for what is left out)."""
    rng = random.Random(seed)
    drawn = Drawn([])
    seen: set[int] = set()
    while len(drawn.positions) < count:
        discs = rng.randint(least, most)
        position = Position(0, 0, 0)
        won = False
        line = ""
        for _ply in range(discs):
            column = rng.choice([c for c in range(7) if position.can_play(c)])
            if position.wins_with(column):
                won = True
                break
            position = position.play(column)
            line += str(column + 1)
        if won:
            drawn.won_on_the_way += 1
        elif position.can_win_now():
            drawn.mover_wins_at_once += 1
        elif threats(position.current ^ position.mask, position.mask) & playable(position.mask):
            drawn.opponent_threat += 1
        elif position.key in seen:
            drawn.repeated += 1
        else:
            seen.add(position.key)
            drawn.positions.append(position)
            drawn.moves.append(line)
    return drawn


def bench_random_positions(
    count: int, least: int, most: int, seconds: float, seed: int, verbose: bool = False
) -> None:
    drawn = random_positions(count, least, most, seed)
    print(
        f"{count} positions of {least}-{most} discs by random play (seed {seed}); drawn again: "
        f"{drawn.won_on_the_way} won on the way, {drawn.mover_wins_at_once} where the side to move "
        f"wins at once, {drawn.opponent_threat} where the opponent has a playable four, "
        f"{drawn.repeated} repeated"
    )
    for weak in (True, False):
        times: list[float] = []
        at_once = unsolved = 0
        for position, line in zip(drawn.positions, drawn.moves, strict=True):
            Solver.clear_table()
            started = time.process_time()
            try:
                found = answer(position, weak, seconds)
            except SolverTimeout:
                unsolved += 1
                found = None
            times.append(time.process_time() - started)
            at_once += found is not None and found.source != SEARCH
            if verbose:
                result = "?" if found is None else f"{found.score:+d} ({found.source})"
                print(f"  {line} {result} {times[-1]:.3f} s", flush=True)
        kind = "weak (--weak)" if weak else "exact"
        print(
            f"solve {kind}: processor seconds per position {_spread(times)}; {at_once} answered at once "
            f"from the book or the table; {unsolved} not solved within {seconds:g} s",
            flush=True,
        )
