"""One networked game: a `Match` owned by the server, its seats and the people watching.

The table is the authority. It holds the full state (and the seed); it checks who may act, that a
move names the state version it was made against, and that it is that seat's turn; the rules
judge the move itself. It learns of every change from the match's events, bumps its version,
writes itself to the table store, and only then sends each member `view(state, seat)` — a seat
sees what the rules let it see, a spectator what `view(state, None)` shows.

The table does no I/O itself: it talks to its members through `Peer.send` and to the server
through a `TableHost` (write, then deliver; run on the server's thread; a timer), so its logic is
the same in a test as behind sockets.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from ludoteca.ai.worker import Decision, MoveJob
from ludoteca.core.errors import LudotecaError, OptionError
from ludoteca.core.game import Game
from ludoteca.core.record import Record
from ludoteca.core.seats import SeatSpec, wrong_seat_count
from ludoteca.core.text import clean_line
from ludoteca.core.think import Think
from ludoteca.i18n import N_, Sentence, _
from ludoteca.match import Match
from ludoteca.match.driver import Pending, TurnDriver
from ludoteca.match.events import POSITION_EVENTS, Ended, Event, Moved, Undone
from ludoteca.match.summary import result_fields
from ludoteca.net.clock import Clock, ClockSettings
from ludoteca.net.codec import encode
from ludoteca.net.protocol import computer_name, reason_fields, update_message
from ludoteca.net.scene import scene
from ludoteca.net.tablestore import TableResult
from ludoteca.ratings import finished_game
from ludoteca.store import ResultRow
from ludoteca.store.tables import TableRow

WAITING, PLAYING, OVER = "waiting", "playing", "over"

log = logging.getLogger("ludoteca.net.table")


#: the longest start position a table takes (a whole Khet board is about 300 characters)
MAX_POSITION = 4000
#: how much of the rules' answer about a refused start position is said back
SHOWN_PROBLEMS = 400


def check_start_position(game: Game[Any, Any], options: Mapping[str, Any], position: str) -> None:
    """A table's start position (a player's own setup, which travels inside the table's record)
    checked as the rules check any position: OptionError with a sentence when it is too long, or
    cannot be read or occur in this game with these options."""
    if len(position) > MAX_POSITION:
        raise OptionError(
            _("the start position is {n} characters long; a table takes at most {limit}").format(
                n=len(position), limit=MAX_POSITION
            )
        )
    try:
        game.parse_position(position, dict(options))
    except LudotecaError as err:
        problems = clean_line(str(err))  # it may quote the text back: one line, and not a screenful
        if len(problems) > SHOWN_PROBLEMS:
            problems = problems[: SHOWN_PROBLEMS - 1] + "…"
        raise OptionError(
            _("the table cannot start from this position: {problems}").format(problems=problems)
        ) from None


class Refused(LudotecaError):
    """A request the table will not carry out; the sentence goes back to whoever asked, in the
    server's language as `reason` and, when it is one of ours, as a `Sentence` each client shows
    in its own (`protocol.said`)."""

    def __init__(self, reason: str | Sentence, code: str | None = None) -> None:
        super().__init__(str(reason))
        self.sentence = reason if isinstance(reason, Sentence) else None
        #: what a client may act on without reading the sentence (`SEAT_IN_USE`)
        self.code = code


#: a refusal's code: the seat a token holds is played from another connection right now
SEAT_IN_USE = "seat_in_use"
#: a refusal's code: the seat is a signed-in member's, and this client is not signed in as them
MEMBERS_SEAT = "members_seat"
#: a refusal's code: this client's account already plays another seat of the table
ONE_SEAT = "one_seat"


def _account_number(place: Mapping[str, Any]) -> int | None:
    """The account a kept seat is bound to (a table kept by an older version has none)."""
    account = place.get("account")
    return account if type(account) is int else None


class Peer(Protocol):
    """A connection as a table sees it."""

    name: str
    #: a web client, sent scenes to draw (net/scene.py) instead of views to decode
    scenes: bool
    #: the club account it is signed in as; None for a guest
    account_id: int | None

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue a message for this connection (never blocks)."""


