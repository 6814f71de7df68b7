"""The rules of the game being played, in a scrolling box over the dimmed board (F1 or Rules)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UITextBox

from ludoteca.core.game import Game
from ludoteca.i18n import _
from ludoteca.shells.window.markdown import to_html
from ludoteca.shells.window.widgets import App, Choice, Dialog, button, button_width


class RulesDialog(Dialog):
    """The rules in a scrolling box over the dimmed board."""

    def __init__(self, game: Game[Any, Any]) -> None:
        super().__init__(_("Rules: {title}").format(title=_(game.info.title)), "", [])
        self.game = game
        self.box: UITextBox | None = None

    def build(self, app: App) -> None:
        s = app.theme.sizes
        close_label = _("Close")
        self.choices = [Choice(close_label, app.close_dialog, primary=True)]
        width = min(round(s.dialog_width * 1.55), app.size[0] - 2 * s.margin)
        height = app.size[1] - 4 * s.margin
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (app.size[0] // 2, app.size[1] // 2)
        title_h = self.fit_title(app, width - 2 * s.margin) + s.gap
        box = pygame.Rect(
            self.rect.left + s.margin,
            self.rect.top + s.margin + title_h,
            width - 2 * s.margin,
            height - 3 * s.margin - title_h - s.button_height,
        )
        self.box = UITextBox(to_html(self.game.rules_text(), s.body), box, app.overlay_manager)
        close_w = button_width(app, close_label, 160, bold=True)
        close = pygame.Rect(
            self.rect.right - s.margin - close_w,
            self.rect.bottom - s.margin - s.button_height,
            close_w,
            s.button_height,
        )
        self.buttons = [button(app, app.overlay_manager, close, close_label, app.close_dialog, primary=True)]

    def confirm(self) -> None:
        self.cancel()
