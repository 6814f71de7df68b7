"""Qwirkle in the web client: the scene a seat is sent shows nothing of the other hands or the bag
and offers exactly the rules' placements; and a guest with only a browser plays a whole game by
clicking tiles and lit squares, against a person using Ludoteca's own client."""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import replace
from itertools import permutations
from typing import Any

from ludoteca.core.registry import get_game
from ludoteca.games.qwirkle.game import QwirkleGame
from ludoteca.games.qwirkle.notation import format_move
from ludoteca.games.qwirkle.state import Place, QwirkleState
from ludoteca.games.qwirkle.tiles import make, tile_text
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.scene import scene
from tests.net.conftest import Running
from tests.net.test_robustness import joined
from tests.web.conftest import PROFILES, Profile
from tests.web.test_browser_games import SHOWN, enter

GAME: QwirkleGame = get_game("qwirkle")  # type: ignore[assignment]


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def random_positions(seed: int, seats: int, mode: str = "normal") -> list[QwirkleState]:
    """Every position of a game of random placements (an exchange when none is possible)."""
    rng = random.Random(seed)
    state = GAME.start(GAME.options({"mode": mode}), seed, seats)
    seen = [state]
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        if state.board_empty:
            move = moves[rng.randrange(len(moves))]
        else:
            places = [m for m in moves if isinstance(m, Place)]
            move = rng.choice(places or list(moves))
        state = GAME.play(state, move)
        seen.append(state)
    return seen


def secrets(state: QwirkleState, seat: int | None) -> set[str]:
    """Runs of tiles `seat` may not see, as the scene would write them: each other hand in its
    order, the bag's next draws."""
    found: set[str] = set()
    for other, hand in enumerate(state.hands):
        codes = [tile_text(t) for t in hand]
        if other != seat and len(codes) >= 3:
            found.update({compact(codes)[1:-1], " ".join(codes), "".join(codes)})
    draws = [tile_text(t) for t in state.bag[-6:]]
    if len(draws) >= 3:
        found.update({compact(draws)[1:-1], " ".join(draws), "".join(draws)})
    return found


def test_a_seats_scene_holds_its_own_hand_only_and_no_class_names() -> None:
    for state in random_positions(11, 3)[::3]:
        for seat in (0, 1, 2, None):
            drawn = scene(GAME, GAME.view(state, seat), seat, GAME.to_move(state))
            text = compact(drawn)
            assert drawn["drawer"] == "qwirkle" and drawn["form"] == "qwirkle"
            leaked = [secret for secret in secrets(state, seat) if secret in text]
            assert not leaked, f"seat {seat} is sent {leaked}"
            if seat is None:
                assert drawn["hand"] is None and drawn["choices"] is None
            else:
                assert drawn["hand"] == [tile_text(t) for t in state.hands[seat]]
                assert (drawn["choices"] is not None) == (seat == GAME.to_move(state))
            assert drawn["hand_sizes"] == [len(h) for h in state.hands]
            assert drawn["bag"] == len(state.bag)
            # nothing from Python: no encoded classes, no reprs
            assert '"@"' not in text and "ludoteca" not in text
            assert not re.search(r"QwirkleState|LastPlay|Place|Exchange|Pass\b|PlayScore|None|True", text)


def test_the_unseen_tiles_are_counted_from_the_seats_view() -> None:
    state = random_positions(12, 2)[9]
    seat = 0
    drawn = scene(GAME, GAME.view(state, seat), seat, GAME.to_move(state))
    on_board = [state.at(r, c) for r, c, _code in drawn["board"]]
    assert len(on_board) == sum(1 for cell in state.cells if cell >= 0)
    for colour in range(6):
        for shape in range(6):
            tile = make(shape, colour)
            seen = on_board.count(tile) + state.hands[seat].count(tile)
            assert drawn["unseen"][colour][shape] == 3 - seen
    assert sum(map(sum, drawn["unseen"])) == len(state.bag) + len(state.hands[1])


def unfolded(play: dict[str, Any], letters: str) -> set[str]:
    """Every play a fold of the scene stands for, in notation: each way of putting its tiles on
    its squares where each fits."""
    squares, tiles, fits = play["squares"], play["tiles"], play["fits"]
    out = set()
    for order in permutations(range(len(tiles))):
        if all(order[i] in fits[i] for i in range(len(squares))):
            tokens = sorted(
                letters[r] + letters[c] + tiles[j] for (r, c), j in zip(squares, order, strict=True)
            )
            out.add(" ".join(tokens))
    return out


def test_the_folded_plays_are_exactly_the_rules_placements_with_their_scores() -> None:
    checked = 0
    for state in random_positions(13, 2)[1::2] + random_positions(14, 4, "short")[1::2]:
        seat = GAME.to_move(state)
        if seat is None or state.board_empty:
            continue
        view = GAME.view(state, seat)
        choices = scene(GAME, view, seat, seat)["choices"]
        offered: dict[str, int] = {}
        for play in choices["plays"]:
            for text in unfolded(play, "abcdefghijklmnopqrstuvwxyz"):
                assert text not in offered
                offered[text] = play["score"]
        legal = {
            " ".join(sorted(format_move(m).split())): GAME.score_play(view, m).score
            for m in GAME.legal_moves(view)
            if isinstance(m, Place)
        }
        assert offered == legal
        checked += 1
    assert checked > 10


