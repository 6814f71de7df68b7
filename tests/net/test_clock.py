"""Clocks kept by the server: they run for the seat to move, gain the increment, pause for a
player who vanished unless the table says otherwise, and a fallen flag ends the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any

import pytest

from ludoteca.ai.worker import MoveJob
from ludoteca.core.errors import OptionError
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.net.clock import Clock, ClockSettings
from ludoteca.net.table import Table
from ludoteca.store import ResultRow
from ludoteca.store.tables import TableRow


class FakeHost:
    """A table's surroundings with a hand-turned clock and no threads."""

    def __init__(self) -> None:
        self.time = 0.0
        self.queue: list[Callable[[], None]] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.rows: list[TableRow] = []

    def commit(self, row: TableRow, then: Callable[[], None], result: ResultRow | None = None) -> None:
        self.rows.append(row)
        then()

    def soon(self, action: Callable[[], None]) -> None:
        self.queue.append(action)

    def later(self, seconds: float, action: Callable[[], None]) -> Callable[[], None]:
        timer = (self.time + seconds, action)
        self.timers.append(timer)
        return lambda: self.timers.remove(timer) if timer in self.timers else None

    def now(self) -> float:
        return self.time

    def think(self, table: str, job: MoveJob, done: Callable[[Future[Any]], None]) -> Callable[[], None]:
        future: Future[Any] = Future()

        def run() -> None:
            if future.set_running_or_notify_cancel():
                future.set_result(job.run())
                done(future)

        self.queue.append(run)
        return lambda: future.cancel() and None

    def run(self) -> None:
        while self.queue:
            self.queue.pop(0)()

    def advance(self, seconds: float) -> None:
        self.time += seconds
        for due, action in sorted(self.timers, key=lambda t: t[0]):
            if due <= self.time and (due, action) in self.timers:
                self.timers.remove((due, action))
                action()
        self.run()


class Member:
    def __init__(self, name: str) -> None:
        self.name = name
        self.scenes = False
        self.inbox: list[Mapping[str, Any]] = []

    def send(self, message: Mapping[str, Any]) -> None:
        self.inbox.append(message)


def test_the_clock_runs_for_the_seat_to_move_and_adds_the_increment() -> None:
    now = [0.0]
    clock = Clock(ClockSettings(1, 5), 2, lambda: now[0])
    clock.turn(0)
    now[0] = 20
    clock.moved(0, 1)
    assert clock.left_ms() == [45_000, 60_000]
    now[0] = 30
    assert clock.public()["running"] == 1 and clock.left_ms() == [45_000, 50_000]
    clock.present(1, False)  # Bob vanished: his clock waits for him
    now[0] = 100
    assert clock.left_ms() == [45_000, 50_000] and clock.seconds_to_flag() is None


def test_a_fallen_flag_ends_the_game_as_a_resignation() -> None:
    host = FakeHost()
    game = get_game("connect4")
    table = Table.new(
        "t", game, {}, [SeatSpec("remote"), SeatSpec("remote")], 1, host, clock=ClockSettings(1, 0)
    )
    ann, bob = Member("Ann"), Member("Bob")
    table.join(ann)
    table.join(bob)
    host.run()
    table.move(ann, table.version, "4")
    host.run()
    host.advance(59)
    assert not table.match.over and table.state_message(0)["clock"]["left"][1] == 1000
    host.advance(2)
    outcome = table.match.outcome
    assert outcome is not None and outcome.winner == 0 and "time" in str(outcome.reason)
    assert table.status == "over" and ann.inbox[-1]["outcome"]["ranks"] == [1, 2]
    assert host.rows[-1].status == "over"


def test_a_table_with_the_wrong_number_of_seats_says_how_many_the_game_is_for() -> None:
    connect4, fiveormore = get_game("connect4"), get_game("fiveormore")
    three = [SeatSpec("human"), SeatSpec("remote"), SeatSpec("remote")]
    with pytest.raises(OptionError, match="Connect Four is for 2 players, not 3"):
        Table.new("t", connect4, {}, three, 1, FakeHost())
    # a solitaire never had a range to be played in: "for 2–1 players" said nothing true
    with pytest.raises(OptionError, match="Five or More is played alone, so not over the network"):
        Table.new("t", fiveormore, {}, three[:2], 1, FakeHost())
