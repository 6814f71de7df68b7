"""Whole games between separate client processes, over real sockets on 127.0.0.1: every seat's
process ends with the position the server holds, as that seat may see it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.net.codec import encode
from tests.net.conftest import Running

ROOT = Path(__file__).parents[2]


def bots(port: int, names: list[str], *extra: str) -> list[subprocess.Popen[str]]:
    return [
        subprocess.Popen(
            [sys.executable, "-m", "tests.net.bot", f"127.0.0.1:{port}", "--name", name, *extra],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]


def finish(processes: list[subprocess.Popen[str]]) -> list[dict[str, object]]:
    reports = []
    for process in processes:
        out, err = process.communicate(timeout=90)
        assert process.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("connect4", "remote,remote"),
        ("othello", "remote,remote"),
        ("khet", "remote,remote"),
        ("qwirkle", "remote,remote,computer:1"),
    ],
)
def test_a_whole_game_between_processes(host: Running, game: str, seats: str) -> None:
    table = host.table(game, seats, seed=2024)
    people = [s for s in seats.split(",") if s == "remote"]
    reports = finish(bots(host.port, [f"P{i}" for i in range(len(people))]))
    match = table.match
    assert match.over
    outcome = match.outcome
    assert outcome is not None
    for report in reports:
        seat = report["seat"]
        assert isinstance(seat, int)
        assert report["ranks"] == list(outcome.ranks)
        assert report["moves"] == table.visible_moves(seat)
        assert report["view"] == encode(match.game.view(match.state, seat))
    assert sorted(r["seat"] for r in reports) == [
        s for s, spec in enumerate(match.seats) if not spec.is_computer
    ]
