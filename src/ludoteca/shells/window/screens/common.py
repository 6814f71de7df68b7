"""Pieces several screens share: the page header, the back button, a note for games that are
not in the window yet."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.game import Game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App
from ludoteca.shells.window.widgets import Choice, Dialog, button


def header(app: App, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The page title at the top left; returns the y below it."""
    c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
    draw.text(surface, fonts.title, title, c.text, (s.margin * 2, s.margin))
    y = s.margin + fonts.title.get_linesize()
    if subtitle:
        draw.text(surface, fonts.body, subtitle, c.text_dim, (s.margin * 2, y + 2))
        y += fonts.body.get_linesize() + 4
    return y + s.gap


def header_height(app: App, subtitle: bool = False) -> int:
    fonts, s = app.fonts, app.theme.sizes
    return s.margin + fonts.title.get_linesize() + (fonts.body.get_linesize() + 4 if subtitle else 0) + s.gap


def back_button(app: App, action: Any = None, label: str | None = None) -> UIButton:

    s = app.theme.sizes
    rect = pygame.Rect(s.margin * 2, app.size[1] - s.margin - s.button_height, 160, s.button_height)
    return button(app, app.manager, rect, label or _("Back"), action or (lambda: app.go("menu")))


def not_in_window(app: App, game: Game[Any, Any]) -> Dialog:
    """The honest answer for a game whose board is not drawn in the window yet."""
    dialog = Dialog(
        _(game.info.title),
        _(
            "{title} is not yet available in the window. Play it in a terminal with: ludoteca play {key}"
        ).format(title=_(game.info.title), key=game.info.key),
        [Choice(_("OK"), app.close_dialog, primary=True)],
    )
    app.open_dialog(dialog)
    return dialog
