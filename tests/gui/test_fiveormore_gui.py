"""Five or More with the mouse: select, see where a ball can go, move it (click or drag), to the end."""

from __future__ import annotations

import pygame

from ludoteca.games.fiveormore.state import Move
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close
from .test_connect4_gui import open_options


def cell_center(play: PlayScreen, index: int) -> tuple[float, float]:
    cols = play.match.state.config.cols
    return play.board.grid.center(index % cols, index // cols)


def start_small_crowded_game(driver: Driver) -> PlayScreen:
    options = open_options(driver, "fiveormore")
    driver.press(options.choice_widgets["size"].button_for("small"))
    stepper = options.steppers["spawn"]
    for _ in range(9):
        driver.press(stepper.buttons[1])
    assert stepper.value == 9
    driver.press(options.start_button)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


def test_a_whole_game_with_clicks_and_a_drag(driver: Driver) -> None:
    play = start_small_crowded_game(driver)
    config = play.match.state.config
    assert (config.cols, config.rows, config.spawn) == (7, 7, 9)
    first = True
    while not play.match.over:
        state = play.match.state
        move = next(m for m in play.match.game.legal_moves(state) if isinstance(m, Move))
        before = len(play.match.moves)
        if first:
            driver.click(cell_center(play, move.source))
            assert play.board.selected == move.source
            corner = play.board.grid.cell_rect(move.target % config.cols, move.target // config.cols)
            assert close(driver.pixel((corner.left + 8, corner.centery)), play.board.palette.reach, 10)
            driver.shot("fiveormore-selected")
            driver.click(cell_center(play, move.target))
            first = False
        else:
            source, target = cell_center(play, move.source), cell_center(play, move.target)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=source, button=1))
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
            )
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
            driver.frames(2)
        assert len(play.match.moves) == before + 1
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.solitaire
    assert end.headline().endswith(str(outcome.scores[0] if outcome.scores else 0))
    driver.frames(1)
    driver.shot("fiveormore-end")
    driver.press(end.buttons["menu"])
    assert isinstance(driver.screen, MenuScreen)
    assert len(driver.app.store.results("fiveormore")) == 1


def test_clicks_that_cannot_move_anything_say_why(driver: Driver) -> None:
    play = start_small_crowded_game(driver)
    state = play.match.state
    empty = state.board.index(0)
    driver.click(cell_center(play, empty))
    text, error = play.status_text(driver.app.now())
    assert error and "ball first" in text
    ball = next(i for i, v in enumerate(state.board) if v)
    driver.click(cell_center(play, ball))
    assert play.board.selected == ball
    driver.key(pygame.K_ESCAPE)
    assert play.board.selected is None
    assert play.match.moves == []


def test_the_recolour_variant_offers_a_palette_beside_the_ball(driver: Driver) -> None:
    options = open_options(driver, "fiveormore")
    driver.press(options.choice_widgets["variant"].button_for("recolour"))
    driver.press(options.start_button)
    play = driver.screen
    assert isinstance(play, PlayScreen)
    state = play.match.state
    ball = next(i for i, v in enumerate(state.board) if v)
    driver.click(cell_center(play, ball))
    palette = play.board._palette
    assert palette and all(colour != state.board[ball] for _rect, colour in palette)
    rect, colour = palette[0]
    driver.shot("fiveormore-palette")
    driver.click(rect.center)
    assert len(play.match.moves) == 1
    last = play.match.state.last
    assert last is not None and last.old_colour == state.board[ball] and last.move.colour == colour
