"""Connect Four and Cascade in the web client: the scene offers exactly the rules' columns and tells
what the last drop did, from which the page plays it again; and a guest with only a browser drops
discs by clicks against a person using Ludoteca's own client (a real server on 127.0.0.1, Chromium
driven by Playwright), the new disc falling once and a cascade's rounds played out."""

from __future__ import annotations

import json
import random
import re
from itertools import pairwise
from typing import Any

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.games.connect4.bitboard import HEIGHT, WIDTH
from ludoteca.games.connect4.state import Connect4State
from ludoteca.net.scene import scene
from tests.net.conftest import Running
from tests.web import animations
from tests.web.conftest import PHONE_FR, drawing_words, random_games
from tests.web.test_browser_games import SHOWN, play_out, until, wait_for_page_ply

GAME = get_game("connect4")
VARIANTS = [{"variant": "classic"}, {"variant": "cascade"}, {"variant": "cascade", "drops": 30}]


def grid(state: Connect4State) -> dict[tuple[int, int], int]:
    return {
        (c, r): owner
        for c in range(WIDTH)
        for r in range(HEIGHT)
        if (owner := state.disc_at(c, r)) is not None
    }


def as_grid(cells: list[list[int]]) -> dict[tuple[int, int], int]:
    return {(c, r): seat for c, r, seat in cells}


def offered(drawn: dict[str, Any]) -> list[str]:
    return [move for _c, _row, move in drawn["columns"]]


# ----- the scene ------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", VARIANTS, ids=["classic", "cascade", "cascade-30"])
def test_the_scene_offers_exactly_the_legal_columns(options: dict[str, Any]) -> None:
    checked = 0
    for states in random_games(GAME, options, range(6)):
        for state in states:
            seat = GAME.to_move(state)
            if seat is None:
                for who in (0, 1, None):
                    assert offered(scene(GAME, state, who, None)) == []
                continue
            drawn = scene(GAME, GAME.view(state, seat), seat, seat)
            legal = [GAME.format_move(state, m) for m in GAME.legal_moves(state)]
            assert sorted(offered(drawn)) == sorted(legal) == sorted(drawn["legal"])
            for column, row, move in drawn["columns"]:
                # the disc would land on the lowest empty cell of the column the move names
                assert GAME.parse_move(state, move) == column
                assert state.disc_at(column, row) is None
                assert row == 0 or state.disc_at(column, row - 1) is not None
            assert as_grid(drawn["discs"]) == grid(state)
            assert (drawn["cols"], drawn["rows"]) == (WIDTH, HEIGHT)
            # the other seat and a spectator are offered nothing
            for other in (1 - seat, None):
                watched = scene(GAME, GAME.view(state, other), other, seat)
                assert offered(watched) == [] and watched["legal"] == [] and not watched["can_claim_draw"]
                assert watched["discs"] == drawn["discs"]
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("options", VARIANTS, ids=["classic", "cascade", "cascade-30"])
def test_the_scene_tells_what_the_last_drop_did(options: dict[str, Any]) -> None:
    cascades = wins = 0
    for states in random_games(GAME, options, range(8)):
        for before, after in pairwise(states):
            drawn = scene(GAME, after, None, GAME.to_move(after))
            last = drawn["last"]
            column = after.moves[-1]
            assert last["move"] == GAME.format_move(before, column) and last["seat"] == GAME.to_move(before)
            # the cell the disc landed on, in the grid before the drop
            row = sum(1 for r in range(HEIGHT) if before.disc_at(column, r) is not None)
            assert last["cell"] == [column, row]
            assert drawn["winning"] == [list(cell) for cell in after.winning_cells]
            if after.winner is not None:
                wins += 1
                assert len(drawn["winning"]) >= 4
                assert all(after.disc_at(c, r) == after.winner for c, r in drawn["winning"])
            if drawn["variant"] == "classic":
                assert drawn["points"] is None and drawn["drops"] is None and drawn["landed"] is None
                continue
            assert drawn["points"] == list(after.points)
            assert drawn["drops"] == [len(after.moves), after.drop_limit]
            gained = [a - b for a, b in zip(after.points, before.points, strict=True)]
            assert last["gained"] == gained
            dropped = {**grid(before), (column, row): last["seat"]}
            if not drawn["cascade"]:
                assert drawn["landed"] is None and as_grid(drawn["discs"]) == dropped
                continue
            cascades += 1
            # the grid as the drop left it is the grid before it and the new disc ...
            landed = as_grid(drawn["landed"])
            assert landed == dropped
            # ... and the rounds, played forward from it as the page plays them, end on the grid shown
            removed = 0
            for rnd in drawn["cascade"]:
                aligned = {(c, r) for _seat, cells in rnd["aligned"] for c, r in cells}
                assert aligned == {(c, r) for c, r in rnd["removed"]}
                for seat, cells in rnd["aligned"]:
                    assert len(cells) >= 4 and all(landed[(c, r)] == seat for c, r in cells)
                for c, r in rnd["removed"]:
                    del landed[(c, r)]
                    removed += 1
                moving = {(c, frm): seat for c, frm, _to, seat in rnd["falls"]}
                assert all(landed.pop(cell) == seat for cell, seat in moving.items())
                for c, _frm, to, seat in rnd["falls"]:
                    assert (c, to) not in landed
                    landed[(c, to)] = seat
            assert landed == as_grid(drawn["discs"]) and last["removed"] == removed
    if options["variant"] == "cascade":
        assert cascades > 3
    else:
        assert wins > 3


