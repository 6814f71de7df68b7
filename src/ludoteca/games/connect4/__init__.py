"""Connect Four and its Cascade variant (key ``connect4``)."""

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.connect4.game import Connect4Game
from ludoteca.games.connect4.state import Connect4State

GAME = Connect4Game()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:Connect4TerminalBoard",
    window_board=".window:Connect4Board",
    commands={"bench": ".bench:main", "solve": ".solve:main"},
    web_scene=".web_scene:scene",
    review=".review:analyser",
    puzzles=".puzzles:maker",
    order=20,
)

__all__ = ["DECLARATION", "GAME", "Connect4Game", "Connect4State"]
