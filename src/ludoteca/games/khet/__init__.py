"""Khet, the laser game, in both editions: Khet 2.0 and the Eye of Horus edition.

`GAME` is the rules object. The engine: `board` (squares, pieces), `laser` (the beam), `moves`
(generation), `position` (the text format), `setups` (standard and user setups), `game` (the
contract), `kernel`/`search`/`evaluation`/`players` (the computer).
"""

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.khet.game import KhetGame
from ludoteca.i18n import N_

GAME = KhetGame()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:KhetTerminalBoard",
    window_board=".window:KhetBoard",
    window_tools={N_("Khet setup editor"): ".setup_editor:tool"},
    commands={"bench": ".bench:main", "setups": ".setups_command:main", "solve": ".solve:main"},
    start_position=".setups_command:position_for",
    puzzles=".puzzles:maker",
    review=".review:analyser",
    web_scene=".web_scene:scene",
    order=10,
)

__all__ = ["DECLARATION", "GAME", "KhetGame"]
