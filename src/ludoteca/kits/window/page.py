"""A page of the window application, as a game may bring its own (Khet's setup editor).

The window shell's screens (`shells.window.app.Screen`) are pages too. A game's page reaches the
application only through `Host`: its size, theme and fonts, the widget managers, the player's store,
navigation by name (`go("options", game)`), deferred actions and dialogs. It never imports a shell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import Theme
from ludoteca.kits.window.widgets import Dialog


class Host(Protocol):
    """What a page may use of the window application (`shells.window.app.App`)."""

    size: tuple[int, int]
    theme: Theme
    fonts: Fonts
    manager: pygame_gui.UIManager
    overlay_manager: pygame_gui.UIManager
    dialog: Dialog | None
    #: the player's store (`ludoteca.store.Store`): saved games, settings, custom setups
    store: Any
    sounds: Any

    def go(self, name: str, *args: object, **kwargs: object) -> None: ...

    def later(self, action: Callable[[], None]) -> None: ...

    def open_dialog(self, dialog: Dialog) -> None: ...

    def close_dialog(self) -> None: ...

    def rebuild(self) -> None: ...

    def now(self) -> float: ...

    def draw_background(self, surface: pygame.Surface) -> None: ...


class Page:
    """One page of the application. Widgets are created in `build` (called again after a
    resize, a language or a theme change), so a page keeps its state in plain attributes."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def build(self) -> None:
        """Create this page's widgets in `app.manager` for the current window size."""

    def handle(self, event: pygame.event.Event) -> None:
        """An event no widget used (clicks on the board, keys)."""

    def update(self, now: float) -> None:
        """Advance timers and animations; `now` is in milliseconds."""

    def on_match(self, event: Any) -> None:
        """A match this page listens to (through `App.post`) told something (`match.events`)."""

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)

    def back(self) -> None:
        """Esc with no dialog open."""

    def leave(self) -> None:
        """The app is switching to another page."""

    def on_quit(self) -> None:
        """The window is closing: keep whatever must not be lost."""
