"""The user manual in the window (main menu → Manual): its chapters down the left, the chosen one
in a scrolling page, in the window's language.

The page is the chapter cut at its pictures (`markdown.with_pictures`): each run of text is a text
box drawn through `markdown.to_html`, as the rules are drawn, and each picture is drawn between
them, scaled down to the text's column (never up: a picture is never blurred past its own size),
with its description as a caption under it. A picture whose file is missing or unreadable shows
its description in brackets instead, as the terminal does. Pictures are read once and kept at
each size they were shown at (`picture`). The wheel, the scroll bar and the keys Page Up/Down,
Home/End and the arrows scroll the page.
"""

from __future__ import annotations

import html as html_text
import posixpath
from functools import partial
from importlib import resources
from importlib.resources.abc import Traversable

import pygame
from pygame_gui.elements import UIButton, UIImage, UIScrollingContainer, UITextBox

from ludoteca.i18n import _, language
from ludoteca.manual import FILES, for_reading, manual_text, sections, title
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.markdown import to_html, with_pictures
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import button, label_width

#: the width pygame_gui gives a scrolling container's scroll bar
SCROLL_BAR = 20
#: how far the arrow keys scroll (pixels; Page Up/Down scroll a page less a line)
ARROW_STEP = 40

#: pictures as read from their files, by file (None: missing or unreadable)
_ORIGINALS: dict[str, pygame.Surface | None] = {}
#: pictures scaled to a size they were shown at, by file and size
_SCALED: dict[tuple[str, int, int], pygame.Surface] = {}


def picture(where: Traversable, width: int, height: int) -> pygame.Surface | None:
    """The picture in `where` scaled to fit `width` × `height`, its proportions kept and never
    larger than its own size; None when the file is missing or is no picture. Each file is read
    once and each size scaled once."""
    key = str(where)
    if key not in _ORIGINALS:
        try:
            with where.open("rb") as file:
                loaded: pygame.Surface | None = pygame.image.load(file, where.name)
        except (OSError, pygame.error, ValueError):
            loaded = None
        if loaded is not None and pygame.display.get_surface() is not None:
            loaded = loaded.convert_alpha() if loaded.get_alpha() is not None else loaded.convert()
        _ORIGINALS[key] = loaded
    original = _ORIGINALS[key]
    if original is None:
        return None
    own_width, own_height = original.get_size()
    scale = min(1.0, width / max(1, own_width), height / max(1, own_height))
    size = (max(1, round(own_width * scale)), max(1, round(own_height * scale)))
    if size == (own_width, own_height):
        return original
    scaled = _SCALED.get((key, *size))
    if scaled is None:
        # smoothscale wants 24 or 32 bits a pixel
        source = original if original.get_bitsize() in (24, 32) else original.convert(32)
        scaled = _SCALED[(key, *size)] = pygame.transform.smoothscale(source, size)
    return scaled


