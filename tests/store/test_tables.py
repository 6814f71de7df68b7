"""Network tables kept by a server: written whole, read back unfinished, survive reopening; on
both stores."""

from __future__ import annotations

import pytest

from ludoteca.store import StoreError, TableRow
from tests.pg_server import TableStores, postgres_url, table_stores

__all__ = ["postgres_url", "table_stores"]  # fixtures


def test_tables_are_replaced_by_id_and_only_unfinished_ones_reopen(table_stores: TableStores) -> None:
    store = table_stores.open()
    store.save_tables([TableRow("t1", "connect4", "playing", '[Game "connect4"]\n', '{"v": 1}')])
    store.save_tables([TableRow("t2", "othello", "waiting", '[Game "othello"]\n', "{}")])
    store.save_tables([TableRow("t1", "connect4", "playing", '[Game "connect4"]\n\n1. 4\n', '{"v": 2}')])
    store.save_tables([TableRow("t3", "khet", "over", '[Game "khet"]\n', "{}")])
    store.close()
    tables = table_stores.open().open_tables()
    assert [(t.table_id, t.meta) for t in tables] == [("t1", '{"v": 2}'), ("t2", "{}")]
    assert tables[0].record.endswith("1. 4\n") and tables[0].updated


def test_a_table_with_an_unknown_status_is_refused(table_stores: TableStores) -> None:
    with pytest.raises(StoreError, match="status"):
        table_stores.open().save_tables([TableRow("t1", "connect4", "paused", "", "{}")])
