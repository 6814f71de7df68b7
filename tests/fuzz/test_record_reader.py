"""Records against hostile files: any text or bytes, and real records (from random games) with
lines and characters edited, through the path `ludoteca saves import` takes — read the file,
parse, replay, save — then `saves` and `play --resume`. A record is imported whole or refused
with a sentence; what is imported replays to the same game; the saves already there stay readable."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.cli import _read_text
from ludoteca.core.record import Record, replay
from ludoteca.core.registry import get_game
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.store import Store
from tests.fuzz.support import (
    ANY_TEXT,
    BYTES_AS_TEXT,
    EDIT,
    EVIL_PIECE,
    LINE_EDIT,
    REFUSALS,
    SCRATCH,
    Row,
    attack,
    check,
    fuzz,
    game_keys,
    mutate,
    mutate_lines,
    numbers_swapped,
    records,
)

KEYS = game_keys()


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _every_save_readable(store: Store, row: Row) -> None:
    for saved in store.list_saves():
        record = Record.loads(saved.record_text)
        replay(get_game(record.game), record, saved.record_text)
        session.load_match(store, saved.id)
    check(row, "data_lost", any(s.name == "kept" for s in store.list_saves()), "the earlier save is gone")


def _import(text: str, name: str) -> None:
    """`ludoteca saves import` on `text`, into a store that already holds one save."""
    if not _is_unicode(text):
        # bytes that were not text: the program reads files strictly (and refuses such a
        # file), so only the parser itself may meet this; it must refuse or replay, not crash
        with attack(name):
            try:
                record = Record.loads(text)
                replay(get_game(record.game), record, text)
            except REFUSALS:
                pass
        return
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder, Store(Path(folder) / "fuzz.sqlite3") as store:
        kept = records("connect4")[1]
        store.save_game("kept", "connect4", kept)
        with attack(name) as row:
            try:
                record = Record.loads(text)
                states = replay(get_game(record.game), record, text)
                sid = store.save_game("imported", record.game, text)
            except REFUSALS:
                _every_save_readable(store, row)
                return
            # what was imported resumes as the game it describes, and saves again readably
            match, _sid = session.load_match(store, sid)
            check(row, "wrong_state", match.state == states[-1], "the resumed game is not the replayed one")
            again = match.to_record().dumps()
            check(
                row, "wrong_state", Record.loads(again).moves == record.moves, "the moves changed on saving"
            )
            Match.from_record(match.game, Record.loads(again), again)
            store.save_game("imported", record.game, again, save_id=sid)
            _every_save_readable(store, row)


@fuzz(2)
@given(text=st.one_of(ANY_TEXT, BYTES_AS_TEXT, st.sampled_from(KEYS).map(lambda k: f'[Game "{k}"]\n')))
def test_any_text_as_a_record(text: str) -> None:
    _import(text, "record import: any text")


@fuzz(2)
@given(data=st.binary(max_size=400))
def test_any_bytes_as_a_record_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder:
        path = Path(folder) / "record.txt"
        path.write_bytes(data)
        with attack("record file: any bytes"):
            try:
                text = _read_text(str(path))
            except REFUSALS:
                return
        _import(text, "record file: any bytes, decoded")


@pytest.mark.parametrize("key", KEYS)
@fuzz(2)
@given(data=st.data())
def test_real_records_with_lines_edited(key: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(records(key)))
    text = mutate_lines(text, data.draw(st.lists(LINE_EDIT, min_size=1, max_size=3)))
    _import(text, "record import: real records, lines edited")


@pytest.mark.parametrize("key", KEYS)
@fuzz(2)
@given(data=st.data())
def test_real_records_with_characters_edited(key: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(records(key)))
    text = mutate(text, data.draw(st.lists(EDIT, min_size=1, max_size=4)))
    _import(text, "record import: real records, characters edited")


@pytest.mark.parametrize("key", KEYS)
@fuzz(2)
@given(data=st.data())
def test_real_records_with_a_tag_value_replaced(key: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(records(key)))
    lines = text.split("\n")
    tags = [i for i, line in enumerate(lines) if line.startswith("[")]
    i = data.draw(st.sampled_from(tags))
    value = data.draw(st.one_of(EVIL_PIECE, st.sampled_from(["1-2", "2-1", "1-1", "1-2-3", "0-0", "x", "*"])))
    name = lines[i][1:].split(" ", 1)[0]
    lines[i] = f'[{name} "{value}"]'
    _import("\n".join(lines), "record import: real records, a tag replaced")


@pytest.mark.parametrize("key", KEYS)
def test_every_number_of_a_record_swapped_for_each_hostile_number(key: str) -> None:
    """Seeds, option values, scores, results and move numbers, each written every hostile way."""
    text = records(key)[2]  # a resigned game where there is one: Result and Termination tags
    for variant in numbers_swapped(text, limit=25):
        _import(variant, "record import: each number swapped")
