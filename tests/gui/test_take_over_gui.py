"""A member's seat played from another connection, picked again in the window: the window asks
whether to take it over here (as the terminal does). Yes moves the seat to the window and tells
the other connection; no leaves it where it is. A club server on SQLite, real sockets on
127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.i18n import set_language
from ludoteca.kits.window.widgets import Dialog
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.window.screens.network import NetworkScreen
from ludoteca.shells.window.screens.play import PlayScreen
from tests.accounts.club_players import member
from tests.accounts.test_club_server import Club, open_table, sit
from tests.accounts.test_seat_take_back import notices
from tests.gui.conftest import Driver
from tests.gui.test_club_gui import reach_club, sign_in


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def lobby_signed_in_as_ann(driver: Driver, port: int) -> NetworkScreen:
    """From the menu to the club's members' page, signed in as Ann, and back to its tables."""
    page = reach_club(driver, port)
    sign_in(driver, page, "Ann")
    page.back()
    driver.frames(2)
    screen = driver.screen
    assert isinstance(screen, NetworkScreen) and screen.tables is not None
    return screen


def asked(driver: Driver, club: Club) -> tuple[Client, RemoteMatch, NetworkScreen, Dialog]:
    """Ann and Bob play a table; Ann, signed in on the window, picks it again: the window asks.
    Ann's first connection and match, the network page and the question."""
    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    sit(bob, table)
    screen = lobby_signed_in_as_ann(driver, club.port)
    screen.lobby.pick(table, watch=False)
    driver.until(lambda: driver.app.dialog is not None)
    driver.frames(2)
    dialog = driver.app.dialog
    assert dialog is not None
    return ann, ann_match, screen, dialog


def test_the_window_takes_a_members_seat_over_when_asked(driver: Driver, club: Club) -> None:
    ann, _ann_match, _screen, dialog = asked(driver, club)
    assert "played elsewhere" in dialog.title
    driver.shot("take-over-question")
    driver.press(dialog.buttons[0])  # Take it over here
    driver.until(lambda: isinstance(driver.screen, PlayScreen))
    play = driver.screen
    assert play.match.seat == 0
    said = notices(ann, containing="took this seat back")
    assert any("took this seat back" in text for text in said), said
    play.match.close()


def test_saying_no_leaves_the_seat_where_it_is_played(driver: Driver, club: Club) -> None:
    set_language("fr")
    try:
        _ann, ann_match, screen, dialog = asked(driver, club)
        assert "ailleurs" in dialog.title
        driver.shot("take-over-question-fr")
        driver.press(dialog.buttons[-1])  # Not now
        driver.until(lambda: screen.error)
        assert isinstance(driver.screen, NetworkScreen) and driver.app.dialog is None
        # Ann's first connection still plays her seat: the server takes her move from it
        driver.until(lambda: (ann_match.poll(), ann_match.playing)[1])
        ann_match.play("4")
        driver.until(lambda: (ann_match.poll(), ann_match.ply == 1)[1])
    finally:
        set_language("en")
