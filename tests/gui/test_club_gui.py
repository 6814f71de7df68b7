"""The issue's first "Done when", in the window: at a club where Ann, Bob and Cy played a rated
Khet game and a rated 3-seat Qwirkle, Ann (and then Bob, in French) reaches the club from the
network page, signs in, sees their ratings with their charts, their recent games and their
opponents, steps through each game's replay, and reads a leaderboard."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ludoteca.i18n import set_language
from ludoteca.shells.window.screens.club import ClubScreen
from ludoteca.shells.window.screens.network import NetworkScreen
from ludoteca.shells.window.screens.replay import ReplayScreen
from tests.accounts.club_players import PASSWORDS
from tests.accounts.test_club_server import Club, play_khet_and_qwirkle
from tests.gui.conftest import Driver
from tests.gui.test_network_gui import network_screen


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def reach_club(driver: Driver, port: int) -> ClubScreen:
    """From the menu: the club's address on the network page, then its members' page."""
    screen = network_screen(driver)
    assert screen.address_entry is not None and screen.name_entry is not None
    screen.name_entry.set_text("visitor")
    screen.address_entry.set_text(f"127.0.0.1:{port}")
    driver.press(screen.buttons["join"])
    driver.until(lambda: screen.tables is not None)
    driver.frames(2)
    driver.press(screen.buttons["club"])
    club = driver.screen
    assert isinstance(club, ClubScreen)
    return club


def sign_in(driver: Driver, club: ClubScreen, name: str) -> None:
    club.entries["name"].set_text(name)
    club.entries["password"].set_text(PASSWORDS[name])
    driver.press(club.buttons["sign_in"])
    driver.until(lambda: club.member == name and club.shown is not None and club.shown.get("name") == name)
    driver.frames(2)
    # the password is not kept by the page, nor drawn on it
    assert "password" not in club.entries and club.client.session


def test_members_see_ratings_history_and_replays_in_the_window(driver: Driver, club: Club) -> None:
    tables = play_khet_and_qwirkle(club.port)
    screen = reach_club(driver, club.port)
    driver.shot("club-guest")
    # a wrong password is refused with the club's sentence, and nobody is signed in
    screen.entries["name"].set_text("Ann")
    screen.entries["password"].set_text("not-her-password")
    driver.press(screen.buttons["sign_in"])
    driver.until(lambda: screen.error)
    assert "wrong name or password" in screen.status and screen.member is None
    assert screen.entries["password"].get_text() == ""

    sign_in(driver, screen, "Ann")
    page = screen.shown
    assert page is not None
    games = {row["game"]: row for row in page["ratings"]}
    assert set(games) == {"khet/khet2", "qwirkle"}
    # one rated game each: the chart runs from the starting rating to the one after it
    assert all(row["games"] == 1 and len(row["chart"]) == 2 for row in games.values()), games
    # each recent game has its replay, by its table
    assert set(screen.view.replay_buttons) == set(tables.values())
    driver.shot("club-ann-page")

    for game, table in tables.items():
        driver.press(screen.view.replay_buttons[table])
        driver.until(lambda: isinstance(driver.screen, ReplayScreen))
        replay = driver.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.match.game.info.key == game and replay.at == 0 and replay.last > 0
        assert table in replay.heading
        start = replay.view()
        driver.key(pygame.K_RIGHT)
        assert replay.at == 1 and replay.view() != start
        assert replay.position_line().startswith("Move 1 of")
        driver.press(replay.buttons["last"])
        assert replay.at == replay.last and replay.result_line()
        driver.shot(f"club-replay-{game}")
        driver.press(replay.buttons["first"])
        assert replay.at == 0
        # every position on the way is the rules' own: the record replays to the same end
        assert replay.match.outcome is not None
        driver.press(replay.buttons["leave"])
        driver.until(lambda: isinstance(driver.screen, ClubScreen))
        screen = driver.screen
        assert isinstance(screen, ClubScreen)
        assert screen.member == "Ann" and screen.shown is not None and screen.shown["name"] == "Ann"

    # a game's leaderboard: the three members of the Qwirkle table
    while screen.keys[screen.board_key] != "qwirkle":
        screen.board_key = (screen.board_key + 1) % len(screen.keys)
    driver.app.rebuild()
    driver.frames(1)
    driver.press(screen.buttons["board"])
    driver.until(lambda: screen.shown is not None and screen.shown.get("type") == "leaderboard")
    assert {row["name"] for row in screen.shown["rows"]} == {"Ann", "Bob", "Cy"}
    driver.shot("club-leaderboard")

    # back on the network page, the connection is still the club's and still signed in
    driver.press(driver.app.screen.buttons["sign_out"])
    driver.until(lambda: screen.member is None and not screen.errand.busy)
    assert screen.client.session is None
    sign_in(driver, screen, "Ann")
    driver.key(pygame.K_ESCAPE)
    driver.until(lambda: isinstance(driver.screen, NetworkScreen))
    network = driver.screen
    assert isinstance(network, NetworkScreen)
    assert network.connector.client is screen.client and network.tables is not None
    assert "Ann" in network.status


def test_a_member_page_in_french(driver: Driver, club: Club) -> None:
    play_khet_and_qwirkle(club.port)
    set_language("fr")
    driver.app.rebuild()
    screen = reach_club(driver, club.port)
    sign_in(driver, screen, "Bob")
    assert "Connecté en tant que Bob" in screen._subtitle()
    driver.shot("club-bob-page-fr")
    table = next(iter(screen.view.replay_buttons))
    driver.press(screen.view.replay_buttons[table])
    driver.until(lambda: isinstance(driver.screen, ReplayScreen))
    replay = driver.screen
    assert isinstance(replay, ReplayScreen)
    assert replay.position_line().startswith("Le début")
    driver.key(pygame.K_END)
    assert replay.position_line().startswith(f"Coup {replay.last} sur {replay.last}")
    driver.shot("club-replay-fr")
