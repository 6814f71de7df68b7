import os
import sys
from pathlib import Path

import pytest

# Tic-tac-toe is installed the way a third-party game package is: a package and a `*.dist-info`
# folder with its entry point, found on sys.path (see tests/plugins/ludoteca_tictactoe).
PLUGINS = Path(__file__).with_name("plugins")
sys.path.insert(0, str(PLUGINS))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Every test gets its own empty data directory: no test touches the user's saves."""
    monkeypatch.setenv("LUDOTECA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
