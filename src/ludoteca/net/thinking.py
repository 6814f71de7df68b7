"""A server's computers think in a bounded set of processes, never in the loop's process.

Twenty Qwirkle tables of level-5 computers searching in threads of the server's own process
pushed a lobby ping to 1.3 s (median; 3.8 s at the 99th percentile): every search thread holds
Python's lock in turn, and the loop that answers everyone waits behind them. In processes they
cannot hold it. There are as many processes as cores by default: more tables than that wait
their turn, and each computer still gets its whole budget once it starts, so a club with many
computer tables is slower to answer at those tables, never in its lobby.

A table always thinks in the same process (its lane, chosen by its id): some players remember
between moves what they cannot see again (a Robot Turtles computer, its face-down program), and
that memory lives in the process that made the move.

One set of lanes serves every server of a process (tests start many); a lane's process starts at
its first decision and loads the games itself (`MoveJob.run`), and ends with the server, however
the server ends.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import multiprocessing
import os
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ludoteca.ai.worker import MoveJob

log = logging.getLogger("ludoteca.net.thinking")

#: how much lower than the server's the computers' processes' priority is (`os.nice`): with
#: every core searching, the loop still gets a core as soon as a message comes in, so a lobby
#: ping waits for no search (`ludoteca bench net --bystander`)
NICENESS = 10

_lock = threading.Lock()
#: the lanes, by (how many lanes, which one)
_lanes: dict[tuple[int, int], ProcessPoolExecutor] = {}


def default_lanes() -> int:
    return max(1, os.cpu_count() or 1)


def _lane(lanes: int, index: int) -> ProcessPoolExecutor:
    with _lock:
        lane = _lanes.get((lanes, index))
        if lane is None:
            # spawn: the server runs threads (its loop, the store's writer), which fork would copy
            # in whatever state they were
            lane = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
            _lanes[lanes, index] = lane
        return lane


def _follow_parent(parent: int) -> None:
    """In each thinking process: give way to the server's loop (`NICENESS`), and end when the
    server does, however it ends (kill -9 included), rather than wait forever for work that
    will never come."""
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="ludoteca-follow-server", daemon=True).start()


def _forget(lanes: int, index: int, lane: ProcessPoolExecutor) -> None:
    with _lock:
        if _lanes.get((lanes, index)) is lane:
            del _lanes[lanes, index]
    lane.shutdown(wait=False, cancel_futures=True)


def processes() -> list[int]:
    """The process ids of the lanes running now."""
    with _lock:
        return [pid for lane in _lanes.values() for pid in (lane._processes or {})]


@atexit.register
def shutdown(wait: bool = False) -> None:
    """Stop the computers' processes: at exit by itself; a process started by multiprocessing
    calls it with `wait` before it ends, since it would otherwise close the lanes' queues and
    then wait forever for processes that never heard they should stop."""
    with _lock:
        lanes = list(_lanes.values())
        _lanes.clear()
    for lane in lanes:
        lane.shutdown(wait=wait, cancel_futures=True)


def think(
    job: MoveJob, done: Callable[[Future[Any]], None], table: str, lanes: int = 0
) -> Callable[[], None]:
    """Run `job` in `table`'s lane; `done` gets its finished future (on a thread of the lane).
    Returns a function that cancels it: a job still queued never runs, one running is left to
    finish its budget and its move is dropped by whoever cancelled it."""
    lanes = lanes or default_lanes()
    index = zlib.crc32(table.encode()) % lanes
    lane = _lane(lanes, index)
    try:
        future = lane.submit(job.run)
    except BrokenProcessPool:  # its process died (killed, out of memory): a fresh one, once
        log.error("a computers' process had stopped; starting it again")
        _forget(lanes, index, lane)
        future = _lane(lanes, index).submit(job.run)
    future.add_done_callback(done)

    def cancel() -> None:
        future.cancel()

    return cancel
