"""`Store`: the one object front ends use for everything Ludoteca keeps between runs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from ludoteca.i18n import _
from ludoteca.store import results as _results
from ludoteca.store import saves as _saves
from ludoteca.store import settings as _settings
from ludoteca.store import setups as _setups
from ludoteca.store import tables as _tables
from ludoteca.store.accounts import SqliteAccounts
from ludoteca.store.credentials import Passwords
from ludoteca.store.db import Database
from ludoteca.store.errors import StoreError
from ludoteca.store.owners import Owners
from ludoteca.store.paths import default_db_path
from ludoteca.store.results import ResultRow, ResultRows
from ludoteca.store.saves import RecordCheck, SavedGame, SaveRef, SaveSlot, Written
from ludoteca.store.setups import SetupRow
from ludoteca.store.tables import TableRow


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Saved games, the results history, custom setups and settings, in one SQLite file.

    `Store()` opens `$LUDOTECA_HOME/ludoteca.sqlite3`, or the file in the platform's user data
    folder; `Store(path)` opens that file. The file is created and upgraded to the current schema
    on opening. Every write is one transaction: it happens entirely or not at all, even if the
    program is killed. Every problem a user can cause raises `StoreError` with a sentence to show.

    A Store may be used from several threads (its calls are serialised by a lock).

        >>> with Store(tmp / "x.sqlite3") as store:          # doctest: +SKIP
        ...     sid = store.save_game("evening", "othello", record_text)
        ...     store.load_save("evening").id == sid
        True
    """

    def __init__(self, path: str | Path | None = None, *, clock: Callable[[], datetime] = _utc_now) -> None:
        self.path = Path(path).expanduser() if path is not None else default_db_path()
        self._clock = clock
        self._db = Database(self.path)
        self._owners = Owners(self.path)
        self._accounts: SqliteAccounts | None = None

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="microseconds")

    @property
    def schema_version(self) -> int:
        return self._db.schema_version

    # -- saved games ---------------------------------------------------------------------

    def save_game(self, name: str, game_key: str, record_text: str, save_id: int | None = None) -> int:
        """Save a record under a new `name`, or overwrite save number `save_id`; returns the save's number.

        Names are unique (ignoring ASCII case): saving a new game under a taken name is refused,
        so an existing save is only ever replaced on purpose, through its number. Front ends
        saving a game in play use `write_save`, which never overwrites someone else's save.
        """
        return _saves.save_game(self._db, self._now(), name, game_key, record_text, save_id)

    def write_save(
        self,
        name: str,
        game_key: str,
        record_text: str,
        over: SaveSlot | None = None,
        check: RecordCheck | None = None,
    ) -> Written:
        """Save a record under a new `name`, or over the save `over` as this program last read it.

        If another program overwrote or deleted that save since, the record goes into a new save
        (`name (2)` when the name is taken) and `Written.clashed` says so. `check` receives the
        text as stored, inside the same transaction: if it raises, nothing is written.
        """
        return _saves.write_save(self._db, self._now(), name, game_key, record_text, over, check)

    def list_saves(self, game_key: str | None = None) -> list[SavedGame]:
        """Saved games, most recently written first; only `game_key`'s when given."""
        return _saves.list_saves(self._db, game_key)

    def load_save(self, ref: SaveRef) -> SavedGame:
        """The save with that number (int or digits) or that name."""
        return _saves.load_save(self._db, ref)

    def rename_save(self, ref: SaveRef, new_name: str) -> SavedGame:
        return _saves.rename_save(self._db, ref, new_name)

    def delete_save(self, ref: SaveRef) -> SavedGame:
        """Delete the save and return what it held (so a front end can offer to undo)."""
        return _saves.delete_save(self._db, ref)

    # -- results history -----------------------------------------------------------------

    def add_result(self, row: ResultRow) -> int:
        """Append a finished game to the history; returns its number. History rows are never changed."""
        return _results.add_result(self._db, row)

    def results(self, game_key: str | None = None) -> ResultRows:
        """The history, oldest first; only `game_key`'s when given. A damaged row is left out and
        named in the list's `damaged` sentences."""
        return _results.results(self._db, game_key)

    # -- custom setups -------------------------------------------------------------------

    def save_setup(self, game_key: str, name: str, text: str, overwrite: bool = False) -> int:
        """Keep a setup under `name` (unique per game, ignoring ASCII case); returns its number."""
        return _setups.save_setup(self._db, self._now(), game_key, name, text, overwrite)

    def list_setups(self, game_key: str) -> list[SetupRow]:
        """The game's setups, by name."""
        return _setups.list_setups(self._db, game_key)

    def load_setup(self, game_key: str, name: str) -> SetupRow:
        return _setups.load_setup(self._db, game_key, name)

    def rename_setup(self, game_key: str, old: str, new: str) -> SetupRow:
        return _setups.rename_setup(self._db, game_key, old, new)

    def delete_setup(self, game_key: str, name: str) -> SetupRow:
        return _setups.delete_setup(self._db, game_key, name)

    # -- settings ------------------------------------------------------------------------

    def get_setting(self, key: str, default: str | None = None) -> str | None:
        return _settings.get_setting(self._db, key, default)

    def set_setting(self, key: str, value: str | None) -> None:
        """Keep `value` under `key`; None forgets it."""
        _settings.set_setting(self._db, key, value)

    # -- network tables (a server's) ------------------------------------------------------

    def save_table(self, row: TableRow) -> None:
        """Keep a network table as it is now (replacing what was kept under its id)."""
        _tables.save_tables(self._db, self._now(), [row])

    def save_tables(
        self,
        rows: Sequence[TableRow],
        results: Sequence[ResultRow] = (),
        owner: str | None = None,
        dropped: Sequence[str] = (),
    ) -> None:
        """Keep several network tables, and the results of games that just ended, and forget the
        tables `dropped`, in one transaction; with an `owner`, only if it runs them all (else
        `TablesTaken`)."""
        _tables.save_tables(self._db, self._now(), rows, results, owner, dropped)

    def open_tables(self) -> list[TableRow]:
        """The network tables whose games are not over, oldest first."""
        return _tables.open_tables(self._db)

    def finished_record(self, table_id: str) -> str | None:
        """The full record of the game played at the network table `table_id`, once it is over."""
        return _tables.finished_record(self._db, table_id)

    # -- a club's members (ludoteca.store.accounts) -----------------------------------------

    def accounts(self, passwords: Passwords | None = None) -> SqliteAccounts:
        """The accounts, ratings and club settings kept in this file (one object per store;
        `passwords` only counts the first time: tests give cheap ones)."""
        if self._accounts is None:
            self._accounts = SqliteAccounts(self._db, passwords=passwords, clock=self._clock)
        return self._accounts

    def new_owner(self) -> str:
        """An owner id for a server process: it runs tables in this file until released or until
        the process ends (see `owners`)."""
        try:
            return self._owners.new()
        except OSError as exc:
            raise StoreError(
                _("cannot create a lock file in {folder} ({detail}).").format(
                    folder=self._owners.folder, detail=exc.strerror or exc
                )
            ) from exc

    def claim_tables(self, owner: str, mode: str | None = None) -> tuple[list[TableRow], int]:
        """The unfinished tables `owner` now runs (those no live server runs; of servers of `mode`
        only, when given), and how many others a live server keeps."""
        return _tables.claim_tables(self._db, owner, self._owners.alive, mode)

    def release_tables(self, owner: str) -> None:
        """`owner` stops: its tables are free for the next server, and its id is given up."""
        try:
            _tables.release_tables(self._db, owner)
        finally:
            self._owners.release(owner)

    # -- lifetime ------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file; later calls raise StoreError. Closing twice is harmless."""
        self._owners.close()
        self._db.close()

    @property
    def closed(self) -> bool:
        return self._db.closed

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"
