"""The part of the board the window shows: framed round the tiles, zoomed about the pointer,
panned without ever losing the board."""

from __future__ import annotations

import pygame

from ludoteca.games.qwirkle.viewport import MARGIN, Viewport

VIEW = pygame.Rect(100, 50, 780, 520)


def view() -> Viewport:
    return Viewport(VIEW.copy(), 12, 26, max_cell=70.0)


def test_the_view_frames_the_tiles_with_a_margin_and_widens_as_they_spread() -> None:
    port = view()
    port.frame([(5, 12)])
    assert port.cell == 70.0  # a lone tile: as close as allowed
    assert port.square_at((round(port.center((5, 12))[0]), round(port.center((5, 12))[1]))) == (5, 12)
    near = port.cell
    port.frame([(2, 3), (9, 20)])
    assert port.cell < near
    for square in ((2 - MARGIN, 3 - MARGIN), (9 + MARGIN, 20 + MARGIN)):
        assert VIEW.contains(port.square_rect(square))
    port.frame([(0, 0), (11, 25)])
    assert port.cell == port.min_cell == VIEW.width / 26  # the whole board, no smaller
    assert VIEW.contains(port.board_rect)


def test_the_wheel_zooms_about_the_pointer_within_limits() -> None:
    port = view()
    port.frame([(5, 12)])
    pointer = (round(port.center((6, 14))[0]), round(port.center((6, 14))[1]))
    port.zoom(pointer, -2)
    assert port.cell < 70.0 and port.manual
    assert port.square_at(pointer) == (6, 14)
    port.zoom(pointer, -50)
    assert port.cell == port.min_cell
    port.zoom(pointer, 50)
    assert port.cell == 70.0


def test_panning_stops_at_the_board_edges() -> None:
    port = view()
    port.frame([(5, 12)])
    port.pan(10_000, 10_000)
    assert port.left == VIEW.left and port.top == VIEW.top  # square a a in the corner, no further
    port.pan(-100_000, -100_000)
    assert round(port.left + 26 * port.cell) == VIEW.right and round(port.top + 12 * port.cell) == VIEW.bottom
    port.zoom(VIEW.center, -50)  # the whole board fits: it stays centred whatever the drag
    port.pan(300, 0)
    assert abs(port.board_rect.centerx - VIEW.centerx) <= 1


def test_the_keyboard_cursor_is_brought_into_view() -> None:
    port = view()
    port.frame([(5, 12)])
    assert not VIEW.contains(port.square_rect((0, 25)))
    port.show((0, 25))
    assert VIEW.contains(port.square_rect((0, 25)))
    assert port.square_at(VIEW.topleft) is not None
