"""The "play over the network" page, split by what each part does (see `screen`)."""

from ludoteca.shells.window.screens.network.screen import NAME_SETTING, NetworkScreen

__all__ = ["NAME_SETTING", "NetworkScreen"]
