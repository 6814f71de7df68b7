"""Five or More: line up five balls of one colour before the board fills (classic and recolour)."""

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.fiveormore.game import FiveOrMoreGame

GAME = FiveOrMoreGame()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:FiveOrMoreTerminalBoard",
    window_board=".window:FiveOrMoreBoard",
    commands={"bench": ".bench:main", "scores": ".scores:main"},
    order=40,
)

__all__ = ["DECLARATION", "GAME", "FiveOrMoreGame"]