class ManualScreen(Screen):
    def __init__(self, app: App, chapter: int = 1) -> None:
        super().__init__(app)
        #: the chapter shown, counted from 1
        self.chapter = chapter
        self.chapters: dict[int, UIButton] = {}
        #: the scrolling page, and what it holds from top to bottom
        self.page: UIScrollingContainer | None = None
        self.parts: list[UITextBox | UIImage] = []
        #: the pictures drawn, and the captions or descriptions standing for them
        self.images: list[UIImage] = []
        self.captions: list[UITextBox] = []
        self.height = 0  # of the whole page, in pixels
        #: where `scroll_to` last asked the page to be (pixels from its top), until it is there
        self.target: int | None = None

    def text(self) -> str:
        return manual_text()

    def title(self) -> str:
        return title(self.text())

    def picture_file(self, source: str) -> Traversable:
        """The file a picture of the manual names (relative to the manual's own file)."""
        folder = posixpath.dirname(FILES.get(language(), FILES["en"]))
        return resources.files("ludoteca.manual").joinpath(posixpath.normpath(posixpath.join(folder, source)))

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
        self._build_page(box, shown)
        back_button(app)

    def _build_page(self, box: pygame.Rect, markdown: str) -> None:
        """The page: runs of text, and each picture with its caption, one under the other."""
        app, s = self.app, self.app.theme.sizes
        self.page = page = UIScrollingContainer(box, app.manager, allow_scroll_x=False)
        self.parts, self.images, self.captions = [], [], []
        width = box.width - SCROLL_BAR
        pad = 12  # the text boxes' own padding (the theme's), which the pictures line up with
        y = 0
        for piece in with_pictures(markdown):
            if isinstance(piece, str):
                html = to_html(for_reading(piece, _("[picture: {text}]")), s.body)
                y = self._add_text(html, y, width)
                continue
            image = picture(self.picture_file(piece.source), width - 2 * pad, box.height * 4 // 5)
            if image is None:
                words = html_text.escape(_("[picture: {text}]").format(text=piece.description), quote=False)
                y = self._add_text(words, y, width, caption=True)
                continue
            y += s.gap
            rect = pygame.Rect((width - image.get_width()) // 2, y, *image.get_size())
            drawn = UIImage(rect, image, app.manager, container=page)
            self.parts.append(drawn)
            self.images.append(drawn)
            y = self._add_text(
                f"<i>{html_text.escape(piece.description, quote=False)}</i>", rect.bottom, width, caption=True
            )
        self.height = max(y, 1)
        page.set_scrollable_area_dimensions((width, self.height))

    def _add_text(self, html: str, y: int, width: int, *, caption: bool = False) -> int:
        assert self.page is not None
        while html.endswith("<br>"):  # a run ending in a heading or a list: no empty line after it
            html = html.removesuffix("<br>")
        box = UITextBox(html, pygame.Rect(0, y, width, -1), self.app.manager, container=self.page)
        self.parts.append(box)
        if caption:
            self.captions.append(box)
        return y + int(box.rect.height)

    def shown_html(self) -> str:
        """The text of the page's text boxes (its runs of text and its captions), in order."""
        return "".join(str(part.html_text) for part in self.parts if isinstance(part, UITextBox))

    # ----- scrolling --------------------------------------------------------------------------
    def scrolled(self) -> int:
        """How far down the page is scrolled (pixels)."""
        if self.page is None:
            return 0
        return -int(self.page.get_container().get_relative_rect().y)

    def scroll_to(self, offset: int) -> None:
        """Scroll the page so that `offset` (pixels from its top) is at the top of the view,
        within what the page allows."""
        page = self.page
        if page is None or page.vert_scroll_bar is None:
            return
        view = page.rect.height
        offset = max(0, min(offset, self.height - view))
        bar = page.vert_scroll_bar
        bar.set_scroll_from_start_percentage(offset / self.height)
        self.target = offset

    def update(self, now: float) -> None:
        super().update(now)
        page, target = self.page, self.target
        if page is None or target is None or page.vert_scroll_bar is None:
            return
        if not page.vert_scroll_bar.check_has_moved_recently():
            # the scroll bar places the page to within its own pixels (a few short of the end of a
            # long page): once it has, the page goes exactly where it was asked to
            self.target = None
            page.get_container().set_relative_position((0, -target))

    def handle(self, event: pygame.event.Event) -> None:
        if self.page is None:
            return
        if event.type == pygame.MOUSEWHEEL:
            # over the page its scroll bar takes the wheel; elsewhere on the screen, this does
            self.scroll_to(self.scrolled() - round(event.y * ARROW_STEP))
            return
        if event.type != pygame.KEYDOWN:
            return
        view = self.page.rect.height
        line = self.app.theme.sizes.body * 2
        moves = {
            pygame.K_PAGEDOWN: self.scrolled() + view - line,
            pygame.K_PAGEUP: self.scrolled() - view + line,
            pygame.K_DOWN: self.scrolled() + ARROW_STEP,
            pygame.K_UP: self.scrolled() - ARROW_STEP,
            pygame.K_HOME: 0,
            pygame.K_END: self.height,
            pygame.K_SPACE: self.scrolled() + view - line,
        }
        if event.key in moves:
            self.scroll_to(moves[event.key])

    # ----- the rest ---------------------------------------------------------------------------
    def back(self) -> None:
        self.app.go("menu")

    def show(self, chapter: int) -> None:
        self.chapter = chapter
        self.app.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        header(self.app, surface, self.title())
        if self.page is not None:  # the page's ground, between and around its text boxes
            pygame.draw.rect(surface, self.app.theme.colours.panel, self.page.rect)
