"""Robot Turtles: program a turtle with cards to reach a jewel (Galapagos rules, three rounds, Bug!)."""

from ludoteca.games.turtles.game import RobotTurtles

GAME = RobotTurtles()

__all__ = ["GAME", "RobotTurtles"]
