"""Small settings (GUI language, theme, last options...) as text under a key."""

from __future__ import annotations

from ludoteca.i18n import _
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not key.strip():
        raise StoreError(_("a setting needs a name."))
    return key.strip()


def get_setting(db: Database, key: str, default: str | None = None) -> str | None:
    with db.read() as conn:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (_check_key(key),)).fetchone()
    return default if row is None else str(row[0])


def set_setting(db: Database, key: str, value: str | None) -> None:
    """Store `value` under `key`; None forgets the key, so `get_setting` gives its default again."""
    key = _check_key(key)
    if value is not None and not isinstance(value, str):
        raise StoreError(_("the setting '{key}' must be text.").format(key=key))
    with db.transaction() as conn:
        if value is None:
            conn.execute("DELETE FROM settings WHERE key = ?", (key,))
        else:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
