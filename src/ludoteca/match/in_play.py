"""`GameInPlay`: a game as a front end reads it and asks things of it, wherever it is played.

Two kinds of object answer to it: a `Match`, whose whole history lives here, and a
`net.remote.RemoteMatch`, which holds only what a server sent this seat (its view, the moves as it
may read them, whose turn, the clocks) and forwards what the person asks. The terminal loop, the
window's screens and the session helpers are written against this interface, so they play a
network game with the code they play a local one — and never reach for a history a network game
does not have.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from ludoteca.core.game import Game, Seat
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.seats import SeatSpec
from ludoteca.match.events import FOR_MOVE, Event, Listener

if TYPE_CHECKING:
    from ludoteca.ai.worker import MoveJob, Thinker
    from ludoteca.match.match import Match


class GameInPlay(Protocol):
    game: Game[Any, Any]
    #: the game's options, every one given
    options: dict[str, Any]
    #: who plays each seat, as this side knows them (a network seat is "remote")
    seats: tuple[SeatSpec, ...]
    #: how the game ended when the rules did not end it (a resignation, a draw claim…)
    termination: Termination | None

    # ----- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position as this side holds it (over the network: this seat's view)."""

    @property
    def ply(self) -> int:
        """How many moves were played."""

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def human_seats(self) -> tuple[Seat, ...]:
        """The seats played by a person at this screen."""

    def to_move(self) -> Seat | None: ...

    def view(self, seat: Seat | None) -> Any:
        """What `seat` may see (None: a spectator); over the network, whatever this seat may."""

    def is_computer(self, seat: Seat) -> bool:
        """Whether a computer plays `seat` *here* (a network table's computers play on its server)."""

    def lone_human(self) -> Seat | None: ...

    def seat_label(self, seat: Seat) -> str: ...

    def describe_last(self, state: Any = None) -> str: ...

    def named(self) -> AbstractContextManager[None]: ...

    def public_moves(self, viewer: Seat | None, start: int = 0) -> list[str]:
        """The moves from `start` on as `viewer` may read them: texts to show, never to parse."""

    def clock_left(self, seat: Seat) -> float | None: ...

    # ----- news -------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]: ...

    def emit(self, event: Event) -> None: ...

    def poll(self) -> bool:
        """Let news from elsewhere arrive, as events on the caller's thread."""

    def close(self) -> None: ...

    def saveable(self) -> Match | None:
        """The match a front end may save itself; None where the game is kept by its host."""

    # ----- asking -----------------------------------------------------------------------------
    def play(self, move: Any, *, expected_ply: int | None = None) -> Any: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> int:
        """Take moves back (how many; 0 when nothing was, or when others were asked to agree)."""

    def undo_barrier(self) -> str | None: ...

    def can_redo(self) -> bool: ...

    def redo(self) -> int: ...

    def resign(self, seat: Seat | None = None) -> Outcome | None: ...

    def can_claim_draw(self) -> bool: ...

    def claim_draw(self) -> Outcome | None: ...

    # ----- computers --------------------------------------------------------------------------
    def computer_to_move(self) -> Seat | None:
        """The seat of a computer that plays here and is to move (never one on a server)."""

    def move_job(self, seat: Seat) -> MoveJob:
        """The decision of the computer in `seat`, for `match.driver` to run."""

    def think(self, seat: Seat | None = None, level: int | None = None, purpose: str = FOR_MOVE) -> Thinker:
        """A computer thinking on `seat`'s view in the background (a person's hint)."""
