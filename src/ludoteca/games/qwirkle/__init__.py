"""Qwirkle: 2–4 players line up tiles sharing a colour or a shape; hidden hands, a shuffled bag."""

from __future__ import annotations

from ludoteca.core.declaration import GameDeclaration
from ludoteca.games.qwirkle.game import QwirkleGame

GAME = QwirkleGame()

DECLARATION = GameDeclaration(
    GAME,
    levels=".players:LEVELS",
    terminal_board=".terminal:QwirkleTerminalBoard",
    window_board=".window:QwirkleBoard",
    commands={"bench": ".bench:main", "scores": ".scores:main"},
    web_scene=".web_scene:scene",
    puzzles=".puzzles:maker",
    review=".review:analyser",
    order=50,
)

__all__ = ["DECLARATION", "GAME", "QwirkleGame"]
