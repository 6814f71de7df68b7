"""Choosing a game: one card per game, with a picture drawn by its board."""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.game import Game
from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_button, header, header_height, not_in_window
from ludoteca.shells.window.widgets import button


class ChooseScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games: list[Game[Any, Any]] = [get_game(key) for key in game_keys()]
        self.cards: dict[str, UIButton] = {}
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def _card_rects(self) -> list[pygame.Rect]:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app, subtitle=True) + s.gap
        bottom = app.size[1] - s.margin * 2 - s.button_height
        left, width = s.margin * 2, app.size[0] - s.margin * 4
        count = len(self.games)
        gap = s.margin
        text_h = self._text_height()

        def picture_side(columns: int) -> float:
            rows = math.ceil(count / columns)
            cw = (width - gap * (columns - 1)) / columns
            ch = (bottom - top - gap * (rows - 1)) / rows
            return min(cw, ch - text_h)

        columns = max(range(1, min(count, 4) + 1), key=picture_side)
        rows = math.ceil(count / columns)
        cw = (width - gap * (columns - 1)) / columns
        ch = min((bottom - top - gap * (rows - 1)) / rows, cw * 0.95 + text_h * 0.5)
        return [
            pygame.Rect(
                round(left + (i % columns) * (cw + gap)),
                round(top + (i // columns) * (ch + gap)),
                round(cw),
                round(ch),
            )
            for i in range(count)
        ]

    def _text_height(self) -> int:
        fonts, s = self.app.fonts, self.app.theme.sizes
        return fonts.body.get_linesize() + 2 * fonts.small.get_linesize() + s.gap * 2

    def build(self) -> None:
        app = self.app
        self.cards = {}
        for game, rect in zip(self.games, self._card_rects(), strict=True):
            self.cards[game.info.key] = button(
                app, app.manager, rect, "", partial(self.pick, game), object_id="#card"
            )
        back_button(app)

    def pick(self, game: Game[Any, Any]) -> None:

        if board_for(game, self.app.theme, self.app.fonts) is None:
            not_in_window(self.app, game)
            return
        self.app.go("options", game)

    def back(self) -> None:

        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(app, surface, _("Choose a game"), _("Click a game to choose its options and players."))
        for game, rect in zip(self.games, self._card_rects(), strict=True):
            draw.card(surface, rect, c.panel, None, s.corner + 6, shadow=c.shadow)
            text_height = self._text_height()
            picture = pygame.Rect(
                rect.left + s.gap, rect.top + s.gap, rect.width - 2 * s.gap, rect.height - text_height - s.gap
            )
            surface.blit(self._picture(game, picture.size), picture)
            y = picture.bottom + s.gap
            draw.text(surface, fonts.body_bold, _(game.info.title), c.text, (rect.left + s.margin, y))
            y += fonts.body.get_linesize()
            summary = pygame.Rect(
                rect.left + s.margin, y, rect.width - 2 * s.margin, 2 * fonts.small.get_linesize()
            )
            draw.paragraph(surface, fonts.small, _(game.info.summary), c.text_dim, summary, 0)

    def _picture(self, game: Game[Any, Any], size: tuple[int, int]) -> pygame.Surface:
        key = (game.info.key, size)
        if key not in self._pictures:
            image = pygame.Surface(size, pygame.SRCALPHA)
            board = board_for(game, self.app.theme, self.app.fonts)
            if board is not None and size[0] > 20 and size[1] > 20:
                board.draw_thumbnail(image, image.get_rect())
            else:
                self._placeholder(image, game)
            self._pictures[key] = image
        return self._pictures[key]

    def _placeholder(self, image: pygame.Surface, game: Game[Any, Any]) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        rect = image.get_rect()
        pygame.draw.rect(image, c.background, rect, border_radius=10)
        draw.text(
            image,
            fonts.title,
            _(game.info.title)[:1],
            c.text_dim,
            (rect.centerx, rect.centery - 16),
            "center",
        )
        draw.text(
            image,
            fonts.small,
            _("in the terminal for now"),
            c.text_dim,
            (rect.centerx, rect.centery + 20),
            "center",
        )
