"""Othello with the mouse: legal squares shown, a whole short game, and a forced pass."""

from __future__ import annotations

from ludoteca.games.othello import PASS
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options

# the shortest Othello game: Black wins 13 to 0 after nine moves
SHORTEST = ("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4")
# after these, Black cannot move and must pass
TO_A_PASS = ("d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1")


def square_center(play: PlayScreen, name: str) -> tuple[float, float]:
    column, row = "abcdefgh".index(name[0]), int(name[1]) - 1
    return play.board.grid.center(column, row)


def start_hot_seat(driver: Driver) -> PlayScreen:
    options = open_options(driver, "othello")
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


def test_the_shortest_game_with_the_mouse(driver: Driver) -> None:
    play = start_hot_seat(driver)
    # legal squares carry a dot; other empty squares show the bare felt
    legal, empty = driver.pixel(square_center(play, "d3")), driver.pixel(square_center(play, "a1"))
    assert close(empty, play.board.palette.felt, 12)
    assert not close(legal, play.board.palette.felt, 12)
    for name in SHORTEST:
        driver.click(square_center(play, name))
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    assert end.match.moves == list(SHORTEST)
    outcome = end.match.outcome
    assert outcome is not None and outcome.winner == 0 and outcome.scores == (13, 0)
    driver.frames(1)
    driver.shot("othello-end")
    black = end.board.palette.discs[0]
    for name in ("d4", "e4", "d5", "f4"):
        assert close(
            driver.pixel(end.board.grid.center("abcdefgh".index(name[0]), int(name[1]) - 1)), black, 30
        ), name
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    assert driver.app.store.results("othello")[0].scores == (13, 0)


def test_a_click_on_a_square_that_outflanks_nothing_is_explained(driver: Driver) -> None:
    play = start_hot_seat(driver)
    driver.click(square_center(play, "a1"))
    text, error = play.status_text(driver.app.now())
    assert error and "a1" in text and "outflank" in text
    assert play.match.moves == []


def test_a_forced_pass_is_announced_and_played_with_the_pass_button(driver: Driver) -> None:
    play = start_hot_seat(driver)
    for name in TO_A_PASS:
        driver.click(square_center(play, name))
    assert play.match.game.legal_moves(play.match.state) == [PASS]
    driver.frames(1)
    assert play.controls.pass_button is not None
    text, _error = play.status_text(driver.app.now())
    assert "pass" in text.lower()
    driver.shot("othello-pass")
    driver.press(play.controls.pass_button)
    assert play.match.moves[-1] == "pass"
    assert play.match.to_move() == 1
    driver.frames(1)
    assert play.controls.pass_button is None
