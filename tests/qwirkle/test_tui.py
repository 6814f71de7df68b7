"""The terminal drawing and the adapter's hooks."""

from __future__ import annotations

import re

from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.cursor import CANCELLED, CursorEditor
from ludoteca.games.qwirkle.state import Exchange
from ludoteca.games.qwirkle.terminal import QwirkleTerminalBoard
from ludoteca.games.qwirkle.tiles import tile_label, tile_text
from ludoteca.kits.terminal.style import Style
from ludoteca.match import Match

from .support import move, position, tiles

ADAPTER = QwirkleTerminalBoard()

PLAIN = Style(colour=False)


def test_the_board_has_letters_tiles_and_the_last_play_marked() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 4 0; board ebC1 ecC2 edC0; "
        "hand C5 R3; hand E2 R1 X1 X2 T2 L5; bag L0 L1"
    )
    state = GAME.play(state, move(state, "eeC5"))
    lines = ADAPTER.render(GAME, GAME.view(state, 1), 1, PLAIN).splitlines()
    assert lines[0].split()[:26] == list("abcdefghijklmnopqrstuvwxyz")
    row_e = next(line for line in lines if line.startswith("e "))
    # the last play is starred in plain text; tiles in the player's letters (Q: square)
    assert row_e.startswith("e   . Q1 Q2 Q0*Q5  .")
    assert "\x1b[" not in "\n".join(lines)


def test_the_panel_shows_only_the_viewers_hand() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 4 7; board ebC1 ecC2; "
        "hand C3 R3 L3 T3 X3 E3; hand E2 R1 X1 X2 T2 L5; bag L0 L1"
    )
    mine = ADAPTER.render(GAME, GAME.view(state, 0), 0, PLAIN)
    assert "Q3 O3 S3 D3 K3 X3" in mine
    assert " ".join(tile_label(t) for t in state.hands[1]) not in mine
    spectator = ADAPTER.render(GAME, GAME.view(state, None), None, PLAIN)
    assert "Hands are hidden" in spectator
    assert "Bag: 2 tiles" in spectator and "Player 1\n" in spectator


def test_colour_paints_tiles() -> None:
    state = position("size 12x26; mode normal; turn 0; scores 0 0; board ebC1; hand C3; hand R1; bag L0")
    assert "\x1b[" in ADAPTER.render(GAME, GAME.view(state, 0), 0, Style(colour=True))


def test_a_computers_exchange_is_announced_without_its_tiles() -> None:
    state = GAME.start(GAME.options(), 1, 2)
    swap = Exchange(state.hands[0][:2])
    text = ADAPTER.public_move_text(GAME, state, swap)
    assert text == "an exchange of 2 tiles"
    assert all(tile_text(t) not in text and tile_label(t) not in text for t in swap.tiles)


def test_the_round_end_question_comes_only_between_rounds_with_people() -> None:
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "stop"

    match = Match(GAME, GAME.options({"mode": "short"}), [SeatSpec("human"), SeatSpec("human")], 5)
    match.play(GAME.legal_moves(match.state)[0])
    assert ADAPTER.between_turns(match, ask) is False and not asked
    match.play(next(m for m in GAME.legal_moves(match.state) if isinstance(m, Exchange)))
    assert ADAPTER.between_turns(match, ask) is True
    assert asked and "End of round 1" in asked[0]
    robots = Match(GAME, GAME.options(), [SeatSpec("computer", 2), SeatSpec("computer", 2)], 5)
    robots.play(GAME.legal_moves(robots.state)[0])
    robots.play(next(m for m in GAME.legal_moves(robots.state) if isinstance(m, Exchange)))
    assert ADAPTER.between_turns(robots, ask) is False


def test_arrow_key_entry_builds_a_play_in_notation() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecC2; hand C3 R2 C0; hand R1; bag L0"
    )
    editor = CursorEditor.start(state, 0)
    assert (editor.row, editor.col) in ((4, 1), (4, 2))  # starts on the tiles already down
    editor.key("tab")
    for _ in range(8):
        editor.key("left")
    editor.key("down")  # row f
    editor.key("tab")
    # the hand is sorted: C0 C3 R2; pick C3 (second), put it down on fa... then move right
    editor.key("right")
    editor.key("space")
    assert editor.on_board and editor.held == 1
    editor.key("space")
    assert editor.placed == [(5, 0, tiles("C3")[0])] and not editor.on_board
    assert editor.key("enter") == "faC3"
    editor.key("backspace")
    assert editor.placed == [] and sorted(editor.hand) == sorted(tiles("C0 C3 R2"))
    # a tile cannot be put on a square already taken
    editor.key("space")
    for _ in range(5):
        editor.key("up")
    editor.key("right")
    editor.key("down")
    editor.key("down")
    editor.key("down")
    editor.key("down")
    assert (editor.row, editor.col) == (4, 1)
    editor.key("space")
    assert editor.placed == [] and editor.on_board
    assert editor.key("escape") == CANCELLED
    assert "Hand:" in editor.draw(PLAIN) and ">" in editor.draw(PLAIN)


def test_arrow_key_entry_needs_a_terminal() -> None:
    said: list[str] = []

    class Piped:
        interactive = False
        stdin = None
        stdout = None

        def say(self, text: str) -> None:
            said.append(text)

    state = GAME.start(GAME.options(), 1, 2)
    assert ADAPTER.expand_input(GAME, state, 0, "ebC1", Piped()) == "ebC1"
    assert ADAPTER.expand_input(GAME, state, 0, "c", Piped()) == ""
    assert said and "needs a terminal" in said[0]


def test_the_final_ranking_is_shown_at_the_end() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 5 9 9; board ebC1 ecC2; hand C3; hand R1; hand L0; bag"
    )
    state = GAME.play(state, move(state, "edC3"))  # 3 points and the last tile: 5 + 3 + 6 = 14
    text = ADAPTER.render(GAME, GAME.view(state, None), None, PLAIN)
    assert "Final ranking" in text
    ranking = re.findall(r"(\d+)\. (Player \d) +(\d+)", text)
    assert ranking == [("1", "Player 1", "14"), ("2", "Player 2", "9"), ("2", "Player 3", "9")]


def test_the_panel_names_the_players_of_the_match_being_played() -> None:
    match = Match(GAME, GAME.options(), [SeatSpec("human", None, "Ann"), SeatSpec("computer", 2, "Robo")], 3)
    ADAPTER.begin(match, None)
    text = ADAPTER.render(GAME, match.view(0), 0, PLAIN)
    assert "Player 1: Ann" in text and "Robo" in text
    elsewhere = GAME.play(match.state, GAME.legal_moves(match.state)[0])  # not in the match's history
    assert "Ann" not in ADAPTER.render(GAME, GAME.view(elsewhere, None), None, PLAIN)
