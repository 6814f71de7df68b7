"""The suite every registered game must pass: a new game gets these tests by registering.

The checks themselves live in the package (`ludoteca.core.conformance`), where `ludoteca check GAME`
runs them on an installed game without a checkout; this file runs them on every game of the shelf.
Random legal playouts terminate; `to_move`/`legal_moves`/`outcome` agree; `play` never changes
its argument; notation round-trips; records replay to the same state; the same seed gives the
same game; views strip the random generator and are stable; terminal boards draw for every seat.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core import Game, conformance
from ludoteca.core.conformance import playout, seat_counts, variants
from ludoteca.core.declaration import GameDeclaration
from ludoteca.core.registry import all_games, declarations, failures, get_game
from ludoteca.shells.check import check_terminal_board

GAMES: list[Game[Any, Any]] = all_games()
__all__ = ["playout", "seat_counts", "variants"]  # tests of other games use them from here


def game_id(game: Game[Any, Any]) -> str:
    return game.info.key


CASES = [
    pytest.param(game, case.options, case.seats, id=case.label(game))
    for game in GAMES
    for case in conformance.cases(game)
]


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_random_playouts_respect_the_contract(
    game: Game[Any, Any], options: dict[str, Any], seats: int
) -> None:
    conformance.check_playouts(game, options, seats)


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_notation_round_trips(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    conformance.check_notation(game, options, seats)


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_records_replay_to_the_same_state(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    conformance.check_records(game, options, seats)
    assert get_game(game.info.key) is game  # a record's game is found on the shelf by its key


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_views_hide_chance_and_are_stable(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    conformance.check_views(game, options, seats)


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_the_move_reader_answers_any_text(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    conformance.fuzz_move_reader(game, options, seats, tries=100)


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_terminal_board_draws_for_every_seat(
    game: Game[Any, Any], options: dict[str, Any], seats: int
) -> None:
    check_terminal_board(game, options, seats)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_rules_text_and_info(game: Game[Any, Any]) -> None:
    conformance.check_info(game)


DECLARATIONS = declarations()


def test_the_shelf_holds_every_game_and_the_installed_example() -> None:
    keys = [d.key for d in DECLARATIONS]
    assert keys[:6] == ["khet", "connect4", "othello", "fiveormore", "qwirkle", "turtles"]
    assert "tictactoe" in keys, "the example package installed by tests/conftest.py is on the shelf"
    assert not failures(), [f.message for f in failures()]


@pytest.mark.parametrize("declared", DECLARATIONS, ids=lambda d: d.key)
def test_every_declared_part_loads_as_what_it_claims(declared: GameDeclaration) -> None:
    from ludoteca.ai.levels import Levels
    from ludoteca.kits.terminal.board import TerminalBoard
    from ludoteca.kits.window.board import GameBoard

    expected = {"levels": Levels, "terminal_board": TerminalBoard, "window_board": GameBoard}
    for part, kind in expected.items():
        loaded = declared.part(part)
        if loaded is None:
            continue
        assert isinstance(loaded, kind) or (isinstance(loaded, type) and issubclass(loaded, kind)), part
    for verb in declared.commands:
        assert callable(declared.command(verb)), verb
    if declared.start_position is not None:
        assert callable(declared.part("start_position"))
