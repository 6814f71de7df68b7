"""The rules: a page from the main menu, and the same text over the board (F1 or Rules)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UITextBox

from ludoteca.core.game import Game
from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.markdown import to_html
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Choice, Dialog, Segmented, button


class RulesDialog(Dialog):
    """The rules in a scrolling box over the dimmed board."""

    def __init__(self, game: Game[Any, Any]) -> None:
        super().__init__(_("Rules: {title}").format(title=_(game.info.title)), "", [])
        self.game = game
        self.box: UITextBox | None = None

    def build(self, app: App) -> None:
        s = app.theme.sizes
        self.choices = [Choice(_("Close"), app.close_dialog, primary=True)]
        width = min(860, app.size[0] - 2 * s.margin)
        height = app.size[1] - 4 * s.margin
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (app.size[0] // 2, app.size[1] // 2)
        title_h = app.fonts.title.get_linesize() + s.gap
        box = pygame.Rect(
            self.rect.left + s.margin,
            self.rect.top + s.margin + title_h,
            width - 2 * s.margin,
            height - 3 * s.margin - title_h - s.button_height,
        )
        self.box = UITextBox(to_html(self.game.rules_text()), box, app.overlay_manager)
        close = pygame.Rect(
            self.rect.right - s.margin - 160,
            self.rect.bottom - s.margin - s.button_height,
            160,
            s.button_height,
        )
        self.buttons = [button(app, app.overlay_manager, close, _("Close"), app.close_dialog, primary=True)]

    def confirm(self) -> None:
        self.cancel()


class RulesScreen(Screen):
    def __init__(self, app: App, key: str | None = None) -> None:
        super().__init__(app)
        self.key = key or game_keys()[0]
        self.picker: Segmented[str] | None = None
        self.box: UITextBox | None = None

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app)
        width = app.size[0] - 4 * s.margin
        games = [(key, _(get_game(key).info.title)) for key in game_keys()]
        self.picker = Segmented(
            app,
            app.manager,
            pygame.Rect(2 * s.margin, top, width, s.button_height),
            games,
            self.key,
            self.pick,
        )
        box = pygame.Rect(
            2 * s.margin,
            top + s.button_height + s.gap * 2,
            width,
            app.size[1] - top - s.button_height * 2 - s.gap * 2 - s.margin * 3,
        )
        self.box = UITextBox(to_html(get_game(self.key).rules_text()), box, app.manager)
        back_button(app)

    def pick(self, key: str) -> None:
        self.key = key
        self.app.rebuild()

    def back(self) -> None:
        from ludoteca.shells.window.screens.menu import MenuScreen

        self.app.show(MenuScreen(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        header(self.app, surface, _("Rules"))
