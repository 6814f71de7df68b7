"""The board screen, split by what each part does (see `screen`)."""

from ludoteca.shells.window.screens.play.computers import Decided
from ludoteca.shells.window.screens.play.controls import CLAIM_DRAW
from ludoteca.shells.window.screens.play.screen import PlayScreen

__all__ = ["CLAIM_DRAW", "Decided", "PlayScreen"]
