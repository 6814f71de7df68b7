"""Robot Turtles in the web client: the scene a seat is sent holds none of another seat's cards
and offers exactly the rules' legal moves; the drawing keeps to the page's policy and words
everything through the catalogues; and a guest plays a whole game by clicks in a real browser."""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from typing import Any

from ludoteca.ai.base import Budget
from ludoteca.ai.levels import computer_for
from ludoteca.games.turtles import GAME
from ludoteca.games.turtles.board import ahead, square_name
from ludoteca.games.turtles.cards import LETTERS, Card
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram, TurtlesMove
from ludoteca.games.turtles.state import SEAT_NAMES, TurtlesState
from ludoteca.i18n import catalogue
from ludoteca.net import web
from ludoteca.net.scene import scene
from tests.net.conftest import Running
from tests.net.test_robustness import joined
from tests.web.conftest import PROFILES, Profile
from tests.web.test_browser_games import SHOWN, enter, status_starts, until

#: (seats, options) of the games the scenes are made from
TABLES = [
    (2, {"bug": True}),
    (3, {"show_program": True}),
    (4, {"bug": True, "show_program": True, "three_rounds": True}),
]
CAMEL_CASE = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")


def positions(seats: int, seed: int, plies: int, **options: bool) -> list[TurtlesState]:
    """A game played at random, one kind of move drawn first so that walls, Bug cards, discards
    and runs all come up (adding cards alone is most of the legal moves)."""
    rnd = random.Random(seed)
    state = GAME.start(GAME.options(options), seed, seats)
    states = [state]
    while state.to_play is not None and len(states) < plies:
        moves = GAME.legal_moves(state)
        kind = rnd.choice(sorted({(type(m).__name__, m.discard) for m in moves}))
        state = GAME.play(state, rnd.choice([m for m in moves if (type(m).__name__, m.discard) == kind]))
        states.append(state)
    return states


def letters(cards: tuple[Card, ...]) -> list[str]:
    return [LETTERS[c] for c in cards]


def offered(drawn: dict[str, Any]) -> list[str]:
    """Every move the scene offers, as the page sends it (with `/discard` where it is marked)."""
    turn = drawn["turn"]
    found = [*turn["add"].values(), *([turn["run"]] if turn["run"] else [])]
    found += [wall[2:] for wall in turn["stone"] + turn["ice"]] + [bug[1:] for bug in turn["bug"]]
    return [
        text for text, discard in found for text in ([text, text + turn["discard"]] if discard else [text])
    ]


def test_a_seats_scene_holds_no_other_seats_cards_and_offers_exactly_the_legal_moves() -> None:
    runs = walls = 0
    for number, (seats, options) in enumerate(TABLES):
        for state in positions(seats, 100 + number, 70, **options):
            for seat in [None, *range(seats)]:
                view = GAME.view(state, seat)
                drawn = scene(GAME, view, seat, state.to_play)
                text = json.dumps(drawn)
                # plain JSON, no class names
                assert json.loads(text) == drawn
                assert drawn["drawer"] == "turtles" and '"@"' not in text and "ludoteca" not in text
                assert not CAMEL_CASE.findall(text), CAMEL_CASE.findall(text)
                check_secrets(state, seat, drawn, text)
                if seat is not None and seat == state.to_play:
                    texts = offered(drawn)
                    legal = set(GAME.legal_moves(state))
                    assert sorted(texts) == sorted(GAME.format_move(state, m) for m in legal)
                    for move_text in texts:
                        assert GAME.parse_move(view, move_text) in legal, move_text
                else:
                    assert drawn["turn"] is None
            last = state.last
            runs += last is not None and last.action == "run"
            walls += last is not None and last.action == "wall"
    assert runs >= 10 and walls >= 10  # the positions did cover runs and walls


def check_secrets(state: TurtlesState, seat: int | None, drawn: dict[str, Any], text: str) -> None:
    """`seat`'s scene against the full state: its own cards right, nobody else's anywhere."""
    for other, (player, shown) in enumerate(zip(state.players, drawn["players"], strict=True)):
        counts = [len(player.program), len(player.hand), len(player.deck), len(player.discard)]
        assert [shown["program"], shown["hand"], shown["deck"], shown["discard"]] == counts
        assert not any(isinstance(value, list) for value in shown.values()), other
    sees_program = seat is not None and state.show_program
    if seat is None:
        assert drawn["me"] is None
    else:
        me = state.players[seat]
        assert drawn["me"]["hand"] == letters(me.hand)
        assert drawn["me"]["program"] == (letters(me.program) if sees_program and me.program else None)
        for key in drawn["turn"]["add"] if drawn["turn"] else ():
            assert not Counter(key) - Counter(letters(me.hand)), key  # cards from its own hand only
    last = state.last
    if last is not None and last.action == "add":
        mine = sees_program and last.seat == seat
        assert drawn["last"]["cards"] == (letters(last.cards) if mine else ["?"] * len(last.cards))
    # no pile the seat may not see, written as the scene writes cards (a list of letters; an add
    # offer's key joins at most five letters, so longer piles are searched joined too)
    allowed = {json.dumps(drawn["me"]["hand"])} if drawn["me"] else set()
    if drawn["me"] and drawn["me"]["program"]:
        allowed.add(json.dumps(drawn["me"]["program"]))
    allowed.add(json.dumps(drawn["last"]["cards"]) if drawn["last"] else "")
    for other, player in enumerate(state.players):
        piles = [player.deck]
        if other != seat:
            piles += [player.hand, player.discard]
        if other != seat or not state.show_program:
            piles.append(player.program)
        for pile in piles:
            written = json.dumps(letters(pile))
            if len(pile) >= 3 and written not in allowed:
                assert written not in text, (seat, other, written)
            if len(pile) >= 6:
                assert f'"{"".join(letters(pile))}"' not in text, (seat, other)


