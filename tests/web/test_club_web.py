"""A club's members in the browser: Ann and Bob sign up and play a rated Connect Four; then, in a
real Chromium, Ann signs in, sees her rating with its chart, steps through the game's replay (the
server's scenes, one a position) to its result, and reads a leaderboard; in English and French.
And the `replay` request's `scenes` field on the wire: one scene a position, bad or too long
requests refused with a sentence."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.net import server as club_server
from ludoteca.net.client import Client, NetError
from ludoteca.net.scene import scene
from tests.accounts.club_players import PASSWORDS, Seat, member, play_out, wait_for
from tests.accounts.test_club_server import Club, open_table, sit
from tests.web.conftest import DESKTOP_EN, PHONE_FR, Profile

#: milliseconds a page may take to show what the server sent
SHOWN = 10_000
SHOTS = Path("/tmp/ludoteca-club-web")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Club, str]]:
    """A club where Ann and Bob, both signed up, played one rated Connect Four game: its table."""
    club = Club(tmp_path_factory.mktemp("club") / "club.sqlite3")
    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    bob_match = sit(bob, table)
    play_out([Seat(ann_match, 11), Seat(bob_match, 12)])
    wait_for(lambda: ann.request("player", name="Ann")["games"], timeout=20)
    for client in (ann, bob):
        client.close()
    yield club, table
    club.stop()


def guest(club: Club, name: str = "Eve") -> Client:
    client = Client(f"127.0.0.1:{club.port}", name)
    client.connect()
    return client


# ----- the wire -----------------------------------------------------------------------------------
def test_a_replay_with_scenes_carries_one_scene_a_position(played: tuple[Club, str]) -> None:
    club, table = played
    viewer = guest(club)
    plain = viewer.request("replay", table=table)
    assert "scenes" not in plain  # only when asked for
    answer = viewer.request("replay", table=table, scenes=True)
    record = Record.loads(answer["text"])
    assert answer["text"] == plain["text"]
    assert len(answer["scenes"]) == len(record.moves) + 1 == len(answer["moves"]) + 1
    assert answer["moves"] == list(record.moves)
    # each scene is the position replayed through the rules, as a spectator's scene draws it
    game = get_game("connect4")
    state = game.start(game.options(record.options), record.seed, len(record.seats))
    for index, drawn in enumerate(answer["scenes"]):
        assert drawn == json.loads(json.dumps(scene(game, game.view(state, None), None, None))), index
        assert drawn["drawer"] == "connect4"
        if index < len(record.moves):
            state = game.play(state, game.read_move(state, record.moves[index]))
    assert answer["outcome"]["ranks"] and answer["outcome"]["sentence"]["msgid"]
    assert [seat["name"] for seat in answer["seats"]] == ["Ann", "Bob"]
    print("replay:", len(record.moves), "moves,", len(json.dumps(answer["scenes"])), "characters of scenes")
    viewer.close()


def test_bad_or_too_long_replays_are_refused_with_a_sentence(
    played: tuple[Club, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    club, table = played
    viewer = guest(club)
    with pytest.raises(NetError, match="scenes"):
        viewer.request("replay", table=table, scenes="yes")
    with pytest.raises(NetError, match="no finished game"):
        viewer.request("replay", table="nothing-here", scenes=True)
    moves = len(Record.loads(viewer.request("replay", table=table)["text"]).moves)
    monkeypatch.setattr(club_server, "MAX_REPLAY_MOVES", moves - 1)
    with pytest.raises(NetError, match=f"too long to replay here \\({moves} moves; at most {moves - 1}\\)"):
        viewer.request("replay", table=table, scenes=True)
    monkeypatch.setattr(club_server, "MAX_REPLAY_MOVES", moves)
    monkeypatch.setattr(club_server, "MAX_REPLAY_CHARS", 1000)
    with pytest.raises(NetError, match="too large to send"):
        viewer.request("replay", table=table, scenes=True)
    assert viewer.request("replay", table=table)["text"]  # the record alone still comes
    viewer.close()


# ----- the page -----------------------------------------------------------------------------------
def until(page: Any, condition: Any, what: str) -> None:
    """Wait, reading the page from here, until `condition()` holds (the page's policy forbids
    evaluating strings as script, so Playwright cannot poll inside it)."""
    deadline = time.monotonic() + SHOWN / 1000
    while not condition():
        assert time.monotonic() < deadline, f"the page never showed {what}"
        page.wait_for_timeout(50)


def text(page: Any, selector: str) -> str:
    return (page.text_content(selector) or "").strip()


def worded(profile: Profile, wire: dict[str, Any]) -> str:
    """A server's sentence as the page words it in `profile`'s language."""
    args = {k: worded(profile, v) if isinstance(v, dict) else v for k, v in wire.get("args", {}).items()}
    return profile.words(wire["msgid"], **args)


@pytest.mark.parametrize("profile", [DESKTOP_EN, PHONE_FR], ids=lambda p: p.id)
def test_ann_signs_in_sees_her_rating_and_steps_through_the_replay(
    browser: Any, played: tuple[Club, str], profile: Profile
) -> None:
    club, table = played
    viewer = guest(club)
    mine = viewer.request("player", name="Ann")
    replay = viewer.request("replay", table=table, scenes=True)
    viewer.close()
    rating = next(row for row in mine["ratings"] if row["game"] == "connect4/classic")
    words = profile.words
    page = profile.open(browser, f"http://127.0.0.1:{club.port}/")
    page.fill("#name", "Visitor")
    page.click("#enter")
    page.wait_for_selector("#club:not([hidden])", timeout=SHOWN)
    # signs in from the lobby: the password goes once, and is kept nowhere
    page.fill("#member-name", "Ann")
    page.fill("#password", PASSWORDS["Ann"])
    page.screenshot(path=str(SHOTS / f"lobby-{profile.id}.png"), full_page=True)
    page.click("#sign-in")
    until(page, lambda: text(page, "#signed-as") == words("Signed in as {name}.", name="Ann"), "signed in")
    assert page.input_value("#password") == ""
    kept = page.evaluate("() => JSON.stringify(Object.entries(sessionStorage))")
    assert PASSWORDS["Ann"] not in kept and "ses_" in kept  # the session token only, for a reload
    # a reload signs in again with `resume`
    page.reload()
    until(page, lambda: text(page, "#signed-as") == words("Signed in as {name}.", name="Ann"), "resumed")
    # her page: the rating with its margin and count, and its chart
    page.click("#my-page")
    page.wait_for_selector("#member:not([hidden])", timeout=SHOWN)
    assert text(page, "#member-title") == "Ann"
    row = page.locator('#ratings li[data-game="connect4/classic"]')
    shown = f"{round(rating['value'])} ± {round(rating['margin'])}"
    assert row.locator(".rating-value").text_content() == shown
    assert row.locator("strong").text_content() == words("Connect Four") + " (" + words("Classic") + ")"
    games = counted(profile, "{n} rated game", "{n} rated games", 1)
    assert row.locator(".rating-games").text_content() == games
    assert row.locator(".chart circle").count() == len(rating["chart"]) == 2
    assert text(page, "#opponents .against") == words(
        "{name}: {wins}, {losses}, {draws}", **_against(mine, "Bob")
    )
    page.screenshot(path=str(SHOTS / f"member-{profile.id}.png"), full_page=True)
    # the replay, stepped with the buttons and the arrow keys
    page.locator(f'#recent li[data-table="{table}"] button').click()
    page.wait_for_selector("#replay:not([hidden])", timeout=SHOWN)
    count = len(replay["moves"])
    until(page, lambda: page.locator("#replay .c4-disc, #replay .c4").count() > 0, "the board")
    start = page.locator("#drawing").inner_html()
    assert text(page, "#replay-result") == ""
    page.keyboard.press("ArrowRight")
    first = words("Move {k} of {n}: {move}", k=1, n=count, move=replay["moves"][0])
    until(page, lambda: text(page, "#replay-step") == first, first)
    assert page.locator("#drawing").inner_html() != start  # the first disc is in
    page.click("#step-on")
    second = words("Move {k} of {n}: {move}", k=2, n=count, move=replay["moves"][1])
    until(page, lambda: text(page, "#replay-step") == second, second)
    page.click("#step-last")
    last = words("Move {k} of {n}: {move}", k=count, n=count, move=replay["moves"][-1])
    until(page, lambda: text(page, "#replay-step") == last, last)
    result = words("Game over: {reason}.", reason=worded(profile, replay["outcome"]["sentence"]))
    until(page, lambda: text(page, "#replay-result") == result, result)
    assert page.is_disabled("#step-on") and page.is_disabled("#step-last")
    page.wait_for_timeout(1200)  # the last disc's fall
    page.screenshot(path=str(SHOTS / f"replay-{profile.id}.png"), full_page=True)
    page.keyboard.press("ArrowLeft")
    until(page, lambda: text(page, "#replay-result") == "", "the result gone a move back")
    page.click("#step-first")
    begin = counted(profile, "The start: {n} move to go", "The start: {n} moves to go", count)
    until(page, lambda: text(page, "#replay-step") == begin, begin)
    assert page.is_disabled("#step-back") and page.is_disabled("#step-first")
    # back to her page, then the game's leaderboard
    page.click("#replay-back")
    page.wait_for_selector("#member:not([hidden])", timeout=SHOWN)
    page.locator("#member button.back").click()
    page.wait_for_selector("#lobby:not([hidden])", timeout=SHOWN)
    page.select_option("#board-key", "connect4/classic")
    page.locator("#boards button").click()
    page.wait_for_selector("#leaders:not([hidden])", timeout=SHOWN)
    title = words("Leaderboard of {game}", game=words("Connect Four") + " (" + words("Classic") + ")")
    assert text(page, "#leaders-title") == title
    assert sorted(page.locator("#leader-rows li strong").all_text_contents()) == ["Ann", "Bob"]
    page.screenshot(path=str(SHOTS / f"leaders-{profile.id}.png"), full_page=True)
    # any member's page by name
    page.locator("#leaders button.back").click()
    page.fill("#find-name", "bob")
    page.locator("#find button").click()
    until(page, lambda: text(page, "#member-title") == "Bob", "Bob's page")
    # signed out: a guest again, and a reload does not sign in
    page.locator("#member button.back").click()
    page.click("#sign-out")
    until(page, lambda: not page.is_visible("#signed"), "signed out")
    assert "ses_" not in page.evaluate("() => JSON.stringify(Object.entries(sessionStorage))")
    page.context.close()


def test_a_member_signed_in_in_the_browser_takes_a_seat_bound_to_her_account(
    browser: Any, played: tuple[Club, str]
) -> None:
    club, _table = played
    bob = member(club.port, "Bob", new=False)
    table, _bob_match = open_table(bob, "connect4", 2)
    page = DESKTOP_EN.open(browser, f"http://127.0.0.1:{club.port}/")
    page.fill("#name", "Visitor")
    page.click("#enter")
    page.wait_for_selector("#club:not([hidden])", timeout=SHOWN)
    page.fill("#member-name", "ann")  # any case
    page.fill("#password", PASSWORDS["Ann"])
    page.press("#password", "Enter")
    until(page, lambda: text(page, "#signed-as") == "Signed in as Ann.", "signed in")
    join = page.locator("#tables li", has_text="Bob").get_by_role("button", name="Join")
    until(page, lambda: join.count() == 1, "Bob's table in the lobby")
    join.click()
    page.wait_for_selector("#table:not([hidden])", timeout=SHOWN)
    assert club.running is not None and club.store is not None
    ann_id = club.store.accounts().find_account("Ann").id  # type: ignore[union-attr]
    running, server = club.running, club.running.server

    def seated() -> bool:
        return bool(running.call(lambda: server.tables[table].places[1].account == ann_id))

    wait_for(seated)
    assert running.call(lambda: server.tables[table].places[1].name) == "Ann"
    page.context.close()
    bob.close()


def test_khet_and_three_seat_qwirkle_replays_step_to_their_results(
    browser: Any, played: tuple[Club, str]
) -> None:
    """Games with drawings of their own (Khet's lasers, Qwirkle's tiles for three) replay too, read
    by a guest who looks Ann up by name."""
    club, _table = played
    ann, bob, cy = (
        member(club.port, "Ann", new=False),
        member(club.port, "Bob", new=False),
        member(club.port, "Cy"),
    )
    khet, ann_khet = open_table(ann, "khet", 2)
    bob_khet = sit(bob, khet)
    play_out([Seat(ann_khet, 21, resign_after=12), Seat(bob_khet, 22, resign_after=12)])
    qwirkle, ann_q = open_table(ann, "qwirkle", 3, mode="short")
    bob_q, cy_q = sit(bob, qwirkle), sit(cy, qwirkle)
    play_out([Seat(ann_q, 23), Seat(bob_q, 24), Seat(cy_q, 25)])
    wait_for(lambda: len(ann.request("player", name="Ann")["games"]) >= 3, timeout=20)
    answers = {table: ann.request("replay", table=table, scenes=True) for table in (khet, qwirkle)}
    for client in (ann, bob, cy):
        client.close()
    page = PHONE_FR.open(browser, f"http://127.0.0.1:{club.port}/")
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.fill("#name", "Invité")
    page.click("#enter")
    page.wait_for_selector("#club:not([hidden])", timeout=SHOWN)
    page.fill("#find-name", "Ann")
    page.locator("#find button").click()
    page.wait_for_selector("#member:not([hidden])", timeout=SHOWN)
    for table, answer in answers.items():
        page.locator(f'#recent li[data-table="{table}"] button').click()
        page.wait_for_selector("#replay:not([hidden])", timeout=SHOWN)
        until(page, lambda: page.locator("#drawing svg").count() > 0, f"{answer['game']}'s drawing")
        for _step in range(3):
            page.click("#step-on")
        page.keyboard.press("End")
        count = len(answer["moves"])
        last = PHONE_FR.words("Move {k} of {n}: {move}", k=count, n=count, move=answer["moves"][-1])
        until(page, lambda last=last: text(page, "#replay-step") == last, last)
        result = PHONE_FR.words(
            "Game over: {reason}.", reason=worded(PHONE_FR, answer["outcome"]["sentence"])
        )
        until(page, lambda result=result: text(page, "#replay-result") == result, result)
        page.wait_for_timeout(1500)
        page.screenshot(path=str(SHOTS / f"replay-{answer['game']}-fr-phone.png"), full_page=True)
        page.click("#replay-back")
        page.wait_for_selector("#member:not([hidden])", timeout=SHOWN)
    assert errors == []
    page.context.close()


def counted(profile: Profile, singular: str, plural: str, n: int) -> str:
    """A count as the page words it: the catalogue's plural forms (French counts 0 and 1 as one)."""
    forms = i18n.catalogue(profile.lang)[1].get(singular) or [singular, plural]
    index = (0 if n <= 1 else 1) if profile.lang == "fr" else (0 if n == 1 else 1)
    return forms[index].format(n=n)


def _against(page: dict[str, Any], name: str) -> dict[str, Any]:
    other = next(o for o in page["opponents"] if o["name"] == name)
    return {"name": name, "wins": other["wins"], "losses": other["losses"], "draws": other["draws"]}


@pytest.fixture(scope="module", autouse=True)
def _shots() -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
