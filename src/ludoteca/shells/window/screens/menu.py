"""The main menu: play, resume, score history, rules, settings, quit."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.registry import declaration_of, game_keys, get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.widgets import button


class MenuScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self._showcase: pygame.Surface | None = None
        self._showcase_key: tuple[object, ...] = ()

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        h = app.size[1]
        column = self._column()
        entries = [
            ("play", _("Play a game"), lambda: app.go("choose"), True),
            ("network", _("Play over the network"), lambda: app.go("network"), False),
            ("resume", _("Resume a saved game"), lambda: app.go("saves"), False),
            ("scores", _("Score history"), lambda: app.go("scores"), False),
            ("rules", _("Rules"), lambda: app.go("rules"), False),
            *self._tools(),
            ("settings", _("Settings"), lambda: app.go("settings"), False),
            ("quit", _("Quit"), app.quit, False),
        ]
        step = s.button_height + s.gap + 4
        top = self._subtitle_rect().bottom + s.margin + s.gap
        top = min(top, h - s.margin - step * len(entries))
        self.buttons = {}
        for i, (key, label, action, primary) in enumerate(entries):
            rect = pygame.Rect(
                column.left, top + i * step, column.width, s.button_height + (6 if primary else 0)
            )
            if primary:
                top += 6
            self.buttons[key] = button(app, app.manager, rect, label, action, primary=primary)

    def _tools(self) -> list[tuple[str, str, Any, bool]]:
        """The games' own pages (`GameDeclaration.window_tools`: Khet's setup editor), one button each."""
        found: list[tuple[str, str, Any, bool]] = []
        for key in game_keys():
            game = get_game(key)
            for label in declaration_of(game).window_tools:
                found.append(
                    (f"tool:{key}:{label}", _(label), partial(self.app.go, "tool", game, label), False)
                )
        return found

    def _column(self) -> pygame.Rect:
        w, h = self.app.size
        theme = self.app.theme
        width = min(theme.px(360), max(theme.px(260), w // 3))
        left = max(theme.sizes.margin * 2, w // 12)
        return pygame.Rect(left, max(40, h // 8), width, h - max(40, h // 8))

    def _subtitle(self) -> str:
        return _("A shelf of board games, to play with friends or against the computer.")

    def _subtitle_rect(self) -> pygame.Rect:
        fonts, column = self.app.fonts, self._column()
        lines = draw.wrap(fonts.body, self._subtitle(), column.width)
        top = column.top + fonts.title.get_linesize() + 6
        return pygame.Rect(column.left, top, column.width, draw.lines_height(fonts.body, len(lines)))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts = self.app, self.app.theme.colours, self.app.fonts
        column = self._column()
        draw.text(surface, fonts.title, "Ludoteca", c.text, column.topleft)
        draw.paragraph(surface, fonts.body, self._subtitle(), c.text_dim, self._subtitle_rect())
        showcase = self._showcase_surface()
        if showcase is not None:
            surface.blit(
                showcase,
                showcase.get_rect(
                    topright=(app.size[0] - app.theme.sizes.margin * 2, app.theme.sizes.margin * 2)
                ),
            )

    def _showcase_surface(self) -> pygame.Surface | None:
        """Pictures of the games in the window, laid out like cards on the table (drawn once per size)."""
        app = self.app
        column = self._column()
        s = app.theme.sizes
        space = app.size[0] - column.right - s.margin * 4
        height = app.size[1] - s.margin * 4
        if space < 240:
            return None
        key = (app.size, app.theme.key)
        if self._showcase is not None and self._showcase_key == key:
            return self._showcase
        c = app.theme.colours
        boards = [b for k in game_keys() if (b := board_for(get_game(k), app.theme, app.fonts)) is not None][
            :4
        ]
        image = pygame.Surface((space, height), pygame.SRCALPHA)
        if boards:
            columns = 1 if len(boards) == 1 else 2
            rows = -(-len(boards) // columns)
            gap = s.margin
            side = min((space - gap * (columns - 1)) / columns, (height - gap * (rows - 1)) / rows)
            total_w = columns * side + gap * (columns - 1)
            total_h = rows * side + gap * (rows - 1)
            for i, board in enumerate(boards):
                row, column_index = divmod(i, columns)
                col = float(column_index)
                if row == rows - 1 and len(boards) % columns:
                    col += 0.5  # centre a last, lonely card
                rect = pygame.Rect(
                    round((space - total_w) / 2 + col * (side + gap)),
                    round((height - total_h) / 2 + row * (side + gap)),
                    round(side),
                    round(side),
                )
                draw.card(image, rect, c.panel, c.panel_edge, 14, shadow=c.shadow)
                board.draw_thumbnail(image, rect.inflate(-28, -28))
        self._showcase, self._showcase_key = image, key
        return image
