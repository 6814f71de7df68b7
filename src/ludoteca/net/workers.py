"""`ludoteca serve --processes N`: one club on PostgreSQL served by N processes of this machine,
all listening on one port, so that every core plays a part (docs/scaling.md).

Each worker is an ordinary `ludoteca serve --store postgresql://…` process that opens its socket
with SO_REUSEPORT: the operating system hands each new connection to one of them, which is what a
reverse proxy would do in front of processes on separate ports. A client that loses its process
reconnects to the same address and lands on a live one, which finds its table (net/fleet.py).

This process only starts the workers and keeps them running: a worker that dies (killed, out of
memory) is replaced at once, and its tables are taken over by the others meanwhile. Ctrl-C stops
them all, each closing its tables as a single `serve` does.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ludoteca.i18n import _

log = logging.getLogger("ludoteca.net.workers")

#: the line a worker prints on its standard output once it listens: the word, its port
READY = "ludoteca-worker-ready"
#: seconds a worker may take to start listening
START_SECONDS = 60.0
#: a worker that dies this soon after it started, this many times in a row, is not started again
EARLY_SECONDS, EARLY_DEATHS = 10.0, 3
#: seconds between two looks at the workers
WATCH_SECONDS = 0.5


def supported() -> bool:
    """Whether this system lets several processes listen on one port (Linux, the BSDs, macOS)."""
    return hasattr(socket, "SO_REUSEPORT")


class WorkerError(Exception):
    """A worker could not be started; the message says why, in the user's language."""


@dataclass
class Worker:
    process: subprocess.Popen[str]
    started: float = field(default_factory=time.monotonic)

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None


class Workers:
    """`count` workers started with `arguments` (a `serve` command line without --processes)."""

    def __init__(self, arguments: Sequence[str], count: int, say: Callable[[str], None]) -> None:
        self.arguments = list(arguments)
        self.count = count
        self.say = say
        self.workers: list[Worker] = []
        self.port: int | None = None
        self.restarts = 0
        self._early = 0
        self._stopping = threading.Event()

    def start(self) -> int:
        """Start every worker; returns the port they share. The first one picks it when the
        command asked for any free port (--port 0)."""
        for _n in range(self.count):
            self.workers.append(self._start_one())
        assert self.port is not None
        return self.port

    def _command(self) -> list[str]:
        arguments = list(self.arguments)
        if self.port is not None:
            arguments = [*without_flag(arguments, "--port"), "--port", str(self.port)]
        return [sys.executable, "-m", "ludoteca", "serve", *arguments, "--worker"]

    def _start_one(self) -> Worker:
        process = subprocess.Popen(
            self._command(),
            stdout=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            # Ctrl-C reaches the workers through this process, which stops them in order
            start_new_session=True,
        )
        assert process.stdout is not None
        ready = _read_ready(process, START_SECONDS)
        if ready is None:
            with contextlib.suppress(OSError):
                process.kill()
            process.wait(10)
            raise WorkerError(_("a server process did not start (its messages are above)."))
        if self.port is None:
            self.port = ready
        # nothing more is expected on its standard output; what comes is passed on
        threading.Thread(target=_pass_on, args=(process.stdout,), daemon=True).start()
        return Worker(process)

    def watch(self) -> None:
        """Keep `count` workers running until `stop` (or Ctrl-C in the caller's thread)."""
        while not self._stopping.wait(WATCH_SECONDS):
            for index, worker in enumerate(self.workers):
                if worker.alive() or self._stopping.is_set():
                    continue
                self._replace(index, worker)

    def _replace(self, index: int, worker: Worker) -> None:
        code = worker.process.returncode
        how = _("killed by signal {n}").format(n=-code) if code < 0 else _("exit status {n}").format(n=code)
        self._early = self._early + 1 if time.monotonic() - worker.started < EARLY_SECONDS else 0
        if self._early >= EARLY_DEATHS:
            self.say(
                _(
                    "Server process {pid} stopped ({how}), the third to stop just after starting; "
                    "no other is started."
                ).format(pid=worker.pid, how=how)
            )
            self._stopping.set()
            return
        self.say(
            _(
                "Server process {pid} stopped ({how}); the others take over its tables, and another starts."
            ).format(pid=worker.pid, how=how)
        )
        try:
            self.workers[index] = self._start_one()
        except WorkerError as err:
            self.say(str(err))
            return
        self.restarts += 1

    def stop(self) -> None:
        """Stop every worker as Ctrl-C stops one `serve`: its tables are written and let go."""
        self._stopping.set()
        for worker in self.workers:
            if worker.alive():
                with contextlib.suppress(OSError):
                    worker.process.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 20
        for worker in self.workers:
            try:
                worker.process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait(10)

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.alive()]


def without_flag(arguments: Sequence[str], flag: str) -> list[str]:
    """`arguments` without `flag` and its value (`--flag VALUE` or `--flag=VALUE`)."""
    kept: list[str] = []
    skip = False
    for argument in arguments:
        if skip:
            skip = False
        elif argument == flag:
            skip = True
        elif not argument.startswith(flag + "="):
            kept.append(argument)
    return kept


def _read_ready(process: subprocess.Popen[str], seconds: float) -> int | None:
    """The port of a worker's ready line, or None if it ended (or stayed silent) first."""
    found: list[int] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            words = line.split()
            if len(words) == 2 and words[0] == READY and words[1].isdigit():
                found.append(int(words[1]))
                return
            sys.stdout.write(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    return found[0] if found else None


def _pass_on(pipe: object) -> None:
    with contextlib.suppress(ValueError, OSError):
        for line in pipe:  # type: ignore[attr-defined]
            sys.stdout.write(line)
            sys.stdout.flush()
