"""The board screen redraws from its match's events, not by watching the match."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ludoteca.ai import levels as levels_module
from ludoteca.ai.base import Budget, Player, SearchInfo
from ludoteca.ai.levels import Computer
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options


def start(driver: Driver, opponent: str = "human") -> PlayScreen:
    options = open_options(driver, "connect4")
    driver.press(options.kind_widgets[1].button_for(opponent))
    driver.press(options.start_button)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


def test_a_move_made_elsewhere_is_drawn_from_its_event(driver: Driver) -> None:
    play = start(driver)
    assert not play.buttons["undo"].is_enabled
    play.match.play("4")  # as the network will: the screen is not told, the match tells it
    driver.frames(1)
    assert play.buttons["undo"].is_enabled
    assert close(driver.pixel(play.board._center(3, 0)), play.board.palette.discs[0])
    play.match.undo()
    driver.frames(1)
    assert not play.buttons["undo"].is_enabled
    assert not close(driver.pixel(play.board._center(3, 0)), play.board.palette.discs[0])


class Reporter(Player):
    """Reports a depth from its thread, then waits to be let go."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, game: Any, state: Any, seat: int, budget: Budget, report: Any = None) -> Any:
        report(SearchInfo(depth=7))
        while not self.go.wait(0.005):
            budget.check()
        return game.legal_moves(state)[0]


def test_the_computers_progress_and_move_arrive_as_events(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = Reporter()
    monkeypatch.setattr(
        levels_module, "computer_for", lambda game, level, think=None, seed=None: Computer(player, 60.0)
    )
    play = start(driver, "computer")
    play.match.play("1")
    driver.until(lambda: "depth 7" in play.status_text(driver.app.now())[0])
    assert len(play.match.moves) == 1
    player.go.set()
    driver.until(lambda: len(play.match.moves) == 2)
    assert play.human_to_move() == 0
