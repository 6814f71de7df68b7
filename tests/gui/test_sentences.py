"""What the window says on its own is a sentence: a capital letter first, a full stop last (issue 16:
"column 4 is full.", "a disc on a1 would not outflank…"), for every game's reasons for refusing a
move, and in the status bar itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.registry import game_keys, get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.window.draw import sentence
from ludoteca.match import Match
from ludoteca.shells.window.boards import has_board

from .conftest import Driver
from .fit_walk import positions


def refusals(game: Game[Any, Any]) -> set[str]:
    """The rules' reasons met along a random game to its end, offering each position moves that
    were legal earlier in the game (a full column, a taken square, a tile no longer in hand…)."""
    rng = random.Random(3)
    reasons: set[str] = set()
    match = Match(game, game.options({}), tuple(SeatSpec("human") for _ in range(game.info.max_seats)), 3)
    seen: dict[str, Any] = {}
    while not match.over and match.ply < 200:
        legal = list(game.legal_moves(match.state))
        for move in rng.sample(list(seen.values()), min(12, len(seen))):
            try:
                game.play(match.state, move)
            except LudotecaError as err:
                reasons.add(str(err))
        seen.update((repr(move), move) for move in legal)
        match.play(rng.choice(legal))
    return reasons


def refused_position(key: str) -> tuple[Match, Any]:
    """A game in progress and a move its rules refuse there (one legal earlier in the game)."""
    game = get_game(key)
    _middle, end = positions(key, (), 1)
    for ply in range(len(end.moves) - 1, 0, -1):
        state = end.states[ply]
        if game.to_move(state) is None:
            continue
        legal = {repr(move) for move in game.legal_moves(state)}
        earlier = {
            repr(m): m for s in end.states[:ply] if game.to_move(s) is not None for m in game.legal_moves(s)
        }
        refused = [move for text, move in earlier.items() if text not in legal]
        if refused:
            match = Match(game, end.options, end.seats, end.seed)
            for move in end.moves[:ply]:
                match.play(move)
            return match, refused[0]
    raise AssertionError(f"{key}: no position refuses a move")


def test_sentence_capitalises_words_and_leaves_notation_alone() -> None:
    assert sentence("column 4 is full") == "Column 4 is full."
    assert sentence("a disc on a1 would not outflank any opposing disc.") == (
        "A disc on a1 would not outflank any opposing disc."
    )
    assert sentence("Qwirkle!") == "Qwirkle!"
    assert sentence("c3-f7 is blocked") == "c3-f7 is blocked."  # notation is never capitalised


@pytest.mark.parametrize("key", game_keys())
def test_every_games_reasons_read_as_sentences(key: str) -> None:
    reasons = refusals(get_game(key))
    assert reasons, "no move was refused: the test offered nothing illegal"
    for reason in reasons:
        shown = sentence(reason)
        assert shown[0].isupper() and shown.endswith((".", "!", "?")), reason


def test_the_status_bar_says_a_refused_move_as_a_sentence(driver: Driver) -> None:
    for key in game_keys():
        if not has_board(get_game(key)):
            continue
        match, refused = refused_position(key)
        driver.app.go("play", match, computers=False)
        screen = driver.screen
        assert not screen.play(refused)
        text, error = screen.status_text(driver.app.now())
        assert error and text[0].isupper() and text.endswith("."), (key, text)
