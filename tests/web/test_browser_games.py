"""A guest with only a browser plays whole games against a person using Ludoteca's own client,
by clicks on the page, against a real server on 127.0.0.1 (Chromium driven by Playwright)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ludoteca.core.seats import SeatSpec
from ludoteca.match.events import News
from ludoteca.net.clock import ClockSettings
from ludoteca.net.remote import RemoteMatch
from tests.net.conftest import Running
from tests.net.test_robustness import joined
from tests.web.conftest import PROFILES, Profile

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


def until(page: Any, condition: Any, what: str) -> None:
    """Wait, reading the page from here, until `condition()` holds. (The page's own policy forbids
    evaluating strings as script, so Playwright's wait_for_function cannot poll inside it.)"""
    deadline = time.monotonic() + SHOWN / 1000
    while not condition():
        assert time.monotonic() < deadline, f"the page never showed {what}"
        page.wait_for_timeout(50)


def status_starts(page: Any, prefix: str) -> None:
    until(page, lambda: (page.text_content("#status") or "").startswith(prefix), repr(prefix))


def wait_for_page_ply(page: Any, ply: int) -> None:
    until(page, lambda: page.locator("#movelist li").count() >= ply, f"move {ply}")


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
            page.wait_for_selector("#drawing .playable", timeout=SHOWN)
            chooser.choice(page.query_selector_all("#drawing .playable")).click()
        while bob.ply == ply and not bob.over and time.monotonic() < deadline:
            bob.wait(0.05)
    assert bob.over, "the game did not end in time"


@PROFILES
@pytest.mark.parametrize(
    ("game", "seed", "options"),
    [("connect4", 3, {}), ("connect4", 9, {"variant": "cascade"}), ("othello", 4, {})],
    ids=["connect4", "cascade", "othello"],
)
def test_a_guest_plays_a_whole_game_in_the_browser(
    browser: Any, host: Running, profile: Profile, game: str, seed: int, options: dict[str, Any]
) -> None:
    table = host.table(game, "remote,remote", seed=seed, **options)
    page = profile.open(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        guest_seat = 1 - int(bob.seat or 0)
        play_out(page, bob, random.Random(seed), guest_seat)
        # the end in the guest's language, the rules' own sentence too
        outcome = host.call(lambda: table.match.outcome)
        status_starts(page, profile.words("Game over: {reason}.", reason=profile.said(outcome.reason)))
        wait_for_page_ply(page, host.call(lambda: table.match.ply))
        assert len(page.query_selector_all("#movelist li")) == host.call(lambda: table.match.ply)
        assert page.query_selector_all("#drawing .playable") == []
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
        status_starts(page, "Partie terminée")
        status_starts(watcher, "Game over")
        assert watcher.query_selector_all("#drawing .playable") == []  # a spectator plays nothing
        bob.leave()
    finally:
        page.context.close()
        watcher.context.close()


def test_a_guest_whose_page_is_reloaded_takes_back_the_seat(browser: Any, host: Running) -> None:
    host.table("connect4", "remote,remote", seed=6)
    page = open_page(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        guest_seat = 1 - int(bob.seat or 0)
        if bob.to_move() == bob.seat:
            bob.play("4")
        page.click("#drawing .playable >> nth=0", timeout=SHOWN)
        deadline = time.monotonic() + 10
        while bob.ply < 2 - (bob.seat == 1) and time.monotonic() < deadline:
            bob.wait(0.05)
        before = bob.ply
        # the tab goes away and comes back: the token kept in its session storage takes the seat again
        page.reload()
        page.wait_for_selector("#table:not([hidden])", timeout=SHOWN)
        wait_for_page_ply(page, before)
        assert f"/t/{host.call(lambda: next(iter(host.server.tables)))}" in page.url
        play_out(page, bob, random.Random(6), guest_seat)
        assert host.call(lambda: next(iter(host.server.tables.values())).places[guest_seat].name) == "Guest"
        bob.leave()
    finally:
        page.context.close()


def test_the_clocks_tick_on_the_page(browser: Any, host: Running) -> None:
    seats = [SeatSpec("remote"), SeatSpec("remote")]
    host.call(lambda: host.server.new_table("connect4", {}, seats, seed=1, clock=ClockSettings(1, 0)))
    page = open_page(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        page.wait_for_selector("#players .clock.running", timeout=SHOWN)
        first = page.text_content("#players .clock.running")
        assert first is not None and first.startswith(("1:00", "0:5"))
        until(page, lambda: page.text_content("#players .clock.running") != first, "the clock ticking")
        assert page.text_content("#players .clock:not(.running)") == "1:00"
        bob.leave()
    finally:
        page.context.close()


def test_chat_and_undo_requests_between_a_browser_and_a_client(browser: Any, host: Running) -> None:
    host.table("connect4", "remote,remote", seed=2)
    page = open_page(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        said: list[str] = []
        bob.subscribe(lambda event: said.append(str(event.info)) if isinstance(event, News) else None)
        page.fill("#say-text", "hello Bob")
        page.click("#say button")
        deadline = time.monotonic() + 10
        while not any("hello Bob" in line for line in said) and time.monotonic() < deadline:
            bob.wait(0.05)
        assert any(line == "Guest: hello Bob" for line in said)
        bob.chat("hi there")
        until(page, lambda: "Bob: hi there" in (page.text_content("#chat") or ""), "Bob's line")
        # Bob moves, then asks to take it back: the page asks the guest, who agrees
        if bob.to_move() != bob.seat:
            page.click("#drawing .playable >> nth=0", timeout=SHOWN)
            while bob.to_move() != bob.seat:
                bob.wait(0.05)
        bob.play("1")
        wait_for_page_ply(page, bob.ply)
        before = bob.ply
        bob.undo()
        page.wait_for_selector("#question:not([hidden])", timeout=SHOWN)
        page.click("#agree")
        deadline = time.monotonic() + 10
        while bob.ply == before and time.monotonic() < deadline:
            bob.wait(0.05)
        assert bob.ply == before - 1
        until(page, lambda: page.locator("#movelist li").count() == before - 1, "the move taken back")
        bob.leave()
    finally:
        page.context.close()
