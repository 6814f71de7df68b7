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
    """How long a player may think; `cancel` stops it from another thread."""

    seconds: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def expired(self) -> bool:
        return self.cancel.is_set() or (self.seconds is not None and self.elapsed() >= self.seconds)

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
