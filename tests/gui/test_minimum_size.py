"""The window's minimum size (issue 30, item 16): below 800×600 the panels no longer leave every
text room to be read, so the window is laid out at no less, and asks the system not to shrink it
further (the dummy video driver honours the request as a desktop does)."""

from __future__ import annotations

import warnings

import pygame
import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Match
from ludoteca.shells.window import fitcheck
from ludoteca.shells.window.app import MIN_SIZE
from ludoteca.shells.window.routes import open_app
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.store import Store

from .conftest import Driver


def display_window() -> pygame.Window:
    # the display module's window, as the application limits it (see `app._open_window`)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def at_least_minimum(size: tuple[int, int]) -> bool:
    return size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1]


def resize_event(size: tuple[int, int]) -> None:
    """What the system sends when the person drags the window's corner to `size`."""
    w, h = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))


@pytest.mark.parametrize("small", [(500, 400), (1280, 400), (500, 800), (1, 1)])
def test_a_resize_below_the_minimum_lays_out_at_the_minimum(driver: Driver, small: tuple[int, int]) -> None:
    app = driver.app
    game = get_game("turtles")
    seats = (SeatSpec("human"), *(SeatSpec("computer", level=1) for _seat in range(3)))
    app.go("play", Match(game, game.options({"three_rounds": True}), seats, 1), computers=False)
    driver.frames(2)
    resize_event(small)
    driver.frames(2)
    assert app.size == (max(small[0], MIN_SIZE[0]), max(small[1], MIN_SIZE[1]))
    assert app.surface.get_size() == app.size
    assert app.manager.window_resolution == app.size
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.layout.panel.right <= app.size[0] and play.layout.board.bottom <= app.size[1]
    # laid out at the minimum, every text still fits
    assert not fitcheck.problems(app)


def test_the_window_asks_the_system_for_the_minimum(driver: Driver) -> None:
    app = driver.app
    window = display_window()
    assert window.minimum_size == MIN_SIZE
    # the system holds the window at the minimum when asked for less…
    window.size = (500, 400)
    driver.frames(2)
    assert at_least_minimum(window.size)
    assert app.size == window.size == app.surface.get_size()
    # …and the limit survives the window being made again at another size
    app.resize((1920, 1080))
    assert display_window().minimum_size == MIN_SIZE
    app.resize((640, 480))
    assert app.size == MIN_SIZE and display_window().size == MIN_SIZE


def test_a_window_opened_too_small_opens_at_the_minimum(store: Store) -> None:
    app = open_app(store, (640, 480), speed=0, sound=False)
    try:
        assert app.size == MIN_SIZE and app.surface.get_size() == MIN_SIZE
    finally:
        app.screen.leave()
