import os

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Every test gets its own empty data directory: no test touches the user's saves."""
    monkeypatch.setenv("LUDOTECA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
