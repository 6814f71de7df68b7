"""A networked game as a front end sees it: what the server sent this seat, read as a game in play.

The terminal loop and the window's board screen drive a `match.GameInPlay` and listen to its
events; a `RemoteMatch` is one, so they play over the network with the code they play with
locally. It is not a `Match`: it has no history and no seed, only what the server sent — this
seat's view, the moves as this seat may read them (shown, never parsed back: a hidden move's text
is the server's, and this view lacks what it was made from), whose turn it is and the clocks. The
server is the authority: `play` sends the move (with the state version it was made against) and
returns once the server has played it; everything else — the other seats' moves, undos agreed by
everyone, the end, chat, players leaving and coming back — arrives as messages that `wait` (the
terminal) or `poll` (the window's frame loop) turns into the match's events on the caller's
thread. Every other seat is a "remote" seat, so no front end ever thinks for it.
"""

from __future__ import annotations

import contextlib
import time
import zlib
from collections.abc import Callable
from typing import Any

from ludoteca.ai.levels import Computer, computer_for, player_seed
from ludoteca.ai.worker import MoveJob
from ludoteca.core.errors import IllegalMove, LudotecaError
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import Sentence, _, ngettext
from ludoteca.match.events import Ended, Moved, News, Question, Resumed, Undone
from ludoteca.match.match import Match
from ludoteca.match.seated import SeatedGame
from ludoteca.net import protocol
from ludoteca.net.client import Client, NetError
from ludoteca.net.codec import CodecError, Decoder

#: how a move that is not ours is shown in a game with hidden information (its visible effects
#: are on the board and in the last move's description)
HIDDEN_MOVE = "…"


