"""Playing over the network in the terminal: the same loop as a local game, plus what a table needs.

The match is a `net.remote.RemoteMatch`: every other seat is remote, so while someone else is to
move the loop waits for the server ("Waiting for Bob…") and announces their move when it arrives.
On a real terminal a line typed while waiting is read at once, so the table can chat (`say`),
see who is there (`who`) and answer an undo request (`yes`/`no`) without waiting for its turn.
"""

from __future__ import annotations

import datetime as _dt
import select
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.seats import MAX_LEVEL
from ludoteca.core.text import read_int_or_none
from ludoteca.i18n import N_, _
from ludoteca.kits.terminal.console import Console
from ludoteca.match.events import Event, Moved, News, Question
from ludoteca.net import protocol
from ludoteca.net.protocol import MAX_SEATS
from ludoteca.net.remote import HIDDEN_MOVE, RemoteMatch
from ludoteca.shells import session
from ludoteca.shells.network import forget_seat
from ludoteca.shells.terminal.play import COMMANDS, TerminalGame
from ludoteca.shells.terminal.words import command_word, shown_command
from ludoteca.store import Store, StoreError

NETWORK_COMMANDS = {
    "say": N_("send a line to everyone at the table: say TEXT"),
    "who": N_("who sits at the table, and who is connected"),
    "yes": N_("agree to take the last move back, when someone asks"),
    "no": N_("refuse to take the last move back"),
    "record": N_("show the record so far (what your seat may see)"),
    "computer": N_("give the seat of a player who left to a computer: computer SEAT [LEVEL]"),
    "start": N_("start now, with computers in the free seats: start [LEVEL]"),
}
#: what can be typed while someone else is to move
WHILE_WAITING = ("say", "who", "yes", "no", "record", "computer", "start", "help", "quit", "rules", "board")
#: seconds between two looks at the server while waiting
WAIT_STEP = 0.25


