"""Whose eyes the board is drawn through, and what they may see.

At a shared screen with secrets (hot-seat Qwirkle, Robot Turtles) the board shows a player's hand
only once that player has taken the screen; otherwise it is drawn for the one person at the table,
or for a spectator. What they see (the view, the moves as they may read them) is made once per
change, not every frame.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Seat
from ludoteca.match import GameInPlay


class Viewpoint:
    def __init__(self, match: GameInPlay) -> None:
        self.match = match
        #: the person whose secrets may be drawn (hot-seat with hidden information)
        self.shown_to: Seat | None = None
        self._view: tuple[Seat | None, Any] | None = None
        self._shown_moves: tuple[tuple[Seat | None, int], list[str]] | None = None

    def forget(self) -> None:
        """The position changed: what was seen of the old one is made again when asked."""
        self._view = None
        self._shown_moves = None

    def last_view(self) -> Any:
        """The view made before the position changed (None if none was)."""
        return self._view[1] if self._view is not None else None

    def elsewhere(self, seat: Seat) -> bool:
        """Whether `seat` is played somewhere else (a person over the network)."""
        return self.match.seats[seat].kind == "remote"

    def here(self, seat: Seat) -> bool:
        """Whether a person at this screen plays `seat`."""
        return not self.match.is_computer(seat) and not self.elsewhere(seat)

    def human_to_move(self) -> Seat | None:
        seat = self.match.to_move()
        return seat if seat is not None and self.here(seat) else None

    def viewer(self) -> Seat | None:
        """The person to move (once the screen is theirs), else the only person at the table,
        else a spectator (None)."""
        seat = self.match.to_move()
        if seat is not None and self.here(seat):
            return seat if not self.needs_curtain() else None
        humans = self.match.human_seats
        return humans[0] if len(humans) == 1 else None

    def needs_curtain(self) -> bool:
        """Hot-seat with secrets: the next person must take the screen before their hand is drawn."""
        seat = self.match.to_move()
        return (
            self.match.game.info.hidden_information
            and len(self.match.human_seats) >= 2
            and seat is not None
            and self.here(seat)
            and seat != self.shown_to
        )

    def show_to(self, seat: Seat) -> None:
        self.shown_to = seat
        self._view = None

    def view(self) -> Any:
        if self._view is None:
            viewer = self.viewer()
            self._view = (viewer, self.match.view(viewer))
        return self._view[1]

    def shown_moves(self) -> list[str]:
        """The moves as the viewer may read them (after a 70-move game of Qwirkle, reading them
        all again took most of a frame)."""
        key = (self.viewer(), self.match.ply)
        if self._shown_moves is None or self._shown_moves[0] != key:
            self._shown_moves = (key, self.match.public_moves(key[0]))
        return self._shown_moves[1]
