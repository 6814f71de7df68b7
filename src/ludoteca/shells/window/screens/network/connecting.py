"""Reaching a host without freezing the window: one attempt at a time runs in a background thread,
and the screen collects what it brought at its next frame.

An attempt ends as `("error", sentence)`, `("lobby", (client, tables))` when the address is a
club's, or `("match", RemoteMatch)`. When the player's own seat is being played from another
connection, the attempt stops to ask whether to take it over here: `asking` turns true, the screen
shows the question and hands the answer back with `answer` (leaving the page answers no).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.net.client import Client
from ludoteca.shells.network import join_game
from ludoteca.store import Store

Outcome = tuple[str, Any]

#: how long an attempt waits for the player to answer whether to take their seat over
QUESTION_SECONDS = 300.0


class Connector:
    def __init__(self, store: Store, started: Callable[[], None]) -> None:
        self.store = store
        #: called once an attempt is under way (the page greys what cannot be done meanwhile)
        self._started = started
        #: a club's connection, kept open after listing its tables so that picking one needs no new
        #: hello; None once a match owns it
        self.client: Client | None = None
        self._thread: threading.Thread | None = None
        self._result: Outcome | None = None
        #: the attempt waits for the player's answer to "take your seat over here?"
        self.asking = False
        self._answer = False
        self._answered = threading.Event()

    @property
    def busy(self) -> bool:
        """Whether an attempt is under way or has ended without the screen collecting it yet."""
        return self._thread is not None

    def join(self, address: str, name: str, watch: bool) -> None:
        self._start(partial(self._connect, address, name, watch))

    def sit(self, client: Client, address: str, table: str, watch: bool) -> None:
        """Take a seat at (or watch) `table` of the club `client` is connected to."""
        store = self.store
        self._start(
            lambda: (
                "match",
                join_game(
                    store, address, client.name, table=table, watch=watch, client=client, take_over=self._ask
                ),
            )
        )

    def answer(self, take: bool) -> None:
        """The player's answer to the question the attempt is waiting on (see `asking`)."""
        if self.asking:
            self._answer, self.asking = take, False
            self._answered.set()

    def _ask(self) -> bool:
        """Run by the attempt's thread: wait for the screen to ask the player (a forgotten question
        counts as no after a while, so the thread never hangs on)."""
        self._answered.clear()
        self._answer, self.asking = False, True
        if not self._answered.wait(QUESTION_SECONDS):
            self.asking = False
        return self._answer

    def finished(self) -> bool:
        """True once, at the first frame after an attempt has ended."""
        if self._thread is None or self._thread.is_alive():
            return False
        self._thread = None
        return True

    def take(self) -> Outcome | None:
        result, self._result = self._result, None
        return result

    def drop(self) -> None:
        self.answer(False)
        if self.client is not None:
            self.client.close()
            self.client = None

    def _connect(self, address: str, name: str, watch: bool) -> Outcome:
        client = Client(address, name)
        welcome = client.connect()
        if welcome.get("mode") == "club":
            return "lobby", (client, list(welcome.get("tables") or []))
        return "match", join_game(self.store, address, name, watch=watch, client=client, take_over=self._ask)

    def _start(self, work: Callable[[], Outcome]) -> None:
        def run() -> None:
            try:
                self._result = work()
            except LudotecaError as err:
                self._result = ("error", str(err))
            except Exception as err:  # a network surprise must not take the window down
                self._result = ("error", _("Could not connect: {err}").format(err=err))

        self._result = None
        self._thread = threading.Thread(target=run, name="ludoteca-join", daemon=True)
        self._thread.start()
        self._started()
