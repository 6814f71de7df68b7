from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.store import Store


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder of this test, for the test itself and for the `ludoteca` it runs."""
    folder = tmp_path / "home"
    monkeypatch.setenv("LUDOTECA_HOME", str(folder))
    return folder


@pytest.fixture
def store(home: Path) -> Iterator[Store]:
    with Store() as opened:
        yield opened
