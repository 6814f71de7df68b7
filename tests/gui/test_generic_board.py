"""A game that writes no board of its own plays in the window: tic-tac-toe, installed as a separate
package (tests/plugins), describes its board as a grid and gets the generic board."""

from __future__ import annotations

from ludoteca.kits.window.grid_board import GridBoard
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options


def cell_center(play: PlayScreen, name: str) -> tuple[float, float]:
    return play.board.grid.center("abc".index(name[0]), 3 - int(name[1]))


def test_tic_tac_toe_with_the_mouse_from_the_menu_to_the_end(driver: Driver) -> None:
    options = open_options(driver, "tictactoe")
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen) and isinstance(play.board, GridBoard)
    driver.click(cell_center(play, "a1"))
    driver.click(cell_center(play, "a1"))  # taken: refused with the rules' reason
    assert play.status_text(driver.app.now()) == ("Square a1 is already taken.", True)
    for name in ("b1", "a2", "b2", "a3"):
        driver.click(cell_center(play, name))
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    assert end.match.moves == ["a1", "b1", "a2", "b2", "a3"]
    assert end.match.outcome is not None and end.match.outcome.winner == 0
    driver.frames(1)
    driver.shot("tictactoe-end")
    grid, seats = end.board.grid, end.board.palette.seats
    x, y = grid.center(0, 2)  # a1, beside the symbol on the counter
    assert close(driver.pixel((x - grid.cell * 0.25, y)), seats[0], 30)
    x, y = grid.center(1, 1)  # b2
    assert close(driver.pixel((x - grid.cell * 0.25, y)), seats[1], 30)
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    assert driver.app.store.results("tictactoe")[0].winner == "X"


def test_tic_tac_toe_against_the_generic_computer(driver: Driver) -> None:
    options = open_options(driver, "tictactoe")
    driver.press(options.kind_widgets[1].button_for("computer"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    driver.click(cell_center(play, "b2"))
    driver.until(lambda: len(play.match.moves) == 2)
    assert play.human_to_move() == 0
