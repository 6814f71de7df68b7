from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ludoteca.store import LATEST_VERSION, Store, StoreError, migrations
from ludoteca.store.migrations import APPLICATION_ID, Migration

# What Ludoteca's schema 1 looked like on disk, written out by hand: the test must keep passing
# against files old versions wrote, whatever the migrations list becomes.
V1_SCHEMA = [
    """CREATE TABLE saves (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
       game TEXT NOT NULL, record TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)""",
    "CREATE INDEX saves_by_game ON saves (game, updated)",
    """CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, date TEXT NOT NULL, game TEXT NOT NULL,
       variant TEXT NOT NULL, players TEXT NOT NULL, kinds TEXT NOT NULL, scores TEXT, ranks TEXT NOT NULL,
       winner TEXT NOT NULL, reason TEXT NOT NULL)""",
    "CREATE INDEX results_by_game ON results (game, id)",
    """CREATE TRIGGER results_no_update BEFORE UPDATE ON results
       BEGIN SELECT RAISE(ABORT, 'the results history is append-only'); END""",
    """CREATE TRIGGER results_no_delete BEFORE DELETE ON results
       BEGIN SELECT RAISE(ABORT, 'the results history is append-only'); END""",
]


def make_v1(path: Path) -> None:
    raw = sqlite3.connect(path)
    try:
        with raw:
            for statement in V1_SCHEMA:
                raw.execute(statement)
            raw.execute(
                "INSERT INTO saves (name, game, record, created, updated) VALUES (?, ?, ?, ?, ?)",
                ("old game", "connect4", "1. d\n", "2025-01-01T00:00:00+00:00", "2025-01-01T00:00:00+00:00"),
            )
            raw.execute(
                "INSERT INTO results (date, game, variant, players, kinds, scores, ranks, winner, reason)"
                " VALUES ('2025-01-01', 'connect4', '', '[\"Ann\", \"Bob\"]', '[\"human\", \"human\"]',"
                " NULL, '[1, 2]', 'Ann', 'four in a row')"
            )
        raw.execute("PRAGMA user_version = 1")
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    finally:
        raw.close()


def pragma(path: Path, name: str) -> int:
    raw = sqlite3.connect(path)
    try:
        return int(raw.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        raw.close()


def tables(path: Path) -> set[str]:
    raw = sqlite3.connect(path)
    try:
        return {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        raw.close()


def test_v1_file_is_upgraded_to_latest_keeping_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    make_v1(path)
    assert "setups" not in tables(path)
    with Store(path) as store:
        assert store.schema_version == LATEST_VERSION
        assert store.load_save("old game").record_text == "1. d\n"
        [old] = store.results()
        assert (old.players, old.scores, old.winner) == (("Ann", "Bob"), None, "Ann")
        # the tables version 2 brought work
        store.save_setup("khet", "mine", "text")
        store.set_setting("theme", "dark")
        assert store.get_setting("theme") == "dark"
    assert pragma(path, "user_version") == LATEST_VERSION
    assert {"saves", "results", "setups", "settings"} <= tables(path)


def test_a_newer_schema_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    with Store(path) as store:
        store.save_game("future", "othello", "1. d3\n")
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {LATEST_VERSION + 3}")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Store(path)
    message = str(caught.value)
    assert str(path) in message
    newer, latest = LATEST_VERSION + 3, LATEST_VERSION
    assert f"written by a newer Ludoteca (schema {newer}); this version reads up to {latest}" in message
    assert path.read_bytes() == before


def add_note_column(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE saves ADD COLUMN note TEXT NOT NULL DEFAULT ''")
    conn.execute("UPDATE saves SET note = 'was ' || game")


def test_appending_a_step_upgrades_existing_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.sqlite3"
    make_v1(path)
    monkeypatch.setattr(
        migrations, "MIGRATIONS", (*migrations.MIGRATIONS, Migration("notes on saves", add_note_column))
    )
    with Store(path) as store:
        assert store.schema_version == LATEST_VERSION + 1
        assert store.load_save("old game").name == "old game"
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT note FROM saves").fetchall() == [("was connect4",)]
    raw.close()


def half_done_then_fail(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE half_done (x)")
    conn.execute("UPDATE saves SET name = 'mangled'")
    raise ValueError("step bug")


def test_a_failing_upgrade_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.sqlite3"
    make_v1(path)
    monkeypatch.setattr(
        migrations, "MIGRATIONS", (*migrations.MIGRATIONS, Migration("broken", half_done_then_fail))
    )
    broken = LATEST_VERSION + 1
    with pytest.raises(StoreError, match=rf"could not upgrade .* from schema 1 to {broken} \(step bug\)"):
        Store(path)
    # even the steps that succeeded (schema 2 and on) were rolled back with the failing one
    assert pragma(path, "user_version") == 1
    assert tables(path) == {"saves", "results", "sqlite_sequence"}
    monkeypatch.undo()
    with Store(path) as store:
        assert store.load_save("old game").game == "connect4"
        assert store.schema_version == LATEST_VERSION


def test_saves_from_before_versions_start_at_version_1(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    make_v1(path)
    with Store(path) as store:
        old = store.load_save("old game")
        assert old.version == 1
        done = store.write_save("old game", "connect4", "1. d\n2. d\n", over=old.slot)
        assert done.clashed is None and store.load_save("old game").version == 2
