"""The Othello board in the terminal, without colour (as in pipes and tests)."""

from __future__ import annotations

from ludoteca.games.othello import GAME
from ludoteca.kits.terminal.style import Style
from ludoteca.shells.terminal.boards import terminal_board_for


def test_board_shows_coordinates_discs_legal_squares_and_counts() -> None:
    state = GAME.play(GAME.start({}, 0, 2), GAME.parse_move(GAME.start({}, 0, 2), "d3"))
    text = terminal_board_for(GAME).render(GAME, state, None, Style(colour=False))
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefgh")
    row3 = next(line for line in lines if line.split()[0] == "3")
    assert "[X]" in row3  # the disc just played
    row5 = next(line for line in lines if line.split()[0] == "5")
    # White's legal squares c3, e3 and c5 are marked with +
    assert row5.split()[1:6] == [".", ".", "+", "X", "O"]
    assert row3.split()[1:6] == [".", ".", "+", "[X]", "+"]
    assert "Black: 4 discs" in text and "White: 1 disc" in text
    assert "\x1b[" not in text


def test_colour_board_uses_ansi_and_round_discs() -> None:
    text = terminal_board_for(GAME).render(GAME, GAME.start({}, 0, 2), None, Style(colour=True))
    assert "\x1b[" in text and "●" in text


def test_move_help_lists_moves_or_asks_for_a_pass() -> None:
    adapter = terminal_board_for(GAME)
    assert "c4 d3 e6 f5" in adapter.move_help(GAME, GAME.start({}, 0, 2))
    stuck = GAME.parse_position("XXXXXXXX" * 6 + "XXXXXXO-" + "XXXXXX-- O", {})
    assert "pass" in adapter.move_help(GAME, stuck)
    assert "must pass" in adapter.render(GAME, stuck, 1, Style(colour=False))
