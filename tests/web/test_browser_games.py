"""A guest with only a browser plays whole games against a person using Ludoteca's own client,
by clicks on the page, against a real server on 127.0.0.1 (Chromium driven by Playwright)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ludoteca.net.remote import RemoteMatch
from tests.net.conftest import Running
from tests.net.test_robustness import joined

#: seconds a page may take to show what the server sent
SHOWN = 10_000


def open_page(browser: Any, url: str, lang: str = "en", size: tuple[int, int] = (1440, 900)) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = context.new_page()
    page.goto(url)
    return page


def enter(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("#enter")
    page.wait_for_selector("#table:not([hidden])", timeout=SHOWN)


def wait_for_page_ply(page: Any, ply: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#movelist li').length >= {ply}", timeout=SHOWN)


def play_out(page: Any, bob: RemoteMatch, chooser: random.Random, guest_seat: int) -> None:
    """Both sides play random legal moves, the guest by clicking the page, until the game ends."""
    deadline = time.monotonic() + 120
    while not bob.over and time.monotonic() < deadline:
        bob.wait(0.05)
        if bob.over:
            break
        ply = bob.ply
        if bob.to_move() == bob.seat:
            bob.play(chooser.choice(list(bob.game.legal_moves(bob.state))))
        elif bob.to_move() == guest_seat:
            wait_for_page_ply(page, ply)
            page.wait_for_selector("#board .playable, #moves-row .move", timeout=SHOWN)
            choices = page.query_selector_all("#board .playable") or page.query_selector_all(
                "#moves-row .move"
            )
            chooser.choice(choices).click()
        while bob.ply == ply and not bob.over and time.monotonic() < deadline:
            bob.wait(0.05)
    assert bob.over, "the game did not end in time"


@pytest.mark.parametrize(("game", "seed"), [("connect4", 3), ("othello", 4)])
def test_a_guest_plays_a_whole_game_in_the_browser(browser: Any, host: Running, game: str, seed: int) -> None:
    table = host.table(game, "remote,remote", seed=seed)
    page = open_page(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        guest_seat = 1 - int(bob.seat or 0)
        play_out(page, bob, random.Random(seed), guest_seat)
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Game over')", timeout=SHOWN
        )
        assert page.text_content("#movelist") is not None
        assert len(page.query_selector_all("#movelist li")) == host.call(lambda: table.match.ply)
        bob.leave()
    finally:
        page.context.close()


def test_a_guest_in_french_on_a_phone_and_a_spectator(browser: Any, host: Running) -> None:
    host.table("connect4", "remote,remote", seed=5)
    page = open_page(browser, f"http://127.0.0.1:{host.port}/", lang="fr-FR", size=(390, 844))
    watcher = open_page(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Invitée")
        assert page.text_content("#undo") == "Annuler"
        bob = joined(host.port, "Bob")
        # the table is full: the spectator's page offers to watch it
        watcher.fill("#name", "Eve")
        watcher.click("#enter")
        watcher.click("#tables li button:has-text('Watch')", timeout=SHOWN)
        watcher.wait_for_selector("#table:not([hidden])", timeout=SHOWN)
        play_out(page, bob, random.Random(5), 1 - int(bob.seat or 0))
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Partie terminée')", timeout=SHOWN
        )
        watcher.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Game over')", timeout=SHOWN
        )
        assert watcher.query_selector_all("#board .playable") == []  # a spectator plays nothing
        bob.leave()
    finally:
        page.context.close()
        watcher.context.close()
