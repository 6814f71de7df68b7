from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ludoteca.store import Store, StoreError

from .conftest import result


def test_results_come_back_as_written_in_insertion_order(store: Store) -> None:
    rows = [
        result("othello", "Ann"),
        result("connect4", "", ranks=(1, 1), scores=None, reason="the board is full"),
        result(
            "fiveormore",
            "",
            players=("Zoé",),
            kinds=("human",),
            scores=(312,),
            ranks=(1,),
            variant="variant=recolour",
        ),
        result("othello", "Bob", ranks=(2, 1), scores=(10, 54)),
    ]
    ids = [store.add_result(row) for row in rows]
    assert ids == sorted(ids) and len(set(ids)) == 4
    back = store.results()
    assert [r.id for r in back] == ids
    assert [replace(r, id=None) for r in back] == rows
    assert isinstance(back[0].players, tuple) and isinstance(back[0].scores, tuple)
    assert back[1].scores is None
    assert [r.id for r in store.results("othello")] == [ids[0], ids[3]]
    assert store.results("khet") == []


def test_history_is_append_only_even_below_the_api(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    with Store(path) as store:
        store.add_result(result())
    raw = sqlite3.connect(path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("UPDATE results SET winner = 'Bob'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("DELETE FROM results")
    finally:
        raw.close()
    with Store(path) as store:
        assert [r.winner for r in store.results()] == ["Ann"]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"players": ()}, "at least one player"),
        ({"kinds": ("human",)}, "one seat kind"),
        ({"ranks": (1,)}, "one rank"),
        ({"scores": (1, 2, 3)}, "one score"),
        ({"ranks": (0, 1)}, "ranks"),
        ({"scores": (1.5, 2)}, "scores"),
        ({"date": ""}, "date"),
        ({"game": " "}, "game key"),
    ],
)
def test_malformed_results_are_refused(store: Store, changes: dict[str, Any], problem: str) -> None:
    with pytest.raises(StoreError, match=problem):
        store.add_result(result(**changes))
    assert store.results() == []
