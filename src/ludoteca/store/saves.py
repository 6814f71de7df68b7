"""Saved games: a name, the game's key and its record text (see `ludoteca.core.record`).

Each save carries a version, raised by every overwrite. A program that resumed a save remembers
the version it read (`SaveSlot`) and overwrites only that version: if another program saved over
it (or deleted it) meanwhile, the game goes into a new save beside it, so neither is lost.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from ludoteca.core.text import NumberError, read_int
from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.names import MAX_NAME_LENGTH, clean_key, clean_save_name

#: a save is named by its number (int, or text made of digits) or by its name
SaveRef = int | str

#: what SQLite can hold as a save's number
_MAX_ID = 2**63 - 1


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    name: str
    game: str
    record_text: str
    #: ISO 8601 times in UTC; `updated` changes when the record is overwritten, not on rename
    created: str
    updated: str
    #: 1 when first written, one more at each overwrite; None when the row holds something else
    #: (another program's doing): the save still loads, and its next overwrite writes a version
    version: int | None = 1

    @property
    def slot(self) -> SaveSlot:
        return SaveSlot(self.id, self.name, self.version)


@dataclass(frozen=True, slots=True)
class SaveSlot:
    """A save as this program last read or wrote it: what it may overwrite."""

    id: int
    name: str
    version: int | None


@dataclass(frozen=True, slots=True)
class Written:
    """What a write did: where the game now is, and why it is not where it was asked to go."""

    slot: SaveSlot
    #: the save that was to be overwritten, when another program had changed or deleted it since
    #: this one read it: the game then went into a new save instead
    clashed: SaveSlot | None = None
    #: whether that save had been deleted (rather than changed)
    clash_deleted: bool = False


#: checks the record text as it was stored, inside the write's transaction; raising undoes the write
RecordCheck = Callable[[str], object]

_COLUMNS = "id, CAST(name AS BLOB), CAST(game AS BLOB), CAST(record AS BLOB), created, updated, version"


def _from_row(row: tuple[object, ...]) -> SavedGame:
    id_, name, game, record, created, updated, version = row
    return SavedGame(
        int(str(id_)),
        _text(name),
        _text(game),
        _text(record),
        _text(created),
        _text(updated),
        # only what SQLite holds as an integer: `int()` would also read "٣" or " 7 " as a version
        version if isinstance(version, int) and version >= 1 else None,
    )


def _text(value: object) -> str:
    # texts are read as bytes: a save whose text another program broke is still listed (the
    # undecodable bytes replaced), so it can be named, exported or deleted, and never hides the others
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _number(ref: SaveRef) -> int | None:
    """The save number `ref` stands for, or None when it names a save."""
    if isinstance(ref, int):
        return ref
    digits = ref.strip()
    if not (digits.isascii() and digits.isdigit()):
        return None  # save names are never digits alone (names.py), so digits mean a number
    try:
        return read_int(digits, _("the save number"), low=0)
    except NumberError as err:
        raise StoreError(str(err)) from None


def _find(conn: sqlite3.Connection, ref: SaveRef) -> SavedGame:
    found = _lookup(conn, ref)
    if found is None:
        number = _number(ref)
        if number is not None:
            raise StoreError(_("no saved game number {number}.").format(number=number))
        raise StoreError(_("no saved game named '{name}'.").format(name=str(ref).strip()))
    return found


def _lookup(conn: sqlite3.Connection, ref: SaveRef) -> SavedGame | None:
    if isinstance(ref, bool) or not isinstance(ref, int | str):
        raise StoreError(_("a saved game is named by its number or its name."))
    number = _number(ref)
    if number is not None:
        if not 0 <= number <= _MAX_ID:
            return None
        row = conn.execute(f"SELECT {_COLUMNS} FROM saves WHERE id = ?", (number,)).fetchone()
    else:
        row = conn.execute(f"SELECT {_COLUMNS} FROM saves WHERE name = ?", (str(ref).strip(),)).fetchone()
    return None if row is None else _from_row(row)


def _check_name_free(conn: sqlite3.Connection, name: str, keep_id: int | None) -> None:
    row = conn.execute("SELECT id, name FROM saves WHERE name = ?", (name,)).fetchone()
    if row is not None and row[0] != keep_id:
        raise StoreError(
            _(
                "a saved game named '{name}' already exists (number {number}). "
                "Choose another name, or overwrite that save."
            ).format(name=row[1], number=row[0])
        )


def _name_is_free(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM saves WHERE name = ?", (name,)).fetchone() is None


def _name_beside(conn: sqlite3.Connection, name: str) -> str:
    """A free name for a save kept beside `name`'s: `name (2)`, `name (3)`…"""
    base = re.sub(r" \(\d+\)$", "", name)
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        if _name_is_free(conn, candidate):
            return candidate
        number += 1


def _insert(conn: sqlite3.Connection, now: str, name: str, game_key: str, record_text: str) -> SaveSlot:
    cursor = conn.execute(
        "INSERT INTO saves (name, game, record, created, updated, version) VALUES (?, ?, ?, ?, ?, 1)",
        (name, game_key, record_text, now, now),
    )
    assert cursor.lastrowid is not None
    return SaveSlot(cursor.lastrowid, name, 1)


def _overwrite(
    conn: sqlite3.Connection, now: str, existing: SavedGame, name: str, game_key: str, record_text: str
) -> SaveSlot:
    _check_name_free(conn, name, existing.id)
    version = (existing.version or 0) + 1
    conn.execute(
        "UPDATE saves SET name = ?, game = ?, record = ?, updated = ?, version = ? WHERE id = ?",
        (name, game_key, record_text, now, version, existing.id),
    )
    return SaveSlot(existing.id, name, version)


def _check_stored(conn: sqlite3.Connection, slot: SaveSlot, check: RecordCheck | None) -> None:
    if check is not None:
        (stored,) = conn.execute("SELECT record FROM saves WHERE id = ?", (slot.id,)).fetchone()
        check(_text(stored))


def _clean_record(record_text: str) -> str:
    if not isinstance(record_text, str) or not record_text.strip():
        raise StoreError(_("there is no game record to save."))
    return record_text


def write_save(
    db: Database,
    now: str,
    name: str,
    game_key: str,
    record_text: str,
    over: SaveSlot | None = None,
    check: RecordCheck | None = None,
) -> Written:
    """Save a record as a new save, or over `over` if nobody changed that save since it was read."""
    name, game_key = clean_save_name(name), clean_key(game_key)
    record_text = _clean_record(record_text)
    with db.transaction() as conn:
        if over is None:
            _check_name_free(conn, name, None)
            written = Written(_insert(conn, now, name, game_key, record_text))
        else:
            current = _lookup(conn, over.id)
            if current is not None and current.version == over.version:
                written = Written(_overwrite(conn, now, current, name, game_key, record_text))
            else:
                beside = name if current is None and _name_is_free(conn, name) else _name_beside(conn, name)
                slot = _insert(conn, now, beside, game_key, record_text)
                written = Written(slot, clashed=over, clash_deleted=current is None)
        _check_stored(conn, written.slot, check)
        return written


def save_game(
    db: Database, now: str, name: str, game_key: str, record_text: str, save_id: int | None = None
) -> int:
    """Save under a new name, or overwrite save `save_id` whatever its version (for imports and tools)."""
    name, game_key = clean_save_name(name), clean_key(game_key)
    record_text = _clean_record(record_text)
    with db.transaction() as conn:
        if save_id is None:
            _check_name_free(conn, name, None)
            return _insert(conn, now, name, game_key, record_text).id
        return _overwrite(conn, now, _find(conn, save_id), name, game_key, record_text).id


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
