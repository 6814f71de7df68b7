"""A new game's page: its options (generated from the game's OptionSpecs) and its players."""

from ludoteca.shells.window.screens.options.draft import COMPUTER, HUMAN, NETWORK, SeatChoice
from ludoteca.shells.window.screens.options.screen import OptionsScreen

__all__ = ["COMPUTER", "HUMAN", "NETWORK", "OptionsScreen", "SeatChoice"]
