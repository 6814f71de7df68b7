"""Members of a club for the tests: a signed-in client that plays a seat with random legal moves
(tests/net/players.py's way), and what a test needs to run a club with accounts."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from ludoteca.core.errors import IllegalMove
from ludoteca.net.client import Client, NetError
from ludoteca.net.remote import RemoteMatch
from ludoteca.store.credentials import Passwords
from tests.net.players import random_move

#: Argon2id made cheap for tests (the club's own parameters are measured by `hash_timing`)
CHEAP = {"time_cost": 1, "memory_cost": 8, "parallelism": 1}
PASSWORDS = {"Ann": "ann-secret-passphrase", "Bob": "bob-secret-passphrase", "Cy": "cy-secret-passphrase"}


def cheap_passwords() -> Passwords:
    return Passwords(**CHEAP)


def member(port: int, name: str, *, new: bool = True) -> Client:
    """A client of `name`, signed up (or in) at the club on `port`."""
    client = Client(f"127.0.0.1:{port}", name)
    client.connect()
    client.request("sign_up" if new else "sign_in", name=name, password=PASSWORDS[name])
    return client


class Seat(threading.Thread):
    """A member at a seat, playing random legal moves; the one to move at `resign_after` plies
    resigns (so that a long game ends in a test's time)."""

    def __init__(self, match: RemoteMatch, seed: int, resign_after: int | None = None) -> None:
        super().__init__(name=f"seat-{match.seat}", daemon=True)
        self.match = match
        self.chooser = random.Random(seed)
        self.resign_after = resign_after
        self.error: BaseException | None = None

    def run(self) -> None:
        match = self.match
        deadline = time.monotonic() + 120
        try:
            while not match.over and time.monotonic() < deadline:
                match.wait(0.02)
                if match.over:
                    break
                if match.seat is not None and match.playing and match.to_move() == match.seat:
                    try:
                        if self.resign_after is not None and len(match.moves) >= self.resign_after:
                            match.resign()
                        else:
                            match.play(random_move(match, self.chooser))
                    except (NetError, IllegalMove):
                        pass  # a state changed under it: the next poll tells
        except BaseException as err:  # the test says what went wrong
            self.error = err


def play_out(seats: list[Seat], timeout: float = 150) -> None:
    for seat in seats:
        seat.start()
    for seat in seats:
        seat.join(timeout)
        assert seat.error is None, seat.error
        assert seat.match.over, "the game did not end"


def wait_for(predicate: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("waited in vain")
