"""The board screen with a seat played elsewhere: it waits for that seat instead of playing it,
says so, and asks the questions its match's events carry."""

from __future__ import annotations

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Match
from ludoteca.match.events import News, Question
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver


def test_a_remote_seat_is_waited_for_and_a_question_becomes_a_dialog(driver: Driver) -> None:
    game = get_game("connect4")
    match = Match(game, game.options({}), (SeatSpec("human", name="Ann"), SeatSpec("remote", name="Bob")), 1)
    driver.app.go("play", match)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    driver.click(play.board.grid.center(3, 2))
    assert match.moves == ["4"] and play.human_to_move() is None
    assert "Waiting for Bob" in play.status_text(driver.app.now())[0]
    driver.click(play.board.grid.center(2, 2))
    text, error = play.status_text(driver.app.now())
    assert error and "Bob" in text and match.moves == ["4"]
    answered: list[bool] = []
    question = Question("Bob asks something.", (("Yes", lambda: answered.append(True)), ("No", list)))
    match.emit(News(match.ply, question))
    dialog = driver.app.dialog
    assert dialog is not None and dialog.body == "Bob asks something."
    driver.press(dialog.buttons[0])
    assert answered == [True] and driver.app.dialog is None
