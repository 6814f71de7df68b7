"""Several `ludoteca serve --store postgresql://…` processes serving one club, for the tests:
each on its own port of 127.0.0.1, all on one database of the tests' PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.pg_server import free_port


def stop_gently(process: subprocess.Popen[str], how: int = signal.SIGINT, seconds: float = 20) -> None:
    """Ask `process` to stop with the signal `how`; kill it if it has not after `seconds`."""
    if process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


class ServeProcess:
    """One server process; what it prints is kept (its stderr says what it took over)."""

    def __init__(self, url: str, home: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", "LANG": "C"}
        environment.pop("LUDOTECA_STORE", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludoteca", "serve", "--port", str(self.port), "--store", url],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "listening" not in line:
            self.process.kill()
            _out, err = self.process.communicate(timeout=10)
            pytest.fail(f"the server did not start: {line}{err}")
        self.errors: list[str] = []
        # read both pipes to the end, so a chatty server never blocks on a full pipe
        self._readers = [
            threading.Thread(target=self._drain, args=(pipe, keep), daemon=True)
            for pipe, keep in ((self.process.stdout, []), (self.process.stderr, self.errors))
        ]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _drain(pipe: object, keep: list[str]) -> None:
        with contextlib.suppress(ValueError, OSError):
            for line in pipe:  # type: ignore[attr-defined]
                keep.append(line)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: a crash, nothing gets to say goodbye."""
        if self.alive:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        stop_gently(self.process)
        for reader in self._readers:
            reader.join(5)


class Servers:
    """Up to a few server processes on one database; every one is stopped at the end."""

    def __init__(self, url: str, folder: Path) -> None:
        self.url, self.folder = url, folder
        self.started: list[ServeProcess] = []

    def start(self) -> ServeProcess:
        server = ServeProcess(self.url, self.folder / f"home{len(self.started)}")
        self.started.append(server)
        return server

    def live(self) -> list[ServeProcess]:
        return [s for s in self.started if s.alive]

    def stop(self) -> None:
        for server in self.started:
            server.stop()
