"""Khet in the web client: the scene offers exactly the rules' moves, and a guest with only a browser
plays both editions by clicks and taps against a person using Ludoteca's own client (a real server on
127.0.0.1, Chromium driven by Playwright)."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from ludoteca.core.registry import get_game
from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.board import PHARAOH, kind_of, parse_square
from ludoteca.games.khet.moves import PASS, move_kind, move_target
from ludoteca.games.khet.state import KhetState
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.scene import scene
from tests.net.conftest import Running
from tests.net.test_robustness import joined
from tests.web.conftest import PROFILES, Profile
from tests.web.test_browser_games import SHOWN, enter, status_starts, until, wait_for_page_ply

GAME = get_game("khet")
#: the guest plays this many moves by clicks before either side tries to end the game
CLICKED = 30


def offered(drawn: dict[str, Any]) -> list[str]:
    """Every move text a click on the drawn scene can send."""
    found = [drawn["pass"]] if drawn["pass"] else []
    for choice in drawn["choices"]:
        found += [move for _c, _r, move, _how in choice["to"]]
        found += [move for _c, _r, move in choice["top"]]
        found += [choice[way] for way in ("cw", "ccw") if choice[way]]
    return found


def check_scene(state: KhetState) -> dict[str, Any]:
    seat = GAME.to_move(state)
    assert seat is not None
    drawn = scene(GAME, GAME.view(state, seat), seat, seat)
    legal = list(GAME.legal_moves(state))
    texts = offered(drawn)
    for text in texts:
        assert GAME.parse_move(state, text) in legal, text
    assert set(texts) == {GAME.format_move(state, m) for m in legal}
    assert sorted(drawn["legal"]) == sorted(set(texts))
    # each lit square is the square its move goes to
    for choice in drawn["choices"]:
        source = parse_square(choice["square"])
        assert source is not None and list(cell_of(source)) == choice["at"]
        for c, r, text, *_how in choice["to"] + choice["top"]:
            move = GAME.parse_move(state, text)
            assert list(cell_of(move_target(move))) == [c, r] and text.startswith(choice["square"])
    # the other seat and a spectator are offered nothing
    for other in (1 - seat, None):
        watched = scene(GAME, GAME.view(state, other), other, seat)
        assert offered(watched) == [] and watched["legal"] == [] and not watched["can_claim_draw"]
    # plain JSON, no class names: only notation, numbers and the drawing's own keys
    text = json.dumps(drawn)
    assert json.loads(text) == drawn
    assert not re.search(r"ludoteca|Khet[A-Z]|Beam|Move|Board|\"@\"", text), text[:200]
    return drawn


@pytest.mark.parametrize("variant", ["khet2", "horus"])
def test_the_scene_offers_exactly_the_legal_moves(variant: str) -> None:
    state = GAME.start(GAME.options({"variant": variant}), 1, 2)
    chooser = random.Random(11)
    kinds: set[str] = set()
    for _ply in range(80):
        if GAME.to_move(state) is None:
            break
        drawn = check_scene(state)
        kinds |= {how for choice in drawn["choices"] for *_cell, how in choice["to"]}
        state = GAME.play(state, chooser.choice(list(GAME.legal_moves(state))))
        shown = scene(GAME, state, None, GAME.to_move(state))
        assert shown["edition"] == variant and shown["last"]["move"] == GAME.format_move(
            state, state.last_move
        )
        # the removed pieces are those the rules' beam destroyed, where they stood
        beam = state.beam
        assert beam is not None and shown["beam"]["side"] == 1 - state.turn
        assert [row[:2] for row in shown["beam"]["removed"]] == [
            list(cell_of(sq)) for sq, _p in beam.destroyed
        ]
        assert len(shown["beam"]["branches"]) == len(beam.branches)
    assert {"step", "swap"} <= kinds


def test_stacks_swaps_and_the_eye_in_the_horus_scene() -> None:
    horus = GAME.options({"variant": "horus"})
    # a stack of two Obelisks moves whole or sheds its top; a Djed swaps with a Pyramid
    state = GAME.parse_position("S:K:e1 S:O:d1:2 S:D:e2:/ S:P:f2:NE R:K:f8 R:E:e7:/ R:P:d7:SW", horus)
    drawn = check_scene(state)
    stack = next(c for c in drawn["choices"] if c["square"] == "d1")
    assert {move for *_cell, move in stack["top"]} >= {"d1^c1", "d1^c2", "d1^d2"}
    assert "d1d2" in {move for *_cell, move, _how in stack["to"]} and stack["cw"] is None
    djed = next(c for c in drawn["choices"] if c["square"] == "e2")
    assert ["e2f2", "swap"] in [row[2:] for row in djed["to"]]
    assert djed["cw"] == djed["ccw"] == "e2+"  # a two-way mirror's one turn, offered both ways
    assert drawn["lasers"] == [[9, 8, 0, 0], [0, -1, 1, 180]]
    # two single Obelisks side by side stack
    state = GAME.parse_position("S:K:e1 S:O:d1 S:O:d2 R:K:f8", horus)
    single = next(c for c in check_scene(state)["choices"] if c["square"] == "d1")
    assert ["d1d2", "stack"] in [row[2:] for row in single["to"]] and single["top"] == []


def test_every_word_the_drawing_says_is_in_the_french_catalogue() -> None:
    from importlib import resources

    from ludoteca.core.registry import declarations
    from ludoteca.i18n import catalogue

    declarations()  # merges each game's catalogue
    french, _plurals = catalogue("fr")
    script = resources.files("ludoteca.games.khet").joinpath("web/draw.js").read_text(encoding="utf-8")
    said = set(re.findall(r'api\.t\(\s*"([^"]+)"', script))
    for table in re.findall(r"(?:KIND_NAMES|COLOUR_NAMES) = [\[{]([^\]}]*)", script):
        said |= set(re.findall(r'"([^"]+)"', table))
    assert {"Turn clockwise", "Top Obelisk only", "Eye of Horus", "Silver", "{colour} {piece}"} <= said
    assert sorted(word for word in said if word not in french) == []


# ----- in the browser --------------------------------------------------------------------------------
def choose(game: Any, state: Any, rng: random.Random, keep_going: bool) -> Any:
    """A move for the side to move: while `keep_going`, any move that fells no Pharaoh; then the
    shortest way to an end (a shot at the other Pharaoh, else at another enemy piece)."""
    side = state.turn
    safe, hitting, winning = [], [], []
    for move in game.legal_moves(state):
        after = game.play(state, move)
        fallen = [piece for _sq, piece in after.beam.destroyed] if after.beam is not None else []
        if any(kind_of(p) == PHARAOH for p in fallen):
            if all(p & 1 != side for p in fallen):
                winning.append(move)
            continue
        safe.append(move)
        if any(p & 1 != side for p in fallen):
            hitting.append(move)
    if not keep_going and winning:
        return rng.choice(winning)
    if not keep_going and hitting:
        return rng.choice(hitting)
    return rng.choice(safe or list(game.legal_moves(state)))


def press(page: Any, selector: str, touch: bool) -> None:
    target = page.locator(selector).first
    target.wait_for(timeout=SHOWN)
    if touch:
        target.tap(timeout=SHOWN)
    else:
        target.click(timeout=SHOWN)


def play_by_clicks(page: Any, text: str, touch: bool, arrows: bool) -> str:
    """Select the piece, then press a lit square, the top-of-stack toggle or a turn; returns which."""
    if text == "pass":
        press(page, "#drawing .khet-pass", touch)
        return "pass"
    press(page, f"#drawing .khet-movable[data-square='{text[:2]}']", touch)
    if text.endswith(("+", "-")):
        kind = "khet-arrow" if arrows else "khet-turn"  # the arrows on the board, or the buttons
        press(page, f"#drawing .{kind}[data-move='{text}']", touch)
        return kind
    if "^" in text:
        press(page, "#drawing .khet-top", touch)
    press(page, f"#drawing .khet-target[data-move='{text}']", touch)
    return "top" if "^" in text else "target"


def heard(bob: RemoteMatch) -> bool:
    """Whether the game is over, after reading what the server sent."""
    bob.wait(0.05)
    return bob.over


def play_out(page: Any, bob: RemoteMatch, rng: random.Random, touch: bool, resign_after: int) -> list[str]:
    """Both sides play until the game ends, the guest by clicks or taps on the page; the guest
    resigns with the page's button after `resign_after` moves. Returns what it pressed, per move."""
    clicked: list[str] = []
    deadline = time.monotonic() + 50
    while not bob.over and time.monotonic() < deadline:
        bob.wait(0.05)
        if bob.over or bob.to_move() is None:
            continue
        ply = bob.ply
        keep_going = ply < 2 * CLICKED
        if bob.to_move() == bob.seat:
            bob.play(choose(bob.game, bob.state, rng, keep_going))
        elif len(clicked) >= resign_after:
            page.once("dialog", lambda dialog: dialog.accept())
            press(page, "#resign", touch)
            until(page, lambda: heard(bob), "the resignation")
            break
        else:
            wait_for_page_ply(page, ply)
            move = choose(bob.game, bob.state, rng, keep_going)
            text = bob.game.format_move(bob.state, move)
            assert (
                move_kind(move) == PASS or page.locator(f"#drawing [data-square='{text[:2]}']").count() == 1
            )
            clicked.append(play_by_clicks(page, text, touch, arrows=len(clicked) % 2 == 1))
        while bob.ply == ply and not bob.over and time.monotonic() < deadline:
            bob.wait(0.05)
    assert bob.over, "the game did not end in time"
    return clicked


