"""Saved games: a name, the game's key and its record text (see `ludoteca.core.record`)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ludoteca.core.text import NumberError, read_int
from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key, clean_save_name

#: a save is named by its number (int, or text made of digits) or by its name
SaveRef = int | str


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    name: str
    game: str
    record_text: str
    #: ISO 8601 times in UTC; `updated` changes when the record is overwritten, not on rename
    created: str
    updated: str


_COLUMNS = "id, name, game, record, created, updated"


def _from_row(row: tuple[object, ...]) -> SavedGame:
    id_, name, game, record, created, updated = row
    return SavedGame(int(str(id_)), str(name), str(game), str(record), str(created), str(updated))


def _find(conn: sqlite3.Connection, ref: SaveRef) -> SavedGame:
    if isinstance(ref, bool) or not isinstance(ref, int | str):
        raise StoreError(_("a saved game is named by its number or its name."))
    if isinstance(ref, str) and ref.strip().isascii() and ref.strip().isdigit():
        # save names cannot be made of digits alone (names.py), so digits always mean a number
        try:
            ref = read_int(ref, _("the save number"), low=1)
        except NumberError as err:
            raise StoreError(str(err)) from None
    if isinstance(ref, int):
        row = conn.execute(f"SELECT {_COLUMNS} FROM saves WHERE id = ?", (ref,)).fetchone()
        if row is None:
            raise StoreError(_("no saved game number {number}.").format(number=ref))
    else:
        row = conn.execute(f"SELECT {_COLUMNS} FROM saves WHERE name = ?", (ref.strip(),)).fetchone()
        if row is None:
            raise StoreError(_("no saved game named '{name}'.").format(name=ref.strip()))
    return _from_row(row)


def _check_name_free(conn: sqlite3.Connection, name: str, keep_id: int | None) -> None:
    row = conn.execute("SELECT id, name FROM saves WHERE name = ?", (name,)).fetchone()
    if row is not None and row[0] != keep_id:
        raise StoreError(
            _(
                "a saved game named '{name}' already exists (number {number}). "
                "Choose another name, or overwrite that save."
            ).format(name=row[1], number=row[0])
        )


def save_game(
    db: Database, now: str, name: str, game_key: str, record_text: str, save_id: int | None = None
) -> int:
    name = clean_save_name(name)
    game_key = clean_key(game_key)
    if not isinstance(record_text, str) or not record_text.strip():
        raise StoreError(_("there is no game record to save."))
    with db.transaction() as conn:
        if save_id is None:
            _check_name_free(conn, name, None)
            cursor = conn.execute(
                "INSERT INTO saves (name, game, record, created, updated) VALUES (?, ?, ?, ?, ?)",
                (name, game_key, record_text, now, now),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid
        existing = _find(conn, save_id)
        _check_name_free(conn, name, existing.id)
        conn.execute(
            "UPDATE saves SET name = ?, game = ?, record = ?, updated = ? WHERE id = ?",
            (name, game_key, record_text, now, existing.id),
        )
        return existing.id


def list_saves(db: Database, game_key: str | None = None) -> list[SavedGame]:
    order = "ORDER BY updated DESC, id DESC"
    with db.read() as conn:
        if game_key is None:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM saves {order}").fetchall()
        else:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM saves WHERE game = ? {order}", (game_key,)
            ).fetchall()
    return [_from_row(row) for row in rows]


def load_save(db: Database, ref: SaveRef) -> SavedGame:
    with db.read() as conn:
        return _find(conn, ref)


def rename_save(db: Database, ref: SaveRef, new_name: str) -> SavedGame:
    new_name = clean_save_name(new_name)
    with db.transaction() as conn:
        existing = _find(conn, ref)
        _check_name_free(conn, new_name, existing.id)
        conn.execute("UPDATE saves SET name = ? WHERE id = ?", (new_name, existing.id))
        return _find(conn, existing.id)


def delete_save(db: Database, ref: SaveRef) -> SavedGame:
    with db.transaction() as conn:
        existing = _find(conn, ref)
        conn.execute("DELETE FROM saves WHERE id = ?", (existing.id,))
        return existing
