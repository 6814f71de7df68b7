"""Network tables kept by a server: written whole, read back unfinished, survive reopening."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.store import Store, StoreError, TableRow


def test_tables_are_replaced_by_id_and_only_unfinished_ones_reopen(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    with Store(path) as store:
        store.save_table(TableRow("t1", "connect4", "playing", '[Game "connect4"]\n', '{"v": 1}'))
        store.save_table(TableRow("t2", "othello", "waiting", '[Game "othello"]\n', "{}"))
        store.save_table(TableRow("t1", "connect4", "playing", '[Game "connect4"]\n\n1. 4\n', '{"v": 2}'))
        store.save_table(TableRow("t3", "khet", "over", '[Game "khet"]\n', "{}"))
    with Store(path) as store:
        tables = store.open_tables()
    assert [(t.table_id, t.meta) for t in tables] == [("t1", '{"v": 2}'), ("t2", "{}")]
    assert tables[0].record.endswith("1. 4\n") and tables[0].updated


def test_a_table_with_an_unknown_status_is_refused(tmp_path: Path) -> None:
    with Store(tmp_path / "s.sqlite3") as store, pytest.raises(StoreError, match="status"):
        store.save_table(TableRow("t1", "connect4", "paused", "", "{}"))
