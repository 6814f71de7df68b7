"""Five or More: line up five balls of one colour before the board fills (classic and recolour)."""

from ludoteca.games.fiveormore.game import FiveOrMore

GAME = FiveOrMore()

__all__ = ["GAME", "FiveOrMore"]