class NetworkTerminalGame(TerminalGame):
    def __init__(
        self, match: RemoteMatch, store: Store | None, console: Console | None = None, sure: bool = False
    ) -> None:
        super().__init__(match, store, console, sure=sure)
        self.remote = match
        self._arrived: list[Moved] = []
        self._waiting_shown: str | None = None
        match.subscribe(self._on_network_event)

    def run(self) -> int:
        if self.remote.seat is None:
            # a spectator types nothing at the board: say so before the first position
            names = [self.match.seat_label(s) for s in range(len(self.match.seats))]
            listed = (
                names[0]
                if len(names) == 1
                else _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
            )
            self.console.say(self.style.dim(_("You are watching {names}.").format(names=listed)))
        return super().run()

    def commands(self) -> dict[str, str]:
        shared = {k: v for k, v in COMMANDS.items() if k != "redo"}
        return {**shared, **NETWORK_COMMANDS}

    def _on_network_event(self, event: Event) -> None:
        if isinstance(event, News):
            text = str(event.info)
            if isinstance(event.info, Question):
                text += " " + _("Type yes or no.")
            self.console.say(self.style.paint(text, "cyan"))
        elif isinstance(event, Moved) and event.seat != self.remote.seat:
            self._arrived.append(event)

    # ----- someone else's turn ----------------------------------------------------------------
    def _wait_for_others(self, seat: int | None) -> bool:
        waiting = self.remote.waiting_for()
        if waiting and waiting != self._waiting_shown:
            self._waiting_shown = waiting
            if self.remote.status == "waiting" and self.remote.creator:
                waiting += " " + _("Type 'start' to fill them with computers.")
            self.console.say(self.style.dim(waiting))
        if self.remote.gone:
            return False
        line = self._typed_while_waiting()
        if line is not None:
            word, _sep, rest = line.partition(" ")
            command = command_word(word)
            if command in WHILE_WAITING:
                return self._command(command, rest.strip(), self.remote.seat)
            self.console.say(
                _("It is not your turn; while waiting you can type: {words}").format(
                    words=", ".join(shown_command(word) for word in WHILE_WAITING)
                )
            )
            return True
        self.remote.wait(WAIT_STEP)
        self._announce()
        return True

    def _typed_while_waiting(self) -> str | None:
        """A line typed on a real terminal while waiting (a script's lines are kept for its turns)."""
        if not self.console.interactive:
            return None
        try:
            ready, _w, _x = select.select([self.console.stdin], [], [], 0)
        except (OSError, ValueError, TypeError):
            return None  # no select on this kind of input (Windows consoles): just wait
        if not ready:
            return None
        return self.console.ask("")

    def _announce(self) -> None:
        """Say what the others played, then what the last move did."""
        if not self._arrived:
            return
        arrived, self._arrived = self._arrived, []
        for event in arrived:
            if event.move and event.move != HIDDEN_MOVE:
                name = self.remote.place_name(event.seat) if event.seat is not None else _("The other player")
                self.console.say(_("{name} plays {move}").format(name=name, move=event.move))
        self._waiting_shown = None
        self._after_move()
        self._say_clocks()

    def _human_turn(self, seat: int) -> bool:
        self.remote.poll()
        self._announce()
        if self.remote.to_move() != seat:
            return True  # the news changed whose turn it is
        if self._redraw:
            self._say_clocks()
        return super()._human_turn(seat)

    def _say_clocks(self) -> None:
        """Each seat's time left, when the table plays with clocks."""
        remote = self.remote
        if remote.clock is None:
            return
        parts = []
        for seat in range(len(remote.places)):
            left = int(remote.clock_left(seat) or 0)
            parts.append(f"{remote.place_name(seat)} {left // 60}:{left % 60:02d}")
        self.console.say(self.style.dim(_("Clocks: {times}").format(times=" · ".join(parts))))

    def _between_turns(self) -> bool:
        return False  # a networked table never stops between turns for one player

    # ----- commands ---------------------------------------------------------------------------
    def _command(self, command: str, arg: str, seat: int | None) -> bool:
        try:
            return self._network_command(command, arg, seat)
        except LudotecaError as err:
            self.console.say(self.style.paint(_("Not done: {reason}").format(reason=err), "red"))
            return True

    def _network_command(self, command: str, arg: str, seat: int | None) -> bool:
        say, remote = self.console.say, self.remote
        if command == "say":
            if arg:
                remote.chat(arg)
        elif command == "who":
            self._who()
        elif command in ("yes", "no"):
            remote.answer_undo(command == "yes")
        elif command == "record":
            say(remote.record_text().rstrip())
        elif command == "computer":
            target, level = self._seat_and_level(arg)
            remote.give_to_computer(target, level)
        elif command == "start":
            _none, level = self._seat_and_level("0 " + arg)
            remote.start_with_computers(level)
        elif command == "undo":
            remote.undo()
        elif command == "save":
            say(
                _(
                    "The host keeps this game as it goes: "
                    "if the host stops, 'ludoteca host --resume' brings it back."
                )
            )
        elif command == "draw":
            if remote.can_claim_draw():
                remote.claim_draw()
            else:
                say(_("No draw can be claimed in this position."))
        elif command == "resign":
            if self.resign_confirmed():
                remote.resign()
        elif command == "quit":
            return self._quit()
        elif seat is not None:
            return super()._command(command, arg, seat)
        elif command == "help":
            for name in WHILE_WAITING:
                say(f"  {name:<8} {_(self.commands().get(name, ''))}")
        elif command == "board":
            self._show(None)
        elif command == "rules":
            say(remote.game.rules_text())
        return True

    def _seat_and_level(self, arg: str) -> tuple[int, int]:
        words = arg.split()
        seat = read_int_or_none(words[0], 1, MAX_SEATS) if words else None
        if seat is None:
            raise LudotecaError(_("give the seat's number (see 'who'), e.g. computer 2 3"))
        level = read_int_or_none(words[1], 1, MAX_LEVEL) if len(words) > 1 else 3
        if level is None:
            raise LudotecaError(_("a computer's level is 1 to {n}").format(n=MAX_LEVEL))
        return seat - 1, level

    def _who(self) -> None:
        remote = self.remote
        for seat, place in enumerate(remote.places):
            colour = remote.game.seat_name(remote.state, seat)
            if place.get("kind") == "computer":
                status = _("computer, level {n}").format(n=place.get("level"))
            elif not place.get("taken"):
                status = _("free")
            elif place.get("connected"):
                status = _("connected")
            else:
                status = _("disconnected")
            you = " " + _("(you)") if seat == remote.seat else ""
            self.console.say(f"  {seat + 1}. {remote.place_name(seat)} ({colour}){you}: {status}")

    def _quit(self) -> bool:
        if self.remote.playing and self.remote.seat is not None:
            self.console.say(
                _("You left the table; your seat waits for you. Join again the same way to take it back.")
            )
        return False

    def _autosave(self, reason: str) -> None:
        # nothing to save here: the server keeps the game, and the seat waits for its player
        if self.remote.playing and self.remote.seat is not None:
            self.console.say(
                _("Input ended; your seat waits for you. Join again the same way to take it back.")
            )

    # ----- the end ----------------------------------------------------------------------------
    def _finish(self) -> bool:
        self._announce()
        self._show(None)
        self.console.say(self.style.paint(session.describe_outcome(self.match), bold=True))
        self._keep_record()
        return False

    def _keep_record(self) -> None:
        """The full record (seed included, now the game is over) joins the player's saved games."""
        if self.store is None or self.remote.seat is None:
            return
        forget_seat(self.store, self.remote)
        try:
            text = self.remote.record_text()
            self.store.add_result(session.result_row(self.match))
            name = _("Network {title} {stamp}").format(
                title=self.remote.game.info.title, stamp=_dt.date.today().isoformat()
            )
            taken = {s.name for s in self.store.list_saves()}
            unique, n = name, 2
            while unique in taken:
                unique, n = f"{name} ({n})", n + 1
            number = self.store.save_game(unique, self.remote.game.info.key, text)
            self.console.say(
                _("The game's record is saved as number {id} ('ludoteca saves show {id}').").format(id=number)
            )
        except (LudotecaError, StoreError) as err:
            self.console.say(_("Could not keep the game's record: {err}").format(err=err))


