"""A game chooses its pieces' look with data (issue 29): shapes and named colours in its grid, no
subclass of the window board; every symbol the docs suggest is one the window's font draws; and
the main menu says when an installed game failed to load."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

import pygame
import pytest
from ludoteca_tictactoe import State, TicTacToe

from ludoteca.core import registry
from ludoteca.core.grid import COLOURS, MARK, STONE, SYMBOLS, GridPicture, Piece
from ludoteca.kits.window.board import Scene
from ludoteca.kits.window.grid_board import GridBoard
from ludoteca.shells.window.screens import menu as menu_module
from ludoteca.shells.window.screens.menu import MenuScreen

from .conftest import Driver, close

#: a character of Unicode's private use area: no font of ours has it, so it shows what "missing" looks like
MISSING = "\ue000"


def _pixels(font: pygame.font.Font, text: str) -> bytes:
    return pygame.image.tobytes(font.render(text, True, (255, 255, 255)), "RGBA")


@pytest.mark.parametrize("name", ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"])
def test_every_suggested_symbol_is_drawn_by_the_bundled_font(driver: Driver, name: str) -> None:
    font = pygame.font.Font(str(resources.files("pygame_gui.data").joinpath(name)), 40)
    box = _pixels(font, MISSING)
    assert _pixels(font, "●") == box  # what the issue met: the comparison does see a missing glyph
    drawn_as_box = [symbol for symbol in SYMBOLS if _pixels(font, symbol) == box]
    assert not drawn_as_box


class Stones(TicTacToe):
    """Tic-tac-toe drawn as black and white stones, by its grid alone."""

    def grid(self, state: State) -> GridPicture:
        picture = super().grid(state)
        return replace(picture, shape=STONE, seat_colours=("black", "white"))


class Marks(TicTacToe):
    def grid(self, state: State) -> GridPicture:
        picture = super().grid(state)
        pieces = {cell: replace(piece, colour="green") for cell, piece in picture.pieces.items()}
        return replace(picture, pieces=pieces, shape=MARK)


def _drawn(driver: Driver, game: Any, *moves: int) -> tuple[GridBoard, pygame.Surface, State]:
    state = game.start({}, 0, 2)
    for move in moves:
        state = game.play(state, move)
    board = GridBoard(game, driver.app.theme, driver.app.fonts)
    surface = pygame.Surface((600, 600))
    board.layout(surface.get_rect(), state)
    board.draw(surface, Scene(state, 0.0))
    return board, surface, state


def _at(surface: pygame.Surface, pos: tuple[float, float]) -> tuple[int, int, int]:
    colour = surface.get_at((round(pos[0]), round(pos[1])))
    return (colour.r, colour.g, colour.b)


def test_stones_in_the_colours_the_grid_names(driver: Driver) -> None:
    board, surface, _state = _drawn(driver, Stones(), 0, 4)  # a1 Black, b2 White
    grid = board.grid
    x, y = grid.center(0, 2)  # a1, below and right of the stone's highlight
    assert close(_at(surface, (x + grid.cell * 0.12, y + grid.cell * 0.12)), COLOURS["black"], 30)
    x, y = grid.center(1, 1)
    assert close(_at(surface, (x + grid.cell * 0.12, y + grid.cell * 0.12)), COLOURS["white"], 30)
    assert board.seat_colour(None, 1) == COLOURS["white"]  # the options screen's seat markers too


def test_marks_are_symbols_alone_in_the_pieces_own_colour(driver: Driver) -> None:
    board, surface, _state = _drawn(driver, Marks(), 0)
    grid = board.grid
    x, y = grid.center(0, 2)
    # no counter under the mark: beside the letter the cell's own colour shows
    assert close(_at(surface, (x - grid.cell * 0.33, y)), board.palette.cell, 12)
    box = pygame.Rect(0, 0, round(grid.cell * 0.6), round(grid.cell * 0.6))
    box.center = (round(x), round(y))
    greens = [
        _at(surface, (px, py)) for px in range(box.left, box.right) for py in range(box.top, box.bottom)
    ]
    assert any(close(colour, COLOURS["green"], 40) for colour in greens)


def test_a_shape_or_colour_that_does_not_exist_is_refused_where_it_is_written() -> None:
    with pytest.raises(ValueError, match="no piece shape 'blob'"):
        GridPicture(3, 3, shape="blob")
    with pytest.raises(ValueError, match="no colour 'mauve'"):
        Piece("X", 0, colour="mauve")


def test_the_main_menu_says_which_games_could_not_be_loaded(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    failure = registry.LoadFailure("broken", "ludoteca_broken:DECLARATION", "ModuleNotFoundError: rulez")
    monkeypatch.setattr(registry, "failures", lambda: [failure])
    monkeypatch.setattr(menu_module, "failures", lambda: [failure])
    driver.app.go("menu")
    driver.frames(1)
    menu = driver.screen
    assert isinstance(menu, MenuScreen)
    button = menu.buttons["unloaded"]
    assert button.text == "1 game could not be loaded"
    driver.press(button)
    dialog = driver.app.dialog
    assert dialog is not None
    assert "The game “broken” could not be loaded: ModuleNotFoundError: rulez" in dialog.body
    assert "ludoteca.log" in dialog.body


def test_the_main_menu_has_no_such_button_when_every_game_loaded(driver: Driver) -> None:
    driver.app.go("menu")
    assert "unloaded" not in driver.screen.buttons
