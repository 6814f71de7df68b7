from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from ludoteca.store import Store, StoreError


def refused_untouched(path: Path, *fragments: str) -> str:
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    assert path.read_bytes() == before
    assert not Path(str(path) + "-journal").exists()
    message = str(caught.value)
    assert str(path) in message
    assert "Move it away" in message
    for fragment in fragments:
        assert fragment in message
    return message


def test_a_text_file_is_refused_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.sqlite3"
    path.write_text("these are my notes, not a database\n" * 50)
    refused_untouched(path, "not an SQLite database")


def test_random_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.sqlite3"
    path.write_bytes(os.urandom(8192))
    refused_untouched(path)


def test_damaged_pages_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.sqlite3"
    with Store(path) as store:
        for n in range(40):
            store.save_game(f"game {n}", "othello", "1. d3\n" * 200)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    # keep the header page, scribble over the next pages (the tables' roots)
    data[page : 3 * page] = bytes(range(256)) * (2 * page // 256)
    path.write_bytes(bytes(data))
    refused_untouched(path)


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE photos (id INTEGER, file TEXT)")
    raw.execute("INSERT INTO photos VALUES (1, 'beach.jpg')")
    raw.commit()
    raw.close()
    refused_untouched(path, "another program")


def test_an_empty_file_is_a_fresh_store(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.sqlite3"
    path.touch()
    with Store(path) as store:
        store.save_game("first", "othello", "1. d3\n")
        assert len(store.list_saves()) == 1
