"""What a computer player is, and how its thinking is bounded and reported."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.game import Game, Seat, implements


class SearchCancelled(Exception):
    """Raised inside a search when its budget was cancelled (the user undid, quit, …)."""


@dataclass
class Budget:
    """How long a player may think; `cancel` stops it from another thread.

    With `nodes`, the budget is a count of work instead of a time: the player stops once it has
    searched that many positions (or run that many playouts), whatever the clock says, so the
    same position gets the same answer on any machine at any load. Players count what they do
    with `spend` (or, for engines with counters of their own, check `nodes_left` and `spend` the
    total when they stop); `expired` answers for either kind of budget."""

    seconds: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    nodes: int | None = None
    #: positions searched or playouts run so far, against `nodes`
    spent: int = 0

    @property
    def counted(self) -> bool:
        """Whether this budget is a count of work (the clock is not read at all then)."""
        return self.nodes is not None

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def spend(self, count: int = 1) -> None:
        self.spent += count

    def nodes_left(self) -> int | None:
        """What remains of a counted budget (None for a time budget)."""
        return None if self.nodes is None else max(0, self.nodes - self.spent)

    def expired(self) -> bool:
        if self.cancel.is_set():
            return True
        if self.nodes is not None:
            return self.spent >= self.nodes
        return self.seconds is not None and self.elapsed() >= self.seconds

    def seconds_or(self, default: float) -> float | None:
        """The time this budget allows, `default` when it gives none; None for a counted budget
        (which no clock may cut short)."""
        if self.nodes is not None:
            return None
        return self.seconds if self.seconds is not None else default

    def check(self) -> None:
        if self.cancel.is_set():
            raise SearchCancelled


@dataclass(frozen=True)
class SearchInfo:
    """Progress of a search, for "thinking… depth 7" displays."""

    depth: int = 0
    score: float | None = None
    best_line: tuple[str, ...] = ()
    nodes: int = 0
    elapsed: float = 0.0


Report = Callable[[SearchInfo], None]


class Player(ABC):
    """A computer player. It receives only the view of its own seat (never hidden information)."""

    name: str = "computer"

    @abstractmethod
    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        budget: Budget,
        report: Report | None = None,
    ) -> Any:
        """A legal move for `seat` in `state` (the seat's view)."""


def has_evaluate(game: Game[Any, Any]) -> bool:
    """Whether the game gives its own `evaluate` (the contract's default only raises).

    Asked before a search starts, so that a game without one gets players that do not need it
    rather than a failure in the middle of a move."""
    return implements(game, "evaluate")
