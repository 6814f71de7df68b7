"""What Ludoteca keeps between runs: saved games, results history, custom setups, settings.

One SQLite file (stdlib `sqlite3`) in the user data folder, or in `$LUDOTECA_HOME`. Use `Store`;
the modules below it are its parts (`db` opens and upgrades the file, `migrations` is the schema).
"""

from __future__ import annotations

from ludoteca.store.errors import StoreBusy, StoreError
from ludoteca.store.migrations import LATEST_VERSION
from ludoteca.store.paths import DB_FILENAME, HOME_VARIABLE, data_home, default_db_path
from ludoteca.store.results import ResultRow, ResultRows
from ludoteca.store.saves import SavedGame, SaveRef, SaveSlot, Written
from ludoteca.store.setups import SetupRow
from ludoteca.store.store import Store
from ludoteca.store.tables import TableRow

__all__ = [
    "DB_FILENAME",
    "HOME_VARIABLE",
    "LATEST_VERSION",
    "ResultRow",
    "ResultRows",
    "SaveRef",
    "SaveSlot",
    "SavedGame",
    "SetupRow",
    "Store",
    "StoreBusy",
    "StoreError",
    "TableRow",
    "Written",
    "data_home",
    "default_db_path",
]
