"""A button that does nothing right now looks like a button that does nothing (UI.md: greyed out,
not hidden): its shape shows against what is behind it, its words are dim, and the pointer over it
changes nothing. Khet's Fire before a move is chosen is the case in point."""

from __future__ import annotations

import pygame
import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.window.theme import THEMES
from ludoteca.match import Match
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver
from .test_khet_gui import action


def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def hover(driver: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    driver.frames(3)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_disabled_fire_button_is_a_greyed_button(driver: Driver, theme: str, size: tuple[int, int]) -> None:
    app = driver.app
    app.settings.theme = theme
    app.apply_settings()
    app.resize(size)
    game = get_game("khet")
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human")), 1)
    app.go("play", match, computers=False)
    driver.frames(2)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    fire = action(play, "fire")
    assert not fire.is_enabled
    hover(driver, (-1, -1))
    c = app.theme.colours
    rect = fire.rect
    outside = driver.pixel((rect.left - 3, rect.centery))
    edge = driver.pixel((rect.left, rect.centery))
    face = driver.pixel((rect.left + 5, rect.top + 5))
    # the shape: an edge that shows against what is behind the button, and a face of its own
    assert distance(edge, outside) >= 24, (edge, outside)
    assert distance(face, outside) >= 9, (face, outside)
    # greyed: not the primary gold, and no brighter than a button that works
    assert distance(face, c.primary) > 100
    assert sum(face) <= sum(c.button) + 6
    # the words are dim: the brightest pixel of the label is the disabled text's colour
    inside = [
        driver.pixel((x, y))
        for x in range(rect.left + 4, rect.right - 4)
        for y in range(rect.top + 4, rect.bottom - 4)
    ]
    brightest = max(inside, key=sum)
    assert distance(brightest, c.button_text_disabled) <= 30, brightest
    assert sum(brightest) < sum(c.text) - 150
    # and the pointer over it changes nothing
    before = [driver.pixel((x, rect.centery)) for x in range(rect.left, rect.right)]
    hover(driver, rect.center)
    assert [driver.pixel((x, rect.centery)) for x in range(rect.left, rect.right)] == before
