"""The solver's kernel in its two forms (compiled by Cython, and the same source run as plain
Python) against the public scores, the rules' threat sets and each other, so they cannot drift."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.games.connect4 import kernel as plain
from ludoteca.games.connect4.bitboard import threats
from ludoteca.games.connect4.solver import Position
from tests.kernel_forms import assert_constants_agree, kernel_form

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def public(name: str, start: int, count: int) -> list[tuple[Position, int]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()[start : start + count]
    return [(Position.from_text(moves), int(score)) for moves, score in (line.split() for line in lines)]


def random_positions(seed: int, count: int) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position(0, 0, 0)
        while position.played < 42:
            columns = [c for c in range(7) if position.can_play(c) and not position.wins_with(c)]
            if not columns:
                break
            position = position.play(rng.choice(columns))
            found.append(position)
    return found[:count]


@pytest.mark.parametrize(("name", "count"), [("connect4_end_easy.txt", 60), ("connect4_middle_easy.txt", 30)])
def test_exact_scores_match_the_public_sets(form: ModuleType, name: str, count: int) -> None:
    # positions from the middle of the files: the solver tests take the first ones
    for position, expected in public(name, 500, count):
        assert form.solve(position.current, position.mask, position.played, False) == expected
        sign = (expected > 0) - (expected < 0)
        assert form.solve(position.current, position.mask, position.played, True) == sign


def test_a_window_fails_hard_on_the_right_side(form: ModuleType) -> None:
    for position, expected in public("connect4_middle_easy.txt", 600, 12):
        if position.can_win_now():
            continue
        args = (position.current, position.mask, position.played)
        assert form.window(*args, expected - 1, expected + 1) == expected
        assert form.window(*args, expected, expected + 1) <= expected
        assert form.window(*args, expected - 1, expected) >= expected - 1
        below = form.window(*args, expected + 1, expected + 2)
        assert below <= expected + 1


def test_threats_match_the_rules(form: ModuleType) -> None:
    for position in random_positions(5, 400):
        for board in (position.current, position.current ^ position.mask):
            assert form.threats(board, position.mask) == threats(board, position.mask)


def test_a_stop_test_stops_the_search_and_clearing_forgets(form: ModuleType) -> None:
    asked = []

    def stop() -> bool:
        asked.append(form.nodes())
        return True

    form.clear_table()
    form.set_stop(stop)
    try:
        # the empty grid takes far longer than one stop interval in either form
        assert form.solve(0, 0, 0, False) == plain.STOPPED
    finally:
        form.set_stop(None)
    assert len(asked) == 1
    form.clear_table()
    position, expected = public("connect4_end_easy.txt", 700, 1)[0]
    assert form.solve(position.current, position.mask, position.played, False) == expected


def test_both_forms_agree_on_random_positions() -> None:
    compiled = kernel_form(plain, "compiled")
    for position in random_positions(11, 300)[::3]:
        if 42 - position.played > 16:
            continue
        args = (position.current, position.mask, position.played)
        assert compiled.solve(*args, False) == plain.solve(*args, False)


def test_both_forms_stop_a_count_of_positions_at_the_same_position() -> None:
    # `--think nodes:N` promises the same game on any machine, with or without a C compiler
    compiled = kernel_form(plain, "compiled")
    position = random_positions(3, 8)[5]  # six discs: far more than 5,000 positions to solve
    args = (position.current, position.mask, position.played, False)
    counts = []
    for module in (plain, compiled):
        module.clear_table()
        before = module.nodes()
        module.set_stop(None, before + 5000)
        try:
            assert module.solve(*args) == plain.STOPPED  # the compiled form hides its C constants
        finally:
            module.set_stop(None)
        counts.append(module.nodes() - before)
    assert counts == [5000, 5000]


def test_the_compiled_constants_are_the_plain_ones() -> None:
    assert_constants_agree(plain)
