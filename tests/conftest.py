import os
import signal
import sys
from pathlib import Path

import pytest

# The tests stop the servers they start as Ctrl-C does (SIGINT). A program started in the
# background by a shell without job control (`cmd &` in a script, `nohup`) ignores SIGINT, and its
# children inherit that: their Python then installs no handler, and a server sent SIGINT runs on.
# Catching it here gives them back the default (exec resets a caught signal, never an ignored one).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

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


@pytest.fixture(autouse=True)
def _clients_closed(monkeypatch):
    """Every network client a test connects is closed when the test ends. A client left open keeps
    its thread and its connection, and websockets' keep-alive pings draw from the `random` module:
    in a later property test that reads as the strategy drawing from it (Hypothesis's
    `HypothesisDeprecationWarning`), and the open connections pile up over the run."""
    from ludoteca.net.client import Client

    opened: list[Client] = []
    connect = Client.connect

    def recorded(self: Client) -> dict:
        opened.append(self)
        return connect(self)

    monkeypatch.setattr(Client, "connect", recorded)
    yield
    for client in opened:
        client.close()
