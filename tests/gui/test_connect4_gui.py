"""Connect Four and Cascade played with the mouse through the real window."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ludoteca.ai import levels as levels_module
from ludoteca.ai.base import Budget, Player
from ludoteca.ai.levels import Computer
from ludoteca.shells.window.screens.choose import ChooseScreen
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close


def open_options(driver: Driver, key: str) -> OptionsScreen:
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons["play"])
    assert isinstance(driver.screen, ChooseScreen)
    driver.press(driver.screen.cards[key])
    assert isinstance(driver.screen, OptionsScreen)
    return driver.screen


def drop(driver: Driver, column: int) -> None:
    screen = driver.screen
    assert isinstance(screen, PlayScreen)
    driver.click(screen.board.grid.center(column, 2))


def test_a_hot_seat_game_from_the_menu_to_the_end_and_back(driver: Driver) -> None:
    options = open_options(driver, "connect4")
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert [s.kind for s in play.match.seats] == ["human", "human"]
    for column in (0, 1, 0, 1, 0, 1):
        drop(driver, column)
    assert play.match.moves == ["1", "2", "1", "2", "1", "2"]
    driver.shot("connect4-before-win")
    drop(driver, 0)
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.winner == 0
    driver.frames(1)
    driver.shot("connect4-end")
    yellow, red = end.board.palette.discs
    board = end.board
    # the winning discs are Yellow's, in column 1, rows 1–4 from the bottom, and glow
    for row in range(4):
        assert close(driver.pixel(board._center(0, row)), yellow), row
    assert close(driver.pixel(board._center(1, 0)), red)
    ring = board._center(0, 0)
    # the middle of the ring's band (its outer edge is antialiased into the frame)
    band = max(3, round(board.grid.cell * 0.08))
    ring_point = (ring[0] + board.grid.cell * 0.42 - band / 2, ring[1])
    assert close(driver.pixel(ring_point), driver.app.theme.colours.accent, 70)
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    results = driver.app.store.results("connect4")
    assert len(results) == 1 and results[0].winner == "Yellow" and results[0].ranks == (1, 2)


def test_an_illegal_click_explains_itself(driver: Driver) -> None:
    options = open_options(driver, "connect4")
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    for _ in range(6):
        drop(driver, 3)
    drop(driver, 3)
    text, error = play.status_text(driver.app.now())
    assert error and text == "Column 4 is full."
    assert len(play.match.moves) == 6


class Ponderer(Player):
    """A computer that thinks until it is cancelled (to catch the window waiting on it)."""

    def choose(self, game: Any, state: Any, seat: int, budget: Budget, report: Any = None) -> Any:
        while True:
            budget.check()
            time.sleep(0.005)


def test_against_the_computer_undo_takes_back_both_moves_and_works_while_it_thinks(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = open_options(driver, "connect4")
    driver.press(options.kind_widgets[1].button_for("computer"))
    driver.press(options.level_widgets[1].button_for(1))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    drop(driver, 3)
    driver.until(lambda: len(play.match.moves) == 2)
    assert play.human_to_move() == 0
    driver.press(play.buttons["undo"])
    assert play.match.moves == []
    driver.press(play.buttons["redo"])
    assert len(play.match.moves) == 2
    # a computer that never finishes: the window keeps drawing, and undo stops it
    monkeypatch.setattr(
        levels_module, "computer_for", lambda game, level, think=None, seed=None: Computer(Ponderer(), 60.0)
    )
    drop(driver, 2)
    assert len(play.match.moves) == 3 and play.thinking()
    pending = play.computers.driver.pending
    started = time.perf_counter()
    driver.frames(10)
    assert time.perf_counter() - started < 2.0 and play.thinking()
    assert "thinking" in play.status_text(driver.app.now())[0]
    driver.press(play.buttons["undo"])
    assert len(play.match.moves) == 2 and pending is not None and pending.cancelled
    assert pending.wait(2.0)
    driver.frames(5)
    assert len(play.match.moves) == 2 and play.human_to_move() == 0


def test_a_short_cascade_scores_removes_and_ends_on_the_agreed_drop(driver: Driver) -> None:
    options = open_options(driver, "connect4")
    driver.press(options.choice_widgets["variant"].button_for("cascade"))
    drops = options.steppers["drops"]
    for _ in range(3):
        driver.press(drops.buttons[-10])
    for _ in range(5):
        driver.press(drops.buttons[-1])
    assert drops.value == 7
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.match.options["variant"] == "cascade" and play.match.options["drops"] == 7
    for column in (0, 1, 0, 1, 0, 1, 0):
        drop(driver, column)
    # Yellow's four in column 1 scored a point and vanished
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.scores == (1, 0) and outcome.winner == 0
    driver.frames(1)
    driver.shot("cascade-end")
    assert close(driver.pixel(end.board._center(0, 0)), end.board.palette.hole, 12)
    assert close(driver.pixel(end.board._center(1, 0)), end.board.palette.discs[1])
