"""The manual's reading screen draws the manual's pictures: each scaled down to the text's column
(its proportions kept, never enlarged), its description as a caption under it; a missing picture
leaves its description alone; the page scrolls to its end with the keys and the wheel."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame
import pytest

from ludoteca.i18n import set_language
from ludoteca.manual import manual_text, sections
from ludoteca.shells.window import fitcheck
from ludoteca.shells.window.app import App
from ludoteca.shells.window.routes import open_app
from ludoteca.shells.window.screens.manual import SCROLL_BAR, ManualScreen
from ludoteca.store import Store

from .conftest import Driver


def pattern(size: tuple[int, int]) -> pygame.Surface:
    """A picture no two far-apart regions of which look alike: colour ramps across and down."""
    small = pygame.Surface((48, 24))
    for x in range(48):
        for y in range(24):
            small.set_at((x, y), (x * 255 // 48, y * 255 // 24, 255 - (x + y) * 255 // 72))
    return pygame.transform.smoothscale(small, size)


class ChapterScreen(ManualScreen):
    """The manual's screen showing a chapter of our own, its pictures in a folder of our own."""

    def __init__(self, app: App, markdown: str, folder: Path) -> None:
        super().__init__(app)
        self.markdown = markdown
        self.folder = folder

    def text(self) -> str:
        return self.markdown

    def picture_file(self, source: str) -> Traversable:
        return self.folder / source


def open_chapter(driver: Driver, markdown: str, folder: Path) -> ChapterScreen:
    screen = ChapterScreen(driver.app, markdown, folder)
    driver.app.show(screen)
    driver.frames(3)
    return screen


def html_of(screen: ManualScreen) -> str:
    return screen.shown_html()


def test_a_picture_is_drawn_scaled_to_the_column_with_its_caption(driver: Driver, tmp_path: Path) -> None:
    big = pattern((1800, 900))  # wider than any column: scaled down
    pygame.image.save(big, str(tmp_path / "big.png"))
    pygame.image.save(pattern((90, 60)), str(tmp_path / "small.png"))  # smaller: drawn as it is
    markdown = (
        "# Manual\n\n## Pictures\n\nBefore.\n\n![A wide ramp of colours](big.png)\n\n"
        "Between.\n\n![A small one](small.png)\n\nAfter.\n"
    )
    screen = open_chapter(driver, markdown, tmp_path)
    assert screen.page is not None and len(screen.images) == 2
    wide, small = screen.images
    column = screen.page.rect.width
    assert wide.rect.width <= column and wide.rect.width < 1800
    assert abs(wide.rect.width / wide.rect.height - 2.0) < 0.02  # its proportions kept
    assert small.rect.size == (90, 60)  # never enlarged
    # the caption is the description, under its picture
    captions = [str(c.html_text) for c in screen.captions]
    assert any("A wide ramp of colours" in c for c in captions)
    caption = next(c for c in screen.captions if "A wide ramp" in str(c.html_text))
    assert caption.rect.top >= wide.rect.bottom
    assert "[picture" not in html_of(screen)
    # the pixels on the page are the picture's, scaled
    assert screen.page.rect.contains(wide.rect)
    expected = pygame.transform.smoothscale(big, wide.rect.size)
    width, height = wide.rect.size
    misses = 0
    samples = [(x * width // 9 + 2, y * height // 7 + 2) for x in range(9) for y in range(7)]
    for x, y in samples:
        want = expected.get_at((x, y))
        got = driver.app.surface.get_at((wide.rect.left + x, wide.rect.top + y))
        if max(abs(want.r - got.r), abs(want.g - got.g), abs(want.b - got.b)) > 6:
            misses += 1
    assert misses == 0, f"{misses} of {len(samples)} sampled pixels are not the picture's"
    driver.shot("manual-page-picture")


def test_a_missing_picture_leaves_its_description(driver: Driver, tmp_path: Path) -> None:
    (tmp_path / "broken.png").write_bytes(b"not a picture at all")
    markdown = (
        "# Manual\n\n## Pictures\n\nBefore.\n\n![Nowhere to be found](missing.png)\n\n"
        "![Not a picture](broken.png)\n\nAfter.\n"
    )
    screen = open_chapter(driver, markdown, tmp_path)
    assert screen.images == []
    captions = " ".join(str(c.html_text) for c in screen.captions)
    assert "[picture: Nowhere to be found]" in captions and "[picture: Not a picture]" in captions
    assert "Before." in html_of(screen) and "After." in html_of(screen)


def test_the_page_scrolls_to_its_end(driver: Driver) -> None:
    driver.app.go("manual", 3)  # a long chapter, with pictures
    driver.frames(2)
    screen = driver.screen
    assert isinstance(screen, ManualScreen) and screen.page is not None
    assert screen.images, "the chapter's pictures are drawn"
    view = screen.page.rect
    last = screen.parts[-1]
    assert screen.height > view.height and last.rect.bottom > view.bottom  # longer than the view
    # the wheel over the page scrolls it down
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(2)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    )
    driver.frames(20)
    assert screen.scrolled() > 0
    # Page Down again and again reaches the end, and stops there
    for _ in range(screen.height // max(1, view.height) + 3):
        driver.key(pygame.K_PAGEDOWN)
    assert last.rect.bottom <= view.bottom + 1 and last.rect.bottom > view.top
    end = screen.scrolled()
    driver.key(pygame.K_PAGEDOWN)
    assert screen.scrolled() == end
    driver.shot("manual-page-end")
    # Home goes back to the top, End to the end
    driver.key(pygame.K_HOME)
    assert screen.scrolled() == 0
    driver.key(pygame.K_END)
    assert screen.scrolled() == end


@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ("en", "fr"))
def test_every_chapter_fits_with_its_pictures(language: str, size: tuple[int, int], tmp_path: Path) -> None:
    """The text-fit check of the tour (`fitcheck.problems`, as `test_text_fits` runs it on the
    manual's screen) on every chapter, at its top and at its end; and every picture drawn."""
    with Store(tmp_path / "fit.sqlite3") as store:
        store.set_setting("language", language)
        app = open_app(store, size, speed=0, sound=False)
        try:
            found: list[str] = []
            chapters = sections(manual_text(language))
            pictures = 0
            for chapter in chapters:
                app.go("manual", chapter.number)
                screen = app.screen
                assert isinstance(screen, ManualScreen) and screen.page is not None
                found += [f"chapter {chapter.number}: {p}" for p in fitcheck.problems(app)]
                pictures += len(screen.images)
                for image in screen.images:
                    assert image.rect.width <= screen.page.rect.width - SCROLL_BAR
                screen.scroll_to(screen.height)
                app.step()
                found += [f"chapter {chapter.number}, its end: {p}" for p in fitcheck.problems(app)]
                if screen.height > screen.page.rect.height:
                    assert screen.parts[-1].rect.bottom <= screen.page.rect.bottom
        finally:
            app.screen.leave()
            set_language("en")
    assert not found, "\n".join(found)
    assert pictures == len(list(resources.files("ludoteca.manual").joinpath(language, "pictures").iterdir()))
