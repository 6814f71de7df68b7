"""Two network namespaces joined by a veth pair, as two computers on a LAN: one hosts with
--lan, the other joins by the address the host printed. Needs root and `ip netns`; skipped with
the reason otherwise."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)


@pytest.fixture
def two_computers() -> Iterator[tuple[str, str]]:
    if shutil.which("ip") is None:
        pytest.skip("the `ip` command is not installed, so no network namespaces")
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    tag = f"ludo{os.getpid() % 100000}"
    a, b = f"{tag}a", f"{tag}b"
    made = _ip("netns", "add", a)
    if made.returncode != 0:
        pytest.skip(f"`ip netns add` does not work here: {made.stderr.strip()}")
    try:
        _ip("netns", "add", b)
        steps = [
            ("link", "add", f"{tag}x", "type", "veth", "peer", "name", f"{tag}y"),
            ("link", "set", f"{tag}x", "netns", a),
            ("link", "set", f"{tag}y", "netns", b),
            ("-n", a, "addr", "add", "10.77.0.1/24", "dev", f"{tag}x"),
            ("-n", b, "addr", "add", "10.77.0.2/24", "dev", f"{tag}y"),
            ("-n", a, "link", "set", f"{tag}x", "up"),
            ("-n", b, "link", "set", f"{tag}y", "up"),
            ("-n", a, "link", "set", "lo", "up"),
            ("-n", b, "link", "set", "lo", "up"),
        ]
        for step in steps:
            done = _ip(*step)
            if done.returncode != 0:
                pytest.skip(f"cannot wire two namespaces here ({' '.join(step)}): {done.stderr.strip()}")
        yield a, b
    finally:
        _ip("netns", "del", a)
        _ip("netns", "del", b)


def _in(namespace: str, args: list[str], home: Path, stdin: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1", "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        ["ip", "netns", "exec", namespace, sys.executable, "-m", "ludoteca", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert process.stdin is not None
    process.stdin.write(stdin)
    process.stdin.close()
    return process


def test_two_namespaces_play_a_whole_game(two_computers: tuple[str, str], tmp_path: Path) -> None:
    a, b = two_computers
    host = _in(
        a, ["host", "connect4", "--lan", "--port", "7373", "--name", "Ann"], tmp_path / "a", "4\n4\n4\n4\n"
    )
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _n in range(3)]
        shared = [line.split()[-1] for line in lines if "ludoteca join" in line]
        assert "10.77.0.1:7373" in shared, lines  # the LAN address to give friends
        guest = _in(b, ["join", "10.77.0.1:7373", "--name", "Bob"], tmp_path / "b", "3\n3\n3\n")
        guest_out = _finish(guest)
        host_out = _finish(host)
    finally:
        host.kill()
    assert "Game over: Yellow connected four." in host_out
    assert "Game over: Yellow connected four." in guest_out and "Ann plays 4" in guest_out


def _finish(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    process.wait(60)
    return process.stdout.read()
