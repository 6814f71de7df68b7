"""A throwaway PostgreSQL server: made in a temporary folder by the server programs of this
machine (Debian's `postgresql` package under /usr/lib/postgresql/*/bin, or `initdb` on the PATH),
on a free port of 127.0.0.1 with trust authentication, and removed at the end.

`ludoteca bench club` uses one when it is not given a database, with PostgreSQL's default
durability settings (fsync and synchronous_commit on); the test suite starts one with its own
settings (tests/pg_server.py). PostgreSQL refuses to run as root, so under root it runs as the
`postgres` user the Debian package creates (or `nobody`).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError

#: seconds a server may take to get ready, and to stop
START_SECONDS, STOP_SECONDS = 60, 15
#: listening on 127.0.0.1 only, with no Unix socket (nothing to clash with a system server's)
LOCAL_ONLY = ("-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=")


def server_programs(given: str | None = None) -> Path | None:
    """The folder of `initdb` and `postgres`: `given`, else the newest of Debian's, else the one
    on the PATH; None when there is none."""

    def version(folder: Path) -> int:
        found = re.search(r"postgresql/(\d+)/", str(folder) + "/")
        return int(found.group(1)) if found else 0

    if given:
        candidates = [Path(given)]
    else:
        candidates = sorted(Path("/").glob("usr/lib/postgresql/*/bin"), key=version, reverse=True)
        on_path = shutil.which("initdb")
        if on_path:
            candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ScratchPostgres:
    """Started by `start`, stopped (and its folder removed) by `stop`.

    `settings` are the server's extra `-c` options, `initdb_flags` initdb's, and `before_start`
    runs in the server's process before it starts (the tests make it die with them)."""

    def __init__(
        self,
        programs: Path | None = None,
        *,
        settings: Sequence[str] = ("-c", "max_connections=300"),
        initdb_flags: Sequence[str] = (),
        before_start: Callable[[], None] | None = None,
    ) -> None:
        found = programs or server_programs()
        if found is None:
            raise StoreError(
                _(
                    "no PostgreSQL server programs found here; install PostgreSQL, or give a database "
                    "with --store postgresql://USER@HOST:PORT/DATABASE"
                )
            )
        self.programs = found
        self.settings, self.initdb_flags, self.before_start = (
            tuple(settings),
            tuple(initdb_flags),
            before_start,
        )
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:
            account = next(iter(_accounts()), None)
            if account is None:
                shutil.rmtree(self.folder, ignore_errors=True)
                raise StoreError(
                    _("running as root, with no 'postgres' or 'nobody' account to run PostgreSQL as")
                )
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self._as = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> ScratchPostgres:
        data = self.folder / "data"
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C"}
        subprocess.run(
            [
                *(str(self.programs / "initdb"), "-D", str(data), "-U", "postgres"),
                *("--auth=trust", "--encoding=UTF8", *self.initdb_flags),
            ],
            env=environment,
            cwd=self.folder,
            check=True,
            capture_output=True,
            timeout=START_SECONDS,
            **self._as,
        )
        log = (self.folder / "server.log").open("ab")
        for _attempt in range(3):  # another program may take the free port first
            self.port = free_port()
            self.process = subprocess.Popen(
                [
                    *(str(self.programs / "postgres"), "-D", str(data), "-p", str(self.port)),
                    *LOCAL_ONLY,
                    *self.settings,
                ],
                env=environment,
                cwd=self.folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self.before_start,
                **self._as,
            )
            if self._ready():
                return self
            self.stop(remove=False)
        self.stop()
        raise StoreError(_("the throwaway PostgreSQL server did not start"))

    def _ready(self) -> bool:
        import psycopg

        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                return False
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
            except psycopg.OperationalError:
                time.sleep(0.1)
            else:
                return True
        return False

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return "\n".join((self.folder / "server.log").read_text(errors="replace").splitlines()[-20:])
        return ""

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def stop(self, remove: bool = True) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)  # "fast" shutdown: sessions are ended, data is kept
            try:
                process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(STOP_SECONDS)
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)


def _accounts() -> list[pwd.struct_passwd]:
    found = []
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            found.append(pwd.getpwnam(name))
    return found
