"""The user manual in the window (main menu → Manual): its chapters down the left, the chosen one
in a scrolling box, in the window's language.

The text box draws the manual's Markdown through `markdown.to_html`, as the rules are drawn; it
shows no image, so each picture of the manual appears as its description in brackets (the
pictures themselves are in the manual's files: `ludoteca/manual/<language>/pictures/`).
"""

from __future__ import annotations

from functools import partial

import pygame
from pygame_gui.elements import UIButton, UITextBox

from ludoteca.i18n import _
from ludoteca.manual import for_reading, manual_text, sections, title
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.markdown import to_html
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import button, label_width


class ManualScreen(Screen):
    def __init__(self, app: App, chapter: int = 1) -> None:
        super().__init__(app)
        #: the chapter shown, counted from 1
        self.chapter = chapter
        self.chapters: dict[int, UIButton] = {}
        self.box: UITextBox | None = None

    def text(self) -> str:
        return manual_text()

    def title(self) -> str:
        return title(self.text())

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        chapters = sections(self.text())
        self.chapter = max(1, min(self.chapter, len(chapters)))
        top = header_height(app)
        bottom = app.size[1] - s.margin * 2 - s.button_height
        labels = [f"{c.number}. {c.title}" for c in chapters]
        # the chosen chapter's button is bold: every label is measured so, to fit whichever is chosen
        widest = max((label_width(app, label, bold=True) for label in labels), default=0) + 2 * s.gap + 8
        column = min(widest, app.size[0] * 2 // 5)
        step = min(s.button_height + s.gap // 2, (bottom - top) // max(1, len(chapters)))
        self.chapters = {}
        for chapter, label in zip(chapters, labels, strict=True):
            rect = pygame.Rect(s.margin * 2, top + (chapter.number - 1) * step, column, step - s.gap // 2)
            self.chapters[chapter.number] = button(
                app,
                app.manager,
                rect,
                label,
                partial(self.show, chapter.number),
                primary=chapter.number == self.chapter,
            )
        left = s.margin * 2 + column + s.margin
        box = pygame.Rect(left, top, app.size[0] - left - s.margin * 2, app.size[1] - top - s.margin * 2)
        shown = chapters[self.chapter - 1].text if chapters else self.text()
        html = to_html(for_reading(shown, _("[picture: {text}]")), s.body)
        self.box = UITextBox(html, box, app.manager)
        back_button(app)

    def back(self) -> None:
        self.app.go("menu")

    def show(self, chapter: int) -> None:
        self.chapter = chapter
        self.app.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        header(self.app, surface, self.title())
