"""A throwaway PostgreSQL server for `ludoteca bench club` when it is not given a database: made
in a temporary folder by the server programs of this machine (Debian's `postgresql` package under
/usr/lib/postgresql/*/bin, or `initdb` on the PATH), on a free port of 127.0.0.1, with
PostgreSQL's default durability settings (fsync and synchronous_commit on), and removed at the end.
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
from pathlib import Path
from typing import Any

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError


def server_programs() -> Path | None:
    """The folder of `initdb` and `postgres`, the newest version first."""

    def version(folder: Path) -> int:
        found = re.search(r"postgresql/(\d+)/", str(folder) + "/")
        return int(found.group(1)) if found else 0

    candidates = sorted(Path("/").glob("usr/lib/postgresql/*/bin"), key=version, reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    return None


class ScratchPostgres:
    """Started by `start`, stopped (and its folder removed) by `stop`."""

    def __init__(self) -> None:
        programs = server_programs()
        if programs is None:
            raise StoreError(
                _(
                    "no PostgreSQL server programs found here; install PostgreSQL, or give a database "
                    "with --store postgresql://USER@HOST:PORT/DATABASE"
                )
            )
        self.programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="ludoteca-bench-pg-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            account = next((a for a in _accounts()), None)
            if account is None:
                raise StoreError(
                    _("running as root, with no 'postgres' or 'nobody' account to run PostgreSQL as")
                )
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self._as = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> ScratchPostgres:
        import psycopg

        data = self.folder / "data"
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C"}
        subprocess.run(
            [
                str(self.programs / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
            ],
            env=environment,
            cwd=self.folder,
            check=True,
            capture_output=True,
            timeout=120,
            **self._as,
        )
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        log = (self.folder / "server.log").open("ab")
        self.process = subprocess.Popen(
            [
                *(str(self.programs / "postgres"), "-D", str(data), "-p", str(self.port)),
                *(
                    "-c",
                    "listen_addresses=127.0.0.1",
                    "-c",
                    "unix_socket_directories=",
                    "-c",
                    "max_connections=300",
                ),
            ],
            env=environment,
            cwd=self.folder,
            stdout=log,
            stderr=subprocess.STDOUT,
            **self._as,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return self
            except psycopg.OperationalError:
                time.sleep(0.1)
        self.stop()
        raise StoreError(_("the throwaway PostgreSQL server did not start"))

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


def _accounts() -> list[pwd.struct_passwd]:
    found = []
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            found.append(pwd.getpwnam(name))
    return found