class TableHost(Protocol):
    """What a table needs from the server that runs it."""

    def commit(self, row: TableRow, then: Callable[[], None], result: ResultRow | None = None) -> None:
        """Write `row` (and a finished game's `result`) to the table store, then call `then` on
        the server's thread."""

    def soon(self, action: Callable[[], None]) -> None:
        """Run `action` on the server's thread, from any thread."""

    def later(self, seconds: float, action: Callable[[], None]) -> Callable[[], None]:
        """Run `action` on the server's thread after `seconds`; returns a function cancelling it."""

    def now(self) -> float:
        """A monotonic time in seconds."""

    def think(self, table: str, job: MoveJob, done: Callable[[Future[Decision]], None]) -> Callable[[], None]:
        """Have a computer at `table` make `job`'s decision away from the server's thread; `done`
        gets the finished future (its move, or what went wrong) on the server's thread. Returns a
        function that cancels it."""


def default_computer_name(level: int | None) -> str:
    """What a computer's seat is called when nobody named it ("Computer 3"), in the server's
    language; the seat lists say it is the default, so clients name it in their own."""
    return str(computer_name(level or 0))


def digest(token: str) -> str:
    """What the server keeps of a seat token: a leaked store gives nobody a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Place:
    """One seat: the person (or computer) in it and the connection it plays through."""

    name: str
    level: int | None = None  # a computer's level; None for a person
    token: str | None = None  # the token's digest once someone holds the seat
    peer: Peer | None = None
    #: the club account that took the seat (None: a guest, or a computer): only a client signed
    #: in as that account plays it, even with the seat's token, and the game is rated for it
    account: int | None = None

    @property
    def computer(self) -> bool:
        return self.level is not None

    @property
    def taken(self) -> bool:
        return self.computer or self.token is not None

    @property
    def default_name(self) -> bool:
        return self.computer and self.name == default_computer_name(self.level)

    def spoken_name(self) -> str | Sentence:
        """The name for a sentence: a computer's default one as a sentence of its own, so that
        each reader has it in their language."""
        if self.default_name:
            return computer_name(self.level or 0)
        return self.name

    def spec(self) -> SeatSpec:
        if self.computer:
            return SeatSpec("computer", self.level, self.name or None)
        return SeatSpec("remote", None, self.name or None)


@dataclass
class UndoAsk:
    by: int
    version: int
    waiting: set[int]


class Table:
    def __init__(
        self,
        table_id: str,
        match: Match,
        places: Sequence[Place],
        host: TableHost,
        *,
        creator: int | None = None,
        clock: ClockSettings | None = None,
        status: str = WAITING,
    ) -> None:
        self.id = table_id
        self.match = match
        self.game: Game[Any, Any] = match.game
        self.places = list(places)
        self.host = host
        self.creator = creator
        self.status = status
        self.version = 0
        self.watchers: set[Peer] = set()
        self.undo_ask: UndoAsk | None = None
        self.clock = Clock(clock, len(self.places), host.now) if clock is not None else None
        self._cancel_flag: Callable[[], None] | None = None
        #: the computers' turns, thought in the server's pool and handed back on its thread
        self.driver = TurnDriver(match, lambda job, done: host.think(table_id, job, done))
        self._flush_due = False
        #: answers that wait for the change they confirm to be written: `joined` goes before the
        #: states, `ok` after them
        self._replies: list[tuple[Peer, Mapping[str, Any], bool]] = []
        #: the last state each member was sent, which its next update is made against
        self._sent: dict[Peer, dict[str, Any]] = {}
        #: why play is paused (the store cannot be written), while it is
        self.paused: Sentence | None = None
        #: the address of the connection that opened it, and since when nobody sits at it while
        #: it waits for players (the server's limits; neither is kept over a restart)
        self.opened_from = ""
        self.empty_since: float | None = None
        #: the kind of server that opened it ("host" or "club"): only its kind reopens it
        self.mode: str | None = None
        self._recorded = False
        #: closed by an admin: nothing more is written or sent (the server forgets the table)
        self._shut = False
        match.subscribe(self._on_event)

    # ----- building ---------------------------------------------------------------------------
    @staticmethod
    def new(
        table_id: str,
        game: Game[Any, Any],
        options: Mapping[str, Any],
        seats: Sequence[SeatSpec],
        seed: int,
        host: TableHost,
        *,
        position: str | None = None,
        clock: ClockSettings | None = None,
        think: Think | float | None = None,
    ) -> Table:
        """A table waiting for its people; `seats` are people (human/remote) or computers.
        `position`: a start position of the players' own (a host's Khet setup), checked like any
        position (`check_start_position`) and kept in the table's record, so every member, a
        restart and every copy of the record start from it."""
        info = game.info
        if info.max_seats < 2:
            raise OptionError(
                _("{title} is played alone, so not over the network").format(title=_(info.title))
            )
        if not max(2, info.min_seats) <= len(seats) <= info.max_seats:
            raise OptionError(
                wrong_seat_count(_(info.title), max(2, info.min_seats), info.max_seats, len(seats))
            )
        places = [
            Place(spec.name or "", spec.level) if spec.is_computer else Place(spec.name or "")
            for spec in seats
        ]
        for place in places:
            if place.computer and not place.name:
                place.name = default_computer_name(place.level)
        if all(p.computer for p in places):
            raise OptionError(_("a network table needs at least one seat for a person"))
        chosen = game.options(dict(options))
        if position is not None:
            check_start_position(game, chosen, position)
        match = Match(
            game,
            chosen,
            [p.spec() for p in places],
            seed,
            position=position,
            think=think,
        )
        return Table(table_id, match, places, host, clock=clock)

    @staticmethod
    def restore(
        row: TableRow, game: Game[Any, Any], host: TableHost, think: Think | float | None = None
    ) -> Table:
        """A table as the store kept it (its record replayed through the rules); nobody is connected."""
        record = Record.loads(row.record)
        match = Match.from_record(game, record, row.record, think=think)
        meta = json.loads(row.meta)
        # names are checked on the way in, but a table kept by an older version may hold any
        # text: cleaned here, it can never again stop a message that lists the seats
        places = [
            Place(clean_line(str(p["name"])), p.get("level"), p.get("token"), account=_account_number(p))
            for p in meta["places"]
        ]
        clock = ClockSettings(**meta["clock"]) if meta.get("clock") else None
        table = Table(
            row.table_id, match, places, host, creator=meta.get("creator"), clock=clock, status=row.status
        )
        table.version = int(meta.get("version", 0))
        table.mode = meta.get("mode") if isinstance(meta.get("mode"), str) else None
        if table.clock is not None and meta.get("clock_left"):
            table.clock.restore(meta["clock_left"])
        if table.clock is not None and table.status == PLAYING:
            # the time between the last write and now (a crash, a failover, a restart) is
            # nobody's: the clocks go on from what was kept, from now; and nobody is connected
            # yet, so a person's clock waits for them as for anyone who drops (unless the
            # table's clock runs for those who vanish)
            for seat, place in enumerate(places):
                if not place.computer:
                    table.clock.present(seat, False)
            table.clock.turn(match.to_move())
        return table

    def row(self) -> TableRow:
        meta = {
            "places": [
                {"name": p.name, "level": p.level, "token": p.token}
                | ({} if p.account is None else {"account": p.account})
                for p in self.places
            ],
            "creator": self.creator,
            "version": self.version,
            "clock": self.clock.settings.as_dict() if self.clock else None,
            "clock_left": self.clock.left_ms() if self.clock else None,
            "mode": self.mode,
            # what the lobby of every server process of a club shows of it (net/fleet.py)
            "lobby": self.summary(),
        }
        return TableRow(
            self.id, self.game.info.key, self.status, self.match.to_record().dumps(), json.dumps(meta)
        )

    # ----- who is here ------------------------------------------------------------------------
    def seat_of(self, peer: Peer) -> int | None:
        for seat, place in enumerate(self.places):
            if place.peer is peer:
                return seat
        return None

    def members(self) -> list[tuple[Peer, int | None]]:
        seated = [(p.peer, s) for s, p in enumerate(self.places) if p.peer is not None]
        return [*seated, *((w, None) for w in self.watchers)]

    def seated_people(self) -> int:
        """How many people are connected at their seats."""
        return sum(place.peer is not None for place in self.places)

    def free_seats(self) -> list[int]:
        return [s for s, p in enumerate(self.places) if not p.taken]

    def reserve(self, seat: int, name: str | None = None, token: str | None = None) -> str:
        """Give `seat` to someone who will connect with the returned token (the host's own seat);
        `token`: one the client made itself, so that it can come back even if its answer is lost."""
        place = self.places[seat]
        if place.taken:
            raise Refused(Sentence(N_("seat {n} is already taken"), n=seat + 1))
        token = token or secrets.token_urlsafe(24)
        place.token = digest(token)
        if name and not place.name:
            place.name = name
        if self.creator is None:
            self.creator = seat
        self._sync_specs()
        return token

    def reissue(self, seat: int) -> str:
        """A fresh token for `seat` (the host's own seat when it resumes its table); the old one
        stops working."""
        token = secrets.token_urlsafe(24)
        self.places[seat].token = digest(token)
        self.publish()
        return token

    def join(
        self, peer: Peer, seat: int | None = None, token: str | None = None, take: bool = False
    ) -> tuple[int, str]:
        """Seat a newcomer; returns (seat, token). The table starts once every person seat is held.

        A member signed in as the account a seat is bound to gets that seat back without its
        token (from another computer): at once when nobody plays it, and with `take` when
        another connection does (which is told, and loses it)."""
        if self.status == OVER:
            raise Refused(Sentence(N_("this game is over; you can watch it")))
        self._check_not_paused()
        account = getattr(peer, "account_id", None)
        if account is not None:
            mine = [s for s, p in enumerate(self.places) if p.account == account and not p.computer]
            if mine and (seat is None or seat in mine):
                chosen = mine[0] if seat is None else seat
                playing = self.places[chosen].peer
                if playing is not None and playing is not peer and not take:
                    raise Refused(
                        Sentence(N_("your account already plays seat {n} at this table"), n=chosen + 1),
                        ONE_SEAT,
                    )
                return self._take_back(peer, chosen, token)
        free = self.free_seats()
        if not free:
            raise Refused(Sentence(N_("every seat at this table is taken; you can watch instead")))
        if seat is None:
            seat = free[0]
        elif seat >= len(self.places) or seat not in free:
            raise Refused(
                Sentence(
                    N_("seat {n} is not free; the free seats are: {free}"),
                    n=seat + 1,
                    free=", ".join(str(s + 1) for s in free),
                )
            )
        if account is not None:
            self._check_one_seat(account, seat)
        token = self.reserve(seat, peer.name, token)
        self.places[seat].account = account
        if account is not None and peer.name:
            self.places[seat].name = peer.name  # a member plays under their account's name
        self._attach(peer, seat)
        if self.status == WAITING and not self.free_seats():
            self._begin()
        self.publish()
        return seat, token

    def rejoin(self, peer: Peer, token: str, take: bool = False) -> int | None:
        """The seat this token holds, with `peer` now playing it; None when the token holds no
        seat here. A seat still played from another connection is only taken with `take` (the
        older connection is then told and dropped): two people on one computer share the file
        where tokens are remembered, and one must not take the other's seat unasked."""
        wanted = digest(token)
        for seat, place in enumerate(self.places):
            if place.token is not None and hmac.compare_digest(place.token, wanted):
                account = getattr(peer, "account_id", None)
                if place.account is not None and place.account != account:
                    # a seat token alone does not make its holder the member who took the seat
                    raise Refused(
                        Sentence(N_("this seat belongs to a signed-in member; sign in as them to play it")),
                        MEMBERS_SEAT,
                    )
                if account is not None:
                    self._check_one_seat(account, seat)
                old = place.peer
                if old is not None and old is not peer and not take:
                    raise Refused(
                        Sentence(N_("this seat is being played from another connection right now")),
                        SEAT_IN_USE,
                    )
                if old is not None and old is not peer:
                    elsewhere = Sentence(N_("You joined this seat from another connection."))
                    old.send({"type": "notice", **reason_fields(elsewhere, "text")})
                self._attach(peer, seat)
                self.publish()
                return seat
        return None

    def _take_back(self, peer: Peer, seat: int, token: str | None = None) -> tuple[int, str]:
        """A member signed in as the account `seat` is bound to takes it back without its token
        (from another computer): a fresh token is theirs, the old one holds nothing any more,
        and a connection still playing the seat is told and loses it."""
        place = self.places[seat]
        token = token or secrets.token_urlsafe(24)
        place.token = digest(token)
        old = place.peer
        if old is not None and old is not peer:
            taken = Sentence(N_("You took this seat back from another connection signed in as you."))
            old.send({"type": "notice", **reason_fields(taken, "text")})
            self._sent.pop(old, None)
        self._attach(peer, seat)
        self.publish()
        return seat, token

    def let_go_of(self, account: int) -> list[Peer]:
        """A banned member loses what they hold here: a seat at a table still waiting for its
        players is freed for someone else; at a game under way the seat stays bound to the
        account (its result is theirs) but nobody plays it until the table's creator gives it to
        a computer. Returns the connections that were playing those seats (now at none)."""
        dropped: list[Peer] = []
        changed = False
        for seat, place in enumerate(self.places):
            if place.account != account or place.computer:
                continue
            if place.peer is not None:
                dropped.append(place.peer)
                self._sent.pop(place.peer, None)
                place.peer = None
                changed = True
                if self.clock is not None:
                    self.clock.present(seat, False)
            if self.status == WAITING:
                place.token, place.account, place.name = None, None, ""
                changed = True
        if changed:
            self._sync_specs()
            self.publish()
        return dropped

    def shut(self, why: Sentence) -> list[Peer]:
        """An admin closes the table: the game ends here, unrated (no result is written), and
        every member is told `why` and is at no table any more. Returns those members."""
        members = [member for member, _seat in self.members()]
        self._shut = True
        self._replies.clear()
        self.hand_over(why)
        return members

    def _check_one_seat(self, account: int, seat: int) -> None:
        """One account plays one seat of a table: its players could only trade points with
        themselves, and two clients of one account would each act for the other."""
        for other, place in enumerate(self.places):
            if other != seat and place.account == account and not place.computer:
                raise Refused(
                    Sentence(N_("your account already plays seat {n} at this table"), n=other + 1), ONE_SEAT
                )

    def watch(self, peer: Peer) -> None:
        self.watchers.add(peer)
        state = self.state_message(None, scenes=peer.scenes)
        self._sent[peer] = state
        peer.send(state)

    def _attach(self, peer: Peer, seat: int) -> None:
        place = self.places[seat]
        place.peer = peer
        if not place.name:
            place.name = peer.name
        self.watchers.discard(peer)
        self._sync_specs()
        if self.clock is not None:
            self.clock.present(seat, True)

    def gone(self, peer: Peer) -> None:
        """A connection closed or left: its seat waits for it (the token still holds it)."""
        self.watchers.discard(peer)
        self._sent.pop(peer, None)
        seat = self.seat_of(peer)
        if seat is None:
            return
        self.places[seat].peer = None
        if self.clock is not None:
            self.clock.present(seat, False)
        if self.undo_ask is not None:
            self._cancel_undo(Sentence(N_("{name} left, so the undo is off."), name=self.places[seat].name))
        self.publish()

    def _sync_specs(self) -> None:
        for seat, place in enumerate(self.places):
            if place.spec() != self.match.seats[seat]:
                self.match.set_seat(seat, place.spec())

    # ----- starting ---------------------------------------------------------------------------
    def start(self, peer: Peer, level: int) -> None:
        """The creator starts now, with computers at `level` in the seats nobody took."""
        self._creator_only(peer)
        if self.status != WAITING:
            raise Refused(Sentence(N_("the game has already started")))
        self._check_not_paused()
        for place in self.places:
            if not place.taken:
                place.level = level
                place.name = place.name or default_computer_name(level)
        self._sync_specs()
        self._begin()
        self.publish()

    def _begin(self) -> None:
        self.status = PLAYING
        if self.clock is not None:
            self.clock.turn(self.match.to_move())
        self._after_change()

    def _creator_only(self, peer: Peer) -> None:
        seat = self.seat_of(peer)
        if seat is None or seat != self.creator:
            raise Refused(Sentence(N_("only the player who opened this table may do that")))

    # ----- playing ----------------------------------------------------------------------------
    def _acting_seat(self, peer: Peer) -> int:
        seat = self.seat_of(peer)
        if seat is None:
            raise Refused(Sentence(N_("spectators cannot play; join a free seat to play")))
        if self.status == WAITING:
            raise Refused(Sentence(N_("the table is waiting for its players")))
        if self.status == OVER or self.match.over:
            raise Refused(Sentence(N_("the game is over")))
        self._check_not_paused()
        return seat

    def _check_version(self, version: int) -> None:
        if version != self.version:
            raise Refused(
                Sentence(
                    N_("that was sent for position {sent}, but the game is at {now}; nothing was played"),
                    sent=version,
                    now=self.version,
                )
            )

    def move(self, peer: Peer, version: int, text: str, request_id: int | None = None) -> None:
        seat = self._acting_seat(peer)
        self._check_version(version)
        to_move = self.match.to_move()
        if seat != to_move:
            name = self.places[to_move].spoken_name() if to_move is not None else ""
            raise Refused(Sentence(N_("it is not your turn; it is {name}'s"), name=name))
        try:
            self.match.play(text)
        except LudotecaError as err:
            raise Refused(str(err)) from None
        self.ack(peer, request_id)

    def ack(self, peer: Peer, request_id: int | None) -> None:
        """Answer `ok` to a request once its change has been written and sent out."""
        if request_id is not None:
            self.reply(peer, {"type": "ok", "id": request_id})
        else:
            self.publish()

    def reply(self, peer: Peer, message: Mapping[str, Any], first: bool = False) -> None:
        """Send `message` to `peer` once the change it answers is written: before the new states
        when `first`, after them otherwise."""
        self._replies.append((peer, message, first))
        self.publish()

    # ----- pausing while the store cannot be written ------------------------------------------
    def pause(self, why: Sentence) -> None:
        """Nothing may change until the store can be written again; members are told why."""
        if self.paused is None:
            self.paused = why
            self._tell(why)
            if self.clock is not None and self.status == PLAYING:
                self.clock.turn(None)  # nobody loses on time while nobody may move
                self._set_flag_timer()

    def unpause(self) -> None:
        if self.paused is None:
            return
        self.paused = None
        self._tell(Sentence(N_("The server can save games again; play goes on.")))
        if self.clock is not None and self.status == PLAYING:
            self.clock.turn(self.match.to_move())
            self.publish()  # the clocks as they are now
        self._after_change()

    def _check_not_paused(self) -> None:
        if self.paused is not None:
            raise Refused(self.paused)

    def hand_over(self, why: Sentence) -> None:
        """Another server runs this table now: stop, and tell the members where they stand."""
        self._tell(why)
        self.close()
        for place in self.places:
            place.peer = None
        self.watchers.clear()
        self._sent.clear()

    def _tell(self, why: Sentence) -> None:
        for member, _seat in self.members():
            member.send({"type": "notice", **reason_fields(why, "text")})

    def resign(self, peer: Peer) -> None:
        seat = self._acting_seat(peer)
        self.match.resign(seat)

    def claim_draw(self, peer: Peer) -> None:
        seat = self._acting_seat(peer)
        if seat != self.match.to_move():
            raise Refused(Sentence(N_("a draw is claimed on your own turn")))
        if not self.match.can_claim_draw():
            raise Refused(Sentence(N_("no draw can be claimed in this position")))
        self.match.claim_draw()

    def give_to_computer(self, peer: Peer, seat: int, level: int) -> None:
        """The creator hands a seat whose player vanished to a computer; the game goes on."""
        self._creator_only(peer)
        self._check_not_paused()
        if seat >= len(self.places):
            raise Refused(Sentence(N_("there is no seat {n}"), n=seat + 1))
        place = self.places[seat]
        if place.computer:
            raise Refused(Sentence(N_("a computer already plays that seat")))
        if place.peer is not None:
            raise Refused(Sentence(N_("{name} is still connected"), name=place.name))
        place.level, place.token, place.account = level, None, None
        self._sync_specs()
        if self.status == WAITING and not self.free_seats():
            self._begin()
        self.publish()
        self._after_change()

    # ----- undo, with everyone's consent ------------------------------------------------------
    def ask_undo(self, peer: Peer, version: int) -> None:
        seat = self._acting_seat(peer)
        self._check_version(version)
        info = self.game.info
        if info.chance or info.hidden_information:
            raise Refused(
                Sentence(
                    N_("{title} has hidden draws, so a move cannot be taken back over the network"),
                    title=Sentence(info.title),
                )
            )
        if not self.match.can_undo():
            raise Refused(Sentence(N_("there is nothing to take back")))
        if self.undo_ask is not None:
            raise Refused(Sentence(N_("an undo is already being asked")))
        others = {s for s, p in enumerate(self.places) if s != seat and not p.computer}
        self.undo_ask = UndoAsk(seat, version, others)
        if not others:
            self._do_undo()
            return
        for member, _seat in self.members():
            member.send({"type": "undo_asked", "by": seat, "name": self.places[seat].name})

    def answer_undo(self, peer: Peer, accept: bool) -> None:
        seat = self.seat_of(peer)
        ask = self.undo_ask
        if ask is None or seat is None or seat not in ask.waiting:
            raise Refused(Sentence(N_("nobody is waiting for your answer")))
        if not accept:
            self._cancel_undo(
                Sentence(N_("{name} declined to take the move back."), name=self.places[seat].name)
            )
            return
        ask.waiting.discard(seat)
        if not ask.waiting:
            self._do_undo()

    def _do_undo(self) -> None:
        self.undo_ask = None
        self._stop_thinking()
        self.match.undo()

    def _cancel_undo(self, why: Sentence) -> None:
        self.undo_ask = None
        self._tell(why)
        self.publish()

    # ----- chat and records -------------------------------------------------------------------
    def chat(self, peer: Peer, text: str) -> None:
        seat = self.seat_of(peer)
        message = {"type": "chat", "from": peer.name, "seat": seat, "text": text.strip()}
        for member, _seat in self.members():
            member.send(message)

    def record_for(self, seat: int | None) -> str:
        """The record `seat` may have: the full one (seed included) once the game is over. Until
        then the seed never leaves the server; a game without chance or hidden information still
        replays without it, and in one with them another seat's move is only a comment."""
        text = self.match.to_record().dumps()
        if self.match.over:
            return text
        lines = [line for line in text.splitlines() if not line.startswith("[Seed ")]
        if not (self.game.info.chance or self.game.info.hidden_information):
            return "\n".join(lines) + "\n"
        head = lines[: lines.index("") + 1]
        body = [f"; {i}. {m}" for i, m in enumerate(self.visible_moves(seat), start=1)]
        note = _("; a record during the game holds what your seat may see; the full record comes at the end")
        return "\n".join([*head, note, *body]) + "\n"

    def visible_moves(self, seat: int | None) -> list[str]:
        """The moves as `seat` may read them (`Game.public_move_text`: another seat's face-down
        cards or returned tiles written `?`). Clients show these texts as they are and never read
        them back: their view lacks what another seat's move was made from."""
        if not self.game.info.hidden_information:
            return list(self.match.moves)
        return self.match.public_moves(seat)

    # ----- what members see -------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "table": self.id,
            "game": self.game.info.key,
            "title": self.game.info.title,
            "options": dict(self.match.options),
            "status": self.status,
            "seats": self._seats_public(),
            "watchers": len(self.watchers),
            "clock": self.clock.settings.as_dict() if self.clock else None,
        }

    def _seats_public(self) -> list[dict[str, Any]]:
        return [
            {
                "name": p.name,
                "default_name": p.default_name,
                "kind": "computer" if p.computer else "person",
                "level": p.level,
                "taken": p.taken,
                "connected": p.computer or p.peer is not None,
                # taken by a signed-in member of the club (a guest's name is only typed)
                "member": p.account is not None,
            }
            for p in self.places
        ]

    def shown_view(self, seat: int | None, scenes: bool) -> Any:
        """What a member in `seat` is sent of the position: the view encoded for our own
        clients, or the scene a web client draws."""
        view = self.match.view(seat)
        if not scenes:
            return encode(view)
        to_move = self.match.to_move() if self.status == PLAYING else None
        return scene(self.game, view, seat, to_move)

    def state_message(self, seat: int | None, view: Any = None, scenes: bool = False) -> dict[str, Any]:
        match = self.match
        outcome = match.outcome
        if view is None:
            view = self.shown_view(seat, scenes)
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "status": self.status,
            "game": self.game.info.key,
            "options": dict(match.options),
            "seat": seat,
            "creator": seat is not None and seat == self.creator,
            "seats": self._seats_public(),
            "to_move": match.to_move(),
            "view": view,
            "moves": self.visible_moves(seat),
            "outcome": None
            if outcome is None
            else {"ranks": list(outcome.ranks), "scores": outcome.scores, **reason_fields(outcome.reason)},
            "termination": match.termination,
            "undo": None if self.undo_ask is None else {"by": self.undo_ask.by},
            "clock": self.clock.public() if self.clock else None,
        }

    # ----- changes ----------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        """The match's listener: moves, undos and the end change the version and are sent out."""
        if isinstance(event, POSITION_EVENTS):
            self.version += 1
            if isinstance(event, (Moved, Undone)):
                if self.undo_ask is not None and isinstance(event, Moved):
                    self.undo_ask = None
                if self.clock is not None:
                    self.clock.moved(event.seat if isinstance(event, Moved) else None, self.match.to_move())
            if isinstance(event, Ended):
                self.status = OVER
                if self.clock is not None:
                    self.clock.turn(None)
            self.publish()
            self.host.soon(self._after_change)

    def publish(self) -> None:
        """Something members see changed: write the table and tell everyone, once per batch."""
        if not self._flush_due and not self._shut:
            self._flush_due = True
            self.host.soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        if self._shut:
            return
        messages: list[tuple[Peer, Mapping[str, Any]]] = []
        views: dict[tuple[int | None, bool], Any] = {}
        patches: dict[tuple[int, int], Any] = {}
        for member, seat in self.members():
            key = (seat, member.scenes)
            if key not in views:
                views[key] = self.shown_view(seat, member.scenes)
            state = self.state_message(seat, views[key])
            # after its first state, a member is sent what changed (messages go out in this order)
            previous = self._sent.get(member)
            self._sent[member] = state
            messages.append((member, state if previous is None else update_message(previous, state, patches)))
        messages[:0] = [(peer, message) for peer, message, first in self._replies if first]
        messages.extend((peer, message) for peer, message, first in self._replies if not first)
        self._replies.clear()
        finished = self.status == OVER and not self._recorded
        if finished:
            self._recorded = True

        def deliver() -> None:
            for peer, message in messages:
                peer.send(message)

        result = self._result() if finished else None
        self.host.commit(self.row(), deliver, result)

    def _result(self) -> TableResult:
        """The finished game's result, and, when a member sat at it, the game as its rating needs it."""
        fields = result_fields(self.match)
        rated = None
        outcome = self.match.outcome
        if outcome is not None and any(place.account is not None for place in self.places):
            rated = finished_game(
                game_key=self.game.info.key,
                options=self.match.options,
                max_seats=self.game.info.max_seats,
                names=fields["players"],
                kinds=fields["kinds"],
                accounts=[place.account for place in self.places],
                ranks=outcome.ranks,
                plies=len(self.match.moves),
                date=datetime.now(UTC).isoformat(timespec="seconds"),
                table_id=self.id,
            )
        return TableResult(**fields, table_id=self.id, rated=rated)

    def resume(self) -> None:
        """Carry on after a restart: a computer whose turn it is starts thinking, clocks run."""
        self.host.soon(self._after_change)

    def _after_change(self) -> None:
        """Start the computer if it is its turn, and the clock's flag timer."""
        if self.status != PLAYING or self.match.over:
            self._stop_thinking()
            self._set_flag_timer()
            return
        if self.paused is not None:
            return  # a computer's move could not be kept either; unpause() comes back here
        self.driver.start(self._computer_done)
        self._set_flag_timer()

    def _computer_done(self, pending: Pending) -> None:
        if pending is not self.driver.pending:
            return  # cancelled, or replaced by a later decision
        if self.status != PLAYING or self.paused is not None:
            self.driver.cancel()
            self._after_change()
            return
        try:
            decided = self.driver.play(pending)
        except Exception:  # a computer that fails would fail again: the table waits, and says why
            log.exception("the computer at table %s could not choose a move", self.id)
            self._tell(Sentence(N_("The computer could not choose a move; the server's log says why.")))
            return
        if decided is None:
            self._after_change()

    def _stop_thinking(self) -> None:
        self.driver.cancel()

    # ----- clocks -----------------------------------------------------------------------------
    def _set_flag_timer(self) -> None:
        if self._cancel_flag is not None:
            self._cancel_flag()
            self._cancel_flag = None
        if self.clock is None or self.status != PLAYING:
            return
        due = self.clock.seconds_to_flag()
        if due is not None:
            self._cancel_flag = self.host.later(due + 0.01, self._check_flag)

    def _check_flag(self) -> None:
        self._cancel_flag = None
        if self.clock is None or self.status != PLAYING:
            return
        fallen = self.clock.fallen()
        if fallen is None:
            self._set_flag_timer()
            return
        self._stop_thinking()
        self.match.lose_on_time(fallen)

    def close(self) -> None:
        """The server stops: no more thinking or timers."""
        self._stop_thinking()
        if self._cancel_flag is not None:
            self._cancel_flag()
