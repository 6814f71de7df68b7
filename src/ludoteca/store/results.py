"""The results history: one row per finished game, appended and never rewritten."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key

log = logging.getLogger(__name__)


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


class ResultRows(list[ResultRow]):
    """The history rows that could be read, in order; `damaged` has a sentence for each row that
    could not (it is left out, and the others are still shown)."""

    def __init__(self, rows: Iterable[ResultRow] = (), damaged: Iterable[str] = ()) -> None:
        super().__init__(rows)
        self.damaged: tuple[str, ...] = tuple(damaged)


def _texts(value: str) -> tuple[str, ...]:
    items = json.loads(value)
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise ValueError(_("a list of names was expected"))
    return tuple(items)


def _ints(value: str) -> tuple[int, ...]:
    items = json.loads(value)
    if not isinstance(items, list) or not all(type(item) is int for item in items):
        raise ValueError(_("a list of whole numbers was expected"))
    return tuple(items)


def _decoded(value: object) -> str | None:
    # columns are read as bytes, so text another program broke fails its own row only
    if value is None:
        return None
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _row(columns: Sequence[object]) -> ResultRow:
    id_, *texts = columns
    date, game, variant, players, kinds, scores, ranks, winner, reason = (_decoded(v) for v in texts)
    if None in (date, game, variant, players, kinds, ranks, winner, reason):
        raise ValueError(_("a column is empty"))
    row = ResultRow(
        date=str(date),
        game=str(game),
        variant=str(variant),
        players=_texts(str(players)),
        kinds=_texts(str(kinds)),
        scores=None if scores is None else _ints(scores),
        ranks=_ints(str(ranks)),
        winner=str(winner),
        reason=str(reason),
        id=int(str(id_)),
    )
    _check(row)
    return row


def _damaged(number: object, detail: str) -> str:
    sentence = _("Result number {number} in the history is damaged ({detail}) and is not shown.")
    return sentence.format(number=number, detail=detail.rstrip("."))


def results(db: Database, game_key: str | None = None) -> ResultRows:
    columns = ", ".join(
        f"CAST({name} AS BLOB)"
        for name in ("date", "game", "variant", "players", "kinds", "scores", "ranks", "winner", "reason")
    )
    query = f"SELECT id, {columns} FROM results"
    with db.read() as conn:
        if game_key is None:
            rows = conn.execute(f"{query} ORDER BY id").fetchall()
        else:
            rows = conn.execute(f"{query} WHERE game = ? ORDER BY id", (game_key,)).fetchall()
    good: list[ResultRow] = []
    damaged: list[str] = []
    for columns_read in rows:
        try:
            good.append(_row(columns_read))
        except (json.JSONDecodeError, UnicodeDecodeError):
            damaged.append(_damaged(columns_read[0], _("its text cannot be read")))
        except (ValueError, TypeError, StoreError) as exc:
            damaged.append(_damaged(columns_read[0], str(exc)))
    for sentence in damaged:
        # a game's own score table (`ludoteca scores qwirkle`) may show only the good rows
        log.warning("%s (%s)", sentence, db.path)
    return ResultRows(good, damaged)
