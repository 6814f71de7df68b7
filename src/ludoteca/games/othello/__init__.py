"""Othello: bitboard rules, a strong engine and an exact endgame solver."""

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.othello.game import PASS, LastMove, OthelloGame, OthelloState

GAME = OthelloGame()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:OthelloTerminalBoard",
    window_board=".window:OthelloBoard",
    commands={"bench": ".bench:main", "solve": ".solve:main", "train": ".train:main"},
    web_scene=".web_scene:scene",
    review=".review:analyser",
    puzzles=".puzzles:maker",
    order=30,
)

__all__ = ["DECLARATION", "GAME", "PASS", "LastMove", "OthelloGame", "OthelloState"]