def test_the_scene_is_plain_json() -> None:
    for states in random_games(GAME, {"variant": "cascade"}, range(3)):
        for state in states[::5]:
            drawn = scene(GAME, state, 0, GAME.to_move(state))
            text = json.dumps(drawn)
            assert json.loads(text) == drawn
            assert not re.search(r"ludoteca|Connect4|Cascade[A-Z]|Alignment|Fall\b|Step|\"@\"", text), text[
                :200
            ]


def test_every_word_the_drawing_says_is_in_the_french_catalogue() -> None:
    said, counted = drawing_words("ludoteca.games.connect4")
    assert {"Drop a disc in column {column}", "Yellow", "Drops played: {n} of {limit}"} <= said
    assert {"{n} disc removed", "{n} point"} <= counted


# ----- in the browser ---------------------------------------------------------------------------------
def drop(page: Any, bob: Any, text: str) -> None:
    """One drop, by whoever is to move: Bob through his client, the guest by a click."""
    ply = bob.ply
    if bob.to_move() == bob.seat:
        bob.play(text)
    else:
        wait_for_page_ply(page, ply)
        page.click(f"#drawing .playable[data-move='{text}']", timeout=SHOWN)
    until(page, lambda: animations.heard(bob) > ply, f"the drop in {text}")
    wait_for_page_ply(page, ply + 1)


@pytest.mark.parametrize(
    ("options", "seed"), [({}, 12), ({"variant": "cascade", "drops": 24}, 13)], ids=["classic", "cascade"]
)
def test_a_guest_drops_discs_by_clicks_to_the_end(
    browser: Any, host: Running, options: dict[str, Any], seed: int
) -> None:
    table = host.table("connect4", "remote,remote", seed=seed, **options)
    with animations.a_guest(browser, host, ".c4-board", size=PHONE_FR.size) as (page, bob):
        assert animations.fits(page, ".c4-board", PHONE_FR.size)
        play_out(page, bob, random.Random(seed), 1 - int(bob.seat or 0))
        final = animations.game_over(page, bob, host, table)
        until(
            page,
            lambda: page.locator("#drawing .c4-discs .c4-disc").count() == len(grid(final)),
            "the last grid",
        )
        if final.winner is not None:
            assert page.locator("#drawing .c4-win").count() == len(final.winning_cells)
        if options:
            shown = page.locator("#drawing .c4-points").all_text_contents()
            assert shown == [str(points) for points in final.points]


def test_the_new_disc_falls_from_above_the_frame_once(browser: Any, host: Running) -> None:
    host.table("connect4", "remote,remote", seed=4)
    with (
        animations.a_guest(browser, host, ".c4-column") as (page, bob),
        # the table is full: Eve watches, with less motion asked of her browser
        animations.a_calm_spectator(browser, host, ".c4-board") as calm,
    ):
        assert page.locator("#drawing .c4-falling").count() == 0  # the first picture is still
        with animations.slowed(page, 0.05):
            drop(page, bob, "4")
            animations.caught(page, ".c4-falling", "the disc falling")
            assert "c4-body" in animations.moving(page)
        # Bob's answer: the guest's page shows it falling too, and only once
        drop(page, bob, "4")
        animations.caught(page, ".c4-falling", "Bob's disc falling")
        animations.at_rest(page)
        column = page.locator("#drawing .c4-column").first
        animations.redrawn_in_french(
            page,
            lambda: column.get_attribute("aria-label") == "Lâcher un pion dans la colonne 1",
            ".c4-falling",
        )
        assert page.locator("#drawing .c4-last").count() == 1
        # a browser asked for less motion shows each drop at once
        animations.shown_at_once(calm, 2, ".c4-falling")
        assert calm.locator("#drawing .c4-discs .c4-disc").count() == 2


def test_a_cascade_plays_its_rounds(browser: Any, host: Running) -> None:
    # Yellow's fourth disc on the bottom row scores; Red's three above it fall into their places
    seats = list(parse_seats("remote,remote"))
    host.call(
        lambda: host.server.new_table("connect4", {"variant": "cascade"}, seats, seed=1, position="112233")
    )
    with animations.a_guest(browser, host, ".c4-column[data-move='4']") as (page, bob):
        assert bob.seat == 1
        with animations.slowed(page, 0.1):
            drop(page, bob, "4")
            animations.caught(page, ".c4-vanishing", "the run vanishing", count=4)
            assert page.locator("#drawing .c4-sliding").count() == 3
            assert page.locator("#drawing .c4-falling").count() == 1
            assert page.locator("#drawing .c4-badge").count() == 1
            assert {"c4-body", "c4-flash"} <= set(animations.moving(page))
            assert page.locator("#drawing .c4-points").all_text_contents() == ["1", "0"]
            note = page.text_content("#drawing .c4-note") or ""
            assert "made 1 alignment: Yellow +1; 4 discs removed." in note
        until(page, lambda: page.locator("#drawing .c4-vanishing").count() == 0, "the rounds played out")
        animations.at_rest(page)
        assert page.locator("#drawing .c4-discs .c4-disc").count() == 3
        assert page.locator("#drawing .c4-badge, #drawing .c4-flash").count() == 0
