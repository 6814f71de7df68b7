"""The terminal drawing: readable without colour, last drop and winning line marked, Cascade panel."""

from __future__ import annotations

from ludoteca.games.connect4 import GAME
from ludoteca.games.connect4.terminal import Connect4TerminalBoard
from ludoteca.kits.terminal.style import Style

ADAPTER = Connect4TerminalBoard()

PLAIN = Style(colour=False)


def test_plain_grid_uses_letters_and_marks_the_last_drop() -> None:
    state = GAME.parse_position("4453", GAME.options())
    text = ADAPTER.render(GAME, state, None, PLAIN)
    lines = text.splitlines()
    assert lines[0].split() == ["1", "2", "3", "4", "5", "6", "7"]
    bottom = next(line for line in lines if line.startswith("1|"))
    assert bottom == "1| .  . (R) Y  Y  .  . |"
    assert "\x1b[" not in text
    assert "Y Yellow" in text and "R Red" in text


def test_winning_line_is_bracketed() -> None:
    state = GAME.parse_position("1122334", GAME.options())
    bottom = next(
        line for line in ADAPTER.render(GAME, state, None, PLAIN).splitlines() if line.startswith("1|")
    )
    assert bottom == "1|[Y][Y][Y][Y] .  .  . |"


def test_colour_mode_paints_discs() -> None:
    state = GAME.parse_position("4", GAME.options())
    assert "\x1b[" in ADAPTER.render(GAME, state, None, Style(colour=True))


def test_cascade_panel_shows_points_drops_and_rounds() -> None:
    state = GAME.parse_position("1122334", GAME.options({"variant": "cascade", "drops": 30}))
    text = ADAPTER.render(GAME, state, None, PLAIN)
    assert "Yellow 1 point" in text and "Red 0 points" in text
    assert "Drops: 7 of 30" in text
    assert "Cascade round 1: Yellow line of 4; 4 discs removed" in text
    assert "1-7" not in ADAPTER.move_help(GAME, state) and "1 to 7" in ADAPTER.move_help(GAME, state)
