"""The terminal closing (SIGHUP) or the system asking the program to stop (SIGTERM) during a game:
both end the game loop the way Ctrl-C does, so the game is saved before the program exits."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: the signals that mean "stop now" (SIGHUP does not exist on Windows)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


class Stopped(Exception):
    """A stop signal arrived; raised in the main thread wherever it was (reading, waiting for the
    computer), like KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """While the block runs, SIGHUP and SIGTERM raise `Stopped` in the main thread. Elsewhere
    (a game run from a worker thread in tests) nothing changes, as Python only allows handlers
    there."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}

    def stop(signum: int, frame: FrameType | None) -> None:
        # one is enough: a second signal must not cut the save the first one started
        for other in previous:
            signal.signal(other, signal.SIG_IGN)
        raise Stopped(signum)

    for signum in STOP_SIGNALS:
        previous[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
