"""Othello in the web client: the scene offers exactly the rules' squares (and the forced pass) and
names the discs the last move turned over; a guest with only a browser plays by clicks against a
person using Ludoteca's own client (a real server on 127.0.0.1, Chromium driven by Playwright), the
outflanked discs turning over once, after the move only."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from typing import Any

from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.games.othello import PASS, OthelloState
from ludoteca.net.scene import scene
from tests.net.conftest import Running
from tests.web import animations
from tests.web.conftest import PHONE_FR, drawing_words, random_games
from tests.web.test_browser_games import SHOWN, play_out, status_starts, until, wait_for_page_ply

GAME = get_game("othello")
#: Black to move with no move (its only disc on b1, beside White's corner); White can take c1
BLACK_MUST_PASS = "OX" + "-" * 62 + " X"


def games(seeds: range) -> list[list[OthelloState]]:
    """Games played at random to their end, each as its positions from the start."""
    return random_games(GAME, {}, seeds)


def owners(state: OthelloState) -> dict[tuple[int, int], int]:
    found = {}
    for square in range(64):
        bit = 1 << square
        if (state.black | state.white) & bit:
            found[(square % 8, square // 8)] = 0 if state.black & bit else 1
    return found


def offered(drawn: dict[str, Any]) -> list[str]:
    return [move for _c, _r, move in drawn["targets"]] + ([drawn["pass"]] if drawn["pass"] else [])


# ----- the scene ------------------------------------------------------------------------------------
def test_the_scene_offers_exactly_the_legal_moves() -> None:
    passes = checked = 0
    for states in games(range(12)):
        for state in states:
            seat = GAME.to_move(state)
            if seat is None:
                assert all(offered(scene(GAME, state, who, None)) == [] for who in (0, 1, None))
                continue
            drawn = scene(GAME, GAME.view(state, seat), seat, seat)
            legal = [GAME.format_move(state, m) for m in GAME.legal_moves(state)]
            assert sorted(offered(drawn)) == sorted(legal) == sorted(drawn["legal"])
            if drawn["pass"]:
                passes += 1
                assert drawn["targets"] == [] and legal == ["pass"]
            for c, r, move in drawn["targets"]:
                assert (
                    GAME.parse_move(state, move) == r * 8 + c
                    and drawn["files"][c] + drawn["ranks"][r] == move
                )
            assert {(c, r): seat for c, r, seat in drawn["discs"]} == owners(state)
            assert drawn["counts"] == list(state.counts()) and drawn["empties"] == state.empties
            # the other seat and a spectator are offered nothing
            for other in (1 - seat, None):
                watched = scene(GAME, GAME.view(state, other), other, seat)
                assert offered(watched) == [] and watched["legal"] == [] and not watched["can_claim_draw"]
                assert watched["discs"] == drawn["discs"]
            checked += 1
    assert checked > 500 and passes > 0


def test_the_flipped_discs_are_those_that_changed_colour() -> None:
    for states in games(range(8)):
        for before, after in pairwise(states):
            last = scene(GAME, after, None, GAME.to_move(after))["last"]
            was, now = owners(before), owners(after)
            assert last["seat"] == before.side
            if last["move"] == "pass":
                assert last["at"] is None and last["flipped"] == [] and was == now
                continue
            placed = set(now) - set(was)
            assert [list(cell) for cell in placed] == [last["at"]]
            changed = {cell for cell in was if was[cell] != now[cell]}
            assert {tuple(cell) for cell in last["flipped"]} == changed
            assert len(last["flipped"]) == len(changed) and all(now[cell] == last["seat"] for cell in changed)
            # in the rules' order, a wave from the new disc: each line outwards
            assert after.last is not None
            assert last["flipped"] == [[s % 8, s // 8] for s in after.last.flipped]


def test_a_forced_pass_is_the_only_move_offered() -> None:
    state = GAME.parse_position(BLACK_MUST_PASS, GAME.options({}))
    drawn = scene(GAME, state, 0, 0)
    assert drawn["pass"] == "pass" and drawn["targets"] == [] and drawn["legal"] == ["pass"]
    assert scene(GAME, state, 1, 0)["pass"] is None and scene(GAME, state, None, 0)["pass"] is None
    after = GAME.play(state, PASS)
    shown = scene(GAME, after, 1, 1)
    assert shown["last"] == {"seat": 0, "move": "pass", "at": None, "flipped": []}
    assert offered(shown) == ["c1"]


def test_the_scene_is_plain_json() -> None:
    for state in games(range(1))[0][::7]:
        drawn = scene(GAME, state, 0, GAME.to_move(state))
        text = json.dumps(drawn)
        assert json.loads(text) == drawn
        assert not re.search(r"ludoteca|Othello[A-Z]|LastMove|\"@\"", text), text[:200]


def test_every_word_the_drawing_says_is_in_the_french_catalogue() -> None:
    said, counted = drawing_words("ludoteca.games.othello")
    assert {"Place a disc on {square}", "Pass", "Black", "Empty squares: {n}"} <= said
    assert counted == {"{n} disc"}


# ----- in the browser ---------------------------------------------------------------------------------
def test_a_guest_plays_othello_by_clicks_to_the_end(browser: Any, host: Running) -> None:
    table = host.table("othello", "remote,remote", seed=9)
    with animations.a_guest(browser, host, ".ot-board", size=PHONE_FR.size) as (page, bob):
        assert animations.fits(page, ".ot-board", PHONE_FR.size)
        assert page.locator("#drawing .ot-target").count() == 4  # Black's four openings, as dots
        play_out(page, bob, random.Random(9), 1 - int(bob.seat or 0))
        final = animations.game_over(page, bob, host, table)
        until(
            page, lambda: page.locator("#drawing .ot-disc").count() == 64 - final.empties, "the last position"
        )
        counts = page.locator("#drawing .ot-count").all_text_contents()
        assert counts == [str(n) for n in final.counts()]


def test_a_guest_with_no_move_passes_with_the_button(browser: Any, host: Running) -> None:
    seats = list(parse_seats("remote,remote"))
    host.call(lambda: host.server.new_table("othello", {}, seats, seed=1, position=BLACK_MUST_PASS))
    button = "#drawing .ot-pass.playable[data-move='pass']"
    with animations.a_guest(browser, host, ".ot-pass", lang="fr-FR", name="Invitée") as (page, bob):
        assert page.text_content(button) == "Passer" and page.locator("#drawing .ot-target").count() == 0
        page.click(button)
        until(page, lambda: animations.heard(bob) == 1, "the pass")
        bob.play("c1")
        status_starts(page, "Partie terminée")
        assert page.locator("#drawing .ot-count").all_text_contents() == ["0", "3"]


def test_the_outflanked_discs_turn_over_once(browser: Any, host: Running) -> None:
    host.table("othello", "remote,remote", seed=4)
    with (
        animations.a_guest(browser, host, ".ot-board") as (page, bob),
        # the table is full: Eve watches, with less motion asked of her browser
        animations.a_calm_spectator(browser, host, ".ot-board") as calm,
    ):
        page.click("#drawing .playable[data-move='d3']", timeout=SHOWN)
        until(page, lambda: animations.heard(bob) == 1, "Black's move")
        with animations.slowed(page, 0.05):
            bob.play("c5")  # outflanks d5 against e5
            wait_for_page_ply(page, 2)
            animations.caught(page, ".ot-flipping", "a disc turning over")
            assert page.locator("#drawing .ot-placed").count() == 1
            assert {"ot-body", "ot-face ot-face-1"} <= set(animations.moving(page))
            assert "White played c5 and flipped d5." in (page.text_content("#drawing .ot-note") or "")
        animations.at_rest(page)
        first = page.locator("#drawing .ot-target").first
        animations.redrawn_in_french(
            page,
            lambda: (first.get_attribute("aria-label") or "").startswith("Poser un pion en "),
            ".ot-flipping, .ot-placed",
        )
        assert page.locator("#drawing .ot-last").count() == 1
        # a browser asked for less motion shows each move at once
        animations.shown_at_once(calm, 2, ".ot-flipping")
