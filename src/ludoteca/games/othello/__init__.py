"""Othello: bitboard rules, a strong engine and an exact endgame solver."""

from ludoteca.games.othello.game import PASS, LastMove, OthelloGame, OthelloState

GAME = OthelloGame()

__all__ = ["GAME", "PASS", "LastMove", "OthelloGame", "OthelloState"]
