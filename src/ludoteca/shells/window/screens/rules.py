"""The rules: a page from the main menu, and the same text over the board (F1 or Rules)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.markdown import to_html
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented


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
        self.box = UITextBox(to_html(get_game(self.key).rules_text(), s.body), box, app.manager)
        back_button(app)

    def pick(self, key: str) -> None:
        self.key = key
        self.app.rebuild()

    def back(self) -> None:

        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        header(self.app, surface, _("Rules"))
