"""Move notation, seeded determinism and record replay."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import NotationError, RecordError
from ludoteca.core.record import Record, replay
from ludoteca.core.seats import parse_seats
from ludoteca.games.turtles.board import parse_square
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram

from .helpers import GAME, cards, table


def random_game(seed: int, seats: int, plies: int, **options: bool):  # type: ignore[no-untyped-def]
    state = GAME.start(GAME.options(options), seed, seats)
    rnd = random.Random(seed)
    states, moves = [state], []
    for _ in range(plies):
        if GAME.to_move(state) is None:
            break
        legal = GAME.legal_moves(state)
        runs = [m for m in legal if isinstance(m, RunProgram)]
        move = rnd.choice(runs) if runs and rnd.random() < 0.3 else rnd.choice(legal)
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
        states.append(state)
    return states, moves


def test_format_examples() -> None:
    state = table(3)
    assert GAME.format_move(state, AddCards(cards("F L F"), True)) == "add F L F /discard"
    assert GAME.format_move(state, AddCards(cards("X"))) == "add X"
    assert GAME.format_move(state, BuildWall("stone", parse_square("d4"))) == "wall stone d4"
    assert GAME.format_move(state, BuildWall("ice", parse_square("a1"))) == "wall ice a1"
    assert GAME.format_move(state, RunProgram()) == "run"
    assert GAME.format_move(state, PlayBug(2, True)) == "bug green /discard"


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("add FLF", AddCards(cards("FLF"))),
        ("ADD f l f", AddCards(cards("FLF"))),
        ("add forward left laser", AddCards(cards("FLX"))),
        ("add F, L /discard", AddCards(cards("FL"), True)),
        ("add F/discard", AddCards(cards("F"), True)),
        ("add R discard", AddCards(cards("R"), True)),
        ("ice e5", BuildWall("ice", parse_square("e5"))),
        ("stone h8 /d", BuildWall("stone", parse_square("h8"), True)),
        ("wall Stone D4", BuildWall("stone", parse_square("d4"))),
        ("bug 2", PlayBug(1)),
        ("bug Pink", PlayBug(3)),
        ("  run  ", RunProgram()),
        ("run /discard", RunProgram(True)),
    ],
)
def test_parse_forms(text: str, move: object) -> None:
    assert GAME.parse_move(table(4), text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "add",
        "add Q",
        "add FFFFFF",
        "wall",
        "wall wood d4",
        "wall stone z9",
        "wall stone",
        "bug purple",
        "bug 5",
        "bug",
        "jump",
        "run now",
        "/discard",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(table(4), text)


def test_every_legal_move_round_trips() -> None:
    for seats in (2, 3, 4):
        states, _moves = random_game(seats, seats, 40, bug=True)
        for state in states[::4]:
            for move in GAME.legal_moves(state):
                assert GAME.parse_move(state, GAME.format_move(state, move)) == move


def test_same_seed_same_game_and_other_seeds_differ() -> None:
    a, moves_a = random_game(21, 3, 60, bug=True, three_rounds=True)
    b, moves_b = random_game(21, 3, 60, bug=True, three_rounds=True)
    assert a == b and moves_a == moves_b
    starts = {GAME.start(GAME.options(), seed, 2).players for seed in range(5)}
    assert len(starts) == 5


def test_records_replay_exactly() -> None:
    states, moves = random_game(5, 3, 120, bug=True)
    options = GAME.options({"bug": True})
    record = Record("turtles", 5, options, parse_seats("human,human,human"), moves)
    outcome = GAME.outcome(states[-1])
    if outcome is not None:
        record.result = outcome.result_tag()
    text = record.dumps()
    assert '[Bug "yes"]' in text
    replayed = replay(GAME, Record.loads(text), text)
    assert replayed == states


def test_a_tampered_record_is_refused() -> None:
    _states, moves = random_game(6, 2, 30)
    adds = [i for i, m in enumerate(moves) if m.startswith("add")]
    moves[adds[0]] = "add X X X X"  # not what that hand held
    record = Record("turtles", 6, GAME.options(), parse_seats("human,human"), moves)
    with pytest.raises(RecordError):
        replay(GAME, Record.loads(record.dumps()))
