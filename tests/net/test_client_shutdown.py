"""A client that leaves ends its reader and writer before its loop stops: nothing is left for
Python to report on stderr ("Task was destroyed but it is pending!") at the end of a game, when
the host has gone first and the client was trying to reach it again."""

from __future__ import annotations

import gc
import logging
import time
from pathlib import Path

import pytest

from ludoteca.net.client import Client
from tests.cli_runner import run_ludoteca
from tests.net.conftest import Running
from tests.net.test_cli_net import finish, port_of, start


def test_a_client_closed_while_reconnecting_leaves_no_task_pending(
    host: Running, caplog: pytest.LogCaptureFixture
) -> None:
    host.table("connect4", "remote,remote")
    caplog.set_level(logging.ERROR, logger="asyncio")
    client = Client(f"127.0.0.1:{host.port}", "Ann", reconnect=30)
    client.connect()
    client.request("join")
    host.stop()  # the host goes away: the client is now trying to reconnect
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        message = client.next_message(0.1)
        if message is not None and message.get("state") == "lost":
            break
    client.close()
    del client
    gc.collect()
    assert [r.getMessage() for r in caplog.records if "destroyed" in r.getMessage()] == []


def test_join_to_the_end_of_a_game_writes_nothing_on_stderr(tmp_path: Path) -> None:
    host = start(["host", "connect4", "--port", "0", "--name", "Ann"], tmp_path / "ann", "4\n4\n4\n4\n")
    try:
        port = port_of(host)
        bob = run_ludoteca(
            ["join", f"127.0.0.1:{port}", "--name", "Bob"], tmp_path / "bob", "3\n3\n3\n", timeout=60
        )
        finish(host)
    finally:
        host.kill()
    assert bob.returncode == 0
    assert "Game over" in bob.stdout and bob.stderr == ""
