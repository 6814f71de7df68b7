"""Issue 30, item 11: the window's move list shows Qwirkle's plays as small tiles on their squares
and exchanges and passes in words, never the terminal's notation; the bag on the table is labelled."""

from __future__ import annotations

import re

import pygame
import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle.state import Exchange, Place
from ludoteca.games.qwirkle.window import QwirkleBoard
from ludoteca.kits.window import fit
from ludoteca.kits.window.board import MovePicture
from ludoteca.match import Match
from ludoteca.shells.window.screens.panel import move_entries
from ludoteca.shells.window.screens.play import PlayScreen

from .conftest import Driver, close

GAME = get_game("qwirkle")
#: a tile as the terminal writes it (with a square, or given back), or a hidden one
NOTATION = re.compile(r"[a-z]{2}[A-Z][0-5]|\b[A-Z][0-5]\b|\?\?|^x\b|^pass$")
WORDS = {"en": ("exchanged 4 tiles", "Bag: {n} tiles"), "fr": ("a échangé 4 tuiles", "Pioche : {n} tuiles")}


def a_game(exchange_by: int) -> Match:
    """Ann against a computer: a few plays, each the longest, and an exchange of four tiles by
    seat `exchange_by` (the computer's is hidden from Ann, hers is not)."""
    seats = (SeatSpec("human", name="Ann"), SeatSpec("computer", 1, name="Bot"))
    match = Match(GAME, GAME.options({}), seats, 3)
    for ply in range(6):
        legal = GAME.legal_moves(match.state)
        if ply == 4 + exchange_by:
            match.play(next(m for m in legal if isinstance(m, Exchange) and len(m.tiles) == 4))
        else:
            match.play(max((m for m in legal if isinstance(m, Place)), key=lambda m: len(m.tiles)))
    return match


def words_of(entry: tuple[tuple[object, ...], ...]) -> str:
    return " ".join("".join(part for part in piece if isinstance(part, str)) for piece in entry)


def open_game(driver: Driver, match: Match, lang: str) -> PlayScreen:
    driver.app.settings.language = lang
    driver.app.apply_settings()
    driver.app.go("play", match, computers=False)
    driver.frames(2)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("exchange_by", [0, 1])
def test_the_move_list_shows_tiles_and_words_not_notation(
    driver: Driver, lang: str, exchange_by: int
) -> None:
    match = a_game(exchange_by)
    play = open_game(driver, match, lang)
    entries = move_entries(play)
    assert len(entries) == len(match.moves) == 6
    exchanged, _bag = WORDS[lang]
    for ply, entry in enumerate(entries):
        said = words_of(entry)
        assert not NOTATION.search(said), (match.moves[ply], said)
        move = GAME.parse_move(match.states[ply], match.moves[ply])
        if isinstance(move, Exchange):
            assert said == exchanged
            assert not any(isinstance(part, MovePicture) for piece in entry for part in piece)
        else:
            assert isinstance(move, Place)
            # each tile laid, pictured on its square
            pictured = [(piece[0], piece[1]) for piece in entry]
            squares = [re.sub(r"[A-Z][0-5]", "", token) for token in match.moves[ply].split()]
            assert pictured == [
                (sq, MovePicture(t)) for sq, (_r, _c, t) in zip(squares, move.tiles, strict=True)
            ]


def test_the_tiles_are_drawn_in_the_move_list_and_every_word_fits(driver: Driver) -> None:
    play = open_game(driver, a_game(1), "en")
    board = play.board
    assert isinstance(board, QwirkleBoard)
    with fit.watching() as watch:
        driver.frames(1)
    problems = [p for p in watch.problems(driver.app.surface.get_rect()) if "move list" in p or "Bag" in p]
    assert not problems, problems
    texts = [d.text for d in watch.drawn]
    assert "exchanged 4 tiles" in texts
    assert f"Bag: {len(play.match.state.bag)} tiles" in texts
    # the list's last play is drawn as tiles: its colour shows beside its square's letters
    last = GAME.parse_move(play.match.states[4], play.match.moves[4])
    assert isinstance(last, Place)
    square = next(
        d for d in watch.drawn if d.text == play.match.moves[4][:2] and d.rect.left > board.area.right
    )
    colour = board.palette.tiles[last.tiles[0][2] % 6]
    strip = pygame.Rect(square.rect.right, square.rect.top, square.rect.height * 2, square.rect.height)
    found = [
        driver.pixel((x, y)) for x in range(strip.left, strip.right) for y in range(strip.top, strip.bottom)
    ]
    assert any(close(pixel, colour, 30) for pixel in found)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_bag_on_the_table_says_what_its_number_is(driver: Driver, lang: str) -> None:
    match = a_game(0)
    open_game(driver, match, lang)
    with fit.watching() as watch:
        driver.frames(1)
    _exchanged, bag = WORDS[lang]
    assert bag.format(n=len(match.state.bag)) in [d.text for d in watch.drawn]
    assert str(len(match.state.bag)) not in [d.text for d in watch.drawn]
