"""What a match tells its observers (the window, the terminal, the network server).

Front ends redraw from these events instead of watching the match. Each kind of event is its own
frozen dataclass carrying exactly its data, so a listener reads `event.count` only where an event
has a count (`match event: case Undone(count=n): …`). Events about a computer's thinking
(`Thinking`, `Progress`, `Thought`) are sent from the thinking thread: a listener that draws must
hand them to its own thread (the window posts them into its event queue).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ludoteca.ai.base import SearchInfo
    from ludoteca.ai.worker import Thinker
    from ludoteca.core.outcome import Outcome


class EventKind(StrEnum):
    """The name each kind of event goes by in logs, records and messages."""

    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    OVER = "over"
    RESUMED = "resumed"
    THINKING = "thinking"
    PROGRESS = "progress"
    THOUGHT = "thought"
    NEWS = "news"


#: why a computer thinks: to move for its seat, or to give a person a hint
FOR_MOVE, FOR_HINT = "move", "hint"


@dataclass(frozen=True)
class Event:
    """What every event carries: how many moves had been played when it happened."""

    ply: int
    kind: ClassVar[EventKind]


@dataclass(frozen=True)
class Moved(Event):
    """A move was played (by `seat`, None where the one who played it is not known here)."""

    seat: int | None
    move: str
    kind: ClassVar[EventKind] = EventKind.MOVE


@dataclass(frozen=True)
class Undone(Event):
    """`count` plies were taken back."""

    count: int
    kind: ClassVar[EventKind] = EventKind.UNDO


@dataclass(frozen=True)
class Redone(Event):
    """`count` plies that undo took back were played again."""

    count: int
    kind: ClassVar[EventKind] = EventKind.REDO


@dataclass(frozen=True)
class Ended(Event):
    """The game is over."""

    outcome: Outcome
    kind: ClassVar[EventKind] = EventKind.OVER


@dataclass(frozen=True)
class Resumed(Event):
    """A finished game came back to life through undo."""

    kind: ClassVar[EventKind] = EventKind.RESUMED


@dataclass(frozen=True)
class Thinking(Event):
    """A computer started thinking for `seat` (to move, or for a person's hint)."""

    seat: int
    purpose: str = FOR_MOVE
    kind: ClassVar[EventKind] = EventKind.THINKING


@dataclass(frozen=True)
class Progress(Event):
    """How far a computer's search has got."""

    seat: int
    info: SearchInfo
    purpose: str = FOR_MOVE
    kind: ClassVar[EventKind] = EventKind.PROGRESS


@dataclass(frozen=True)
class Thought(Event):
    """A search started by `Match.think` (a hint) has finished: `thinker.result()` is its move."""

    seat: int
    thinker: Thinker
    purpose: str = FOR_HINT
    kind: ClassVar[EventKind] = EventKind.THOUGHT


@dataclass(frozen=True)
class Question:
    """What a `News` event may ask the players (may the last move be taken back over the
    network?): the sentence, and each answer with what choosing it does. Shown as a sentence
    where a front end cannot ask (`str`)."""

    text: str
    answers: tuple[tuple[str, Callable[[], None]], ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class News(Event):
    """Something to tell the players that is not a change of position: a chat line, a player
    who left or came back, a question."""

    info: str | Question
    kind: ClassVar[EventKind] = EventKind.NEWS


#: the events that change what the board shows
POSITION_EVENTS = (Moved, Undone, Redone, Ended, Resumed)

Listener = Callable[[Event], None]


class Publisher:
    """Keeps a match's listeners and tells them its events, in the order they subscribed."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` on every event; returns a function that unsubscribes."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)
