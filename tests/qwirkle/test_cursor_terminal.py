"""Arrow-key entry on a real (pseudo-)terminal: `c` at the prompt, Space, Space, Enter plays a tile."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")


def read_until(fd: int, marker: str, seconds: float = 30.0) -> str:
    seen = ""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{marker!r} never came; the screen showed:\n{seen[-2000:]}")
        if select.select([fd], [], [], left)[0]:
            try:
                seen += os.read(fd, 65536).decode(errors="replace")
            except OSError:
                break
    return seen


def test_space_space_enter_plays_the_first_tile(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "LUDOTECA_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "200"}
    command = [sys.executable, "-m", "ludoteca", "play", "qwirkle", "--players", "Ann=human,Bot=computer:1"]
    game = subprocess.Popen(
        [*command, "--mode", "short", "--seed", "21"],
        stdin=slave,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(slave)
    try:
        read_until(master, "Ann, your play>")
        os.write(master, b"c\n")
        read_until(master, "Arrows move")
        os.write(master, b" ")
        read_until(master, "Arrows move")
        os.write(master, b" ")
        screen = read_until(master, "Play: ")
        os.write(master, b"\r")
        # one person against the computer is not asked at each round's end (issue 30)
        after = read_until(master, "Ann, your play>")
        assert "Ann placed 1 tile" in after, screen[-500:]
        os.write(master, b"quit\n")
        read_until(master, "Save before leaving?")
        os.write(master, b"n\n")
        assert game.wait(timeout=30) == 0
    finally:
        if game.poll() is None:
            game.kill()
        os.close(master)
