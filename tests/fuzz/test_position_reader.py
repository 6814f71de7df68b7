"""Every position reader (perft --position, solve, Khet setups, records' Position tag) against any
text: a position the rules can play from, or a sentence."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.game import implements
from tests.fuzz.support import (
    ANY_TEXT,
    BYTES_AS_TEXT,
    REFUSALS,
    attack,
    check,
    fuzz,
    game,
    game_keys,
    near_miss,
    numbers_swapped,
    positions,
)

WITH_POSITIONS = [key for key in game_keys() if implements(game(key), "parse_position")]


def _read(key: str, text: str, name: str) -> None:
    g = game(key)
    options = g.options()
    with attack(name) as row:
        try:
            state = g.parse_position(text, options)
        except REFUSALS:
            return
        # what was accepted must be a position the rest of the program can use
        moves = list(g.legal_moves(state))
        check(row, "wrong_state", (g.to_move(state) is None) == (not moves), "moves and turn disagree")
        g.outcome(state)
        if implements(g, "position_text"):
            written = g.position_text(state)
            again = g.parse_position(written, options)
            check(row, "wrong_state", g.position_text(again) == written, f"{text!r} does not read back")
        for move in moves[:3]:
            # a position without its chance (a seat's view) cannot draw: said in a sentence
            with contextlib.suppress(*REFUSALS):
                g.play(state, move)


@pytest.mark.parametrize("key", WITH_POSITIONS)
@fuzz(3)
@given(text=st.one_of(ANY_TEXT, BYTES_AS_TEXT))
def test_any_text_as_a_position(key: str, text: str) -> None:
    _read(key, text, "position reader: any text or bytes")


@pytest.mark.parametrize("key", WITH_POSITIONS)
@fuzz(3)
@given(data=st.data())
def test_near_misses_of_real_positions(key: str, data: st.DataObject) -> None:
    text = data.draw(near_miss(st.sampled_from(positions(key))))
    _read(key, text, "position reader: real positions, edited")


@pytest.mark.parametrize("key", WITH_POSITIONS)
def test_every_number_of_a_position_swapped_for_each_hostile_number(key: str) -> None:
    for text in positions(key)[:3]:
        for variant in numbers_swapped(text, limit=60):
            _read(key, variant, "position reader: each number swapped")
