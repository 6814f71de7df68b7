"""What a match tells its observers (the window, the terminal, the network server).

Front ends redraw from these events instead of watching the match. Events about a computer's
thinking (`THINKING`, `PROGRESS`, `THOUGHT`) are sent from the thinking thread: a listener that
draws must hand them to its own thread (the window posts them into its event queue).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: event kinds
MOVE = "move"  # a move was played (data: seat, move text)
UNDO = "undo"  # plies taken back (data: count)
REDO = "redo"  # plies replayed (data: count)
OVER = "over"  # the game ended (data: outcome)
RESUMED = "resumed"  # a finished game came back to life through undo
THINKING = "thinking"  # a computer started thinking (data: seat, purpose)
PROGRESS = "progress"  # how far its search got (data: seat, info: ai.SearchInfo, purpose)
THOUGHT = "thought"  # it has finished (data: seat, thinker, purpose); `thinker.result()` is its move
#: something to tell the players that is not a change of position (data: info, a sentence): a
#: chat line, a player who left or came back, an undo asked over the network
NEWS = "news"
#: why a computer thinks: to move for its seat, or to give a person a hint
FOR_MOVE, FOR_HINT = "move", "hint"


@dataclass(frozen=True)
class Event:
    kind: str
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
