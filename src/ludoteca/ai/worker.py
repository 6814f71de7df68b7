"""Thinking off the caller's thread, or off its process.

`Thinker.start` runs a player's `choose` in a daemon thread. The caller is told of progress and of
the end through the `on_report` and `on_done` callbacks (called on the thinking thread), or waits;
it may `cancel()` (undo, quit). A cancelled or failed search never delivers a move.

`MoveJob` is the same decision as a value that another process can run: the game's key, the
level, the budget, the player's seed and the seat's view. A server thinks for many tables at once;
its computers searching in threads would hold Python's lock, one after the other, and starve the
loop that answers everyone (`net.thinking` runs them in a pool of processes instead).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.base import Budget, Player, SearchCancelled, SearchInfo
from ludoteca.core.game import Game, Seat
from ludoteca.core.think import Think

_thinking_lock = threading.Lock()
_thinking = 0  # thinkers running now
_saved_thresholds: list[int] = []  # the collector's thresholds before the first of them started
_NEVER = 1 << 30  # a third-generation threshold no search reaches


@contextmanager
def _no_full_collections() -> Iterator[None]:
    """No full garbage collection while computers think. A full pass over every live object
    stopped a search for up to 70 ms (Qwirkle's simulations keep many alive at once), a seventh
    of a 0.5 s budget and several times that on a busy machine. The young generations are still
    collected (their passes take a millisecond or so), so short-lived cycles, the window's
    included, go as before; the full pass waits until the last thinker ends."""
    global _thinking
    with _thinking_lock:
        if _thinking == 0:
            _saved_thresholds[:] = gc.get_threshold()
            young, middle, _full = _saved_thresholds
            gc.set_threshold(young, middle, _NEVER)
        _thinking += 1
    try:
        yield
    finally:
        with _thinking_lock:
            _thinking -= 1
            if _thinking == 0:
                gc.set_threshold(*_saved_thresholds)


class Thinker:
    def __init__(
        self,
        game: Game[Any, Any],
        player: Player,
        state: Any,
        seat: Seat,
        seconds: float | None,
        *,
        nodes: int | None = None,
        on_report: Callable[[SearchInfo], None] | None = None,
        on_done: Callable[[Thinker], None] | None = None,
    ) -> None:
        self.game = game
        self.player = player
        self.state = state
        self.seat = seat
        # a count of work, when given, replaces the clock: see Budget
        self.budget = Budget(None, nodes=nodes) if nodes is not None else Budget(seconds)
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
            with _no_full_collections():
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


@dataclass(frozen=True)
class Decision:
    """What a computer decided on its turn: a move, or to claim the draw the position allows."""

    move: Any = None
    claims_draw: bool = False


@dataclass(frozen=True)
class MoveJob:
    """One computer's turn, everything it needs as plain values (so it can be pickled): the game's
    key, its level, the budget, the player's seed and the seat's view; with `draw_seed`, a draw
    may be claimed and the player judging it is seeded so (None: no draw can be claimed here)."""

    game: str
    level: int
    think: Think
    seed: int
    view: Any
    seat: Seat
    draw_seed: int | None = None

    def run(
        self, report: Callable[[SearchInfo], None] | None = None, cancel: threading.Event | None = None
    ) -> Decision:
        """The decision, made here from the job alone (in whichever thread or process runs it):
        first whether to claim the draw, then the move. Setting `cancel` stops the search."""
        from ludoteca.ai.levels import computer_for
        from ludoteca.core.registry import get_game

        game = get_game(self.game)
        with _no_full_collections():
            if self.wants_draw(game):
                return Decision(claims_draw=True)
            computer = computer_for(game, self.level, self.think, self.seed)
            budget = computer.budget()
            if cancel is not None:
                budget.cancel = cancel
            return Decision(computer.player.choose(game, self.view, self.seat, budget, report))

    def wants_draw(self, game: Game[Any, Any]) -> bool:
        """Whether the player (seeded for this purpose) claims the draw, when one may be claimed;
        players that cannot judge one never claim, and a failing judgement is no claim: the
        computer plays on."""
        from ludoteca.ai.levels import computer_for

        if self.draw_seed is None:
            return False
        computer = computer_for(game, self.level, self.think, self.draw_seed)
        wants = getattr(computer.player, "wants_draw", None)
        if wants is None:
            return False
        try:
            if computer.nodes is not None:
                # judged on a count too, or a replay could claim where the first game played on
                return bool(wants(game, self.view, self.seat, budget=computer.budget()))
            return bool(wants(game, self.view, self.seat, seconds=min(computer.think, 0.5)))
        except SearchCancelled:
            raise
        except Exception:
            return False
