"""The main menu pictures every game on the shelf, plug-ins included, and a picture is a way in
(issue 30, item 20); a game with no window board still gets a picture: the generic board."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.registry import game_keys, get_game
from ludoteca.shells.window import pictures
from ludoteca.shells.window.screens import menu
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.options import OptionsScreen

from .conftest import Driver


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_every_game_has_a_card_that_does_not_overlap_another(driver: Driver, size: tuple[int, int]) -> None:
    driver.app.resize(size)
    driver.frames()
    screen = driver.screen
    assert isinstance(screen, MenuScreen)
    assert "tictactoe" in game_keys()  # the test plug-in: a separate package
    assert set(screen.cards) == set(game_keys())
    rects = [button.rect for button in screen.cards.values()]
    menu_column = screen._column()
    for i, rect in enumerate(rects):
        assert rect.width >= 60 and driver.app.surface.get_rect().contains(rect)
        assert rect.left > menu_column.right
        assert all(not rect.colliderect(other) for other in rects[i + 1 :])
    driver.shot(f"menu-{size[0]}")


def test_a_card_opens_its_games_options(driver: Driver) -> None:
    driver.frames()
    driver.press(driver.screen.cards["othello"])
    assert isinstance(driver.screen, OptionsScreen) and driver.screen.game.info.key == "othello"


def test_a_game_without_a_board_gets_the_generic_board_and_an_honest_answer(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_board_for_tictactoe(game: Any, *args: Any, **kwargs: Any) -> Any:
        return None if game.info.key == "tictactoe" else real(game, *args, **kwargs)

    real = pictures.board_for
    monkeypatch.setattr(pictures, "board_for", no_board_for_tictactoe)
    monkeypatch.setattr(menu, "has_board", lambda game: game.info.key != "tictactoe")
    drawn = pictures.Pictures(driver.app).of(get_game("tictactoe"), (120, 120))
    colours = {drawn.get_at((x, y))[:3] for x in range(0, 120, 3) for y in range(0, 120, 3)}
    assert len(colours) > 3  # a board and a token were drawn, not an empty square
    driver.frames()
    driver.press(driver.screen.cards["tictactoe"])
    assert isinstance(driver.screen, MenuScreen) and driver.app.dialog is not None
    assert "ludoteca play tictactoe" in driver.app.dialog.body