def test_the_drawing_keeps_to_the_pages_policy_and_words_everything_from_the_catalogues() -> None:
    served = web.files()
    assert served["/games/turtles/draw.css"].content_type.startswith("text/css")
    script = served["/games/turtles/draw.js"].body.decode("utf-8")
    # the policy allows no inline style nor script: no markup written as text, no code from strings
    for forbidden in (
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "eval(",
        "Function(",
        '"style"',
        "style=",
    ):
        assert forbidden not in script, forbidden
    singles, plurals = catalogue("fr")
    quoted = r'"((?:[^"\\]|\\.)*)"'
    words = re.findall(r"\bt\(\s*" + quoted, script)
    counted = re.findall(r"\btn\(\s*" + quoted + r",\s*" + quoted, script)
    assert len(words) > 40 and len(counted) >= 5
    # and the words the drawing passes by name: cards, facings, seats
    words += ["forward", "left", "right", "laser", "hidden card", "north", "east", "south", "west"]
    words += list(SEAT_NAMES)
    assert [w for w in words if w not in singles] == []
    assert [s for s, _plural in counted if s not in plurals] == []


# ----- a whole game in the browser ------------------------------------------------------------------
def perform(page: Any, view: TurtlesState, move: TurtlesMove) -> None:
    """Play `move` on the page by clicks: the discard switch, then cards one by one and Add, or a
    wall from the stock and a lit square, or the Bug card and its target, or Run."""
    if move.discard:
        page.click("[data-action=discard]", timeout=SHOWN)
    if isinstance(move, AddCards):
        for card in move.cards:
            page.click(
                f'.tt-hand button[data-card="{LETTERS[card]}"]:not([disabled]) >> nth=0', timeout=SHOWN
            )
        page.click("[data-action=add]", timeout=SHOWN)
    elif isinstance(move, BuildWall):
        page.click(f"[data-action=wall-{move.kind}]", timeout=SHOWN)
        page.click(f'.tt-target[data-move="wall {move.kind} {square_name(move.square)}"]', timeout=SHOWN)
    elif isinstance(move, PlayBug):
        page.click("[data-action=bug-card]", timeout=SHOWN)
        page.click(f'button[data-move="{GAME.format_move(view, PlayBug(move.target))}"]', timeout=SHOWN)
    else:
        page.click("[data-action=run]", timeout=SHOWN)


def replayed(page: Any) -> str:
    return page.text_content(".tt-news") or ""


def blocking_wall(view: TurtlesState, opponent: int) -> BuildWall | None:
    """A stone wall on the square just ahead of the opponent's turtle, when the rules allow one."""
    turtle = view.board.turtles[opponent]
    front = ahead(turtle.square, turtle.facing) if turtle is not None else None
    wall = BuildWall("stone", front) if front is not None else None
    return wall if wall in GAME.legal_moves(view) else None


@PROFILES
def test_a_guest_plays_a_whole_game_of_robot_turtles_by_clicks(
    browser: Any, host: Running, profile: Profile
) -> None:
    table = host.table("turtles", "remote,remote", seed=21, bug=True)
    page = profile.open(browser, f"http://127.0.0.1:{host.port}/")
    try:
        enter(page, "Guest")
        bob = joined(host.port, "Bob")
        guest = 1 - int(bob.seat or 0)
        game = bob.game
        bobs = computer_for(game, 1, None).player
        # the guest follows a computer that also builds walls and fires lasers at the leader
        guests = computer_for(game, 4, None).player
        played: list[TurtlesMove] = []
        card_one = profile.words("{name} runs the program: card {i} of {n}", name="", i=1, n="")
        deadline = time.monotonic() + 75
        while not bob.over and time.monotonic() < deadline:
            bob.wait(0.05)
            to_move, ply = bob.to_move(), bob.ply
            if to_move is None:
                continue
            if to_move == bob.seat:
                move = bobs.choose(game, bob.state, bob.seat, Budget(1.0), None)
                bob.play(game.format_move(bob.state, move))
            else:
                page.wait_for_selector(f'.tt[data-ply="{ply}"][data-turn]', timeout=SHOWN)
                view = host.call(lambda: table.match.view(guest))
                # a wall right in front of Bob's turtle as soon as the rules allow one, else
                # what the computer chooses
                walled = any(isinstance(m, BuildWall) for m in played)
                wall = None if walled else blocking_wall(view, bob.seat or 0)
                move = wall or guests.choose(game, view, guest, Budget(1.0), None)
                perform(page, view, move)
                if isinstance(move, RunProgram) and not any(isinstance(m, RunProgram) for m in played):
                    # the run is replayed card by card, whatever Bob does meanwhile
                    until(page, lambda: card_one.strip() in replayed(page), "the run replayed")
                played.append(move)
            while bob.ply == ply and not bob.over and time.monotonic() < deadline:
                bob.wait(0.05)
        assert bob.over, f"the game did not end in time ({bob.ply} moves)"
        outcome = host.call(lambda: table.match.outcome)
        status_starts(page, profile.words("Game over: {reason}.", reason=profile.said(outcome.reason)))
        kinds = {type(m) for m in played}
        assert {AddCards, BuildWall, RunProgram} <= kinds, kinds
        assert host.call(lambda: table.match.ply) == bob.ply
        arrivals = profile.words("Arrival order")
        until(page, lambda: arrivals in (page.text_content(".tt-tray") or ""), "the arrival order")
        bob.leave()
    finally:
        page.context.close()
