"""`ludoteca bench othello --variants A:B`: two forms of level 5 against each other, to measure
what one change to the engine buys.

A form is `level5` (level 5 as it plays) or level 5 with changes joined by "+":
* `python`: its midgame search in Python instead of the compiled kernel (the search before it);
* `hand`, `learned`: that evaluation at the leaves (level 5 plays with the learned one);
* `no-probcut`: the compiled search without probable cut-offs (`probcut.py`).
For instance `ludoteca bench othello --variants level5:hand` weighs the learned evaluation
against the hand-tuned one, `hand:python+hand` the compiled search against the Python one.

Each game starts from a random line of a few plies (seeded), played once with each colour; both
sides get the same wall time a move and one solver thread, in one process, one move at a time, so
that neither is slowed by the other. Score: wins + ½ draws for the first form.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from ludoteca.games.othello.bitboard import Bitboard, Square, square_name, squares_of
from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.evaluation import evaluate as hand
from ludoteca.games.othello.game import START_BLACK, START_WHITE
from ludoteca.games.othello.learned import evaluate as learned
from ludoteca.games.othello.players import LEVEL_SETTINGS
from ludoteca.games.othello.search import after, final_score, legal_moves

#: the changes a form may make to level 5
CHANGES: Final = ("python", "hand", "learned", "no-probcut")


def variant_engine(name: str) -> Engine:
    """A fresh level 5 engine in the form `name` (see the module's docstring)."""
    changes = [] if name == "level5" else name.split("+")
    unknown = [change for change in changes if change not in CHANGES]
    if unknown:
        raise ValueError(
            f"unknown form {name!r}: level5, or changes joined by '+' among {', '.join(CHANGES)}"
        )
    settings = replace(LEVEL_SETTINGS[5], solve_threads=1)
    if "hand" in changes:
        settings = replace(settings, evaluator=hand)
    if "learned" in changes:
        settings = replace(settings, evaluator=learned)
    if "no-probcut" in changes:
        settings = replace(settings, probcut=False)
    engine = Engine(settings)
    if "python" in changes:
        engine.kernel_evaluation = None
    return engine


def opening(rng: random.Random, plies: int) -> list[Square]:
    """A random line of `plies` moves from the start (drawn again until no side has to pass)."""
    while True:
        p, o, line = START_BLACK, START_WHITE, []
        for _ in range(plies):
            moves = legal_moves(p, o)
            if not moves:
                break
            square = rng.choice(squares_of(moves))
            line.append(square)
            p, o = after(p, o, square)
        if len(line) == plies and legal_moves(p, o):
            return line


def play(black: Engine, white: Engine, line: list[Square], seconds: float) -> int:
    """Black's final disc difference (empties to the winner) after `line`, then the engines."""
    p: Bitboard = START_BLACK
    o: Bitboard = START_WHITE
    side = 0
    for square in line:
        p, o = after(p, o, square)
        side ^= 1
    engines = (black, white)
    while True:
        if not legal_moves(p, o):
            if not legal_moves(o, p):
                value = final_score(p, o)
                return value if side == 0 else -value
            p, o, side = o, p, side ^ 1
            continue
        p, o = after(p, o, engines[side].choose(p, o, seconds))
        side ^= 1


def variants_match(
    first: str, second: str, games: int, seconds: float, plies: int, seed: int, say: Callable[[str], None]
) -> float:
    """The first form's score (0–1) over `games` games (rounded up to pairs), printing each game."""
    variant_engine(first), variant_engine(second)  # unknown names fail before any game
    rng = random.Random(seed)
    points = 0.0
    played = 0
    for _ in range((games + 1) // 2):
        line = opening(rng, plies)
        for first_is_black in (True, False):
            a, b = variant_engine(first), variant_engine(second)
            value = play(a, b, line, seconds) if first_is_black else -play(b, a, line, seconds)
            points += 1.0 if value > 0 else 0.5 if value == 0 else 0.0
            played += 1
            colour = "Black" if first_is_black else "White"
            moves = " ".join(square_name(s) for s in line)
            say(f"game {played} [{moves}] {first} ({colour}) {value:+d}: {first} {points:g} of {played}")
    share = 100 * points / played
    say(f"{first} against {second}: {points:g} of {played} ({share:.1f} %), {seconds:g} s a move")
    return points / played
