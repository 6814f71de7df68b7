"""Perft: how many positions lie at exactly depth d of the legal-move tree.

The chess convention: a finished game contributes nothing below its depth; a forced pass is a ply.
The last ply is bulk-counted (the number of legal moves), which is exact because every legal move
leads to exactly one position.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if game.to_move(state) is None:
        return 0
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    play = game.play
    return sum(perft(game, play(state, move), depth - 1) for move in moves)


def divide(game: Game[Any, Any], state: Any, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move (for finding where two move generators disagree)."""
    return [
        (game.format_move(state, move), perft(game, game.play(state, move), depth - 1))
        for move in game.legal_moves(state)
    ]
