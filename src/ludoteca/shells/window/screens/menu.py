"""The main menu: play, resume, score history, rules, settings, quit."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of, failures, game_keys, get_game
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.pictures import Pictures
from ludoteca.shells.window.screens.common import not_in_window, unloaded_games
from ludoteca.shells.window.widgets import button


class MenuScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self._showcase: pygame.Surface | None = None
        self._showcase_key: tuple[object, ...] = ()
        self.pictures = Pictures(app)
        #: each game's picture takes a click: the quickest way to a game
        self.cards: dict[str, UIButton] = {}

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
            ("manual", _("Manual"), lambda: app.go("manual"), False),
            ("puzzles", _("Puzzles"), lambda: app.go("puzzles"), False),
            *self._tools(),
            ("settings", _("Settings"), lambda: app.go("settings"), False),
            *self._unloaded(),
            ("quit", _("Quit"), app.quit, False),
        ]
        # the rules and the manual share a row: two short words, and one row fewer
        rows: list[list[tuple[str, str, Any, bool]]] = []
        for entry in entries:
            if entry[0] == "manual" and rows and rows[-1][0][0] == "rules":
                rows[-1].append(entry)
            else:
                rows.append([entry])
        top = self._subtitle_rect().bottom + s.margin + s.gap
        # a short window narrows the gaps between the buttons (never the buttons) before they
        # climb over the subtitle
        step = max(
            s.button_height + 6, min(s.button_height + s.gap + 4, (h - s.margin - 6 - top) // len(rows))
        )
        top = min(top, h - s.margin - 6 - step * len(rows))
        self.buttons = {}
        for i, row in enumerate(rows):
            width = (column.width - s.gap * (len(row) - 1)) // len(row)
            for j, (key, label, action, primary) in enumerate(row):
                rect = pygame.Rect(
                    column.left + j * (width + s.gap),
                    top + i * step,
                    width,
                    s.button_height + (6 if primary else 0),
                )
                self.buttons[key] = button(app, app.manager, rect, label, action, primary=primary)
            if any(primary for _key, _label, _action, primary in row):
                top += 6
        self.cards = {
            game.info.key: button(app, app.manager, rect, "", partial(self.pick, game), object_id="#card")
            for game, rect in self._cards()
        }

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

    def _unloaded(self) -> list[tuple[str, str, Any, bool]]:
        """A button naming how many installed games failed to load, when some did: the window
        says so as the terminal does, rather than leaving a game silently off the shelf."""
        count = len(failures())
        if not count:
            return []
        label = ngettext("{n} game could not be loaded", "{n} games could not be loaded", count)
        return [("unloaded", label.format(n=count), partial(unloaded_games, self.app), False)]

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
        c, fonts = self.app.theme.colours, self.app.fonts
        column = self._column()
        draw.text(surface, fonts.title, "Ludoteca", c.text, column.topleft)
        draw.paragraph(surface, fonts.body, self._subtitle(), c.text_dim, self._subtitle_rect())
        showcase = self._showcase_surface()
        if showcase is not None:
            surface.blit(showcase, self._showcase_area())

    def _cards(self) -> list[tuple[Game[Any, Any], pygame.Rect]]:
        """Every game on the shelf as a card (its picture, its title under it) in the space right
        of the buttons, in window coordinates: as many columns as give the largest pictures; none
        when the window is too narrow for pictures to say anything."""
        s, fonts = self.app.theme.sizes, self.app.fonts
        area = self._showcase_area()
        if area.width < 240:
            return []
        games = [get_game(key) for key in game_keys()]
        gap, label = s.margin, fonts.small.get_linesize() + 6
        best: tuple[float, int, int] = (0.0, 1, len(games))
        for columns in range(1, len(games) + 1):
            rows = -(-len(games) // columns)
            side = min(
                (area.width - gap * (columns - 1)) / columns, (area.height - gap * (rows - 1)) / rows - label
            )
            if side > best[0]:
                best = (side, columns, rows)
        side, columns, rows = best
        if side < 60:
            return []
        total_w = columns * side + gap * (columns - 1)
        total_h = rows * (side + label) + gap * (rows - 1)
        cards = []
        for i, game in enumerate(games):
            row, index = divmod(i, columns)
            col = float(index)
            last_row = len(games) - row * columns
            if last_row < columns:
                col += (columns - last_row) / 2  # centre a last, shorter row
            rect = pygame.Rect(
                round(area.left + (area.width - total_w) / 2 + col * (side + gap)),
                round(area.top + (area.height - total_h) / 2 + row * (side + label + gap)),
                round(side),
                round(side + label),
            )
            cards.append((game, rect))
        return cards

    def _showcase_area(self) -> pygame.Rect:
        app, s = self.app, self.app.theme.sizes
        left = self._column().right + s.margin * 2
        return pygame.Rect(left, s.margin * 2, app.size[0] - s.margin * 2 - left, app.size[1] - s.margin * 4)

    def pick(self, game: Game[Any, Any]) -> None:
        if has_board(game):
            self.app.go("options", game)
        else:
            not_in_window(self.app, game)

    def _showcase_surface(self) -> pygame.Surface | None:
        """The cards, drawn once per size and theme onto one picture of the showcase's area."""
        app = self.app
        key = (app.size, app.theme.key)
        if self._showcase is not None and self._showcase_key == key:
            return self._showcase
        c, fonts, area = app.theme.colours, app.fonts, self._showcase_area()
        cards = self._cards()
        if not cards:
            return None
        image = pygame.Surface(area.size, pygame.SRCALPHA)
        label = fonts.small.get_linesize() + 6
        for game, card in cards:
            rect = card.move(-area.left, -area.top)
            draw.card(image, rect, c.panel, c.panel_edge, 14, shadow=c.shadow)
            square = pygame.Rect(rect.left, rect.top, rect.width, rect.height - label)
            picture = square.inflate(-square.width // 8, -square.width // 8)
            image.blit(self.pictures.of(game, picture.size), picture)
            title = draw.ellipsize(fonts.small, _(game.info.title), rect.width - 12)
            draw.text(image, fonts.small, title, c.text_dim, (rect.centerx, rect.bottom - 6), "midbottom")
        self._showcase, self._showcase_key = image, key
        return image
