"""What a match tells its observers (the window, the terminal, the network server).

Front ends redraw from these events instead of watching the match. Events about a computer's
thinking (`THINKING`, `PROGRESS`, `THOUGHT`) are sent from the thinking thread: a listener that
draws must hand them to its own thread (the window posts them into its event queue).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """What happened (the data each kind carries is said beside it)."""

    #: a move was played (seat, move text)
    MOVE = "move"
    #: plies taken back (count)
    UNDO = "undo"
    #: plies replayed (count)
    REDO = "redo"
    #: the game ended (outcome)
    OVER = "over"
    #: a finished game came back to life through undo
    RESUMED = "resumed"
    #: a computer started thinking (seat, purpose)
    THINKING = "thinking"
    #: how far its search got (seat, info: ai.SearchInfo, purpose)
    PROGRESS = "progress"
    #: a hint's search has finished (seat, thinker, purpose); `thinker.result()` is its move
    THOUGHT = "thought"
    #: something to tell the players that is not a change of position (info, a sentence): a chat
    #: line, a player who left or came back, an undo asked over the network
    NEWS = "news"


MOVE, UNDO, REDO, OVER = EventKind.MOVE, EventKind.UNDO, EventKind.REDO, EventKind.OVER
RESUMED, THINKING, PROGRESS = EventKind.RESUMED, EventKind.THINKING, EventKind.PROGRESS
THOUGHT, NEWS = EventKind.THOUGHT, EventKind.NEWS
#: why a computer thinks: to move for its seat, or to give a person a hint
FOR_MOVE, FOR_HINT = "move", "hint"


@dataclass(frozen=True)
class Event:
    kind: EventKind
    ply: int
    seat: int | None = None
    move: str | None = None
    count: int = 0
    outcome: Any = None
    info: Any = None
    thinker: Any = None
    purpose: str = FOR_MOVE


@dataclass(frozen=True)
class Question:
    """The info of a NEWS event that asks the players something (may the last move be taken back
    over the network?): the sentence, and each answer with what choosing it does. Shown as a
    sentence where a front end cannot ask (`str`)."""

    text: str
    answers: tuple[tuple[str, Callable[[], None]], ...] = ()

    def __str__(self) -> str:
        return self.text
