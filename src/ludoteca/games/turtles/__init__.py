"""Robot Turtles: program a turtle with cards to reach a jewel (Galapagos rules, three rounds, Bug!)."""

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.turtles.game import RobotTurtlesGame

GAME = RobotTurtlesGame()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:TurtlesTerminalBoard",
    window_board=".window:TurtlesBoard",
    web_scene=".web_scene:scene",
    commands={"bench": ".bench:main"},
    order=60,
)

__all__ = ["DECLARATION", "GAME", "RobotTurtlesGame"]
