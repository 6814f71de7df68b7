"""Custom starting setups, per game (Khet's setup editor saves here), each under a name."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import clean_key, clean_name


@dataclass(frozen=True, slots=True)
class SetupRow:
    id: int
    game: str
    name: str
    #: the setup in the game's own text form (its position format)
    text: str
    created: str
    updated: str


_COLUMNS = "id, game, name, text, created, updated"


def _from_row(row: tuple[object, ...]) -> SetupRow:
    id_, game, name, text, created, updated = row
    return SetupRow(int(str(id_)), str(game), str(name), str(text), str(created), str(updated))


def _lookup(conn: sqlite3.Connection, game: str, name: str) -> SetupRow | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM setups WHERE game = ? AND name = ?", (game, name)).fetchone()
    return None if row is None else _from_row(row)


def _find(conn: sqlite3.Connection, game: str, name: str) -> SetupRow:
    found = _lookup(conn, game, name)
    if found is None:
        raise StoreError(_("no {game} setup named '{name}'.").format(game=game, name=name))
    return found


def save_setup(db: Database, now: str, game_key: str, name: str, text: str, overwrite: bool = False) -> int:
    game = clean_key(game_key)
    name = clean_name(name)
    if not isinstance(text, str) or not text.strip():
        raise StoreError(_("the setup '{name}' is empty; there is nothing to save.").format(name=name))
    with db.transaction() as conn:
        existing = _lookup(conn, game, name)
        if existing is None:
            cursor = conn.execute(
                "INSERT INTO setups (game, name, text, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, name, text, now, now),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid
        if not overwrite:
            raise StoreError(
                _(
                    "a {game} setup named '{name}' already exists. Choose another name, or overwrite it."
                ).format(game=game, name=existing.name)
            )
        conn.execute(
            "UPDATE setups SET name = ?, text = ?, updated = ? WHERE id = ?", (name, text, now, existing.id)
        )
        return existing.id


def list_setups(db: Database, game_key: str) -> list[SetupRow]:
    with db.read() as conn:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM setups WHERE game = ? ORDER BY name, id", (game_key.strip(),)
        ).fetchall()
    return [_from_row(row) for row in rows]


def load_setup(db: Database, game_key: str, name: str) -> SetupRow:
    with db.read() as conn:
        return _find(conn, clean_key(game_key), name.strip())


def rename_setup(db: Database, game_key: str, old: str, new: str) -> SetupRow:
    game = clean_key(game_key)
    new = clean_name(new)
    with db.transaction() as conn:
        existing = _find(conn, game, old.strip())
        clash = _lookup(conn, game, new)
        if clash is not None and clash.id != existing.id:
            raise StoreError(
                _("a {game} setup named '{name}' already exists; choose another name.").format(
                    game=game, name=clash.name
                )
            )
        conn.execute("UPDATE setups SET name = ? WHERE id = ?", (new, existing.id))
        return _find(conn, game, new)


def delete_setup(db: Database, game_key: str, name: str) -> SetupRow:
    game = clean_key(game_key)
    with db.transaction() as conn:
        existing = _find(conn, game, name.strip())
        conn.execute("DELETE FROM setups WHERE id = ?", (existing.id,))
        return existing
