"""The window's screens by name. Screens never import each other: they ask the app to `go` to a
name, and this table (the one place that knows every screen) makes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of
from ludoteca.kits.window.page import Page
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.choose import ChooseScreen
from ludoteca.shells.window.screens.club import ClubScreen
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.manual import ManualScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.network import NetworkScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.puzzles import PuzzlesScreen
from ludoteca.shells.window.screens.replay import ReplayScreen
from ludoteca.shells.window.screens.rules import RulesScreen
from ludoteca.shells.window.screens.saves import SavesScreen
from ludoteca.shells.window.screens.scores import ScoresScreen
from ludoteca.shells.window.screens.settings import SettingsScreen
from ludoteca.shells.window.screens.table import TableScreen


def game_tool(app: App, game: Game[Any, Any], label: str, back: tuple[Any, ...] = ("menu",)) -> Page:
    """A page a game brings (`GameDeclaration.window_tools`); its way back leads to `back`, a
    route and its arguments (the options screen it was opened from, or the menu)."""
    factory = declaration_of(game).tool(label)
    page: Page = factory(app, lambda: app.go(*back))
    return page


ROUTES: dict[str, Callable[..., Page]] = {
    "menu": MenuScreen,
    "choose": ChooseScreen,
    "options": OptionsScreen,
    "play": PlayScreen,
    "end": EndScreen,
    "rules": RulesScreen,
    "puzzles": PuzzlesScreen,
    "manual": ManualScreen,
    "saves": SavesScreen,
    "scores": ScoresScreen,
    "settings": SettingsScreen,
    "network": NetworkScreen,
    "club": ClubScreen,
    "replay": ReplayScreen,
    "table": TableScreen,
    "tool": game_tool,
}


def open_app(*args: Any, **kwargs: Any) -> App:
    """The application with every screen reachable (arguments as for `App`)."""
    return App(*args, routes=ROUTES, **kwargs)
