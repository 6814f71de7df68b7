"""Network play in the window: joining by address, hosting from the options screen, a club's
lobby, moves arriving from the other side, and an undo asked across the network."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.server import CLUB
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.network import NetworkScreen
from ludoteca.shells.window.screens.options import OptionsScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.table import TableScreen
from tests.net.conftest import Running

from .conftest import Driver


@pytest.fixture
def server() -> Iterator[Running]:
    running = Running().start()
    yield running
    running.stop()


def other_player(port: int, name: str = "Bob", **fields: object) -> RemoteMatch:
    client = Client(f"127.0.0.1:{port}", name)
    client.connect()
    client.request("join", **fields)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def network_screen(driver: Driver) -> NetworkScreen:
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons["network"])
    screen = driver.screen
    assert isinstance(screen, NetworkScreen)
    return screen


def join_by_address(driver: Driver, port: int, name: str = "Ann") -> NetworkScreen:
    """From the menu, join the game at 127.0.0.1:`port` as `name`, as a person types it."""
    screen = network_screen(driver)
    assert screen.name_entry is not None and screen.address_entry is not None
    screen.name_entry.set_text(name)
    screen.address_entry.set_text(f"127.0.0.1:{port}")
    driver.press(screen.buttons["join"])
    return screen


def bob_moves(driver: Driver, bob: RemoteMatch, column: str) -> None:
    driver.until(lambda: bob.wait(0.0) is not None and bob.to_move() == bob.seat)
    bob.play(column)


def test_join_a_host_by_address_and_play_to_the_end(driver: Driver, server: Running) -> None:
    server.table("connect4", "remote,remote")
    join_by_address(driver, server.port)
    driver.until(lambda: isinstance(driver.screen, TableScreen))
    table = driver.screen
    assert isinstance(table, TableScreen)
    driver.frames(2)
    driver.shot("network-table-waiting")
    bob = other_player(server.port)
    driver.until(lambda: isinstance(driver.screen, PlayScreen))
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.human_to_move() == 0 and not play.buttons["save"].is_enabled
    for ann, bob_column in (("1", "2"), ("1", "2"), ("1", "2")):
        driver.click(play.board.grid.center(int(ann) - 1, 2))
        assert play.match.moves[-1] == ann
        # it is Bob's turn: the window says so and clicks do nothing
        assert "Waiting for Bob" in play.status_text(driver.app.now())[0]
        bob_moves(driver, bob, bob_column)
        driver.until(lambda: play.human_to_move() == 0)
    driver.shot("network-play")
    driver.click(play.board.grid.center(0, 2))
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen) and "again" not in end.buttons
    outcome = end.match.outcome
    assert outcome is not None and outcome.winner == 0
    driver.press(end.buttons["menu"])
    assert driver.app.store.get_setting("net.recent_hosts") is not None
    bob.leave()


def test_host_from_the_options_screen_and_agree_to_an_undo(driver: Driver) -> None:
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons["play"])
    driver.press(driver.screen.cards["connect4"])
    options = driver.screen
    assert isinstance(options, OptionsScreen)
    driver.press(options.kind_widgets[1].button_for("remote"))
    driver.press(options.start_button)
    table = driver.screen
    assert isinstance(table, TableScreen) and table.match is None
    assert table.reach == "local"  # the network only when asked
    assert table.port_entry is not None
    table.port_entry.set_text("0")
    assert table.clock_widget is not None
    driver.press(table.clock_widget.button_for((10, 5)))
    driver.frames(1)
    driver.shot("network-host-before")
    driver.press(table.buttons["open"])
    assert table.hosted is not None and table.match is not None, table.status
    driver.frames(2)
    driver.shot("network-host-open")
    bob = other_player(table.hosted.port)
    try:
        driver.until(lambda: isinstance(driver.screen, PlayScreen))
        play = driver.screen
        assert isinstance(play, PlayScreen)
        left = play.match.clock_left(0)
        assert left is not None and 590 < left <= 600  # ten minutes, kept by the server
        driver.click(play.board.grid.center(3, 2))
        bob_moves(driver, bob, "4")
        driver.until(lambda: len(play.match.moves) == 2)
        driver.frames(2)
        driver.shot("network-clocks")
        # Bob asks to take his move back: the window asks Ann, who agrees
        bob.undo()
        driver.until(lambda: driver.app.dialog is not None)
        driver.shot("network-undo-question")
        dialog = driver.app.dialog
        assert dialog is not None and "Bob" in dialog.body
        driver.press(dialog.buttons[0])
        driver.until(lambda: play.match.moves == ["4"])
        assert play.match.to_move() == 1
    finally:
        bob.leave()


def test_a_game_not_yet_in_the_window_says_where_to_play_it(
    driver: Driver, server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every game of ours has a window board now: pretend Khet had none
    from ludoteca.shells.window.screens.network import screen as network_module

    real = network_module.board_for
    monkeypatch.setattr(
        network_module,
        "board_for",
        lambda game, *args, **kwargs: None if game.info.key == "khet" else real(game, *args, **kwargs),
    )
    server.table("khet", "remote,remote")
    screen = join_by_address(driver, server.port)
    driver.until(lambda: bool(screen.status) and screen.error)
    assert "ludoteca join 127.0.0.1" in screen.status and isinstance(driver.screen, NetworkScreen)


def test_a_bad_address_is_answered_with_a_sentence_not_a_python_error(driver: Driver) -> None:
    screen = network_screen(driver)
    assert screen.name_entry is not None and screen.address_entry is not None
    screen.name_entry.set_text("Ann")
    for address, sentence in [
        ("a[b", "'a[b' is not an address"),
        ("127.0.0.1:²", "the port must be a whole number written with the digits 0 to 9, not '²'"),
    ]:
        screen.address_entry.set_text(address)
        driver.press(screen.buttons["join"])
        driver.until(lambda: not screen.connector.busy and screen.error)
        assert sentence in screen.status and "Could not connect" not in screen.status, screen.status
        screen.status, screen.error = "", False


def test_a_clubs_lobby_lists_its_tables(driver: Driver) -> None:
    club = Running(CLUB).start()
    try:
        opener = Client(f"127.0.0.1:{club.port}", "Cleo")
        opener.connect()
        opener.request("open", game="othello", seats=["remote", "remote"])
        screen = network_screen(driver)
        assert screen.name_entry is not None and screen.address_entry is not None
        screen.name_entry.set_text("Ann")
        screen.address_entry.set_text(f"127.0.0.1:{club.port}")
        driver.press(screen.buttons["join"])
        driver.until(lambda: screen.tables is not None)
        driver.frames(2)
        driver.shot("network-lobby")
        assert screen.tables is not None and screen.tables[0]["game"] == "othello"
        join, _watch = screen.table_buttons[0]
        driver.press(join)
        driver.until(lambda: isinstance(driver.screen, PlayScreen))
        play = driver.screen
        assert isinstance(play, PlayScreen) and play.match.seats[1].kind == "human"
        opener.close()
    finally:
        club.stop()


def test_a_lobby_with_more_tables_than_fit_turns_its_pages(driver: Driver) -> None:
    driver.app.resize((800, 600))
    club = Running(CLUB).start()
    openers = [Client(f"127.0.0.1:{club.port}", f"Opener {n}") for n in range(7)]
    try:
        for opener in openers:
            opener.connect()
            opener.request("open", game="connect4", seats=["remote", "remote"])
        screen = network_screen(driver)
        assert screen.name_entry is not None and screen.address_entry is not None
        screen.name_entry.set_text("Ann")
        screen.address_entry.set_text(f"127.0.0.1:{club.port}")
        driver.press(screen.buttons["join"])
        driver.until(lambda: screen.tables is not None)
        driver.frames(2)
        first = len(screen.table_buttons)
        assert 0 < first < len(openers)  # not all of them fit at 800x600
        assert not screen.page_buttons[-1].is_enabled  # on the first page already
        driver.press(screen.page_buttons[1])
        assert screen.table_page == 1 and len(screen.table_buttons) == min(first, len(openers) - first)
        join, _watch = screen.table_buttons[0]
        assert join.is_enabled  # the tables of the second page can be joined
    finally:
        for opener in openers:
            opener.close()
        club.stop()


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_network_pages_fit_the_window_in_both_languages(
    driver: Driver, server: Running, size: tuple[int, int], language: str
) -> None:
    driver.app.store.set_setting("net.recent_hosts", '["192.168.1.20:7373", "club.example:7373"]')
    driver.app.settings.language = language
    driver.app.apply_settings()
    driver.app.resize(size)
    screen = network_screen(driver)
    driver.frames(2)
    driver.shot(f"network-{language}-{size[0]}")
    window = driver.app.surface.get_rect()
    widgets = [*screen.buttons.values(), *screen.recent_buttons]
    assert len(screen.recent_buttons) == 2
    assert all(window.contains(w.rect) for w in widgets)
    server.table("connect4", "remote,remote")
    assert screen.name_entry is not None and screen.address_entry is not None
    screen.name_entry.set_text("Ann")
    screen.address_entry.set_text(f"127.0.0.1:{server.port}")
    driver.press(screen.buttons["join"])
    driver.until(lambda: isinstance(driver.screen, TableScreen))
    driver.frames(2)
    driver.shot(f"network-table-{language}-{size[0]}")
    bob = other_player(server.port)
    driver.until(lambda: isinstance(driver.screen, PlayScreen))
    play = driver.screen
    assert isinstance(play, PlayScreen)
    driver.click(play.board.grid.center(3, 2))
    driver.frames(2)
    driver.shot(f"network-waiting-{language}-{size[0]}")
    waiting = play.status_text(driver.app.now())[0]
    assert ("Bob" in waiting) and ("Waiting" in waiting or "attente" in waiting)
    bob.leave()


def test_a_network_game_of_qwirkle_draws_the_others_moves_and_hidden_exchanges(
    driver: Driver, server: Running
) -> None:
    """The window's move list showed what the server sent by parsing it again, with this seat's
    view: the other player's tiles and exchanges are not in it, so the first frame after Bob moved
    raised NotationError. Moves are shown as the server wrote them for this seat."""
    server.table("qwirkle", "remote,remote", seed=5)
    join_by_address(driver, server.port)
    driver.until(lambda: isinstance(driver.screen, TableScreen))
    bob = other_player(server.port)
    driver.until(lambda: isinstance(driver.screen, PlayScreen))
    play = driver.screen
    assert isinstance(play, PlayScreen)
    game = play.match.game

    def move(match: RemoteMatch, exchange: bool) -> str:
        legal = game.legal_moves(match.state)
        wanted = [m for m in legal if game.format_move(match.state, m).startswith("x") == exchange]
        return game.format_move(match.state, (wanted or legal)[0])

    for turn in range(4):
        if play.human_to_move() == 0:
            play.match.play(move(play.match, exchange=False))
        else:
            driver.until(lambda: bob.wait(0.0) is not None and bob.to_move() == bob.seat)
            bob.play(move(bob, exchange=turn >= 2))
        driver.until(lambda n=turn + 1: len(play.match.moves) == n)
        driver.frames(3)  # drawn: the move list, the board, the status
    shown = play.match.public_moves(0)
    assert len(shown) == 4 and all(shown)
    exchanges = [text for text in shown if text.startswith("x")]
    assert exchanges and all("?" in text for text in exchanges), shown  # Bob's tiles stay his
    driver.shot("network-qwirkle")
    bob.leave()
