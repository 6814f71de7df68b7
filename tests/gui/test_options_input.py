"""What a person types on the options screen is read like everywhere else: a seed longer than any
seed cannot be typed, the longest one plays, and a name loses its escapes and direction overrides."""

from __future__ import annotations

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.text import MAX_SEED, SEED_DIGITS
from ludoteca.i18n import set_language
from tests.gui.conftest import Driver


@pytest.mark.parametrize(("language", "size"), [("en", (800, 600)), ("fr", (1920, 1080))])
def test_seed_and_name_typed_on_the_options_screen(
    driver: Driver, language: str, size: tuple[int, int]
) -> None:
    set_language(language)
    driver.app.resize(size)
    driver.app.go("options", get_game("fiveormore"))
    driver.frames(3)
    screen = driver.screen
    with pytest.warns(UserWarning):
        screen.seed_entry.set_text("9" * (SEED_DIGITS + 1))  # cannot be typed
    screen.seed_entry.set_text(str(MAX_SEED))
    screen.name_entries[0].set_text("Ann\u202e\x1b[31m")
    driver.frames(2)
    driver.shot(f"options-seed-{language}-{size[0]}x{size[1]}")
    driver.press(screen.start_button)
    driver.until(lambda: driver.app.screen is not screen)
    assert driver.app.screen.match.seed == MAX_SEED
    assert driver.app.screen.match.seats[0].name == "Ann [31m"
    driver.frames(3)
    driver.shot(f"play-name-{language}-{size[0]}x{size[1]}")