def test_a_hand_of_one_colour_folds_its_thousands_of_plays() -> None:
    state = random_positions(15, 2)[6]
    hand = tuple(make(shape, 2) for shape in range(6))
    state = replace(state, hands=tuple(hand if s == state.turn else h for s, h in enumerate(state.hands)))
    view = GAME.view(state, state.turn)
    plays = scene(GAME, view, state.turn, state.turn)["choices"]["plays"]
    total = sum(len(unfolded(play, "abcdefghijklmnopqrstuvwxyz")) for play in plays)
    assert total == sum(1 for m in GAME.legal_moves(view) if isinstance(m, Place))
    assert total > 5 * len(plays)


def test_the_opening_offers_the_sets_that_may_open_with_their_scores() -> None:
    state = GAME.start(GAME.options({"start": "official"}), 4, 2)
    drawn = scene(GAME, GAME.view(state, state.turn), state.turn, state.turn)
    opening = drawn["choices"]["opening"]
    assert opening["length"] == state.opening and drawn["choices"]["exchange"] == 0
    assert opening["sets"] and all(len(s["tiles"]) == state.opening for s in opening["sets"])
    free = GAME.start(GAME.options({}), 4, 2)
    sets = scene(GAME, GAME.view(free, 0), 0, 0)["choices"]["opening"]["sets"]
    assert {len(s["tiles"]): s["score"] for s in sets if len(s["tiles"]) <= 2} == {1: 1, 2: 2}


# ----- in the browser ---------------------------------------------------------------------------------
def click_a_play(page: Any, rng: random.Random) -> None:
    """Put tiles down one by one on lit squares until they make a play, then play it; exchange
    when no tile can go anywhere; pass when that is all there is."""
    if page.query_selector(".qw [data-action=pass]"):
        page.click(".qw [data-action=pass]")
        return
    live = page.query_selector_all(".qw-rack .qw-tile:not(.qw-dead)")
    if not live:
        page.click(".qw [data-action=swap]")
        rng.choice(page.query_selector_all(".qw-rack .qw-tile")).click()
        page.click(".qw [data-action=exchange]")
        return
    while True:
        rng.choice(live).click()
        squares = page.query_selector_all(".qw-lit")
        assert squares, "a tile shown as playable lights no square"
        rng.choice(squares).click()
        live = page.query_selector_all(".qw-rack .qw-tile:not(.qw-dead)")
        ready = page.query_selector(".qw [data-action=play]:not([disabled])")
        if ready and (not live or rng.random() < 0.5):
            ready.click()
            return
        assert live, "tiles put down make no play and no tile can complete them"


@PROFILES
def test_a_guest_plays_a_whole_game_of_qwirkle_by_clicks(
    browser: Any, host: Running, profile: Profile
) -> None:
    table = host.table("qwirkle", "remote,remote", seed=21, mode="short")
    page = profile.open(browser, f"http://127.0.0.1:{host.port}/")
    rng = random.Random(21)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        enter(page, "Guest")
        bob: RemoteMatch = joined(host.port, "Bob")
        guest = 1 - int(bob.seat or 0)
        deadline = time.monotonic() + 90
        guest_moves = 0
        while not bob.over and time.monotonic() < deadline:
            bob.wait(0.05)
            ply = bob.ply
            if bob.over:
                break
            if bob.to_move() == bob.seat:
                moves = bob.game.legal_moves(bob.state)
                places = [m for m in moves if isinstance(m, Place)] if not bob.state.board_empty else []
                bob.play(rng.choice(places) if places else moves[rng.randrange(len(moves))])
            elif bob.to_move() == guest:
                page.wait_for_selector(f".qw[data-version='{bob.version}'][data-mine='yes']", timeout=SHOWN)
                click_a_play(page, rng)
                guest_moves += 1
            while bob.ply == ply and not bob.over and time.monotonic() < deadline:
                bob.wait(0.05)
        assert bob.over, "the game did not end in time"
        assert guest_moves >= 3
        # (a selector, not wait_for_function: the page's CSP forbids the eval its polling needs)
        outcome = host.call(lambda: table.match.outcome)
        over = profile.words("Game over: {reason}.", reason=profile.said(outcome.reason))
        page.locator("#status", has_text=over).wait_for(timeout=SHOWN)
        # the finished game's page offers nothing more to play and shows the final scores
        assert page.query_selector_all(".qw-lit, .qw [data-action]") == []
        shown = [int(text) for text in page.locator(".qw-points").all_text_contents()]
        assert shown == list(bob.state.scores)
        assert errors == [] and page.text_content("#message") == ""  # nothing refused, nothing broke
        bob.leave()
    finally:
        page.context.close()
