"""What a local `Match` and a network `RemoteMatch` read the same way: the seats, their labels,
the rules' sentences naming the players, and the outcome worded in the reader's language.

Both hold a game, its seats, a position (a network seat's is its view) and, when something other
than the rules ended the game, that ending; everything here follows from those.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from ludoteca.ai.levels import Computer
from ludoteca.ai.worker import Thinker
from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game, Seat, players_named
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.record import stated_outcome
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _
from ludoteca.match.events import FOR_MOVE, Progress, Publisher, Thinking, Thought


class SeatedGame(Publisher):
    game: Game[Any, Any]
    seats: tuple[SeatSpec, ...]
    #: an ending the rules did not produce: resignation, draw claim, a fallen flag, a stopped solitaire
    _ended: Outcome | None
    termination: Termination | None

    @property
    def state(self) -> Any:
        raise NotImplementedError

    @property
    def ply(self) -> int:
        raise NotImplementedError

    def to_move(self) -> Seat | None:
        raise NotImplementedError

    def view(self, seat: Seat | None) -> Any:
        raise NotImplementedError

    def _computer(self, seat: Seat, level: int, purpose: str) -> Computer:
        """The computer player deciding for `seat` now (seeded so a replay meets the same one)."""
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        ended = self._ended
        with self.named():
            if ended is None:
                return self.game.outcome(self.state)
            # worded at each reading, so "Silver resigned" follows a change of language
            names = [self.seat_label(seat) for seat in range(len(self.seats))]
            return stated_outcome(self.game, self.state, self.termination, ended.ranks, ended.scores, names)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def named(self) -> AbstractContextManager[None]:
        """A block in which the rules' sentences name the players as this match knows them."""
        return players_named([spec.name for spec in self.seats])

    def describe_last(self, state: Any = None) -> str:
        """The rules' sentence on the last move of `state` (the match's own by default; a seat's
        view of it), naming the players."""
        with self.named():
            return str(self.game.describe_last(self.state if state is None else state))

    @property
    def human_seats(self) -> tuple[Seat, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    def lone_human(self) -> Seat | None:
        """The one person at the table, whose secrets may be shown; None when several share it."""
        humans = self.human_seats
        return humans[0] if len(humans) == 1 else None

    def seat_label(self, seat: Seat) -> str:
        """ "Ann (Black)" or "Black" or "Computer 3 (White)"."""
        colour = self.game.seat_name(self.state, seat)
        spec = self.seats[seat]
        if spec.name:
            return f"{spec.name} ({colour})"
        if spec.is_computer:
            return _("{colour} (computer, level {level})").format(colour=colour, level=spec.level)
        return colour

    def think(self, seat: Seat | None = None, level: int | None = None, purpose: str = FOR_MOVE) -> Thinker:
        """Start a computer player on `seat`'s view in a background thread (for hints too). Its
        progress and its end are sent as `Progress` and `Thought` events, from that thread."""
        seat = self.to_move() if seat is None else seat
        if seat is None:
            raise OptionError(_("the game is over"))
        spec = self.seats[seat]
        computer = self._computer(seat, level or spec.level or 3, purpose)
        ply = self.ply
        thinker = Thinker(
            self.game,
            computer.player,
            self.view(seat),
            seat,
            computer.think,
            nodes=computer.nodes,
            on_report=lambda info: self.emit(Progress(ply, seat, info, purpose)),
            on_done=lambda done: self.emit(Thought(ply, seat, done, purpose)),
        )
        self.emit(Thinking(ply, seat, purpose))
        return thinker.start()
