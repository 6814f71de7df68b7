"""Random openings for matches: a few quiet plies from a setup, so games differ from the start."""

from __future__ import annotations

import random

from ludoteca.games.khet import GAME
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.state import KhetState


def opening_line(variant: str, setup: str, plies: int, seed: int) -> list[Move]:
    """`plies` random moves from `setup` that destroy nothing and leave the other side no shot
    that wins at once (such an opening decides the game before either player has thought)."""
    state = GAME.start(GAME.options({"variant": variant, "setup": setup}), 0, 2)
    rng = random.Random(seed)
    line: list[Move] = []
    for _ply in range(plies):
        fair = [move for move in GAME.legal_moves(state) if _fair(GAME.play(state, move))]
        if not fair:
            break
        move = rng.choice(fair)
        line.append(move)
        state = GAME.play(state, move)
    return line


def _fair(after: KhetState) -> bool:
    if after.beam is not None and after.beam.destroyed:
        return False
    for reply in GAME.legal_moves(after):
        end = GAME.play(after, reply).end
        if end is not None and end.winner == after.turn:
            return False
    return True


def opening(variant: str, setup: str, plies: int, seed: int) -> KhetState:
    """The position after `opening_line`."""
    state = GAME.start(GAME.options({"variant": variant, "setup": setup}), 0, 2)
    for move in opening_line(variant, setup, plies, seed):
        state = GAME.play(state, move)
    return state
