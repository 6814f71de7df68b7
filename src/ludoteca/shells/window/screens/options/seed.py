"""A game of chance's optional seed: the same seed deals the same game again."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from ludoteca.core.text import SEED_DIGITS
from ludoteca.i18n import _
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.options.captions import Captions
from ludoteca.shells.window.screens.options.draft import Draft


def _help() -> str:
    return _("Leave empty for a new game each time; the same seed deals the same game.")


class SeedField:
    def __init__(self, app: App, draft: Draft, captions: Captions) -> None:
        self.app = app
        self.draft = draft
        self.captions = captions
        self.entry: UITextEntryLine | None = None

    def height(self, width: int, compact: bool) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        if compact:
            return s.button_height
        help_h = self.captions.height(_help(), "small", width)
        return fonts.body_bold.get_linesize() + help_h + 4 + s.button_height

    def place(self, area: pygame.Rect, compact: bool) -> None:
        """The seed's name, help and field in `area`; `compact`: the name beside the field, the
        help in the field's tooltip."""
        s, bh, captions = self.app.theme.sizes, self.app.theme.sizes.button_height, self.captions
        if compact:
            name = _("Seed (optional)")
            bold = self.app.fonts.body_bold
            line = bold.get_linesize()
            name_w = min(area.width // 2, bold.size(name)[0] + s.gap)
            captions.add(name, "bold", pygame.Rect(area.left, area.top + (bh - line) // 2, name_w, line))
            rect = pygame.Rect(area.left + name_w, area.top, min(area.width - name_w, area.width // 2), bh)
        else:
            y = captions.block(_("Seed (optional)"), "bold", area.left, area.top, area.width)
            y = captions.block(_help(), "small", area.left, y, area.width) + 4
            rect = pygame.Rect(area.left, y, area.width // 2, bh)
        self.entry = UITextEntryLine(rect, self.app.manager, initial_text=self.draft.seed_text)
        self.entry.set_allowed_characters("numbers")
        self.entry.set_text_length_limit(SEED_DIGITS)
        if compact:
            self.entry.set_tooltip(_help())

    def read_entry(self) -> None:
        if self.entry is not None:
            self.draft.seed_text = self.entry.get_text()
