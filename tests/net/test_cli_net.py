"""`ludoteca host`, `join` and `serve` as people type them: separate processes, piped input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.cli_runner import run_ludoteca


def start(args: list[str], home: Path, stdin: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "LUDOTECA_HOME": str(home), "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ludoteca", *args],
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


def finish(process: subprocess.Popen[str], timeout: float = 60) -> tuple[str, str]:
    assert process.stdout is not None and process.stderr is not None
    process.wait(timeout)
    return process.stdout.read(), process.stderr.read()


def port_of(process: subprocess.Popen[str]) -> int:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "port" in line, line
    return int(line.rstrip(". \n").split()[-1])


def test_host_join_and_watch_a_whole_game(tmp_path: Path) -> None:
    host = start(["host", "connect4", "--port", "0", "--name", "Ann"], tmp_path / "ann", "4\n4\n4\n4\n")
    try:
        port = port_of(host)
        watcher = start(["join", f"127.0.0.1:{port}", "--watch", "--name", "Eve"], tmp_path / "eve", "")
        assert watcher.stdout is not None
        # the watcher's first line comes once it watches: Bob's game, typed in advance, must not
        # end before (on a loaded machine the watcher's start took longer than the whole game)
        watched = watcher.stdout.readline()
        bob = run_ludoteca(
            ["join", f"127.0.0.1:{port}", "--name", "Bob"], tmp_path / "bob", "3\n3\n3\n", timeout=60
        )
        ann_out, _ann_err = finish(host)
        eve_out, _eve_err = finish(watcher)
        eve_out = watched + eve_out
    finally:
        host.kill()
    assert bob.returncode == 0, bob.stderr
    for out in (ann_out, bob.stdout, eve_out):
        assert "Game over: Yellow connected four." in out
    assert "Ann plays 4" in bob.stdout and "Bob plays 3" in ann_out
    assert "Waiting for Bob" in ann_out and "Waiting for Ann" in bob.stdout
    assert "only accepts players on this computer" in ann_out  # bound to 127.0.0.1 unless asked
    # each player keeps the full record, which replays
    saves = run_ludoteca(["saves", "show", "1"], tmp_path / "bob")
    assert "1. 4" in saves.stdout and "7. 4" in saves.stdout and '[Result "1-2"]' in saves.stdout


def test_play_with_a_remote_seat_hosts_the_game(tmp_path: Path) -> None:
    host = start(["play", "connect4", "--players", "human,remote", "--port", "0"], tmp_path, "")
    try:
        assert host.stdout is not None and host.stderr is not None
        port = port_of(host)
        assert "hosted" in host.stderr.readline()
        # a stranger gets a clear sentence: the one seat is Bob's to take, and nothing more
        first = run_ludoteca(
            ["join", f"127.0.0.1:{port}", "--name", "Bob", "--seat", "1"], tmp_path / "b", ""
        )
        assert "seat 1 is not free" in first.stderr
        # the host speaks English; a player in French reads its refusal in French
        zoe = ["join", f"127.0.0.1:{port}", "--name", "Zoé", "--seat", "1"]
        french = run_ludoteca(zoe, tmp_path / "z", "", LUDOTECA_LANG="fr")
        assert "la place 1 n'est pas libre" in french.stderr, french.stderr
        assert "seat 1" not in french.stderr
    finally:
        host.kill()


def test_the_rules_refusal_of_a_move_reads_in_the_players_language(tmp_path: Path) -> None:
    # the host speaks English and the rules refuse on the server; the French client tells why
    # in French (it reads the move again with the same rules)
    host = start(["host", "connect4", "--port", "0", "--name", "Ann"], tmp_path / "ann", "4\n4\n4\n4\n")
    try:
        port = port_of(host)
        join = ["join", f"127.0.0.1:{port}", "--name", "Bob"]
        bob = run_ludoteca(join, tmp_path / "bob", "9\n3\n3\n3\n", LUDOTECA_LANG="fr")
        finish(host)
    finally:
        host.kill()
    assert "tapez un numéro de colonne de 1 à 7, pas '9'" in bob.stdout, bob.stdout
    assert "type a column number" not in bob.stdout


def test_a_player_whose_input_ends_keeps_the_seat_without_a_traceback(tmp_path: Path) -> None:
    host = start(["host", "connect4", "--port", "0", "--name", "Ann"], tmp_path / "ann", "4\n")
    try:
        port = port_of(host)
        # Bob's input ends at his first turn (Ctrl-D at a terminal); this crashed with a TypeError
        bob = run_ludoteca(["join", f"127.0.0.1:{port}", "--name", "Bob"], tmp_path / "bob", "", timeout=60)
    finally:
        host.kill()
    assert bob.returncode == 0, bob.stderr
    assert "Traceback" not in bob.stderr
    assert "Input ended; your seat waits for you." in bob.stdout


def test_joining_nowhere_says_what_to_check(tmp_path: Path) -> None:
    result = run_ludoteca(["join", "127.0.0.1:1"], tmp_path)
    assert result.returncode == 2
    assert "could not reach a Ludoteca server at 127.0.0.1:1" in result.stderr
    bad = run_ludoteca(["join", "host:99999"], tmp_path)
    assert "the port must be from 1 to 65535, not 99999" in bad.stderr


def test_the_network_benchmark_runs_bounded_on_loopback(tmp_path: Path) -> None:
    """Figures are the benchmark's business; this only checks that it runs and stops by itself."""
    result = run_ludoteca(
        ["bench", "net", "--clients", "4", "--seconds", "1", "--store", "memory", "--pause", "0.1"], tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Server on 127.0.0.1:" in result.stdout
    assert result.stdout.count("round trip median") == 3
