"""Khet's turn handles in the real window at its smallest size: large enough to hit, growing with
the squares, and the `[` / `]` keys that turn the selected piece; and the beam's words drawn with
a real arrow, not a chevron standing in for it."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.picking import ANTICLOCKWISE, CLOCKWISE
from ludoteca.games.khet.window import KhetBoard
from ludoteca.i18n import set_language
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.fonts import font
from ludoteca.match import Match
from ludoteca.shells.window.app import App
from ludoteca.shells.window.routes import open_app
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.store import Store

from .helpers import sq

#: the smallest window the layout is made for (UI.md), and the handle's hit area there (pixels
#: across): about a fingertip, and about the square itself
SMALLEST = (800, 600)
HANDLE_ACROSS = 36


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "handles.sqlite3") as opened:
        yield opened


def open_khet(store: Store, size: tuple[int, int], *, fire_at_once: bool = False) -> App:
    game = get_game("khet")
    app = open_app(store, size, speed=0, sound=False)
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human")), 1)
    app.go("play", match, computers=False)
    app.step()
    board = khet_board(app)
    board.fire_at_once = fire_at_once
    return app


def khet_board(app: App) -> KhetBoard:
    screen = app.screen
    assert isinstance(screen, PlayScreen) and isinstance(screen.board, KhetBoard)
    return screen.board


def post_click(app: App, pos: tuple[float, float]) -> None:
    at = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    app.step()
    app.step()


def post_key(app: App, key: int, char: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
    app.step()
    app.step()


def select(app: App, name: str) -> KhetBoard:
    board = khet_board(app)
    post_click(app, board.grid.center(*cell_of(sq(name))))
    assert board.picking is not None and board.picking.selected == sq(name)
    return board


def test_the_turn_handles_are_a_fingertip_wide_at_800_by_600(store: Store) -> None:
    app = open_khet(store, SMALLEST)
    try:
        board = select(app, "c4")  # a Pyramid: it turns both ways
        reach = HANDLE_ACROSS / 2 - 0.5  # the pixel grid rounds a point half a pixel either way
        for turn, centre in board.arrow_centres(sq("c4")).items():
            for step in range(16):
                angle = math.tau * step / 16
                point = (
                    round(centre[0] + reach * math.cos(angle)),
                    round(centre[1] + reach * math.sin(angle)),
                )
                assert board.arrow_at(point) == turn, (turn, point, centre)
        # the two handles do not overlap, and a neighbour's middle (its lit dot) is still the neighbour's
        left, right = board.arrow_centres(sq("c4"))[ANTICLOCKWISE], board.arrow_centres(sq("c4"))[CLOCKWISE]
        assert board.arrow_at((round((left[0] + right[0]) / 2), round(left[1]))) is None
        for name in ("b5", "d5", "b4", "d4"):
            assert board.arrow_at(tuple(map(round, board.grid.center(*cell_of(sq(name)))))) is None
        # a click near the edge of the clockwise handle (outside the piece's square) turns it
        picking = board.picking
        assert picking is not None
        clockwise = picking.turns()[CLOCKWISE]
        x, y = right
        post_click(app, (x + reach * 0.7, y - reach * 0.7))
        assert picking.pending == clockwise
        assert app.screen.match.moves == []  # waiting for Fire
    finally:
        app.screen.leave()


def test_the_handles_grow_with_the_squares(store: Store) -> None:
    reaches = {}
    for size in (SMALLEST, (1920, 1080)):
        app = open_khet(store, size)
        try:
            board = khet_board(app)
            reaches[size] = (board.handle_reach(), board.grid.cell, board.arrow_radius())
        finally:
            app.screen.leave()
    (small, small_cell, small_drawn), (large, large_cell, large_drawn) = reaches.values()
    assert small * 2 >= HANDLE_ACROSS
    assert large / small == pytest.approx(large_cell / small_cell, rel=0.05)
    # what is drawn is the handle: the hit area is not much larger than the picture of it
    assert small_drawn <= small <= small_drawn * 1.35
    assert large_drawn >= 0.3 * large_cell


@pytest.mark.parametrize("fire_at_once", [False, True])
def test_the_bracket_keys_turn_the_selected_piece(store: Store, fire_at_once: bool) -> None:
    app = open_khet(store, SMALLEST, fire_at_once=fire_at_once)
    try:
        board = select(app, "c4")
        picking = board.picking
        assert picking is not None
        clockwise, anticlockwise = picking.turns()[CLOCKWISE], picking.turns()[ANTICLOCKWISE]
        post_key(app, pygame.K_RIGHTBRACKET, "]")
        match = app.screen.match
        if fire_at_once:
            assert match.moves == ["c4+"]
            return
        assert picking.pending == clockwise and match.moves == []  # shown, waiting for Fire
        post_key(app, pygame.K_BACKSPACE, "")  # take it back
        assert picking.pending is None
        board = select(app, "c4")
        post_key(app, pygame.K_LEFTBRACKET, "[")
        assert picking.pending == anticlockwise
    finally:
        app.screen.leave()


def test_a_bracket_without_a_selected_piece_turns_nothing(store: Store) -> None:
    app = open_khet(store, SMALLEST)
    try:
        post_key(app, pygame.K_RIGHTBRACKET, "]")
        picking = khet_board(app).picking
        assert picking is None or picking.pending is None
    finally:
        app.screen.leave()


# ----- the beam's words ----------------------------------------------------------------------------
def ink_runs(image: pygame.Surface, y: int, x0: int, x1: int) -> int:
    """The longest run of inked pixels on row `y` between `x0` and `x1`."""
    best = run = 0
    for x in range(x0, x1):
        if image.get_at((x, y)).a > 100:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def rendered(content: str, size: int = 28) -> tuple[pygame.Surface, pygame.font.Font]:
    small = font(size)
    width, height = small.size(content)
    image = pygame.Surface((width + 4, height + 4), pygame.SRCALPHA)
    draw.text(image, small, content, (255, 255, 255), (0, 0))
    return image, small


def test_an_arrow_in_the_words_is_drawn_as_an_arrow_not_a_chevron() -> None:
    pygame.font.init()
    arrow, small = rendered("j1→j4")
    chevron, _ = rendered("j1›j4")
    assert pygame.image.tobytes(arrow, "RGBA") != pygame.image.tobytes(chevron, "RGBA")
    x0, x1 = small.size("j1")[0], small.size("j1→")[0]
    # a shaft: a long straight run of ink across most of the arrow's room, at the height of "-"
    _minx, _maxx, miny, maxy, _advance = small.metrics("-")[0]
    middle = small.get_ascent() - round((miny + maxy) / 2)
    longest = max(ink_runs(arrow, y, x0, x1) for y in range(middle - 2, middle + 3))
    assert longest >= 0.6 * (x1 - x0), (longest, x1 - x0)
    # and nothing of an empty box: no ink at the height of a capital's top
    top = small.get_ascent() - small.metrics("H")[0][3] + 1
    assert ink_runs(arrow, top, x0, x1) <= 2


def test_the_beam_in_the_side_panel_reads_with_arrows(store: Store) -> None:
    set_language("en")
    app = open_khet(store, SMALLEST)
    try:
        board = select(app, "c4")
        post_key(app, pygame.K_RIGHTBRACKET, "]")  # a move waiting for Fire: "Fire would: …"
        with fit.watching() as watch:
            app.step()
        words = [d.text for d in watch.drawn if "reflects" in d.text or "leaves" in d.text]
        assert words and any("→" in text for text in words)
        assert not any("›" in text for text in words)
        assert board.picking is not None
    finally:
        app.screen.leave()
