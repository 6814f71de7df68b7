"""What a match tells its observers (views, the store, the network)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: event kinds
MOVE = "move"  # a move was played (data: seat, move text)
UNDO = "undo"  # plies taken back (data: count)
REDO = "redo"  # plies replayed (data: count)
OVER = "over"  # the game ended (data: outcome)
RESUMED = "resumed"  # a finished game came back to life through undo


@dataclass(frozen=True)
class Event:
    kind: str
    ply: int
    seat: int | None = None
    move: str | None = None
    count: int = 0
    outcome: Any = None
