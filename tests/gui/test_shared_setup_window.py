"""A Khet setup of the player's own at a network table, in the window: hosted from the options
screen (the setup picked among the pictures) and played by a joiner, and joined by address at a
table whose host started it from their own setup. The setup's board travels inside the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.games.khet.board import parse_square
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.server import CLUB
from ludoteca.shells.network import host_game
from ludoteca.shells.window.fitcheck import problems
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.network.lobby import table_kind
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.table import TableScreen
from ludoteca.store import Store
from tests.net.conftest import Running

from .conftest import Driver
from .test_connect4_gui import open_options
from .test_khet_gui import mouse_move
from .test_network_gui import join_by_address, network_screen

#: a setup of the player's own: Silver's Pyramids on c7 and i7, where no standard setup has one.
#: From it Silver wins in two moves whatever Red does between them (c7c8, then i7j8 turns
#: Silver's beam along rank 8 onto Red's Pharaoh)
DUEL = "S:K:e1 S:X:j1:N S:P:c7:NE S:P:i7:SW R:K:f8 R:X:a8:S R:P:c2:NW R:P:g4:NW"
WIN = "Silver's beam struck Red's Pharaoh on f8: Silver wins"


def silver_pyramid_on(board: tuple[int, ...], name: str) -> bool:
    square = parse_square(name)
    return square is not None and bool(board[square])


def your_turn(driver: Driver, match: RemoteMatch) -> None:
    """Let the window run until the other side's connection hears that it is its turn."""
    driver.until(lambda: match.poll() is not None and match.to_move() == match.seat)


def other_player(port: int, name: str = "Bob", **fields: object) -> RemoteMatch:
    client = Client(f"127.0.0.1:{port}", name)
    client.connect()
    client.request("join", **fields)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def test_a_setup_of_the_hosts_own_is_hosted_from_the_options_screen_and_played(driver: Driver) -> None:
    driver.app.store.save_setup("khet", "Duel", DUEL)
    options = open_options(driver, "khet")
    assert isinstance(options, OptionsScreen)
    # the player's own setups are offered beside the standard ones
    assert "Duel" in [picture.value for picture in options.pictures["setup"].pictures]
    driver.press(options.pictures["setup"].button_for("Duel"))
    driver.press(options.kind_widgets[1].button_for("remote"))
    options.name_entries[0].set_text("Ann")
    driver.press(options.start_button)
    table = driver.screen
    assert isinstance(table, TableScreen) and table.match is None, options.error
    assert table.port_entry is not None
    table.port_entry.set_text("0")
    driver.press(table.buttons["open"])
    assert table.hosted is not None and table.match is not None, table.status
    driver.frames(2)
    driver.shot("shared-setup-host-open")
    bob = other_player(table.hosted.port)
    try:
        # the joiner starts from the host's setup, which his own store does not hold
        assert bob.options["setup"] == "Duel"
        assert silver_pyramid_on(bob.state.board, "c7") and not silver_pyramid_on(bob.state.board, "c4")
        driver.until(lambda: isinstance(driver.screen, PlayScreen))
        play = driver.screen
        assert isinstance(play, PlayScreen)
        assert play.match.options["setup"] == "Duel"
        mouse_move(driver, play, "c7c8")
        your_turn(driver, bob)
        bob.play("g4g5")
        driver.until(lambda: len(play.match.moves) == 2)
        mouse_move(driver, play, "i7j8")
        driver.until(lambda: isinstance(driver.screen, EndScreen))
        end = driver.screen
        assert isinstance(end, EndScreen)
        outcome = end.match.outcome
        assert outcome is not None and outcome.winner == 0 and str(outcome.reason) == WIN
        driver.until(lambda: bob.poll() is not None and bob.over)
        assert bob.moves == ["c7c8", "g4g5", "i7j8"]
    finally:
        bob.leave()


