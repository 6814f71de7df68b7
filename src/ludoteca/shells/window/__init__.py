"""The desktop GUI (pygame-ce + pygame_gui): `run_gui()` opens the window at the main menu.

Layout: `app` (window, frame loop, screens), `screens/` (the pages, reached by name through
`routes`), `boards` (which board a game gets), `widgets`, `settings`, `sound`. The games' boards
and what they are drawn with live in `games/<key>/window.py` and `kits/window/`.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.match import Match
    from ludoteca.store import SaveSlot, Store


def display_available() -> bool:
    """Whether a window can be opened here (a desktop session, not SSH or CI)."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_gui(store: Store | None = None, match: Match | None = None, slot: SaveSlot | None = None) -> int:
    """Open the window (at the board of `match` when given) and run until it is closed."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ludoteca.core.errors import LudotecaError
    from ludoteca.i18n import _
    from ludoteca.kits.window.page import Page
    from ludoteca.shells.window.app import App
    from ludoteca.shells.window.boards import has_board

    if match is not None and not has_board(match.game):
        raise LudotecaError(
            _(
                "{title} is not yet available in the window; play it in the terminal: ludoteca play {key}"
            ).format(title=_(match.game.info.title), key=match.game.info.key)
        )
    from ludoteca.shells.window.routes import ROUTES

    def first(app: App) -> Page:
        return ROUTES["play"](app, match, slot) if match is not None else ROUTES["menu"](app)

    try:
        app = App(store, first=first, routes=ROUTES)
    except pygame.error as err:
        raise LudotecaError(
            _("cannot open a window here ({reason}); use the terminal: ludoteca --ui tui").format(reason=err)
        ) from None
    return app.run()
