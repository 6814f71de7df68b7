"""A club's admin runs the club from the window's members' page: mutes, bans and restores a member,
makes an invitation code and closes a table (after a second question). A member who is not an
admin is not offered the button. A club server on SQLite, real sockets on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.i18n import set_language
from ludoteca.net.client import Client, NetError
from ludoteca.shells.window.screens.club import ClubScreen
from tests.accounts.club_players import PASSWORDS, member
from tests.accounts.test_admin import ADMIN_PASSWORD, lobby
from tests.accounts.test_club_server import Club, open_table, sit
from tests.gui.conftest import Driver
from tests.gui.test_club_gui import reach_club, sign_in


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def admin_page(driver: Driver, club: Club) -> ClubScreen:
    """Ada, made an admin on the club's store, signed in on the window's members' page."""
    assert club.store is not None
    accounts = club.store.accounts()
    accounts.set_role(accounts.create_account("Ada", ADMIN_PASSWORD).id, "admin")
    page = reach_club(driver, club.port)
    page.entries["name"].set_text("Ada")
    page.entries["password"].set_text(ADMIN_PASSWORD)
    driver.press(page.buttons["sign_in"])
    driver.until(lambda: page.member == "Ada" and "admin" in page.buttons)
    driver.frames(2)
    return page


def run(driver: Driver, page: ClubScreen, typed: str, label: str) -> None:
    """The admin's dialog: `typed` in its field, then the button called `label`."""
    driver.press(page.buttons["admin"])
    dialog = driver.app.dialog
    assert dialog is not None and dialog.entry is not None
    dialog.entry.set_text(typed)
    driver.press(next(b for b in dialog.buttons if b.text == label))
    driver.frames(2)


def answered(driver: Driver, page: ClubScreen) -> None:
    driver.until(lambda: not page.errand.busy and page.status and "…" not in page.status)
    driver.frames(2)


def test_an_admin_runs_the_club_from_the_window(driver: Driver, club: Club) -> None:
    page = admin_page(driver, club)
    ann = member(club.port, "Ann")
    member(club.port, "Bob").close()
    driver.shot("club-admin-page")

    run(driver, page, "Bob", "Mute")
    answered(driver, page)
    assert not page.error and "Bob" in page.status
    again = Client(f"127.0.0.1:{club.port}", "Bob")
    again.connect()
    assert again.request("sign_in", name="Bob", password=PASSWORDS["Bob"])["standing"] == "muted"

    run(driver, page, "Bob", "Ban")
    answered(driver, page)
    assert not page.error
    with pytest.raises(NetError):
        again.request("sign_in", name="Bob", password=PASSWORDS["Bob"])
    run(driver, page, "Bob", "Restore")
    answered(driver, page)
    assert again.request("sign_in", name="Bob", password=PASSWORDS["Bob"])["name"] == "Bob"

    # nothing typed: the dialog says so and stays open
    driver.press(page.buttons["admin"])
    dialog = driver.app.dialog
    assert dialog is not None
    driver.press(next(b for b in dialog.buttons if b.text == "Ban"))
    assert driver.app.dialog is dialog and "name" in dialog.error
    driver.press(dialog.buttons[-1])  # Cancel

    run(driver, page, "", "New invitation code")
    answered(driver, page)
    shown = driver.app.dialog
    assert shown is not None and "Invitation code" in shown.title
    code = shown.body.splitlines()[-1].strip()
    assert code and club.store is not None
    driver.shot("club-admin-invitation")
    driver.press(shown.buttons[0])

    table, _ann_match = open_table(ann, "connect4", 2)
    sit(member(club.port, "Cy"), table)
    run(driver, page, table, "Close the table")
    second = driver.app.dialog
    assert second is not None and table in second.title
    driver.press(second.buttons[0])  # Close it
    answered(driver, page)
    assert not page.error and table not in lobby(ann)
    again.close()


def test_a_player_is_not_offered_the_admin_button(driver: Driver, club: Club) -> None:
    set_language("fr")
    try:
        member(club.port, "Ann").close()
        page = reach_club(driver, club.port)
        sign_in(driver, page, "Ann")
        assert "admin" not in page.buttons
    finally:
        set_language("en")
