"""The one place that decides a computer's turn: whose turn it is, asking the computer, and
playing what it decided (a move, or a claim of the draw the position allows).

The terminal, the window and the server each ran "the computer's turn" their own way, and they
disagreed: a computer at a network table never claimed a draw that the same computer claimed at
home. Now each of them asks a `TurnDriver`. What differs between them is only where the thinking
happens (a thread here, which reports its progress as the match's events; a process of the
server's pool) — the `Runner` — and when the decision is played: the terminal waits for it, the
window plays it once the last move's animation has ended, the server on its loop.

A decision is one `ai.worker.MoveJob` (the draw judged first, then the move), so the same seeds
give the same decisions wherever it runs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass, field
from typing import Any

from ludoteca.ai.worker import Decision, MoveJob
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Seat
from ludoteca.match.events import Progress, Thinking
from ludoteca.match.in_play import GameInPlay

#: where a decision is made: run `job`, then call `done` with its finished future (from any
#: thread); returns a function that cancels it
Runner = Callable[[MoveJob, Callable[["Future[Decision]"], None]], Callable[[], None]]


@dataclass
class Pending:
    """A computer's decision under way: for `seat`, at `ply`."""

    seat: Seat
    ply: int
    future: Future[Decision] = field(default_factory=Future)
    cancel: Callable[[], None] = lambda: None
    #: stopped by the driver: never played, whatever its future says
    cancelled: bool = False

    def done(self) -> bool:
        return self.future.done()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether it is decided, waiting up to `timeout` seconds."""
        try:
            self.future.exception(timeout)
        except TimeoutError:
            return False
        except CancelledError:
            pass
        return True


def in_thread(match: GameInPlay) -> Runner:
    """A runner thinking in a daemon thread of this process; its progress is sent as the match's
    `Progress` events (from that thread), as `Match.think` does for hints."""

    def run(job: MoveJob, done: Callable[[Future[Decision]], None]) -> Callable[[], None]:
        future: Future[Decision] = Future()
        future.set_running_or_notify_cancel()
        cancel = threading.Event()

        def report(info: Any) -> None:
            if not cancel.is_set():
                match.emit(Progress(job_ply, job.seat, info))

        def work() -> None:
            try:
                future.set_result(job.run(report, cancel))
            except BaseException as err:  # the owner's thread learns of it from the future
                future.set_exception(err)
            done(future)

        job_ply = match.ply
        threading.Thread(target=work, name="ludoteca-thinker", daemon=True).start()
        return cancel.set

    return run


class TurnDriver:
    """Runs the computers' turns of one match."""

    def __init__(self, match: GameInPlay, runner: Runner | None = None) -> None:
        self.match = match
        self.runner = runner or in_thread(match)
        self.pending: Pending | None = None

    def start(self, on_done: Callable[[Pending], None] | None = None) -> Pending | None:
        """If a computer is to move and none is deciding, start its decision and return it (the
        one under way otherwise; None when no computer is to move). `on_done` is called with it
        once decided, from the thread that decided it."""
        seat = self.match.computer_to_move()
        if seat is None:
            return None
        if self.pending is not None and self.pending.ply == self.match.ply and self.pending.seat == seat:
            return self.pending
        self.cancel()
        pending = Pending(seat, self.match.ply)
        self.pending = pending
        self.match.emit(Thinking(pending.ply, seat))

        def finished(future: Future[Decision]) -> None:
            _copy(future, pending.future)
            if on_done is not None:
                on_done(pending)

        pending.cancel = self.runner(self.match.move_job(seat), finished)
        return pending

    def play(self, pending: Pending, move_with: Callable[[Any], object] | None = None) -> Decision | None:
        """Carry out a finished decision, if the game is still where it was decided: claim the
        draw or play the move (through `move_with` when given: the window animates it; False
        from it means refused). None when it no longer applies (an undo, a resignation, a
        cancel); a failure of the search itself is raised."""
        if pending is self.pending:
            self.pending = None
        if (
            pending.cancelled
            or pending.future.cancelled()
            or self.match.over
            or self.match.ply != pending.ply
            or self.match.to_move() != pending.seat
            or not self.match.is_computer(pending.seat)
        ):
            return None
        decision = pending.future.result()
        try:
            if decision.claims_draw:
                self.match.claim_draw()
            elif move_with is not None:
                if move_with(decision.move) is False:
                    return None
            else:
                self.match.play(decision.move)
        except LudotecaError:
            return None  # the position changed under it: the next turn asks again
        return decision

    def cancel(self) -> None:
        """Stop the decision under way, if any (an undo, leaving the game)."""
        pending, self.pending = self.pending, None
        if pending is not None:
            pending.cancelled = True
            pending.cancel()
            pending.future.cancel()


def _copy(source: Future[Decision], target: Future[Decision]) -> None:
    if target.done():
        return
    if source.cancelled():
        target.cancel()
        return
    if not target.set_running_or_notify_cancel():
        return
    error = source.exception()
    if error is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())
