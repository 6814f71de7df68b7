from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from ludoteca.store import Store, StoreError, db

from .conftest import RECORD, result


def test_one_store_shared_by_threads(tmp_path: Path) -> None:
    errors: list[BaseException] = []
    with Store(tmp_path / "x.sqlite3") as store:

        def work(worker: int) -> None:
            try:
                for n in range(6):
                    store.add_result(result(winner=f"w{worker}"))
                    store.save_game(f"w{worker} n{n}", "othello", RECORD)
                    store.list_saves()
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert len(store.results()) == 24
        assert len({r.id for r in store.results()}) == 24
        assert len(store.list_saves()) == 24


def test_two_stores_on_one_file_see_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    with Store(path) as gui, Store(path) as terminal:
        gui.save_game("from the gui", "khet", RECORD)
        terminal.add_result(result())
        assert terminal.load_save("from the gui").game == "khet"
        assert len(gui.results()) == 1


def test_a_file_held_by_another_writer_gives_a_busy_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "x.sqlite3"
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.1)
    with Store(path) as store:
        store.save_game("kept", "othello", RECORD)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreError, match="is busy: another Ludoteca is using it"):
                store.save_game("blocked", "othello", RECORD)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert [s.name for s in store.list_saves()] == ["kept"]
        store.save_game("later", "othello", RECORD)
