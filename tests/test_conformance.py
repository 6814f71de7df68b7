"""The suite every registered game must pass: a new game gets these tests by registering.

Random legal playouts terminate; `to_move`/`legal_moves`/`outcome` agree; `play` never changes
its argument; notation round-trips; records replay to the same state; the same seed gives the
same game; views strip the random generator and are stable; terminal boards draw for every seat.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from ludoteca.core import Game, Outcome, Rng
from ludoteca.core.declaration import GameDeclaration
from ludoteca.core.record import Record, replay
from ludoteca.core.registry import all_games, declarations, failures, get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.style import Style
from ludoteca.shells.terminal.boards import terminal_board_for

GAMES: list[Game[Any, Any]] = all_games()
MAX_PLIES = 400  # enough to end every game on the shelf from a random playout, or to test a long one


def game_id(game: Game[Any, Any]) -> str:
    return game.info.key


def seat_counts(game: Game[Any, Any]) -> list[int]:
    return sorted({game.info.min_seats, game.info.default_seats, game.info.max_seats})


def variants(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The default options, plus each choice of a 'variant' option."""
    specs = {spec.name: spec for spec in game.info.options}
    if "variant" in specs and specs["variant"].choices:
        return [game.options({"variant": v}) for v in specs["variant"].choices]
    return [game.options()]


def playout(
    game: Game[Any, Any], options: dict[str, Any], seats: int, seed: int
) -> tuple[list[Any], list[str]]:
    chooser = random.Random(seed)
    state = game.start(options, seed, seats)
    states, moves = [state], []
    for _ply in range(MAX_PLIES):
        seat = game.to_move(state)
        legal = list(game.legal_moves(state))
        assert (seat is None) == (not legal), "legal_moves must be empty exactly when the game is over"
        assert (seat is None) == (game.outcome(state) is not None), "to_move is None exactly when over"
        if seat is None:
            break
        move = chooser.choice(legal)
        moves.append(game.format_move(state, move))
        before = copy.deepcopy(state)
        state = game.play(state, move)
        assert before == states[-1], "play must not change the state it is given"
        states.append(state)
    return states, moves


CASES = [
    pytest.param(
        game, options, seats, id=f"{game.info.key}-{'-'.join(str(v) for v in options.values())}-{seats}p"
    )
    for game in GAMES
    for options in variants(game)
    for seats in seat_counts(game)
]


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_random_playouts_respect_the_contract(
    game: Game[Any, Any], options: dict[str, Any], seats: int
) -> None:
    for seed in (1, 2):
        states, _moves = playout(game, options, seats, seed)
        final = states[-1]
        outcome = game.outcome(final)
        if outcome is not None:
            assert isinstance(outcome, Outcome)
            assert len(outcome.ranks) == game.seat_count(final) == seats
            assert str(outcome.reason)
        # same seed, same moves: the same game
        again, _ = playout(game, options, seats, seed)
        assert again == states


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_notation_round_trips(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    states, _ = playout(game, options, seats, 3)
    for state in states[:: max(1, len(states) // 12)]:
        legal = list(game.legal_moves(state))
        for move in random.Random(0).sample(legal, min(len(legal), 40)):
            text = game.format_move(state, move)
            assert game.parse_move(state, text) == move, text
            # `moves KEY` asks for a group by its words, so a group is a non-empty line of words
            group = game.move_group(state, move)
            assert isinstance(group, str) and group.split() and "\n" not in group, (text, group)


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_records_replay_to_the_same_state(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    seed = 4
    states, moves = playout(game, options, seats, seed)
    outcome = game.outcome(states[-1])
    record = Record(
        game.info.key,
        seed,
        options,
        tuple(SeatSpec() for _ in range(seats)),
        moves,
        result=outcome.result_tag() if outcome else None,
        scores=outcome.scores if outcome else None,
    )
    text = record.dumps()
    loaded = Record.loads(text)
    assert get_game(loaded.game) is game
    replayed = replay(game, loaded, text)
    assert replayed[-1] == states[-1]
    assert len(replayed) == len(states)


def _contains_rng(value: Any, depth: int = 0) -> bool:
    if isinstance(value, Rng):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_contains_rng(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(_contains_rng(v, depth + 1) for v in list(value)[:50])
    if isinstance(value, dict):
        return any(_contains_rng(v, depth + 1) for v in list(value.values())[:50])
    return False


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_views_hide_chance_and_are_stable(game: Game[Any, Any], options: dict[str, Any], seats: int) -> None:
    states, _ = playout(game, options, seats, 5)
    for state in states[:: max(1, len(states) // 6)]:
        for seat in [None, *range(seats)]:
            view = game.view(state, seat)
            assert game.view(view, seat) == view, "a view of a view must change nothing"
            if game.info.chance:
                assert not _contains_rng(view), "a view must not carry the random generator"
            if seat is not None and game.to_move(state) == seat:
                world = game.determinize(view, seat, random.Random(1))
                assert game.view(world, seat) == view, "determinize must agree with what the seat sees"
                assert [game.format_move(view, m) for m in game.legal_moves(view)] == [
                    game.format_move(world, m) for m in game.legal_moves(world)
                ], "the seat's legal moves must not depend on what it cannot see"


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
def test_terminal_board_draws_for_every_seat(
    game: Game[Any, Any], options: dict[str, Any], seats: int
) -> None:
    states, _ = playout(game, options, seats, 6)
    adapter = terminal_board_for(game)
    for state in (states[0], states[len(states) // 2], states[-1]):
        game.describe_last(state)
        for seat in [None, *range(seats)]:
            text = adapter.render(game, game.view(state, seat), seat, Style(colour=False))
            assert text.strip()
            assert "\x1b[" not in text, "plain style must not emit colour codes"


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_rules_text_and_info(game: Game[Any, Any]) -> None:
    info = game.info
    assert 1 <= info.min_seats <= info.default_seats <= info.max_seats <= 4
    assert game.rules_text().strip()
    names = [spec.name for spec in info.options]
    assert len(names) == len(set(names))
    for spec in info.options:
        assert spec.parse(spec.default) == spec.default


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
