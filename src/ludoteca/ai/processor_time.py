"""Processor time another program has used, as the benches count a peer engine's search: user
and system time of all its threads, read from /proc (Linux; elsewhere there is none to read).
Both the Khet2-AI referee and the Othello anchor bench count their peers' time here."""

from __future__ import annotations

import os
from pathlib import Path


def _stat(pid: int | str) -> list[str] | None:
    """The fields of `/proc/PID/stat` after the command's name (which may hold spaces and
    brackets), or None when the process is gone or there is no /proc."""
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()
    except OSError:
        return None


def _ticks(fields: list[str]) -> int:
    # after the name: state is the first field; utime and stime are the 12th and 13th from there
    return int(fields[11]) + int(fields[12])


def process_seconds(pid: int) -> float | None:
    """Processor seconds used so far by process `pid` (all its threads); None when unknown."""
    fields = _stat(pid)
    return None if fields is None else _ticks(fields) / os.sysconf("SC_CLK_TCK")


def tree_seconds(pid: int) -> float:
    """Processor seconds used so far by process `pid` and every living process below it."""
    children: dict[int, list[int]] = {}
    used: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(entry)
        if fields is None:  # gone meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        used[int(entry)] = _ticks(fields)
    total, waiting = 0, [pid]
    while waiting:
        current = waiting.pop()
        total += used.get(current, 0)
        waiting.extend(children.get(current, []))
    return total / os.sysconf("SC_CLK_TCK")
