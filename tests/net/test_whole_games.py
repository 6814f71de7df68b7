"""Every game with two or more seats, played to the end over the network from the terminal
(`ludoteca join`'s loop) against a person at another computer and a computer at the server,
hidden-information games included."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from ludoteca.kits.terminal.console import Console
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.terminal.netplay import play_networked
from tests.net.conftest import Running
from tests.net.players import TABLES, Person, random_move, table_seats

#: enough lines for the longest of these games, and a bound if one never ended
MOST_LINES = 3000


class Typist(io.TextIOBase):
    """The keyboard of the person at the terminal: at a move prompt on their turn, a legal move
    of their view; anywhere else, Enter."""

    def __init__(self, seed: int) -> None:
        self.match: RemoteMatch | None = None
        self.chooser = random.Random(seed)
        self.lines = 0

    def readline(self, size: int | None = -1) -> str:
        self.lines += 1
        match = self.match
        if match is None or self.lines > MOST_LINES:
            return ""  # the input ends
        match.poll()
        if match.over:
            return "\n"
        if match.seat is not None and match.playing and match.to_move() == match.seat:
            return random_move(match, self.chooser) + "\n"
        return "\n"


@pytest.mark.parametrize(("game", "others"), TABLES, ids=[f"{g}-{o}" for g, o in TABLES])
def test_a_network_game_plays_to_the_end_in_the_terminal(host: Running, game: str, others: str) -> None:
    table = host.table(game, table_seats(others), seed=11)
    typist = Typist(3)
    client = Client(f"127.0.0.1:{host.port}", "Ann")
    client.connect()
    client.request("join", seat=0)
    match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
    typist.match = match
    people = [Person(host.port, f"P{n}", seed=n) for n, o in enumerate(others.split(",")) if o == "person"]
    for person in people:
        person.start()
    out = io.StringIO()
    assert play_networked(match, None, Console(stdin=typist, stdout=out)) == 0
    shown = out.getvalue()
    assert match.over, shown[-2000:]
    assert host.call(lambda: table.match.over)
    for person in people:
        outcome: Any = person.finish()
        assert outcome is not None and list(outcome.ranks) == list(match.outcome.ranks)  # type: ignore[union-attr]
    assert "Game over" in shown and "Traceback" not in shown
