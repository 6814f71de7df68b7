"""The results history: one row per finished game, appended and never rewritten."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A finished game. Per-seat fields (`players`, `kinds`, `scores`, `ranks`) are in seat order."""

    #: when the game ended, ISO 8601
    date: str
    game: str
    #: the options in words ("variant=cascade"), as the record's options text
    variant: str
    players: tuple[str, ...]
    #: "human", "computer:3", "remote"...
    kinds: tuple[str, ...]
    scores: tuple[int, ...] | None
    #: 1 is best; equal ranks tie
    ranks: tuple[int, ...]
    #: the winner's name, "" for a draw or a solitaire
    winner: str
    #: the sentence that ended the game
    reason: str
    #: set by the store when read back
    id: int | None = None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(row: ResultRow) -> None:
    seats = len(row.players)
    if seats == 0:
        raise StoreError(_("a result needs at least one player."))
    if not all(isinstance(p, str) for p in row.players) or not all(isinstance(k, str) for k in row.kinds):
        raise StoreError(_("player names and seat kinds in a result must be text."))
    if (
        len(row.kinds) != seats
        or len(row.ranks) != seats
        or (row.scores is not None and len(row.scores) != seats)
    ):
        raise StoreError(
            _("a result must give one seat kind, one rank and (if scored) one score per player.")
        )
    if not all(_is_int(r) and r >= 1 for r in row.ranks):
        raise StoreError(_("ranks in a result are whole numbers from 1."))
    if row.scores is not None and not all(_is_int(s) for s in row.scores):
        raise StoreError(_("scores in a result are whole numbers."))
    if not row.date.strip():
        raise StoreError(_("a result needs the date the game ended."))


def add_result(db: Database, row: ResultRow) -> int:
    game = clean_key(row.game)
    _check(row)
    with db.transaction() as conn:
        cursor = conn.execute(
            "INSERT INTO results (date, game, variant, players, kinds, scores, ranks, winner, reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.date,
                game,
                row.variant,
                json.dumps(list(row.players), ensure_ascii=False),
                json.dumps(list(row.kinds), ensure_ascii=False),
                None if row.scores is None else json.dumps(list(row.scores)),
                json.dumps(list(row.ranks)),
                row.winner,
                row.reason,
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid


def _texts(value: str) -> tuple[str, ...]:
    return tuple(str(item) for item in json.loads(value))


def _ints(value: str) -> tuple[int, ...]:
    return tuple(int(item) for item in json.loads(value))


def results(db: Database, game_key: str | None = None) -> list[ResultRow]:
    query = "SELECT id, date, game, variant, players, kinds, scores, ranks, winner, reason FROM results"
    with db.read() as conn:
        if game_key is None:
            rows = conn.execute(f"{query} ORDER BY id").fetchall()
        else:
            rows = conn.execute(f"{query} WHERE game = ? ORDER BY id", (game_key,)).fetchall()
    out: list[ResultRow] = []
    for id_, date, game, variant, players, kinds, scores, ranks, winner, reason in rows:
        try:
            out.append(
                ResultRow(
                    date=date,
                    game=game,
                    variant=variant,
                    players=_texts(players),
                    kinds=_texts(kinds),
                    scores=None if scores is None else _ints(scores),
                    ranks=_ints(ranks),
                    winner=winner,
                    reason=reason,
                    id=int(id_),
                )
            )
        except (ValueError, TypeError) as exc:
            raise StoreError(
                _("result number {number} in {path} is damaged ({detail}).").format(
                    number=id_, path=db.path, detail=exc
                )
            ) from exc
    return out
