"""Small builders shared by the Khet tests."""

from __future__ import annotations

from ludoteca.games.khet import GAME
from ludoteca.games.khet.board import empty_board, parse_square
from ludoteca.games.khet.position import parse_tokens
from ludoteca.games.khet.state import KhetState


def sq(name: str) -> int:
    found = parse_square(name)
    assert found is not None, name
    return found


def cells(text: str) -> list[int]:
    """A board (as a list) holding the pieces of `text` (position format, no checks)."""
    if not text.strip():
        return empty_board()
    return list(parse_tokens(text).board)


def start(variant: str = "khet2", setup: str = "classic") -> KhetState:
    return GAME.start(GAME.options({"variant": variant, "setup": setup}), 0, 2)


def position(text: str, variant: str = "khet2") -> KhetState:
    return GAME.parse_position(text, GAME.options({"variant": variant}))


def play(state: KhetState, *moves: str) -> KhetState:
    for text in moves:
        state = GAME.play(state, GAME.read_move(state, text))
    return state
