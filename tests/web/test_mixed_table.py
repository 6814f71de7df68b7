"""One Qwirkle table, three kinds of player: a guest in a browser (by clicks), a person at the
terminal client (`ludoteca join`'s loop) and a computer at the server — to the end."""

from __future__ import annotations

import io
import random
import threading
import time
from typing import Any

from ludoteca.kits.terminal.console import Console
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.terminal.netplay import play_networked
from tests.net.conftest import Running
from tests.net.test_whole_games import Typist
from tests.web.test_browser_games import SHOWN, enter, open_page, status_starts
from tests.web.test_qwirkle_web import click_a_play


def test_a_browser_a_terminal_and_a_computer_play_qwirkle_together(browser: Any, host: Running) -> None:
    table = host.table("qwirkle", "remote,remote,computer:1", seed=31, mode="short")
    page = open_page(browser, f"http://127.0.0.1:{host.port}/", size=(1440, 900))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        enter(page, "Guest")
        client = Client(f"127.0.0.1:{host.port}", "Ann")
        client.connect()
        client.request("join")
        terminal = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
        typist = Typist(7)
        typist.match = terminal
        shown = io.StringIO()
        played = threading.Thread(
            target=play_networked, args=(terminal, None, Console(stdin=typist, stdout=shown)), daemon=True
        )
        played.start()
        rng = random.Random(31)
        guest_moves = 0
        deadline = time.monotonic() + 120
        while not host.call(lambda: table.match.over) and time.monotonic() < deadline:
            if page.query_selector(".qw[data-mine='yes']") and not host.call(lambda: table.match.over):
                version = page.get_attribute(".qw", "data-version")
                click_a_play(page, rng)
                guest_moves += 1
                page.wait_for_selector(f".qw:not([data-version='{version}'])", timeout=SHOWN)
            else:
                page.wait_for_timeout(50)
        assert host.call(lambda: table.match.over), "the game did not end in time"
        played.join(20)
        assert not played.is_alive()
        status_starts(page, "Game over")
        assert guest_moves >= 3 and "Game over" in shown.getvalue()
        assert errors == []
        kinds = host.call(lambda: [("computer" if p.computer else "person", p.name) for p in table.places])
        assert kinds[2][0] == "computer" and {kinds[0][1], kinds[1][1]} == {"Guest", "Ann"}
    finally:
        page.context.close()
