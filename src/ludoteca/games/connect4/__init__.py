"""Connect Four and its Cascade variant (key ``connect4``)."""

from ludoteca.games.connect4.game import Connect4
from ludoteca.games.connect4.state import Connect4State

GAME = Connect4()

__all__ = ["GAME", "Connect4", "Connect4State"]
