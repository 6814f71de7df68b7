"""The club's results history in PostgreSQL: one row per finished game, appended, never rewritten."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.store.names import clean_key
from ludoteca.store.results import ResultRow, ResultRows
from ludoteca.store.results import _check as check_result

if TYPE_CHECKING:
    from psycopg import Connection

__all__ = ["add_result", "check_result", "read_results"]

_COLUMNS = "id, date, game, variant, players, kinds, scores, ranks, winner, reason"


def add_result(conn: Connection[Any], row: ResultRow) -> None:
    """Append `row` inside the caller's transaction (checked by `check_result` beforehand).

    A club server's result names its table (`table_id`, net/tablestore.py's `TableResult`):
    one per table is kept. A server whose connection broke during a COMMIT cannot know whether
    it happened and writes the same changes again; the second copy is then left out."""
    from psycopg.types.json import Jsonb

    conn.execute(
        "INSERT INTO ludoteca_results"
        " (date, game, variant, players, kinds, scores, ranks, winner, reason, table_id)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (table_id) WHERE table_id IS NOT NULL DO NOTHING",
        (
            row.date,
            clean_key(row.game),
            row.variant,
            Jsonb(list(row.players)),
            Jsonb(list(row.kinds)),
            None if row.scores is None else Jsonb(list(row.scores)),
            Jsonb(list(row.ranks)),
            row.winner,
            row.reason,
            getattr(row, "table_id", None),
        ),
    )


def read_results(conn: Connection[Any], game_key: str | None = None) -> ResultRows:
    if game_key is None:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM ludoteca_results ORDER BY id").fetchall()
    else:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM ludoteca_results WHERE game = %s ORDER BY id", (game_key,)
        ).fetchall()
    return ResultRows(
        ResultRow(
            date=date,
            game=game,
            variant=variant,
            players=tuple(players),
            kinds=tuple(kinds),
            scores=None if scores is None else tuple(scores),
            ranks=tuple(ranks),
            winner=winner,
            reason=reason,
            id=int(id_),
        )
        for id_, date, game, variant, players, kinds, scores, ranks, winner, reason in rows
    )
