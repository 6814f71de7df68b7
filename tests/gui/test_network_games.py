"""Every game with two or more seats, played to the end over the network in the window against a
person at another computer and a computer at the server, hidden-information games included:
every frame is drawn (board, side panel, move list) as the others' moves arrive."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ludoteca.net.server import HOST
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.table import TableScreen
from tests.net.conftest import Running
from tests.net.players import TABLES, Person, random_move, table_seats

from .conftest import Driver
from .test_network_gui import join_by_address


@pytest.fixture
def host() -> Iterator[Running]:
    running = Running(HOST).start()
    yield running
    running.stop()


@pytest.mark.parametrize(("game", "others"), TABLES, ids=[f"{g}-{o}" for g, o in TABLES])
def test_a_network_game_plays_to_the_end_in_the_window(
    driver: Driver, host: Running, game: str, others: str
) -> None:
    table = host.table(game, table_seats(others), seed=11)
    join_by_address(driver, host.port)
    driver.until(lambda: isinstance(driver.screen, TableScreen | PlayScreen))
    people = [Person(host.port, f"P{n}", seed=n) for n, o in enumerate(others.split(",")) if o == "person"]
    for person in people:
        person.start()
    driver.until(lambda: isinstance(driver.screen, PlayScreen))
    play = driver.screen
    assert isinstance(play, PlayScreen)
    chooser = random.Random(3)
    for _ply in range(400):
        driver.until(lambda: play.match.over or play.human_to_move() is not None, timeout=30)
        if play.match.over:
            break
        if driver.app.dialog is not None:  # a question between rounds: play on
            driver.press(driver.app.dialog.buttons[0])
            continue
        play.match.play(random_move(play.match, chooser))  # type: ignore[arg-type]
        driver.frames(1)
    driver.until(lambda: isinstance(driver.screen, EndScreen), timeout=30)
    end = driver.screen
    assert isinstance(end, EndScreen) and end.match.outcome is not None
    assert host.call(lambda: table.match.over)
    for person in people:
        outcome = person.finish()
        assert outcome is not None and list(outcome.ranks) == list(end.match.outcome.ranks)
    driver.frames(2)
