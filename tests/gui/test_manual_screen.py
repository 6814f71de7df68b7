"""The main menu's Manual button opens the user manual in a reading screen, in the window's
language: its first heading at the top, its chapters down the left, one chapter at a time."""

from __future__ import annotations

import pytest

from ludoteca.manual import manual_text, sections, title
from ludoteca.shells.window.screens.manual import ManualScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.settings import SettingsScreen

from .conftest import Driver


def open_manual(driver: Driver) -> ManualScreen:
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons["manual"])
    screen = driver.screen
    assert isinstance(screen, ManualScreen)
    return screen


def shown_text(screen: ManualScreen) -> str:
    return screen.shown_html()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_manual_button_opens_the_manual(driver: Driver, lang: str) -> None:
    if lang == "fr":
        driver.press(driver.screen.buttons["settings"])
        assert isinstance(driver.screen, SettingsScreen)
        driver.press(driver.screen.controls["language"].button_for("fr"))
        driver.key(27)  # Esc: back to the menu
    text = manual_text(lang)
    chapters = sections(text)
    manual = open_manual(driver)
    assert manual.title() == title(text) == text.splitlines()[0].removeprefix("# ")
    assert manual.title().startswith("Ludoteca — ")
    # every chapter has its button, and the first chapter is shown
    assert sorted(manual.chapters) == [c.number for c in chapters]
    assert chapters[0].title in shown_text(manual)
    driver.shot(f"manual-{lang}")
    # another chapter: its text replaces the first
    network = next(c for c in chapters if "network" in c.title or "réseau" in c.title)
    driver.press(manual.chapters[network.number])
    manual = driver.screen
    assert isinstance(manual, ManualScreen)
    assert network.title in shown_text(manual) and chapters[0].title not in shown_text(manual)
    assert "ludoteca host" in shown_text(manual)
    # its pictures are drawn, each with its description as a caption
    assert manual.images and len(manual.captions) == len(manual.images)
    assert ("[picture: " if lang == "en" else "[image : ") not in shown_text(manual)
    driver.key(27)
    assert isinstance(driver.screen, MenuScreen)
