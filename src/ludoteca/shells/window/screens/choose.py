"""Choosing a game: one card per game, with a picture drawn by its board."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.game import Game
from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.pictures import Pictures
from ludoteca.shells.window.screens.common import back_button, header, header_height, not_in_window
from ludoteca.shells.window.widgets import button, button_width

#: a game's picture is never smaller than this (at 1280×800's scale): fewer games to a page instead
SMALLEST_PICTURE = 64


@dataclass(frozen=True)
class Card:
    """A game's card on the page, its picture and its words (title and summary)."""

    rect: pygame.Rect
    picture: pygame.Rect
    words: pygame.Rect


class ChooseScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games: list[Game[Any, Any]] = [get_game(key) for key in game_keys()]
        self.cards: dict[str, UIButton] = {}
        self.layout: list[Card] = []
        self.page = 0
        self.pictures = Pictures(app)

    def subtitle(self) -> str:
        return _("Click a game to choose its options and players.")

    def _cards(self) -> list[Card]:
        """The cards of a page of games, with their pictures and words: the picture above the
        words, or beside them when many games share a small window; whichever shows the larger
        pictures with every summary whole; as many games to a page as can be shown so."""
        app, s = self.app, self.app.theme.sizes
        top = header_height(app, self.subtitle()) + s.gap
        area = pygame.Rect(
            s.margin * 2, top, app.size[0] - s.margin * 4, app.size[1] - s.margin * 2 - s.button_height - top
        )
        for count in range(len(self.games), 0, -1):  # fewer to a page when they do not all fit
            cards = self._cards_for(count, area)
            if cards:
                return cards
        return []

    def _cards_for(self, count: int, area: pygame.Rect) -> list[Card]:
        """The best layout of `count` cards in `area` (none if their words cannot fit)."""
        gap = self.app.theme.sizes.margin
        best: tuple[float, list[Card]] = (-1.0, [])
        for columns in range(1, min(count, 4) + 1):
            rows = math.ceil(count / columns)
            cw = (area.width - gap * (columns - 1)) / columns
            ch = (area.height - gap * (rows - 1)) / rows
            for beside in (False, True):
                shape = self._card_shape(round(cw), round(ch), beside)
                if shape is not None and shape[0] > best[0]:
                    side, height, picture, text = shape
                    cards = []
                    for i in range(count):
                        rect = pygame.Rect(
                            round(area.left + (i % columns) * (cw + gap)),
                            round(area.top + (i // columns) * (height + gap)),
                            round(cw),
                            round(height),
                        )
                        cards.append(Card(rect, picture.move(rect.topleft), text.move(rect.topleft)))
                    best = (side, cards)
        return best[1]

    def _card_shape(
        self, width: int, height: int, beside: bool
    ) -> tuple[float, int, pygame.Rect, pygame.Rect] | None:
        """(picture side, card height, picture and words as rects within the card) for a card of
        at most `width` × `height`; None when the words do not fit."""
        s = self.app.theme.sizes
        pad = s.gap
        smallest = self.app.theme.px(SMALLEST_PICTURE)
        if beside:
            # the largest picture that leaves the words room enough
            for side in range(round(min(height - 2 * pad, width * 0.45)), smallest - 1, -4):
                words_w = width - side - 2 * pad - s.margin
                words_h = self._text_height(words_w)
                if words_w >= 40 and words_h <= height - 2 * pad:
                    top = (height - side) // 2
                    picture = pygame.Rect(pad, top, side, side)
                    words = pygame.Rect(
                        picture.right + s.margin // 2, (height - words_h) // 2, words_w, words_h
                    )
                    return side, height, picture, words
            return None
        words_w = width - 2 * s.margin
        words_h = self._text_height(words_w)
        tall = min(height, round(width * 0.95 + words_h * 0.5))
        picture = pygame.Rect(pad, pad, width - 2 * pad, tall - words_h - 3 * pad)
        if min(picture.size) < smallest or words_w < 40:
            return None
        words = pygame.Rect(s.margin, picture.bottom + pad, words_w, words_h)
        return min(picture.width, picture.height), tall, picture, words

    def _text_height(self, width: int) -> int:
        """The room for a card's title and its whole summary (the longest of them) in `width`."""
        fonts = self.app.fonts
        lines = max((len(draw.wrap(fonts.small, _(g.info.summary), width)) for g in self.games), default=1)
        return fonts.body.get_linesize() + draw.lines_height(fonts.small, lines, 0)

    def build(self) -> None:
        app = self.app
        self.cards = {}
        self.layout = self._cards()
        per = max(1, len(self.layout))
        pages = -(-len(self.games) // per)
        self.page = min(self.page, pages - 1)
        for game, card in zip(self.shown(), self.layout, strict=False):
            self.cards[game.info.key] = button(
                app, app.manager, card.rect, "", partial(self.pick, game), object_id="#card"
            )
        if pages > 1:
            s = app.theme.sizes
            turn_w = max(button_width(app, _("Previous"), 140), button_width(app, _("Next"), 140))
            bottom = app.size[1] - s.margin - s.button_height
            prev = pygame.Rect(
                app.size[0] - 2 * s.margin - 2 * turn_w - s.gap, bottom, turn_w, s.button_height
            )
            button(app, app.manager, prev, _("Previous"), partial(self.turn, -1), enabled=self.page > 0)
            nxt = prev.move(turn_w + s.gap, 0)
            button(app, app.manager, nxt, _("Next"), partial(self.turn, 1), enabled=self.page < pages - 1)
        back_button(app)

    def shown(self) -> list[Game[Any, Any]]:
        """The games on the page shown."""
        per = max(1, len(self.layout))
        return self.games[self.page * per : (self.page + 1) * per]

    def turn(self, delta: int) -> None:
        self.page += delta
        self.app.rebuild()

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
        header(app, surface, _("Choose a game"), self.subtitle())
        for game, card in zip(self.shown(), self.layout, strict=False):
            draw.card(surface, card.rect, c.panel, None, s.corner + 6, shadow=c.shadow)
            surface.blit(self.pictures.of(game, card.picture.size, note=True), card.picture)
            with fit.inside(card.rect, f"card: {game.info.key}"):
                words = card.words
                draw.text(surface, fonts.body_bold, _(game.info.title), c.text, words.topleft)
                y = words.top + fonts.body.get_linesize()
                summary = pygame.Rect(words.left, y, words.width, words.bottom - y)
                draw.paragraph(surface, fonts.small, _(game.info.summary), c.text_dim, summary, 0)
