# mypy: disable-error-code="no-untyped-call"
"""A row of picture cards of which one is chosen (a game option offered as pictures, such as Khet's
setups drawn as small boards), paged with ‹ and › when they do not all fit."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ludoteca.kits.window import draw
from ludoteca.kits.window.board import OptionPicture
from ludoteca.shells.window.widgets import App, deferred

#: draws the picture of a value into a rectangle
Painter = Callable[[pygame.Surface, pygame.Rect, str], None]


class PictureChoice:
    def __init__(
        self,
        app: App,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        pictures: Sequence[OptionPicture],
        value: str,
        on_change: Callable[[str], None],
        paint: Painter,
        page: int = 0,
        on_page: Callable[[int], None] | None = None,
    ) -> None:
        self.app = app
        self.pictures = list(pictures)
        self.value = value
        self.on_change = on_change
        self.paint = paint
        fonts, gap = app.fonts, app.theme.sizes.gap
        self.label_h = fonts.small.get_linesize() * 2
        card_h = rect.height
        card_w = max(60, round((card_h - self.label_h - 8) * 1.25) + 8)
        count = len(self.pictures)
        if count * card_w + (count - 1) * gap > rect.width:
            # every picture on one page, somewhat smaller, rather than a page to turn
            fitting_w = (rect.width - (count - 1) * gap) // count
            fitting_h = round((fitting_w - 8) / 1.25) + self.label_h + 8
            if fitting_w >= 60 and fitting_h >= max(self.label_h + 48, round(rect.height * 0.6)):
                card_w, card_h = fitting_w, fitting_h
        per_page = max(1, (rect.width + gap) // (card_w + gap))
        arrow_w = 28
        if len(self.pictures) > per_page:
            per_page = max(1, (rect.width - 2 * (arrow_w + gap) + gap) // (card_w + gap))
        pages = max(1, -(-len(self.pictures) // per_page))
        self.page = max(0, min(page, pages - 1))
        shown = self.pictures[self.page * per_page : (self.page + 1) * per_page]
        left = rect.left
        self.arrows: dict[int, UIButton] = {}
        if pages > 1:
            for step, label, x in ((-1, "‹", rect.left), (1, "›", rect.right - arrow_w)):
                target = self.page + step
                usable = 0 <= target < pages and on_page is not None
                # the action goes in with the button: pygame_gui binds `command` when it makes one
                action = deferred(app, self._pager(on_page, target)) if usable and on_page else None
                widget = UIButton(pygame.Rect(x, rect.top, arrow_w, card_h), label, manager, command=action)
                if action is None:
                    widget.disable()
                self.arrows[step] = widget
            left += arrow_w + gap
        self.cards: list[tuple[OptionPicture, UIButton]] = []
        for i, picture in enumerate(shown):
            card = pygame.Rect(left + i * (card_w + gap), rect.top, card_w, card_h)
            widget = UIButton(
                card, "", manager, object_id="#card", command=deferred(app, self._chooser(picture.value))
            )
            self.cards.append((picture, widget))
        self._show()
        self._images: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def _chooser(self, value: str) -> Callable[[], None]:
        return lambda: self.choose(value)

    @staticmethod
    def _pager(on_page: Callable[[int], None], page: int) -> Callable[[], None]:
        return lambda: on_page(page)

    def choose(self, value: str) -> None:
        changed = value != self.value
        self.value = value
        self._show()
        if changed:
            self.on_change(value)

    def _show(self) -> None:
        """The chosen card's border in the accent colour (the button's own, drawn above the picture)."""
        for picture, widget in self.cards:
            if picture.value == self.value:
                widget.select()
            else:
                widget.unselect()

    def button_for(self, value: str) -> UIButton:
        for picture, widget in self.cards:
            if picture.value == value:
                return widget
        raise KeyError(value)

    def _image(self, value: str, size: tuple[int, int]) -> pygame.Surface:
        key = (value, size)
        if key not in self._images:
            image = pygame.Surface(size, pygame.SRCALPHA)
            self.paint(image, image.get_rect(), value)
            self._images[key] = image
        return self._images[key]

    def draw(self, surface: pygame.Surface) -> None:
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        for picture, widget in self.cards:
            rect: pygame.Rect = widget.rect
            chosen = picture.value == self.value
            draw.card(surface, rect, c.panel, None, s.corner + 6)
            inner = pygame.Rect(rect.left + 4, rect.top + 4, rect.width - 8, rect.height - self.label_h - 8)
            surface.blit(self._image(picture.value, inner.size), inner)
            y = inner.bottom + 2
            font = fonts.small_bold if chosen else fonts.small
            draw.text(
                surface,
                font,
                draw.ellipsize(font, picture.label, rect.width - 8),
                c.text,
                (rect.centerx, y),
                "midtop",
            )
            if picture.note:
                y += fonts.small.get_linesize()
                draw.text(surface, fonts.small, picture.note, c.text_dim, (rect.centerx, y), "midtop")
