"""The window's options speak to a player: no command-line help (flags, commands), no option that
means nothing for the game as chosen (Cascade's drop count in a classic game), and a board size
that only the command line needs is not offered."""

from __future__ import annotations

import re

import pytest

from ludoteca.core.registry import declarations, get_game
from ludoteca.i18n import set_language
from tests.gui.conftest import Driver


def shown_rows(driver: Driver, key: str) -> dict[str, str]:
    """The options screen's rows for `key`, name → the words under it."""
    screen = driver.screen
    assert screen.game.info.key == key
    return {row.name: row.help for row in screen.form._rows()}


@pytest.mark.parametrize(("language", "size"), [("en", (800, 600)), ("fr", (1920, 1080))])
def test_cascades_drop_count_shows_only_for_cascade(
    driver: Driver, language: str, size: tuple[int, int]
) -> None:
    set_language(language)
    driver.app.resize(size)
    driver.app.go("options", get_game("connect4"))
    driver.frames(2)
    drops = get_game("connect4").info.options[1].label_text()
    assert drops not in shown_rows(driver, "connect4")
    driver.screen.form._set("variant", "cascade")
    driver.frames(2)
    assert drops in shown_rows(driver, "connect4")
    driver.shot(f"options-cascade-{language}-{size[0]}x{size[1]}")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_option_of_any_game_shows_command_line_help(driver: Driver, language: str) -> None:
    set_language(language)
    for declared in declarations():
        driver.app.go("options", declared.game)
        driver.frames(1)
        for name, words in shown_rows(driver, declared.key).items():
            assert not re.search(r"ludoteca |--\w|COLSxROWS|\bx\d", words), (declared.key, name, words)
    driver.app.go("options", get_game("qwirkle"))
    driver.frames(1)
    qwirkle = get_game("qwirkle").info.options
    hidden = {spec.label_text() for spec in qwirkle if spec.name in ("rows", "cols")}
    assert hidden and not hidden & set(shown_rows(driver, "qwirkle"))
