"""`Match`: history, undo/redo, resignation, draw claims and records around a `Game`.

The match never decides *how* a move is chosen: front ends ask it who is to move, get a move
from the person or from a computer player (through `ludoteca.ai.worker.Thinker`), and hand it to
`play`. Everything that happened is kept as a list of states, so undo and redo are list moves.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from ludoteca.ai.levels import Computer, computer_for, player_seed
from ludoteca.ai.worker import MoveJob
from ludoteca.core.errors import IllegalMove
from ludoteca.core.game import Game, Seat, players_named
from ludoteca.core.options import Options
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.record import Record, record_outcome, replay, start_state
from ludoteca.core.registry import distribution_of
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import N_, Sentence, _
from ludoteca.match import events
from ludoteca.match.events import Ended, Moved, Redone, Resumed, Undone
from ludoteca.match.seated import SeatedGame


class Match(SeatedGame):
    def __init__(
        self,
        game: Game[Any, Any],
        options: Options,
        seats: Sequence[SeatSpec],
        seed: int,
        *,
        position: str | None = None,
        think: Think | float | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.options = dict(options)
        self.seats = tuple(seats)
        self.seed = seed
        self.position = position
        #: the computers' budget per move: each level's own time, a time, or a count of positions
        self.thinking = Think.of(think)
        self.date = _dt.date.today().isoformat()
        record = Record(game.info.key, seed, self.options, self.seats, position=position)
        self.states: list[Any] = [start_state(game, record)]
        self.moves: list[str] = []
        self._redo: list[tuple[str, Any]] = []
        #: an ending the rules did not produce: resignation, draw claim, a stopped solitaire
        self._ended: Outcome | None = None
        self.termination: Termination | None = None

    # ----- construction from records ----------------------------------------------------------
    @staticmethod
    def from_record(
        game: Game[Any, Any], record: Record, text: str | None = None, think: Think | float | None = None
    ) -> Match:
        """Rebuild a match by replaying a record (raises RecordError on a bad one). The computers
        think as the record says unless `think` says otherwise."""
        states = replay(game, record, text)
        match = Match.__new__(Match)
        SeatedGame.__init__(match)
        match.game = game
        match.options = dict(game.options({k: v for k, v in record.options.items()}))
        match.seats = record.seats
        match.seed = record.seed
        match.position = record.position
        given = Think.of(think)
        match.thinking = given if given.given else record.think
        match.date = record.date or _dt.date.today().isoformat()
        match.states = states
        match.moves = list(record.moves)
        match._redo = []
        match.termination = Termination.read(record.termination)
        match._ended = None
        if game.outcome(states[-1]) is None and record.result is not None:
            with players_named([spec.name for spec in record.seats]):
                match._ended = record_outcome(game, record, states[-1])
        return match

    def to_record(self) -> Record:
        outcome = self.outcome
        return Record(
            game=self.game.info.key,
            seed=self.seed,
            options=dict(self.options),
            seats=self.seats,
            moves=list(self.moves),
            result=outcome.result_tag() if outcome else None,
            scores=outcome.scores if outcome else None,
            termination=self.termination if self._ended else None,
            date=self.date,
            position=self.position,
            think=self.thinking,
            package=distribution_of(self.game.info.key),
        )

    # ----- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def ply(self) -> int:
        """How many moves were played; networked moves name it so a stale move is refused."""
        return len(self.moves)

    def to_move(self) -> Seat | None:
        return None if self._ended else self.game.to_move(self.state)

    def view(self, seat: Seat | None) -> Any:
        return self.game.view(self.state, seat)

    def is_computer(self, seat: Seat) -> bool:
        return self.seats[seat].is_computer

    def public_moves(self, viewer: Seat | None, start: int = 0) -> list[str]:
        """The moves from `start` on, as `viewer` may read them (None: anyone at the table)."""
        texts = []
        for index in range(start, len(self.moves)):
            state = self.states[index]
            move = self.game.parse_move(state, self.moves[index])
            texts.append(self.game.public_move_text(state, move, viewer))
        return texts

    def set_seat(self, seat: Seat, spec: SeatSpec) -> None:
        """Someone else takes `seat` mid-game (over the network, a computer replaces a player who
        vanished); the game itself goes on unchanged."""
        seats = list(self.seats)
        seats[seat] = spec
        self.seats = tuple(seats)

    # ----- playing ----------------------------------------------------------------------------
    def play(self, move: Any, *, expected_ply: int | None = None) -> Any:
        """Play `move` (a move value or its notation) for the seat to move; returns the new state."""
        if expected_ply is not None and expected_ply != self.ply:
            raise IllegalMove(_("that move was made for an earlier position; the game has moved on"))
        seat = self.to_move()
        if seat is None:
            raise IllegalMove(_("the game is over"))
        state = self.state
        if isinstance(move, str):
            move = self.game.read_move(state, move)
        text = self.game.format_move(state, move)
        new_state = self.game.play(state, move)
        self.states.append(new_state)
        self.moves.append(text)
        self._redo.clear()
        self.emit(Moved(self.ply, seat, text))
        if (outcome := self.outcome) is not None:
            self.emit(Ended(self.ply, outcome))
        return new_state

    def can_undo(self) -> bool:
        return bool(self.moves)

    def _undo_count(self) -> int:
        """How many plies an undo takes back: to the last human decision (one at a time when
        only computers play)."""
        count = 0
        while count < len(self.moves):
            count += 1
            seat = self.game.to_move(self.states[-1 - count])
            if (seat is not None and not self.is_computer(seat)) or not self.human_seats:
                break
        return count

    def undo_barrier(self) -> str | None:
        """Why undo cannot go back now, or None. At a shared screen with hidden information, taking
        back another person's move would show what only they may see (the tiles they drew, the
        cards they put face down), so undo stops before such a move."""
        if len(self.human_seats) < 2 or not self.moves:
            return None
        asking = self.to_move()
        for back in range(1, self._undo_count() + 1):
            before, after = self.states[-1 - back], self.states[-back]
            mover = self.game.to_move(before)
            if mover is None or self.is_computer(mover) or mover == asking:
                continue
            if self.game.hides_secret(before, after):
                return _(
                    "Undo stops here: taking back {name}'s move would show what they drew or hid, "
                    "which only they may see."
                ).format(name=self.seats[mover].name or self.game.seat_name(before, mover))
        return None

    def undo(self) -> int:
        """Take back the last move; against the computer, back to the last human decision.

        Returns how many plies were taken back (0 when there is nothing to undo, or when
        `undo_barrier` says why not).
        """
        if not self.moves or self.undo_barrier() is not None:
            return 0
        was_over = self.over
        self._ended, self.termination = None, None
        count = self._undo_count()
        for _ply in range(count):
            self._redo.append((self.moves.pop(), self.states.pop()))
        self.emit(Undone(self.ply, count))
        if was_over:
            self.emit(Resumed(self.ply))
        return count

    def can_redo(self) -> bool:
        return bool(self._redo) and self._ended is None

    def redo(self) -> int:
        """Replay what undo took back, up to the next human decision."""
        count = 0
        while self._redo and self._ended is None:
            text, state = self._redo.pop()
            self.moves.append(text)
            self.states.append(state)
            count += 1
            seat = self.game.to_move(state)
            if seat is None or not self.is_computer(seat) or not self.human_seats:
                break
        if count:
            self.emit(Redone(self.ply, count))
            if (outcome := self.outcome) is not None:
                self.emit(Ended(self.ply, outcome))
        return count

    def resign(self, seat: Seat | None = None) -> Outcome:
        seat = self.to_move() if seat is None else seat
        if seat is None or self.over:
            raise IllegalMove(_("the game is over"))
        with self.named():
            outcome = self.game.resign(self.state, seat)
        return self._end(outcome, Termination.RESIGNATION if len(self.seats) > 1 else Termination.STOPPED)

    def lose_on_time(self, seat: Seat) -> Outcome:
        """`seat`'s clock ran out: the game ends as the rules end a resignation by that seat."""
        if self.over:
            raise IllegalMove(_("the game is over"))
        with self.named():
            resigned = self.game.resign(self.state, seat)
            reason = Sentence(N_("{name} ran out of time"), name=self.game.player_word(self.state, seat))
        return self._end(Outcome(resigned.ranks, reason, resigned.scores), Termination.TIME_FORFEIT)

    def can_claim_draw(self) -> bool:
        return not self.over and self.game.can_claim_draw(self.state)

    def claim_draw(self) -> Outcome:
        if self.over:
            raise IllegalMove(_("the game is over"))
        return self._end(self.game.claim_draw(self.state), Termination.DRAW_CLAIM)

    def _end(self, outcome: Outcome, termination: Termination) -> Outcome:
        self._ended, self.termination = outcome, termination
        self._redo.clear()
        self.emit(Ended(self.ply, outcome))
        return outcome

    # ----- where the game lives -------------------------------------------------------------
    def poll(self) -> bool:
        """Let news from elsewhere arrive: a networked game receives the other seats' moves here,
        as events, on the caller's thread. A match played here has none. True if anything came."""
        return False

    def saveable(self) -> Match:
        """A match played here is saved by the front end that plays it."""
        return self

    def close(self) -> None:
        """The front end is done with this match (a networked game leaves its table)."""

    def clock_left(self, seat: Seat) -> float | None:
        """Seconds left on `seat`'s clock, for games played with clocks (networked tables); None
        without one."""
        return None

    # ----- computer players -------------------------------------------------------------------
    def computer_to_move(self) -> Seat | None:
        seat = self.to_move()
        return seat if seat is not None and self.is_computer(seat) else None

    def computer_wants_draw(self, seat: Seat) -> bool:
        """Whether the computer in `seat` claims an available draw (players that can judge it
        expose `wants_draw(game, view, seat, seconds=…)`, or `budget=…` for a count of positions;
        others never claim): the judgement `match.driver` makes before each computer move."""
        if not self.is_computer(seat):
            return False
        return self.move_job(seat).wants_draw(self.game)

    def _computer(self, seat: Seat, level: int, purpose: str) -> Computer:
        """The player deciding for `seat` now, seeded from the game's seed, the seat, the move and
        what it is asked (a move, a hint, a draw): a replay of the same game meets the same one."""
        seed = player_seed(self.seed, seat, self.ply, purpose)
        return computer_for(self.game, level, self.thinking, seed)

    def move_job(self, seat: Seat) -> MoveJob:
        """The turn of the computer in `seat` now, as a value any thread or process can run: the
        same players, seeds and budget wherever it runs, the draw judged first when one may be
        claimed (`match.driver` runs it)."""
        return MoveJob(
            self.game.info.key,
            self.seats[seat].level or 3,
            self.thinking,
            player_seed(self.seed, seat, self.ply, events.FOR_MOVE),
            self.view(seat),
            seat,
            player_seed(self.seed, seat, self.ply, "draw") if self.can_claim_draw() else None,
        )
