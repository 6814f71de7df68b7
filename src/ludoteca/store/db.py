"""The connection to the data file: opening, checking, upgrading, and transactions.

Crash safety comes from SQLite's default rollback journal with `synchronous = FULL`: before a
transaction changes a page it copies the old page into `<file>-journal` and syncs it; a process
killed mid-write leaves a "hot" journal that the next open rolls back, so every write is all or
nothing. We keep the rollback journal rather than WAL because our writes are rare and small, it
leaves a single file at rest (easy to copy or back up: WAL keeps `-wal`/`-shm` companions around
while the file is open and loses data if only the main file is copied), and WAL does not work on
network file systems, where some users keep their home folder.

A server running network tables is the exception: it commits at every move, and a move is
acknowledged only once its commit is on the disk. With the rollback journal a commit syncs the
disk four times (the journal twice, the file, the journal's removal); in write-ahead-log mode,
with `synchronous = FULL` kept, it appends the changed pages to `<file>-wal` and syncs that once,
so a commit is as durable and cheaper (on this project's 2-core machine a commit of a table's
row took 14 ms against 4 ms at the median, and a move's round trip at 2 clients 5.7 ms against
3.1 ms, p99 26.5 ms against 13.7 ms: docs/scaling.md). So a server switches its file to WAL
while it runs tables (`write_ahead`, from `tables.claim_tables`) and back when it lets them go
(`rollback_journal`); a file found in WAL mode when opened (its server was killed) goes back to
the rollback journal as soon as nobody else has it open, after SQLite has replayed the log into it.

Threads: one connection per `Database`, opened with `check_same_thread=False` and guarded by a
re-entrant lock, so a `Store` may be shared with a worker thread (the GUI's). Several processes
(a GUI and a terminal session) may use the same file: SQLite locks it, and a writer waits up to
`BUSY_SECONDS` for another before giving up with a StoreError.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ludoteca.i18n import _
from ludoteca.store import migrations
from ludoteca.store.errors import StoreBusy, StoreError
from ludoteca.store.migrations import APPLICATION_ID, Migration

#: how long a write waits for another process holding the file before giving up
BUSY_SECONDS = 5.0
#: the first 16 bytes of every SQLite 3 database file
SQLITE_HEADER = b"SQLite format 3\x00"


def corrupt_error(path: Path, detail: str) -> StoreError:
    return StoreError(
        _(
            "{path} is not a readable Ludoteca data file ({detail}). It was left untouched. "
            "Move it away (for example rename it to {name}.broken) and start Ludoteca again "
            "to begin a fresh file; keep the old one if you want to try to recover it."
        ).format(path=path, detail=detail, name=path.name)
    )


def newer_schema_error(path: Path, found: int, latest: int) -> StoreError:
    return StoreError(
        _(
            "{path}: this save file was written by a newer Ludoteca (schema {found}); "
            "this version reads up to {latest}. Update Ludoteca, or set LUDOTECA_HOME to another folder."
        ).format(path=path, found=found, latest=latest)
    )


class Database:
    """One open data file, at the latest schema once the constructor returns.

    `steps` defaults to `migrations.MIGRATIONS` (read when opening, so tests may extend it).
    """

    def __init__(self, path: Path, steps: Sequence[Migration] | None = None) -> None:
        self.path = path
        self._steps: Sequence[Migration] = migrations.MIGRATIONS if steps is None else steps
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        with self._translated():
            self._conn = self._open()

    # -- opening ---------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        self._check_file()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                _(
                    "cannot create the folder {folder} for Ludoteca's data ({detail}). "
                    "Set LUDOTECA_HOME to a folder you can write to."
                ).format(folder=self.path.parent, detail=exc.strerror or exc)
            ) from exc
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so DDL in migrations is transactional
        # and no statement ever runs in a transaction Python opened behind our back.
        conn = sqlite3.connect(
            str(self.path), timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute("PRAGMA synchronous = FULL")
            self._leave_write_ahead(conn)
            version = self._check_contents(conn)
            self._migrate(conn, version)
        except BaseException:
            conn.close()
            raise
        return conn

    def _check_file(self) -> None:
        """Refuse, before SQLite touches it, anything at the path that is not an SQLite file."""
        if self.path.is_dir():
            raise StoreError(
                _(
                    "{path} is a folder; Ludoteca needs a file name there "
                    "(or set LUDOTECA_HOME to the folder)."
                ).format(path=self.path)
            )
        if not self.path.exists():
            return
        try:
            with self.path.open("rb") as file:
                head = file.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise StoreError(
                _("cannot read {path} ({detail}). Check the file's permissions.").format(
                    path=self.path, detail=exc.strerror or exc
                )
            ) from exc
        # an empty file is a valid empty database: nothing in it can be lost
        if head and head != SQLITE_HEADER:
            raise corrupt_error(self.path, _("it is not an SQLite database"))

    def _check_contents(self, conn: sqlite3.Connection) -> int:
        """The file's schema version, after making sure it is an intact Ludoteca file we can read."""
        problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise corrupt_error(self.path, _("damaged: {problem}").format(problem=problems[0]))
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
        if app_id not in (0, APPLICATION_ID) or (version == 0 and tables > 0):
            raise corrupt_error(self.path, _("it is an SQLite database of another program"))
        if version > len(self._steps):
            raise newer_schema_error(self.path, version, len(self._steps))
        return version

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        latest = len(self._steps)
        if version == latest:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            # another process may have upgraded the file while we waited for the write lock
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version > latest:
                raise newer_schema_error(self.path, version, latest)
            for step in self._steps[version:]:
                step.run(conn)
            # both pragmas write the header page, which the journal covers:
            # they commit or roll back together with the steps
            conn.execute(f"PRAGMA user_version = {latest:d}")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
            conn.execute("COMMIT")
        except StoreError:
            self._rollback(conn)
            raise
        except Exception as exc:
            self._rollback(conn)
            raise StoreError(
                _(
                    "could not upgrade {path} from schema {old} to {new} ({detail}); "
                    "the file was left as it was."
                ).format(path=self.path, old=version, new=latest, detail=exc)
            ) from exc

    # -- use -------------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        with self.read() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """The connection, for reads (each statement sees a consistent snapshot on its own)."""
        with self._lock, self._translated():
            yield self._connection()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The connection inside one write transaction: committed if the block ends normally,
        rolled back if it raises. A transaction opened inside another joins it."""
        with self._lock, self._translated():
            conn = self._connection()
            if conn.in_transaction:
                yield conn
                return
            # IMMEDIATE takes the write lock now, so two processes never both read-then-write
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                self._rollback(conn)
                raise

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode for this file: "delete" (the rollback journal) or "wal"."""
        with self.read() as conn:
            return str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()

    def write_ahead(self) -> bool:
        """Switch the file to write-ahead-log mode, every commit still synced before it returns
        (`synchronous = FULL`): one disk sync per commit instead of four, for a server that
        commits at every move. True once in WAL mode; a file system where SQLite cannot use
        WAL keeps the rollback journal (False)."""
        with self._lock:
            conn = self._connection()
            if conn.in_transaction:
                return False
            try:
                mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
                conn.execute("PRAGMA synchronous = FULL")  # the same durability in either mode
            except sqlite3.Error:  # busy past the wait: the rollback journal is as safe, only slower
                return False
            return mode == "wal"

    def rollback_journal(self) -> bool:
        """Back to the rollback journal (the log is copied into the file and removed), if no other
        connection has the file open; True if done. Never waits for others, never fails: a
        file left in WAL mode is just as safe, and goes back the next time it is opened alone."""
        with self._lock:
            conn = self._connection()
            if conn.in_transaction:
                return False
            return self._leave_write_ahead(conn)

    @staticmethod
    def _leave_write_ahead(conn: sqlite3.Connection) -> bool:
        try:
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                return True
            # SQLite needs the file to itself for this: ask once, without the busy wait
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                mode = str(conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0]).lower()
            finally:
                conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000):d}")
        except sqlite3.Error:
            return False  # another connection has it (a server running): it stays in WAL mode
        return mode == "delete"

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

    # -- helpers ---------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(_("the data file {path} has been closed.").format(path=self.path))
        return self._conn

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        # some errors (disk full, I/O) already rolled back; a second ROLLBACK would mask them
        if conn.in_transaction:
            conn.execute("ROLLBACK")

    @contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise self._explain(exc) from exc

    def _explain(self, exc: sqlite3.Error) -> StoreError:
        name = getattr(exc, "sqlite_errorname", "") or ""
        detail = str(exc)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            text = _(
                "{path} is busy: another Ludoteca is using it. Nothing was changed; try again in a moment."
            )
            return StoreBusy(text.format(path=self.path, detail=detail))
        elif name.startswith("SQLITE_FULL"):
            text = _("the disk holding {path} is full; nothing was saved. Free some space and try again.")
        elif name.startswith("SQLITE_READONLY"):
            text = _(
                "{path} cannot be written; nothing was saved. Check the file's permissions, "
                "or set LUDOTECA_HOME to a folder you can write to."
            )
        elif name.startswith("SQLITE_CANTOPEN"):
            text = _(
                "cannot open {path} ({detail}). Check that the folder exists and that you may write "
                "to it, or set LUDOTECA_HOME to another folder."
            )
        elif name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return corrupt_error(self.path, detail)
        else:
            text = _("could not use the data file {path} ({detail}); nothing was changed.")
        return StoreError(text.format(path=self.path, detail=detail))
