"""A tour of every screen and dialog of the window, checking at each stop that all text fits.

The tour follows the routes (`shells/window/routes.py`): every route must be visited, so a new
screen is checked as soon as it is added. Games are taken from the shelf, so a game that gets a
window board is toured without changing this file: its options (every choice of its choice
options, the most players), its board in mid-game with a refused move and every dialog of the
board screen, and its end. The network pages talk only to servers the tour starts on 127.0.0.1,
and wait for them a bounded time.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.registry import declaration_of, game_keys, get_game
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.i18n import _
from ludoteca.match import Match
from ludoteca.net.client import Client
from ludoteca.net.server import CLUB
from ludoteca.shells import session
from ludoteca.shells.listings import rating_keys
from ludoteca.shells.network import RECENT_HOSTS, HostPlan
from ludoteca.shells.terminal.puzzles import games_with_puzzles
from ludoteca.shells.window import fitcheck
from ludoteca.shells.window.app import App
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.routes import ROUTES
from tests.net.conftest import Running

#: a name as long as the name fields take: a player's own name may lose its end, our words never
LONG_NAME = "Maximilienne-Guinevere Z."
#: how long the tour waits for a server on 127.0.0.1 to answer
NETWORK_WAIT = 10.0


class Tour:
    """Goes from stop to stop; `stops` collects (where, problems) for every stop."""

    def __init__(self, app: App, shots: Path | None = None) -> None:
        self.app = app
        self.shots = shots
        self.stops: list[tuple[str, list[str]]] = []
        self.routes: set[str] = set()

    def go(self, route: str, *args: object, **kwargs: object) -> Any:
        self.routes.add(route)
        self.app.close_dialog()
        self.app.go(route, *args, **kwargs)
        self.app.step()
        return self.app.screen

    def look(self, where: str) -> None:
        self.stops.append((where, fitcheck.problems(self.app)))
        if self.shots is not None:
            name = "".join(c if c.isalnum() else "-" for c in where).strip("-")
            pygame.image.save(self.app.surface, str(self.shots / f"{len(self.stops):03}-{name}.png"))

    def dialog(self, where: str, opener: Callable[[], object]) -> None:
        opener()
        self.app.step()
        assert self.app.dialog is not None, f"{where}: no dialog opened"
        self.look(where)
        self.app.close_dialog()

    def problems(self) -> list[str]:
        return [f"{where}: {problem}" for where, found in self.stops for problem in found]


def games() -> list[Game[Any, Any]]:
    return [get_game(key) for key in game_keys()]


def variants(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    """The defaults, each other choice of each choice option, and every switch on together;
    those the game accepts (Khet's Horus setups go with the Horus edition only)."""
    for options in _candidates(game):
        try:
            game.options(options)
        except LudotecaError:
            continue
        yield options


def _candidates(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    yield {}
    for spec in game.info.options:
        for choice in spec.choices or ():
            if choice != spec.default:
                yield {spec.name: choice}
    switches = {spec.name: True for spec in game.info.options if isinstance(spec.default, bool)}
    if switches:
        yield switches


def playout(match: Match, rng: random.Random, stop: Callable[[Match], bool]) -> None:
    """Random legal moves until `stop` says so or the game ends."""
    while not match.over and not stop(match):
        match.play(rng.choice(list(match.game.legal_moves(match.state))))


def new_match(game: Game[Any, Any], options: dict[str, Any], seats: tuple[SeatSpec, ...], seed: int) -> Match:
    return Match(game, game.options(options), seats, seed)


def seats_for(game: Game[Any, Any], humans: int) -> tuple[SeatSpec, ...]:
    """The most players the game takes: `humans` people (the first with a long name), then
    computers at the strongest level (the longest description)."""
    count = game.info.max_seats
    return tuple(
        SeatSpec("human", None, LONG_NAME if seat == 0 else None)
        if seat < humans
        else SeatSpec("computer", MAX_LEVEL)
        for seat in range(count)
    )


def tour(app: App, shots: Path | None = None) -> Tour:
    """Every screen and dialog of the window, checked (and saved as PNG files in `shots`)."""
    t = Tour(app, shots)
    t.go("menu")
    t.look("menu")
    t.go("settings")
    t.look("settings")
    choose = t.go("choose")
    t.look("choose")
    for game in games():
        if not has_board(game):
            t.dialog(f"choose: {game.info.key} not in the window", lambda g=game: choose.pick(g))
    for key in game_keys():
        t.go("rules", key)
        t.look(f"rules: {key}")
    for key in games_with_puzzles():  # puzzles: the task, then a hint, a miss and the solution
        puzzles = t.go("puzzles", key)
        t.look(f"puzzles: {key}")
        if puzzles.attempt is not None:
            puzzles.show_hint()
            state = puzzles.attempt.state
            game = puzzles.game
            wrong = [
                m
                for m in game.legal_moves(state)
                if game.format_move(state, m) != puzzles.attempt.puzzle.solution[0]
            ]
            if wrong:
                puzzles.play(wrong[0])
            t.look(f"puzzles: {key}, a hint and a miss")
            puzzles.show_solution()
            t.look(f"puzzles: {key}, the solution")
    for chapter in (1, 7):  # the manual: its first chapter, and network play
        t.go("manual", chapter)
        t.look(f"manual: chapter {chapter}")
    finished: list[Match] = []
    for game in games():
        if has_board(game):
            _options(t, game)
            finished += _boards(t, game)
    _replays(t, finished)
    _saves(t, finished)
    _scores(t, finished)
    _network(t)
    _tables(t)
    _tools(t)
    missing = set(ROUTES) - t.routes
    assert not missing, f"the tour does not visit: {', '.join(sorted(missing))}"
    return t


def _options(t: Tour, game: Game[Any, Any]) -> None:
    key = game.info.key
    screen = t.go("options", game)
    t.look(f"options: {key}")
    if game.info.max_seats != game.info.min_seats:
        screen._set_count(game.info.max_seats)
        t.app.step()
        t.look(f"options: {key}, {game.info.max_seats} players")
    for name, entry in screen.custom_entries.items():
        entry.set_text("zz")
        screen.start()
        t.app.step()
        t.look(f"options: {key}, a wrong {name}")
        entry.set_text("")
        screen.error = ""


@cache
def positions(key: str, options: tuple[tuple[str, Any], ...], seed: int) -> tuple[Match, Match]:
    """A game in mid-game with a person to move, and the same game played on to its end (random
    legal moves; kept for every window size and language, as nothing changes them)."""
    game = get_game(key)
    rng = random.Random(seed)
    middle = new_match(game, dict(options), seats_for(game, 1), seed)
    playout(middle, rng, lambda m: m.ply >= 2 * len(m.seats) + 1)
    while not middle.over and middle.is_computer(middle.to_move()):  # type: ignore[arg-type]
        middle.play(rng.choice(list(game.legal_moves(middle.state))))
    end = new_match(game, dict(options), seats_for(game, 1), seed)
    for move in middle.moves:
        end.play(move)
    playout(end, rng, lambda m: False)
    return middle, end


def _boards(t: Tour, game: Game[Any, Any]) -> list[Match]:
    """The board screen of every variant in mid-game, its dialogs, and the end screen."""
    key = game.info.key
    finished = []
    for number, options in enumerate(variants(game)):
        label = f"{key} {options or 'default'}"
        match, end = positions(key, tuple(sorted(options.items())), number + 1)
        screen = t.go("play", match, computers=False, dirty=True)
        screen.say(game.describe_last(screen.view()) or "")
        t.look(f"play: {label}")
        if not match.over:
            _refused_move(t, screen, match)
            t.look(f"play: {label}, a refused move")
        if number == 0:
            t.dialog(f"play: {label}, leave", screen.keeper.ask_leave)
            t.dialog(f"play: {label}, save", screen.keeper.ask_save)
            t.dialog(f"play: {label}, resign", screen.dialogs.ask_resign)
            t.dialog(f"play: {label}, rules", screen.dialogs.show_rules)
            _round_break(t, screen, end, label)
        t.go("end", end, recorded=True)
        t.look(f"end: {label}")
        finished.append(end)
    if game.info.hidden_information:
        match = new_match(game, {}, seats_for(game, game.info.max_seats), seed=3)
        t.go("play", match, computers=False)
        t.app.step()
        assert t.app.dialog is not None, f"{key}: no curtain between people"
        t.look(f"play: {key}, the curtain")
    return finished


def _refused_move(t: Tour, screen: Any, match: Match) -> None:
    """Offer a move the rules refuse (one legal a move earlier, or in another game), so the status
    bar shows the rules' own reason."""
    game = match.game
    candidates = list(game.legal_moves(match.states[-2])) if len(match.states) > 1 else []
    other = new_match(game, dict(match.options), match.seats, seed=99)
    candidates += list(game.legal_moves(other.state))
    legal = set(map(repr, game.legal_moves(match.state)))
    for move in candidates:
        if repr(move) not in legal:
            before = len(match.moves)
            screen.play(move)
            assert len(match.moves) == before
            return


def _round_break(t: Tour, screen: Any, match: Match, label: str) -> None:
    for state in match.states:
        title = screen.board.round_break(match.game.view(state, None))
        if title:
            t.dialog(f"play: {label}, round break", lambda title=title: screen.dialogs.round_break(title))
            return


def _saves(t: Tour, finished: list[Match]) -> None:
    store = t.app.store
    for number, match in enumerate(finished):
        session.save_match(store, match, f"{_(match.game.info.title)} {number + 1}")
    session.save_match(store, finished[0], LONG_NAME + " " + LONG_NAME)
    first = finished[0]
    going = Match(first.game, first.options, first.seats, 1)  # a game to resume, at its start
    session.save_match(store, going, LONG_NAME)
    saves = t.go("saves")
    t.look("saves")
    t.dialog("saves: delete", lambda: saves.ask_delete(saves.saves[0]))
    saves.switch()  # the finished games, listed apart
    t.app.step()
    t.look("saves: finished")


def _replays(t: Tour, finished: list[Match]) -> None:
    """Each finished game stepped through: its start, its middle, and its end with the result."""
    for match in finished:
        heading = f"Table 0123abcd at ludoteca.example.org:7373, {match.date}"
        screen = t.go("replay", match, heading, ("menu",))
        key = match.game.info.key
        t.look(f"replay: {key}, the start")
        screen.go_to(match.ply // 2)
        t.look(f"replay: {key}, the middle")
        screen.go_to(match.ply)
        t.look(f"replay: {key}, the end")
    # a review: Connect Four's from its 12th disc (the solver is quick from there), finished
    from tests.gui.test_review_gui import connect4_endgame

    match = connect4_endgame()
    screen = t.go("replay", match, "", ("menu",), review=True)
    t.look("review: under way")
    assert screen.reviewer is not None
    screen.reviewer.wait()
    screen.go_to(next(m.ply for m in screen.reviewer.result.moves if m.better is not None))
    t.app.step()
    t.look("review: a move and its better one")
    screen.toggle_better()
    t.app.step()
    t.look("review: the better move on the board")
    screen.go_to(0)
    t.app.step()
    t.look("review: the start, each player's worst moment")


def member_pages() -> list[dict[str, Any]]:
    """A member's page and a leaderboard as a club sends them, with long names and every game."""
    keys = rating_keys()
    chart = [[f"2026-11-{day:02}", 1500 + 40 * (day % 5) - 3 * day] for day in range(1, 28)]
    ratings = [{"game": key, "value": 1623.4, "margin": 87.2, "games": 27, "chart": chart} for key in keys]
    games = [
        {
            "game": key,
            "date": "2026-11-27T10:00:00",
            "table": f"{index:08x}",
            "names": [LONG_NAME, "Bob", "Cy"],
            "ranks": [1, 2, 3],
            "before": 1540.0,
            "after": 1561.5,
        }
        for index, key in enumerate(keys)
    ]
    opponents = [{"name": LONG_NAME, "wins": 12, "losses": 10, "draws": 3}] * 4
    page = {"type": "player", "name": LONG_NAME, "since": "2026-01-02", "ratings": ratings, "games": games}
    page["opponents"] = opponents
    rows = [
        {"rank": rank, "name": LONG_NAME, "value": 1700.0 - rank, "margin": 60.0, "games": 130}
        for rank in range(1, 30)
    ]
    rows.insert(3, {"rank": 4, "computer": 5, "value": 1650.0, "margin": 40.0, "games": 300})
    return [page, {"type": "leaderboard", "game": "khet/horus", "rows": rows}]


def _scores(t: Tour, finished: list[Match]) -> None:
    store = t.app.store
    for match in finished:
        store.add_result(session.result_row(match))
    screen = t.go("scores")
    t.look("scores")
    for key in {m.game.info.key for m in finished}:
        screen.pick(key)
        t.app.step()
        t.look(f"scores: {key}")
    screen.pick("")
    screen.sort("best")
    t.app.step()
    t.look(_("Best scores first"))


def _until(t: Tour, done: Callable[[], bool], what: str) -> None:
    """Frames until `done` (a connection made in the background), at most `NETWORK_WAIT` seconds."""
    deadline = time.monotonic() + NETWORK_WAIT
    while not done():
        assert time.monotonic() < deadline, f"{what}: no answer in {NETWORK_WAIT} s"
        t.app.step()
        time.sleep(0.005)


def _network(t: Tour) -> None:
    """The network page, then with recent hosts, a message, and a club's lobby listing its tables (a
    club served on 127.0.0.1, a table opened there by a player with a long name)."""
    store = t.app.store
    t.go("network")
    t.look("network, the first time")  # the address field shows an example
    store.set_setting(RECENT_HOSTS, json.dumps(["192.168.1.20:7373", "ludoteca.example.org:7373"]))
    store.set_setting("net.name", LONG_NAME)
    screen = t.go("network")
    t.look("network")
    screen.name_entry.set_text("")
    screen.join()
    t.look("network: a name missing")
    club = Running(CLUB).start()
    openers: list[Client] = []
    try:
        for game in games():
            if game.info.max_seats > 1:  # each opener sits at the table it opens
                openers.append(Client(f"127.0.0.1:{club.port}", LONG_NAME))
                openers[-1].connect()
                openers[-1].request("open", game=game.info.key, seats=["remote"] * game.info.max_seats)
        screen.name_entry.set_text("Ann")
        screen.address_entry.set_text(f"127.0.0.1:{club.port}")
        screen.join()
        _until(t, lambda: screen.tables is not None, "the club's lobby")
        t.look("network: a club's tables")
        client = screen.connector.client
        assert client is not None
        screen.members()  # the club's members' page, on this connection
        t.app.step()
        address = f"127.0.0.1:{club.port}"
        t.look("club: a guest")
        for page in member_pages():
            t.go("club", client, address, screen.tables, page)
            t.look(f"club: {page['type']}")
        t.go("network", club=(client, address, screen.tables)).back()
    finally:
        for opener in openers:
            opener.close()
        club.stop()


def _tables(t: Tour) -> None:
    """A network table of each game that has a board and the most seats: being set up (and a
    wrong port), then open on 127.0.0.1, waiting for the others."""
    t.app.store.set_setting("net.name", LONG_NAME)
    for game in games():
        if not has_board(game) or game.info.max_seats < 2:
            continue
        key = game.info.key
        seats = (SeatSpec("human"), *(SeatSpec("remote") for _seat in range(game.info.max_seats - 1)))
        plan = HostPlan(game, game.options({}), seats, seed=1)
        screen = t.go("table", plan=plan)
        t.look(f"table: {key}, to open")
        screen.port_entry.set_text("123456")
        screen.open_table()
        t.look(f"table: {key}, a wrong port")
        screen.port_entry.set_text("0")
        screen.open_table()
        assert screen.match is not None, f"{key}: {screen.status}"
        try:
            t.app.step()
            t.look(f"table: {key}, open")
            # open to the network: the invitation shares the width with the link's QR code
            screen.hosted.addresses = ["192.168.100.200"]
            t.app.step()
            t.look(f"table: {key}, open on the network")
        finally:
            screen.on_quit()  # leaving the table stops its server


def _tools(t: Tour) -> None:
    """The pages games bring (Khet's setup editor)."""
    for game in games():
        for label in declaration_of(game).window_tools:
            t.go("tool", game, label, back=("options", game))
            t.look(f"tool: {game.info.key}, {label}")
