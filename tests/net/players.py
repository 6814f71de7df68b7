"""Players for whole network games in the tests: a person at another computer (a thread playing
random legal moves from its own view), and the tables the games are played at."""

from __future__ import annotations

import random
import threading
from typing import Any

from ludoteca.net.client import Client, NetError
from ludoteca.net.remote import RemoteMatch

#: every game with two or more seats, the seats of its table besides the player under test
#: ("remote" is a person at another computer, "computer:1" a computer at the server)
TABLES: list[tuple[str, str]] = [
    ("connect4", "person"),
    ("connect4", "computer:1"),
    ("othello", "person"),
    ("othello", "computer:1"),
    ("khet", "person"),
    ("khet", "computer:1"),
    ("qwirkle", "person,computer:1"),
    ("turtles", "person,computer:1"),
]


def table_seats(others: str) -> str:
    """The server's seats: the player under test first, then the others."""
    return ",".join(["remote", *("remote" if o == "person" else o for o in others.split(","))])


def random_move(match: RemoteMatch, chooser: random.Random) -> str:
    """A legal move of the seat's own view, in notation; one that ends the game only when all do
    (so the games last long enough to show every kind of move)."""
    game, view = match.game, match.state
    legal = sorted(game.legal_moves(view), key=lambda m: game.format_move(view, m))
    return game.format_move(view, chooser.choice(legal))


class Person(threading.Thread):
    """Someone at another computer: joins the table and plays random legal moves to the end."""

    def __init__(self, port: int, name: str, seed: int) -> None:
        super().__init__(name=f"person-{name}", daemon=True)
        client = Client(f"127.0.0.1:{port}", name)
        client.connect()
        client.request("join")
        self.match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
        self.chooser = random.Random(seed)
        self.error: BaseException | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        match = self.match
        try:
            while not match.over and not self.stop.is_set():
                if match.seat is not None and match.playing and match.to_move() == match.seat:
                    try:
                        match.play(random_move(match, self.chooser))
                    except NetError:
                        match.wait(0.05)  # the position moved on meanwhile: look again
                else:
                    match.wait(0.05)
        except BaseException as err:  # the test reads it
            self.error = err

    def finish(self) -> Any:
        self.stop.set()
        self.join(30)
        outcome = self.match.outcome
        self.match.leave()
        assert self.error is None, self.error
        return outcome
