from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.store import ResultRow, Store

RECORD = '[Game "othello"]\n[Seed "7"]\n[Players "Ann=human, computer:3"]\n\n1. d3\n2. c5\n'


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private LUDOTECA_HOME, so no test ever touches the real user data folder."""
    folder = tmp_path / "home"
    monkeypatch.setenv("LUDOTECA_HOME", str(folder))
    return folder


@pytest.fixture
def store(home: Path) -> Iterator[Store]:
    with Store() as opened:
        yield opened


def result(game: str = "othello", winner: str = "Ann", **changes: object) -> ResultRow:
    fields: dict[str, object] = {
        "date": "2026-01-02T03:04:05+00:00",
        "game": game,
        "variant": "",
        "players": ("Ann", "Bob"),
        "kinds": ("human", "computer:3"),
        "scores": (40, 24),
        "ranks": (1, 2),
        "winner": winner,
        "reason": "Ann has more discs, 40 to 24",
    }
    fields.update(changes)
    return ResultRow(**fields)  # type: ignore[arg-type]
