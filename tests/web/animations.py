"""In the browser, the drawings that play the last move again (Connect Four, Othello): a guest at the
host's table by the page against Bob in Ludoteca's own client, a spectator whose browser asks for
reduced motion, and the page's animations slowed through Chromium's devtools protocol so that a test
catches them running. What is asked of each game's drawing is the same: its last move moves once,
after the move only, and never for a browser that asks for less motion."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ludoteca.net.remote import RemoteMatch
from tests.net.conftest import Running
from tests.net.test_robustness import joined
from tests.web.test_browser_games import SHOWN, enter, open_page, status_starts, until, wait_for_page_ply


def drawn(selector: str) -> str:
    """`selector` (a list of them, comma-separated) within the page's drawing."""
    return ", ".join(f"#drawing {part.strip()}" for part in selector.split(","))


@contextmanager
def a_guest(
    browser: Any,
    host: Running,
    shown: str,
    size: tuple[int, int] = (1440, 900),
    lang: str = "en",
    name: str = "Guest",
) -> Iterator[tuple[Any, RemoteMatch]]:
    """The guest's page at the host's table and Bob in the other seat, once the drawing shows
    `shown` (a selector within it). The page must raise no error; Bob leaves at the end."""
    page = open_page(browser, f"http://127.0.0.1:{host.port}/", lang=lang, size=size)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        enter(page, name)
        bob = joined(host.port, "Bob")
        page.wait_for_selector(drawn(shown), timeout=SHOWN)
        yield page, bob
        assert problems == []
        bob.leave()
    finally:
        page.context.close()


@contextmanager
def a_calm_spectator(browser: Any, host: Running, shown: str) -> Iterator[Any]:
    """Eve's page, watching the full table from a browser that asks for reduced motion, once her
    drawing shows `shown`."""
    context = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion="reduce")
    try:
        calm = context.new_page()
        calm.goto(f"http://127.0.0.1:{host.port}/")
        calm.fill("#name", "Eve")
        calm.click("#enter")
        calm.click("#tables li button:has-text('Watch')", timeout=SHOWN)
        calm.wait_for_selector(drawn(shown), timeout=SHOWN)
        yield calm
    finally:
        context.close()


def fits(page: Any, board: str, size: tuple[int, int]) -> bool:
    """Whether the drawing's `board` is no wider than a page of `size`, and not squeezed flat."""
    box = page.locator(drawn(board)).bounding_box()
    return box is not None and box["width"] <= size[0] and box["height"] > 300


def game_over(page: Any, bob: RemoteMatch, host: Running, table: Any) -> Any:
    """Once the page says the game is over: every move listed, none offered; the last position."""
    status_starts(page, "Game over")
    wait_for_page_ply(page, bob.ply)
    assert page.locator("#movelist li").count() == host.call(lambda: table.match.ply)
    assert page.locator("#drawing .playable").count() == 0
    return host.call(lambda: table.match.state)


def heard(bob: RemoteMatch) -> int:
    """How many moves Bob's client knows of, after reading what the server sent."""
    bob.wait(0.02)
    return int(bob.ply)


@contextmanager
def slowed(page: Any, rate: float) -> Iterator[None]:
    """The page's animations at `rate` times their speed (the browser's own devtools switch) while
    the block runs, so that it reads them while they run; at their own speed after it."""
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": rate})
    yield
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 1})


def moving(page: Any) -> list[str]:
    """The classes of the drawing's elements that are being animated now."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#drawing *')]"
        ".filter((e) => e.getAnimations().some((a) => a.playState === 'running'))"
        ".map((e) => e.getAttribute('class') || e.tagName)"
    )
    return found


def caught(page: Any, selector: str, what: str, count: int = 1) -> None:
    """Wait until `count` elements of the drawing are `selector` (a class the drawing gives what it
    animates, for as long as it moves)."""
    until(page, lambda: page.locator(drawn(selector)).count() == count, what)


def at_rest(page: Any) -> None:
    until(page, lambda: moving(page) == [], "the drawing at rest")


def redrawn_in_french(page: Any, french: Callable[[], bool], animated: str) -> None:
    """The page draws the same position again, in French (`french()` says when): nothing moves
    again, nothing is `animated`."""
    page.click("#language")
    until(page, french, "French")
    assert page.locator(drawn(animated)).count() == 0 and moving(page) == []


def shown_at_once(calm: Any, ply: int, animated: str) -> None:
    """The reduced-motion spectator's page, once it shows move `ply`: nothing moved, and a spectator
    is offered nothing to play."""
    wait_for_page_ply(calm, ply)
    assert calm.locator(drawn(animated)).count() == 0 and moving(calm) == []
    assert calm.locator("#drawing .playable").count() == 0
