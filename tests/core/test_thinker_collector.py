"""While a computer thinks, no full garbage collection pauses its search; afterwards the
collector is as it was."""

from __future__ import annotations

import gc
import threading
from typing import Any

from ludoteca_tictactoe import GAME

from ludoteca.ai.base import Budget, Player, Report
from ludoteca.ai.worker import Thinker


class Watcher(Player):
    """Records the collector's thresholds while it thinks; waits for `go` before answering."""

    def __init__(self) -> None:
        self.seen: tuple[int, int, int] | None = None
        self.go = threading.Event()
        self.started = threading.Event()

    def choose(self, game: Any, state: Any, seat: int, budget: Budget, report: Report | None = None) -> Any:
        self.seen = gc.get_threshold()
        self.started.set()
        self.go.wait(10)
        return game.legal_moves(state)[0]


def test_full_collections_wait_for_the_end_of_thinking_and_come_back() -> None:
    before = gc.get_threshold()
    state = GAME.start(GAME.options(), 1, 2)
    first, second = Watcher(), Watcher()
    one = Thinker(GAME, first, state, 0, None).start()
    two = Thinker(GAME, second, state, 0, None).start()
    for watcher in (first, second):
        watcher.started.wait(10)
    first.go.set()
    one.result()
    assert gc.get_threshold()[2] > 10**6  # the other one still thinks
    second.go.set()
    two.result()
    assert first.seen is not None and first.seen[:2] == before[:2] and first.seen[2] > 10**6
    assert gc.get_threshold() == before
