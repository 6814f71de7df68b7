"""Every game's move reader against any text: a move, or a sentence; never a crash, never a
changed state; and what it accepts is legal and reads back the same."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.support import (
    ANY_TEXT,
    BYTES_AS_TEXT,
    NUMBERS,
    REFUSALS,
    attack,
    check,
    fuzz,
    game,
    game_keys,
    legal_texts,
    near_miss,
    notation,
    snapshot,
    states,
)


def _read(key: str, state_index: int, text: str, name: str) -> None:
    g = game(key)
    pool = states(key)
    state = pool[state_index % len(pool)]
    before = snapshot(state)
    with attack(name) as row:
        for reader in (g.parse_move, g.read_move):
            try:
                move = reader(state, text)
            except REFUSALS:
                continue
            if reader == g.read_move:
                check(row, "wrong_state", move in g.legal_moves(state), f"{text!r} read as an illegal move")
                again = g.read_move(state, g.format_move(state, move))
                check(row, "wrong_state", again == move, f"{text!r}: notation does not read back")
        check(row, "wrong_state", state == before, f"reading {text!r} changed the state")


@pytest.mark.parametrize("key", game_keys())
@fuzz(5)
@given(index=st.integers(0, 10_000), text=st.one_of(ANY_TEXT, BYTES_AS_TEXT))
def test_any_text_as_a_move(key: str, index: int, text: str) -> None:
    _read(key, index, text, "move reader: any text or bytes")


@pytest.mark.parametrize("key", game_keys())
@fuzz(5)
@given(data=st.data())
def test_near_misses_of_legal_moves(key: str, data: st.DataObject) -> None:
    pool = states(key)
    index = data.draw(st.integers(0, len(pool) - 1))
    here = st.sampled_from(legal_texts(key, pool[index]))
    text = data.draw(near_miss(st.one_of(here, st.sampled_from(notation(key)))))
    _read(key, index, text, "move reader: legal moves, edited")


@pytest.mark.parametrize("key", game_keys())
def test_every_word_of_every_move_shape_swapped_for_each_hostile_number(key: str) -> None:
    """Not random: every word of one move of each shape ("bug red", "c3=2", "x C1 R2"), and
    every number inside a word, swapped for each hostile number ("²", "--5", 5,000 digits…)."""
    for text in notation(key):
        words = text.split(" ")
        variants = set()
        for i in range(len(words)):
            for piece in NUMBERS:
                variants.add(" ".join([*words[:i], piece, *words[i + 1 :]]))
                for run in re.finditer(r"[0-9]+", words[i]):
                    word = words[i][: run.start()] + piece + words[i][run.end() :]
                    variants.add(" ".join([*words[:i], word, *words[i + 1 :]]))
        for variant in sorted(variants):
            _read(key, 0, variant, "move reader: each word swapped for a hostile number")
