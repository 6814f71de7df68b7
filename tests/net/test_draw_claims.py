"""A computer claims a draw at a network table as it does at home: both ask the same turn driver
(`match.driver`), which judges the draw before choosing a move. The server's computers used to
never claim one."""

from __future__ import annotations

import json
import time

from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.match import Match
from ludoteca.match.driver import TurnDriver
from ludoteca.net.server import CLUB
from ludoteca.net.tablestore import MemoryTableStore
from ludoteca.store.tables import TableRow
from tests.net.conftest import Running

#: both sides shuffle an Anubis until the position comes back a third time, Red to move
SHUFFLE = ["d1+", "e8+", "d1-", "e8-"] * 2 + ["d1+", "e8+", "d1-", "e8-", "d1+", "e8+", "d1-", "e8-", "d1+"]
THINK = 0.3


def red_behind_and_repeating() -> str:
    """The record of a Khet game where Red, three Pyramids down, may claim a draw on its turn."""
    game = get_game("khet")
    start = game.start(game.options({}), 1, 2)
    text = game.position_text(start)
    for pyramid in (" R:P:c7:SW", " R:P:h8:SE", " R:P:g3:SE"):
        text = text.replace(pyramid, "")
    match = Match(game, game.options({}), list(parse_seats("Ann=human,computer:3")), 1, position=text)
    for move in SHUFFLE:
        match.play(move)
    assert match.can_claim_draw() and match.to_move() == 1
    return match.to_record().dumps()


def test_a_computer_claims_the_draw_at_home_and_at_a_network_table() -> None:
    record = red_behind_and_repeating()
    game = get_game("khet")
    at_home = Match.from_record(game, Record.loads(record), record, think=THINK)
    driver = TurnDriver(at_home)
    pending = driver.start()
    assert pending is not None and pending.wait(30)
    decision = driver.play(pending)
    assert decision is not None and decision.claims_draw
    assert at_home.over and at_home.termination == "draw claim"

    store = MemoryTableStore()
    places = [
        {"name": "Ann", "level": None, "token": None},
        {"name": "Computer 3", "level": 3, "token": None},
    ]
    meta = {"places": places, "creator": 0, "version": len(SHUFFLE), "clock": None}
    store.save_tables([TableRow("t1", "khet", "playing", record, json.dumps(meta))])
    running = Running(CLUB, store=store)
    running.server.think = THINK
    running.start()
    try:
        (table,) = running.call(running.server.resume_tables)
        deadline = time.monotonic() + 30
        while not running.call(lambda: table.match.over) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert running.call(lambda: table.match.termination) == "draw claim"
        outcome = running.call(lambda: table.match.outcome)
        assert outcome is not None and list(outcome.ranks) == [1, 1]
        assert store.tables["t1"].status == "over"
    finally:
        running.stop()
