"""Issue 12, item 12: one bad row never hides the others, and is named."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ludoteca.store import ResultRow, Store
from tests.cli_runner import run_ludoteca as run

GOOD = '[Game "connect4"]\n[Seed "1"]\n[Players "human, human"]\n\n1. 4\n'
# what the writer produced before tag values were escaped: a Khet setup spread over two lines
UNESCAPED = '[Game "khet"]\n[Position "S:P:c1:NW\nR:P:h8:SE"]\n\n1. c1c2\n'


def raw_insert(path: Path, table: str, values: dict[str, object]) -> None:
    conn = sqlite3.connect(path)
    with conn:
        names = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values()))
    conn.close()


def save_row(name: str, record: object) -> dict[str, object]:
    now = "2026-01-01T00:00:00+00:00"
    return {"name": name, "game": "khet", "record": record, "created": now, "updated": now}


def result_row(players: object, ranks: object = "[1, 2]") -> dict[str, object]:
    return {
        "date": "2026-01-01T10:00:00",
        "game": "connect4",
        "variant": "classic",
        "players": players,
        "kinds": '["human", "human"]',
        "scores": None,
        "ranks": ranks,
        "winner": "Ann",
        "reason": "four in a row",
    }


def test_saves_lists_every_save_and_names_the_unreadable_one(home: Path, store: Store) -> None:
    store.save_game("good one", "connect4", GOOD)
    raw_insert(store.path, "saves", save_row("old khet", UNESCAPED))
    raw_insert(store.path, "saves", save_row("broken bytes", b"[Game \xff\xfe"))
    listing = run(["saves"], home)
    assert listing.returncode == 0, listing.stderr
    assert "good one" in listing.stdout and "1 move" in listing.stdout
    assert "Save number 2 (“old khet”) cannot be read: line 2:" in listing.stdout
    assert "Save number 3 (“broken bytes”) cannot be read" in listing.stdout
    assert "unreadable" in listing.stdout
    # the unreadable ones can still be looked at and deleted
    assert run(["saves", "show", "3"], home).returncode == 0
    assert run(["saves", "delete", "2"], home).returncode == 0


#: what another program or a broken copy may leave where a save's version number belongs
ODD_VERSIONS = ["abc", 1.5, b"\x01\x02", "\u0663", "", 0, -3]


@pytest.mark.parametrize("version", ODD_VERSIONS, ids=[repr(v) for v in ODD_VERSIONS])
def test_a_save_whose_version_is_not_a_whole_number_is_named_and_still_resumes(
    home: Path, store: Store, version: object
) -> None:
    store.save_game("good one", "connect4", GOOD)
    odd = {**save_row("odd version", GOOD), "game": "connect4", "version": version}
    odd["created"] = odd["updated"] = "2000-01-01T00:00:00+00:00"  # listed after the good one
    raw_insert(store.path, "saves", odd)
    for command in (["saves"], ["saves", "list"]):
        listing = run(command, home)
        assert listing.returncode == 0, listing.stderr
        assert "good one" in listing.stdout and "odd version" in listing.stdout
        assert "Save number 2 (“odd version”) is damaged: its version" in listing.stdout
    # the menu lists it and resumes it; leaving the game saves it over itself, which mends it
    menu = run(["menu"], home, "2\n2\n")
    assert menu.returncode == 0 and "Traceback" not in menu.stderr, menu.stderr
    assert "Saved (number 2)" in menu.stdout
    assert [(s.name, s.version) for s in store.list_saves()] == [("odd version", 1), ("good one", 1)]


def test_a_damaged_result_is_left_out_and_named_and_the_others_are_shown(home: Path, store: Store) -> None:
    keep = ResultRow(
        "2026-01-02", "connect4", "classic", ("Ann", "Bob"), ("human", "human"), None, (1, 2), "Ann", "x"
    )
    store.add_result(keep)
    raw_insert(store.path, "results", result_row("not json"))
    raw_insert(store.path, "results", result_row(b'["\xff"]'))
    raw_insert(store.path, "results", result_row('["Ann", "Bob"]', ranks='[0, "x"]'))
    store.add_result(keep)
    rows = store.results()
    assert [row.id for row in rows] == [1, 5]
    assert [sentence.split(" in the history")[0] for sentence in rows.damaged] == [
        "Result number 2",
        "Result number 3",
        "Result number 4",
    ]
    scores = run(["scores"], home)
    assert scores.returncode == 0, scores.stderr
    assert scores.stdout.count("Ann, Bob") == 2
    assert "Result number 3 in the history is damaged" in scores.stdout


def test_a_log_file_that_cannot_be_written_does_not_stop_the_score_history(home: Path, store: Store) -> None:
    from ludoteca import cli

    raw_insert(store.path, "results", result_row("not json"))
    (home / "ludoteca.log").mkdir()  # the log's name is taken by a folder: it cannot be opened
    assert cli.main(["scores"]) == 0
