"""Qwirkle in the terminal speaks to the players (issue 16, item 12): the French letters come with
a legend, an English initial is read where it is no other letter, players are named by their
pseudonyms, and orange never looks like yellow."""

from __future__ import annotations

import io

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.terminal import QwirkleTerminalBoard
from ludoteca.games.qwirkle.text_board import paint_tile
from ludoteca.games.qwirkle.tiles import KINDS, make, parse_tile, tile_name, tile_plural
from ludoteca.i18n import set_language
from ludoteca.kits.terminal.console import Console
from ludoteca.kits.terminal.style import Style, detect_style
from ludoteca.match import Match
from ludoteca.shells.terminal.play import TerminalGame

from .support import move

PLAIN = Style(colour=False)
LAST_TILE = "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecC2; hand C3; hand R0 R1; bag ; rng 7"


def test_the_board_has_a_legend_of_letters_and_digits_in_the_players_language() -> None:
    get_game("qwirkle")  # the shelf merges the game's own catalogue
    state = GAME.start(GAME.options({}), 3, 2)
    drawn = QwirkleTerminalBoard().render(GAME, GAME.view(state, 0), 0, PLAIN)
    # English letters since issue 30 (tests/qwirkle/test_letters.py has the rest)
    assert "Q square · O circle · S star · D diamond · K clover · X cross" in drawn
    assert "Colours: 0/O orange · 1/R red · 2/B blue · 3/Y yellow · 4/P purple · 5/G green" in drawn
    set_language("fr")
    try:
        drawn = QwirkleTerminalBoard().render(GAME, GAME.view(state, 0), 0, PLAIN)
    finally:
        set_language("en")
    assert "C carré · R rond · E étoile" in drawn and "=" not in drawn
    assert "Couleurs : 0/O orange · 1/R rouge · 2/B bleu · 3/J jaune" in drawn


def test_d_for_diamond_is_read_as_the_notations_l_and_written_back_as_l() -> None:
    assert parse_tile("D1") == parse_tile("d1") == parse_tile("L1") == make(3, 1)
    # since issue 30 S is the English star (the letters of every language are read)
    assert parse_tile("S1") == make(2, 1)
    state = GAME.parse_position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1; hand L1 C2; hand R0; bag L0 L2 L3",
        GAME.options({}),
    )
    assert move(state, "ecD1") == move(state, "ecL1")
    assert GAME.format_move(state, move(state, "ecd1")) == "ecL1"
    assert move(state, "x D1") == move(state, "x L1")


def test_plays_and_the_winner_are_told_with_the_players_pseudonyms() -> None:
    match = Match(
        GAME,
        GAME.options({}),
        (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob")),
        1,
        position=LAST_TILE,
    )
    out = io.StringIO()
    TerminalGame(match, None, Console(io.StringIO("\nedC3\n\n"), out)).run()
    text = out.getvalue()
    assert "Ann placed 1 tile (edQ3)" in text
    assert "Ann placed their last tile with the bag empty (+6); Ann wins with 9 points" in text
    assert "Player 1" not in text.split("Ann placed", 1)[1]


def test_an_unnamed_seat_keeps_its_name_and_a_resignation_names_the_player() -> None:
    state = GAME.parse_position(LAST_TILE, GAME.options({}))
    after = GAME.play(state, move(state, "edC3"))
    outcome = GAME.outcome(after)
    assert outcome is not None and "Player 1 wins with 9 points" in str(outcome.reason)
    match = Match(GAME, GAME.options({}), (SeatSpec("human", name="Ann"), SeatSpec("human")), 1)
    assert str(match.resign(0).reason) == "Ann resigned"


def test_orange_and_yellow_tiles_are_painted_apart() -> None:
    orange, yellow = make(0, 0), make(0, 3)
    wide = Style(colour=True, colours=256)
    assert "38;5;208" in paint_tile(orange, wide) and "38;5;208" not in paint_tile(yellow, wide)
    # sixteen colours: the stand-in for orange is underlined, so it still differs from yellow
    narrow = Style(colour=True, colours=16)
    assert paint_tile(orange, narrow).replace("C0", "") != paint_tile(yellow, narrow).replace("C3", "")
    assert ";4m" in paint_tile(orange, narrow) and ";4m" not in paint_tile(yellow, narrow)


def test_a_terminal_that_says_it_has_256_colours_gets_them(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert detect_style(Tty()).colours == 256
    monkeypatch.setenv("TERM", "xterm")
    assert detect_style(Tty()).colours == 16


def test_french_tile_names_make_the_colour_agree_with_the_shape() -> None:
    get_game("qwirkle")
    english = [(tile_name(make(s, c)), tile_plural(make(s, c))) for s in range(KINDS) for c in range(KINDS)]
    set_language("fr")
    try:
        french = {
            (s, c): (tile_name(make(s, c)), tile_plural(make(s, c)))
            for s in range(KINDS)
            for c in range(KINDS)
        }
    finally:
        set_language("en")
    assert english[0] == ("orange square", "orange squares")
    # shapes 2 and 5 are feminine in French (étoile, croix); colour digits 2 blue, 4 purple, 5 green
    assert french[2, 5] == ("étoile verte", "étoiles vertes")
    assert french[5, 4] == ("croix violette", "croix violettes")
    assert french[0, 2] == ("carré bleu", "carrés bleus")
    assert french[1, 0] == ("rond orange", "ronds orange")
    for (shape, _colour), (one, many) in french.items():
        feminine = shape in (2, 5)
        adjective = one.rsplit(" ", 1)[1]
        assert adjective in (
            ("orange", "rouge", "bleue", "jaune", "violette", "verte")
            if feminine
            else ("orange", "rouge", "bleu", "jaune", "violet", "vert")
        )
        plural = many.rsplit(" ", 1)[1]
        assert plural == adjective if adjective == "orange" else plural == adjective + "s"
