"""Gomoku for Ludoteca: the declaration Ludoteca finds through the entry point in
pyproject.toml. Everything beyond the rules is optional (see docs/adding-a-game.md)."""

from ludoteca.core.declaration import GameDeclaration
from ludoteca_gomoku.game import GAME

#: `api` is the plug-in API this package was written for: Ludoteca refuses, with a sentence
#: saying what to upgrade, a package it cannot serve
DECLARATION = GameDeclaration(GAME, api=1, distribution="ludoteca-gomoku")
