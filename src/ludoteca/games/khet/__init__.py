"""Khet, the laser game, in both editions: Khet 2.0 and the Eye of Horus edition.

`GAME` is the rules object. The engine: `board` (squares, pieces), `laser` (the beam), `moves`
(generation), `position` (the text format), `setups` (standard and user setups), `game` (the
contract), `search`/`evaluation`/`players` (the computer).
"""

from ludoteca.games.khet.game import KhetGame

GAME = KhetGame()

__all__ = ["GAME", "KhetGame"]
