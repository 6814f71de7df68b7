"""Qwirkle: 2–4 players line up tiles sharing a colour or a shape; hidden hands, a shuffled bag."""

from __future__ import annotations

from ludoteca.games.qwirkle.rules import QwirkleGame

GAME = QwirkleGame()

__all__ = ["GAME", "QwirkleGame"]