class RemoteMatch(SeatedGame):
    def __init__(self, client: Client, first: dict[str, Any]) -> None:
        super().__init__()
        self.client = client
        self.game = get_game(str(first["game"]))
        self.options = dict(first.get("options") or {})
        #: the moves so far, as the server wrote them for this seat
        self.moves: list[str] = []
        #: this seat's view of the position now (the first state's until it is applied)
        self._view: Any = None
        self._ended = None
        self.termination = None
        self._decoder = Decoder(self.game)
        self.table = str(first["table"])
        self.seat: int | None = first.get("seat")
        self.version = 0
        self.status = "waiting"
        self.creator = False
        self.places: list[dict[str, Any]] = []
        self.clock: dict[str, Any] | None = None
        self.clock_at = 0.0
        self.undo_asked_by: int | None = None
        self.connected = True
        self.gone = False
        self._server_to_move: int | None = None
        self._closed = False
        #: what else to stop when this game is left (the host's own server)
        self.on_close: list[Callable[[], None]] = []
        self.seats: tuple[SeatSpec, ...] = ()
        #: the last state from the server, which its next update is made against
        self._last_state: dict[str, Any] = first
        self._apply_state(first, quiet=True)

    @staticmethod
    def wait_for_first_state(client: Client, timeout: float = 10.0) -> dict[str, Any]:
        """The first `state` message after joining or watching (other messages before it are kept)."""
        deadline = time.monotonic() + timeout
        kept: list[dict[str, Any]] = []
        try:
            while time.monotonic() < deadline:
                message = client.next_message(max(0.0, deadline - time.monotonic()))
                if message is None:
                    break
                if message.get("type") == "state":
                    return message
                kept.append(message)
        finally:
            for message in kept:
                client.inbox.put(message)
        raise NetError(_("the server did not send the game"))

    # ----- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """This seat's view: the server sends nothing more."""
        return self._view

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def playing(self) -> bool:
        return self.status == "playing" and not self.over

    def to_move(self) -> int | None:
        if self.status != "playing" or self.over:
            return None
        return self._server_to_move

    def view(self, seat: int | None) -> Any:
        """What this connection may see (the server sent nothing more, whatever `seat` is asked)."""
        return self.state

    def public_moves(self, viewer: int | None, start: int = 0) -> list[str]:
        """The moves as the server wrote them for this seat, never read back: this seat's view
        lacks what the other seats' moves were made from."""
        return list(self.moves[start:])

    def is_computer(self, seat: int) -> bool:
        return False  # a computer at the table plays on the server

    def computer_to_move(self) -> int | None:
        return None

    def move_job(self, seat: int) -> MoveJob:
        raise IllegalMove(_("a computer at a network table plays on the server"))

    def _computer(self, seat: int, level: int, purpose: str) -> Computer:
        """A hint's player, seeded from the table and the move (the game's seed is the server's)."""
        seed = player_seed(zlib.crc32(self.table.encode()), seat, self.ply, purpose)
        return computer_for(self.game, level, Think(), seed)

    def place_name(self, seat: int) -> str:
        name = protocol.seat_name(self.places[seat]) if seat < len(self.places) else ""
        return name or self.game.seat_name(self.state, seat)

    def waiting_for(self) -> str | None:
        """A sentence saying whom the game waits for, or None when it is this seat's turn or over."""
        if self.gone:
            return _("The connection to the server is lost.")
        if not self.connected:
            return _("Connection lost; reconnecting…")
        if self.over:
            return None
        if self.status == "waiting":
            free = sum(1 for p in self.places if not p.get("taken"))
            return ngettext(
                "Waiting for players to join ({n} free seat).",
                "Waiting for players to join ({n} free seats).",
                free,
            ).format(n=free)
        seat = self._server_to_move
        if seat is None or seat == self.seat:
            return None
        place = self.places[seat] if seat < len(self.places) else {}
        if not place.get("connected", True):
            return _("Waiting for {name} to come back (disconnected).").format(name=self.place_name(seat))
        return _("Waiting for {name}…").format(name=self.place_name(seat))

    def clock_left(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left on `seat`'s clock, ticking down locally between two messages."""
        if self.clock is None:
            return None
        left = float(self.clock["left"][seat]) / 1000
        if self.clock.get("running") == seat and self.playing:
            left -= (time.monotonic() if now is None else now) - self.clock_at
        return max(0.0, left)

    # ----- acting -----------------------------------------------------------------------------
    def play(self, move: Any, *, expected_ply: int | None = None) -> Any:
        if self.seat is None:
            raise IllegalMove(_("you are watching this game"))
        if self.to_move() != self.seat:
            raise IllegalMove(self.waiting_for() or _("it is not your turn"))
        text = move if isinstance(move, str) else self.game.format_move(self.state, move)
        self._ask("move", explain=lambda: self._rules_reason(text), version=self.version, move=text)
        return self.state

    def _rules_reason(self, text: str) -> str | None:
        """Why the rules refuse `text` here, in this player's language, where this side can tell:
        a notation error always; an illegal move only where the view is the whole state (the rules
        then judge it here as the server did). None: the server's words stand."""
        try:
            move = self.game.parse_move(self.state, text)
            if not (self.game.info.hidden_information or self.game.info.chance):
                self.game.play(self.state, move)
        except LudotecaError as err:
            return str(err)
        return None

    def _ask(
        self, kind: str, *, explain: Callable[[], str | None] | None = None, **fields: Any
    ) -> dict[str, Any]:
        """A request whose answer comes after the change it made (so the state is current here).
        A refusal the server could only send in its own language (the rules') is explained again
        here by `explain`, when it can, in this player's."""
        try:
            answer = self.client.request(kind, **fields)
        except NetError as err:
            reason = explain() if explain is not None and not err.sentence else None
            raise IllegalMove(reason or str(err)) from None
        self.poll()
        return answer

    def can_undo(self) -> bool:
        return bool(self.moves) and self.seat is not None and self.playing

    def undo(self) -> int:
        """Ask the others to take the last move back; it happens (as an UNDO event) once they agree."""
        self._ask("undo", version=self.version)
        return 0

    def undo_barrier(self) -> str | None:
        return None  # the others are asked; they say no if they will

    def answer_undo(self, accept: bool) -> None:
        self._ask("answer", accept=accept)

    def can_redo(self) -> bool:
        return False

    def redo(self) -> int:
        return 0

    def resign(self, seat: int | None = None) -> Outcome:
        self._ask("resign")
        return self.outcome or Outcome((), "")

    def can_claim_draw(self) -> bool:
        return self.to_move() == self.seat and self.game.can_claim_draw(self.state)

    def claim_draw(self) -> Outcome:
        self._ask("draw")
        return self.outcome or Outcome((), "")

    def start_with_computers(self, level: int) -> None:
        self._ask("start", level=level)

    def give_to_computer(self, seat: int, level: int) -> None:
        self._ask("computer", seat=seat, level=level)

    def chat(self, text: str) -> None:
        try:
            self.client.request("chat", text=text)
        except NetError as err:
            raise IllegalMove(str(err)) from None

    def record_text(self) -> str:
        """The record this seat may have now (the full one once the game is over)."""
        try:
            return str(self.client.request("record").get("text", ""))
        except NetError as err:
            raise IllegalMove(str(err)) from None

    def leave(self) -> None:
        """Leave the table (the seat stays held by its token) and close the connection."""
        if not self._closed:
            self._closed = True
            with contextlib.suppress(NetError):
                self.client.request("leave", timeout=2)
            self.client.close()
        for action in self.on_close:
            action()
        self.on_close.clear()

    def close(self) -> None:
        self.leave()

    def saveable(self) -> Match | None:
        return None  # the host keeps the game; the full record comes at the end

    # ----- news from the server ---------------------------------------------------------------
    def poll(self) -> bool:
        """Apply what the server said since the last look (never waits); True if anything came."""
        return self.wait(0.0)

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for news from the server, then apply everything that came."""
        message = self.client.next_message(seconds)
        if message is None:
            return False
        while message is not None:
            self._apply(message)
            message = self.client.next_message(0.0)
        return True

    def _news(self, text: str) -> None:
        self.emit(News(self.ply, text))

    def _apply(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        try:
            handler: Callable[[dict[str, Any]], None] | None = getattr(self, f"_on_{kind}", None)
            if handler is not None:
                handler(message)
        except (CodecError, KeyError, TypeError, ValueError, IndexError) as err:
            self._news(_("The server sent something this Ludoteca cannot read ({err}).").format(err=err))

    def _on_state(self, message: dict[str, Any]) -> None:
        self._apply_state(message)

    def _on_update(self, message: dict[str, Any]) -> None:
        """What changed since the last state: applied to it, it is the new state."""
        self._apply_state(protocol.state_from_update(self._last_state, message))

    def _on_chat(self, message: dict[str, Any]) -> None:
        self._news(f"{message.get('from', '?')}: {message.get('text', '')}")

    def _on_notice(self, message: dict[str, Any]) -> None:
        self._news(protocol.said(message, "text"))

    def _on_error(self, message: dict[str, Any]) -> None:
        self._news(protocol.said(message))

    def _on_refused(self, message: dict[str, Any]) -> None:
        self._news(protocol.said(message))

    def _on_undo_asked(self, message: dict[str, Any]) -> None:
        by = message.get("by")
        self.undo_asked_by = by if isinstance(by, int) else None
        if by == self.seat:
            self._news(_("You asked to take the last move back; waiting for the others to agree."))
        elif self.seat is not None:
            question = _("{name} asks to take the last move back. Do you agree?").format(
                name=message.get("name", "?")
            )
            answers = (
                (_("Agree"), lambda: self.answer_undo(True)),
                (_("Refuse"), lambda: self.answer_undo(False)),
            )
            self.emit(News(self.ply, Question(question, answers)))

    def _on_connection(self, message: dict[str, Any]) -> None:
        state = message.get("state")
        self.connected = state == "back"
        if state == "lost":
            self._news(_("Connection lost; reconnecting…"))
        elif state == "back":
            self._news(_("Connected again."))
        else:
            self.gone = True
            self._news(_("The connection to the server is lost."))

    def _apply_state(self, message: dict[str, Any], quiet: bool = False) -> None:
        view = self._decoder.decode(message["view"])
        self._last_state = message
        texts = [HIDDEN_MOVE if m is None else str(m) for m in message["moves"]]
        first = self._view is None
        before_ply, before_over = self.ply, not first and self.over
        before_places, before_to_move = self.places, self._server_to_move
        self.version = int(message["version"])
        self.status = str(message["status"])
        self.seat = message.get("seat")
        self.creator = bool(message.get("creator"))
        self.places = list(message.get("seats") or [])
        self.clock = message.get("clock")
        self.clock_at = time.monotonic()
        self._server_to_move = message.get("to_move")
        self.undo_asked_by = (message.get("undo") or {}).get("by")
        self.seats = tuple(
            SeatSpec("human" if s == self.seat else "remote", None, protocol.seat_name(p) or None)
            for s, p in enumerate(self.places)
        )
        self._set_outcome(message, view)
        self.moves, self._view = texts, view
        if first or quiet:
            return
        grew = len(texts) - before_ply
        if grew > 0:
            for ply in range(before_ply, len(texts)):
                mover = before_to_move if ply == before_ply else None
                self.emit(Moved(ply + 1, mover, texts[ply]))
        elif grew < 0:
            self.emit(Undone(self.ply, -grew))
            if before_over and not self.over:
                self.emit(Resumed(self.ply))
        self._tell_comings_and_goings(before_places)
        if (outcome := self.outcome) is not None and not before_over:
            self.emit(Ended(self.ply, outcome))

    def _set_outcome(self, message: dict[str, Any], view: Any) -> None:
        """The rules' own outcome when the view shows it (in this player's language), else the
        server's (a resignation, a fallen flag, a draw claim)."""
        self.termination = Termination.read(message.get("termination"))
        sent = message.get("outcome")
        self._ended = None
        if sent is None or self.game.outcome(view) is not None:
            return
        scores = sent.get("scores")
        self._ended = Outcome(
            tuple(int(r) for r in sent["ranks"]),
            Sentence.from_wire(sent.get("sentence")) or str(sent.get("reason", "")),
            tuple(int(s) for s in scores) if scores is not None else None,
        )

    def _tell_comings_and_goings(self, before: list[dict[str, Any]]) -> None:
        if len(before) != len(self.places):
            return
        for seat, (old, new) in enumerate(zip(before, self.places, strict=True)):
            if seat == self.seat:
                continue
            name = self.place_name(seat)
            if old.get("kind") != new.get("kind") and new.get("kind") == "computer":
                self._news(_("A computer now plays for {name}.").format(name=name))
            elif not old.get("taken") and new.get("taken"):
                self._news(_("{name} joined.").format(name=name))
            elif old.get("connected") and not new.get("connected"):
                self._news(_("{name} left the table; the game waits for them.").format(name=name))
            elif not old.get("connected") and new.get("connected"):
                self._news(_("{name} is back.").format(name=name))
