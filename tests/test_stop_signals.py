"""SIGHUP and SIGTERM during a terminal game save it like Ctrl-C, then the program exits cleanly:
a real `ludoteca` process, a real signal."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_runner import run_ludoteca

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")


def _start(args: list[str], home: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "ludoteca", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


def _read_until(
    process: subprocess.Popen[bytes], needle: str, seen: bytearray, count: int = 1, timeout: float = 60
) -> None:
    """Read the process's output until `needle` has appeared `count` times in all (prompts end
    without a newline, so lines cannot be waited for)."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    fd = process.stdout.fileno()
    while seen.count(needle.encode()) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"no {needle!r} in {seen.decode(errors='replace')[-500:]}"
        if select.select([fd], [], [], left)[0]:
            chunk = os.read(fd, 65536)
            assert chunk, f"output ended before {needle!r}: {seen.decode(errors='replace')[-500:]}"
            seen.extend(chunk)


def _type(process: subprocess.Popen[bytes], text: str) -> None:
    assert process.stdin is not None
    process.stdin.write(text.encode())
    process.stdin.flush()


def _finish(process: subprocess.Popen[bytes], seen: bytearray) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=60)
    return process.returncode, (bytes(seen) + out).decode(), err.decode()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_at_the_prompt_saves_the_game(tmp_path: Path, signum: int) -> None:
    home = tmp_path / "home"
    process = _start(["play", "connect4", "--players", "Ann=human,Bob=human", "--seed", "1"], home)
    seen = bytearray()
    _read_until(process, "to move>", seen)
    _type(process, "4\n3\n")
    _read_until(process, "to move>", seen, count=3)
    os.kill(process.pid, signum)
    code, out, err = _finish(process, seen)
    assert code == 0 and "Traceback" not in err, err
    assert f"Asked to stop ({signal.Signals(signum).name})." in out
    assert "Saved (number 1)" in out
    shown = run_ludoteca(["saves", "show", "1"], home)
    assert "1. 4\n2. 3\n" in shown.stdout


def test_a_stop_signal_while_the_computer_thinks_saves_the_moves_so_far(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # Othello level 5 with a long budget: the signal comes while it searches
    process = _start(["play", "othello", "--players", "human,computer:5", "--think", "60"], home)
    seen = bytearray()
    _read_until(process, "to move>", seen)
    _type(process, "d3\n")
    _read_until(process, "is thinking", seen)
    os.kill(process.pid, signal.SIGTERM)
    code, out, err = _finish(process, seen)
    assert code == 0 and "Traceback" not in err, err
    assert "Saved (number 1)" in out
    resumed = run_ludoteca(["saves", "show", "1"], home)
    assert "1. d3\n" in resumed.stdout and "2." not in resumed.stdout


def test_a_stop_signal_from_a_game_started_in_the_menu_ends_the_program(tmp_path: Path) -> None:
    home = tmp_path / "home"
    process = _start(["menu", "connect4"], home)
    seen = bytearray()
    _read_until(process, "Your choice", seen)
    _type(process, "2\n\n\nh\n\nh\n\n")  # new game, classic, 42 drops, two people without names
    _read_until(process, "to move>", seen)
    _type(process, "1\n")
    _read_until(process, "to move>", seen, count=2)
    os.kill(process.pid, signal.SIGTERM)
    code, out, err = _finish(process, seen)
    assert code == 0 and "Traceback" not in err, err
    assert "Saved (number 1)" in out
    assert out.rstrip().endswith("ludoteca play --resume 1")  # the menu did not come back
