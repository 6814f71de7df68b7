"""Thinking off the caller's thread.

`Thinker.start` runs a player's `choose` in a daemon thread. The caller is told of progress and of
the end through the `on_report` and `on_done` callbacks (called on the thinking thread), or waits;
it may `cancel()` (undo, quit). A cancelled or failed search never delivers a move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ludoteca.ai.base import Budget, Player, SearchCancelled, SearchInfo
from ludoteca.core.game import Game, Seat


class Thinker:
    def __init__(
        self,
        game: Game[Any, Any],
        player: Player,
        state: Any,
        seat: Seat,
        seconds: float | None,
        *,
        on_report: Callable[[SearchInfo], None] | None = None,
        on_done: Callable[[Thinker], None] | None = None,
    ) -> None:
        self.game = game
        self.player = player
        self.state = state
        self.seat = seat
        self.budget = Budget(seconds)
        self.info = SearchInfo()
        self.move: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._done = threading.Event()
        self._on_report = on_report
        self._on_done = on_done
        self._thread = threading.Thread(target=self._run, name="ludoteca-thinker", daemon=True)

    def start(self) -> Thinker:
        self._thread.start()
        return self

    def _report(self, info: SearchInfo) -> None:
        self.info = info
        if self._on_report is not None and not self.cancelled:
            self._on_report(info)

    def _run(self) -> None:
        try:
            self.move = self.player.choose(self.game, self.state, self.seat, self.budget, self._report)
        except SearchCancelled:
            self.cancelled = True
        except BaseException as err:
            self.error = err
        finally:
            self._done.set()
            if self._on_done is not None and not self.cancelled:
                self._on_done(self)

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def cancel(self) -> None:
        self.cancelled = True
        self.budget.cancel.set()

    def result(self) -> Any:
        """The chosen move (call once `done()`); re-raises a failure from the thread."""
        self._done.wait()
        if self.error is not None:
            raise self.error
        if self.cancelled:
            raise SearchCancelled
        return self.move