@PROFILES
@pytest.mark.parametrize(("variant", "seed"), [("khet2", 21), ("horus", 23)])
def test_a_guest_plays_khet_by_clicks_to_the_end(
    browser: Any, host: Running, profile: Profile, variant: str, seed: int
) -> None:
    table = host.table("khet", "remote,remote", seed=seed, variant=variant)
    page = profile.open(browser, f"http://127.0.0.1:{host.port}/")
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        page.wait_for_selector("#drawing .khet-board", timeout=SHOWN)
        clicked = play_out(page, bob, random.Random(seed), touch=profile.touch, resign_after=120)
        assert len(clicked) >= CLICKED and {"target", "khet-turn", "khet-arrow"} <= set(clicked)
        outcome = host.call(lambda: table.match.outcome)
        assert str(outcome.reason).endswith("wins")  # a Pharaoh fell
        # the end in the guest's language, the rules' sentence included
        status_starts(page, profile.words("Game over: {reason}.", reason=profile.said(outcome.reason)))
        wait_for_page_ply(page, bob.ply)
        assert page.locator("#movelist li").count() == host.call(lambda: table.match.ply)
        assert page.locator("#drawing .khet-can").count() == 0  # nothing more to play
        assert problems == []
        bob.leave()
    finally:
        page.context.close()


def test_a_guest_on_a_phone_plays_the_horus_edition_by_taps_then_resigns(browser: Any, host: Running) -> None:
    host.table("khet", "remote,remote", seed=8, variant="horus")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{host.port}/")
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        # Bob sits first, so the guest plays Red, on a board turned round for Red
        bob = joined(host.port, "Bob")
        enter(page, "Guest")
        page.wait_for_selector("#drawing .khet-board", timeout=SHOWN)
        assert page.locator("#drawing .khet-housing").count() == 2  # the fixed lasers
        assert page.locator("#drawing .khet-label").first.text_content() == "j"  # file j on the left
        board = page.locator("#drawing .khet-board").bounding_box()
        assert board is not None and board["width"] <= 390 and board["height"] > 250
        clicked = play_out(page, bob, random.Random(8), touch=True, resign_after=CLICKED)
        assert len(clicked) == CLICKED and {"target", "khet-turn", "khet-arrow"} <= set(clicked)
        status_starts(page, "Game over")
        assert "resigned" in (page.text_content("#status") or "")
        assert problems == []
        bob.leave()
    finally:
        context.close()