def test_the_window_joins_a_table_started_from_the_hosts_own_setup(driver: Driver, tmp_path: Path) -> None:
    with Store(tmp_path / "host.sqlite3") as host_store:
        host_store.save_setup("khet", "Duel", DUEL)
        # the window's own store has no setup of that name
        assert all(row.name != "Duel" for row in driver.app.store.list_setups("khet"))
        khet = get_game("khet")
        hosted = host_game(host_store, khet, khet.options({"setup": "Duel"}), None, name="Ann", port=0)
        try:
            ann = hosted.match
            assert ann is not None
            join_by_address(driver, hosted.port, "Bob")
            driver.until(lambda: isinstance(driver.screen, PlayScreen))
            play = driver.screen
            assert isinstance(play, PlayScreen)
            assert play.match.options["setup"] == "Duel"
            assert silver_pyramid_on(play.view().board, "i7")
            driver.frames(2)
            driver.shot("shared-setup-joined")
            your_turn(driver, ann)
            ann.play("c7c8")
            driver.until(lambda: len(play.match.moves) == 1)
            mouse_move(driver, play, "g4g5")
            your_turn(driver, ann)
            ann.play("i7j8")
            driver.until(lambda: isinstance(driver.screen, EndScreen))
            end = driver.screen
            assert isinstance(end, EndScreen)
            outcome = end.match.outcome
            assert outcome is not None and outcome.winner == 0 and str(outcome.reason) == WIN
        finally:
            hosted.close()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_page_names_the_hosts_setup_and_fits_in_both_languages(
    driver: Driver, size: tuple[int, int], language: str
) -> None:
    name = "Le duel du soir, entre amis du club"
    driver.app.store.save_setup("khet", name, DUEL)
    driver.app.settings.language = language
    driver.app.apply_settings()
    driver.app.resize(size)
    options = open_options(driver, "khet")
    driver.press(options.pictures["setup"].button_for(name))
    driver.press(options.kind_widgets[1].button_for("remote"))
    driver.press(options.start_button)
    table = driver.screen
    assert isinstance(table, TableScreen)
    assert name in table._kind()
    assert problems(driver.app) == []
    driver.shot(f"shared-setup-table-{language}-{size[0]}")
    assert table.port_entry is not None
    table.port_entry.set_text("0")
    driver.press(table.buttons["open"])
    assert table.match is not None, table.status
    driver.frames(2)
    assert name in table._kind()
    assert problems(driver.app) == []
    driver.shot(f"shared-setup-open-{language}-{size[0]}")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_clubs_lobby_names_the_setup_of_a_table_and_the_window_sits_at_it(
    driver: Driver, size: tuple[int, int], language: str
) -> None:
    driver.app.settings.language = language
    driver.app.apply_settings()
    driver.app.resize(size)
    club = Running(CLUB).start()
    try:
        specs = list(parse_seats("remote,remote"))
        club.call(lambda: club.server.new_table("khet", {"setup": "Duel"}, specs, position=DUEL))
        club.call(lambda: club.server.new_table("connect4", {}, specs))
        screen = network_screen(driver)
        assert screen.name_entry is not None and screen.address_entry is not None
        screen.name_entry.set_text("Ann")
        screen.address_entry.set_text(f"127.0.0.1:{club.port}")
        driver.press(screen.buttons["join"])
        driver.until(lambda: screen.tables is not None)
        driver.frames(2)
        assert problems(driver.app) == []
        driver.shot(f"shared-setup-lobby-{language}-{size[0]}")
        tables = screen.tables
        assert tables is not None
        khet = next(index for index, table in enumerate(tables) if table["game"] == "khet")
        assert "Duel" in table_kind(tables[khet])
        join, _watch = screen.table_buttons[khet]
        driver.press(join)
        driver.until(lambda: isinstance(driver.screen, TableScreen))
        table = driver.screen
        assert isinstance(table, TableScreen) and "Duel" in table._kind()
        assert table.match is not None and silver_pyramid_on(table.match.state.board, "c7")
    finally:
        club.stop()