def play_networked(
    match: RemoteMatch, store: Store | None, console: Console | None = None, sure: bool = False
) -> int:
    try:
        return NetworkTerminalGame(match, store, console, sure=sure).run()
    finally:
        match.leave()


def choose_table(
    tables: list[dict[str, Any]], console: Console, watching: bool = False
) -> tuple[str, bool] | None:
    """The club's lobby in the terminal: pick a table to join (or `w N` to watch; any table is
    watched when `watching`, as `join --watch` asks); None to leave."""
    say = console.say
    if not tables:
        say(_("No table is open yet. Open one with: ludoteca join ADDRESS --open GAME"))
        return None
    say(_("Tables:"))
    for number, table in enumerate(tables, start=1):
        seats = table.get("seats") or []
        free = sum(1 for s in seats if not s.get("taken"))
        names = ", ".join(protocol.seat_name(s) or "—" for s in seats)
        free_text = _("{n} free").format(n=free)
        say(f"  {number}. {table.get('title')} [{table.get('status')}] {names}  ({free_text})")
    while True:
        question = (
            _("Table number to watch, Enter to leave: ")
            if watching
            else _("Table number to join, 'w NUMBER' to watch, Enter to leave: ")
        )
        answer = console.ask(question).strip().lower()
        if not answer:
            return None
        watch = watching or answer.startswith("w")
        digits = answer.lstrip("w").strip()
        chosen = read_int_or_none(digits, 1, len(tables))
        if chosen is not None:
            return str(tables[chosen - 1]["table"]), watch
        say(_("Please type a number from 1 to {n}.").format(n=len(tables)))
