"""Which server process runs a network table, and whether that process is still alive.

Two servers on one data folder must never both run a table: both would acknowledge moves and the
last writer would win. So each table row names its owner, and a server only writes the rows it
owns (`tables.save_tables`). An owner proves it is alive by holding an exclusive lock on a file
of its own beside the data file, for as long as its process lives: the operating system lets go
of the lock when the process ends, however it ends (kill -9 included), so a server started after
a crash takes the dead one's tables at once, with no lease to wait out, and a live one's never.
A club spread over several machines needs the same thing from a shared database (PostgreSQL's
session locks give it); an SQLite file is only ever shared by processes of one machine.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: an owner then counts as alive until released
    fcntl = None  # type: ignore[assignment]

_OWNER = re.compile(r"[0-9]+-[0-9a-f]{12}")


def owners_folder(db_path: Path) -> Path:
    """Where the owners' lock files of the data file `db_path` live."""
    return db_path.with_name(db_path.name + ".servers")


class Owners:
    """The owners of one data file: the ones this process holds, and a test of the others."""

    def __init__(self, db_path: Path) -> None:
        self.folder = owners_folder(db_path)
        self._held: dict[str, IO[bytes]] = {}

    def new(self) -> str:
        """A new owner id, held by this process until `release` or until it ends."""
        self.folder.mkdir(parents=True, exist_ok=True)
        owner = f"{os.getpid()}-{secrets.token_hex(6)}"
        handle = (self.folder / f"{owner}.lock").open("wb")
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._held[owner] = handle
        return owner

    def release(self, owner: str) -> None:
        handle = self._held.pop(owner, None)
        if handle is None:
            return
        with contextlib.suppress(OSError):
            (self.folder / f"{owner}.lock").unlink()
        handle.close()

    def alive(self, owner: str) -> bool:
        """Whether the process that took `owner` still holds it."""
        if owner in self._held:
            return True
        if not _OWNER.fullmatch(owner):
            return False  # not an id this program makes: nobody can be holding it
        path = self.folder / f"{owner}.lock"
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            return False
        except OSError:
            return True  # cannot tell: never take a table that may be running elsewhere
        with handle:
            if fcntl is None:
                return True
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            except OSError:
                return True
            # nobody held it: its process is gone, and so is the file's reason to exist
            with contextlib.suppress(OSError):
                path.unlink()
            return False

    def close(self) -> None:
        for owner in list(self._held):
            self.release(owner)
