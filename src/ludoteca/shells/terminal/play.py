"""The terminal game loop: board, prompt, commands, computer turns, saving.

It works the same on a terminal and with piped input (one line per move), so a whole game can be
scripted: `printf 'd3\nc5\nquit\n' | ludoteca play othello --players human,human`.
"""

from __future__ import annotations

import contextlib
import itertools
import shutil
import time

from ludoteca.ai.base import SearchCancelled
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import N_, _, ngettext
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.kits.terminal.style import Style, detect_style
from ludoteca.match import GameInPlay, events
from ludoteca.match.driver import TurnDriver
from ludoteca.match.events import Event, Moved, Progress, Redone, Resumed, Undone
from ludoteca.shells import session
from ludoteca.shells.terminal.boards import terminal_board_for
from ludoteca.shells.terminal.movelist import SEPARATOR, move_listing
from ludoteca.shells.terminal.signals import Stopped, stop_signals_raise
from ludoteca.shells.terminal.words import command_word, shown_command
from ludoteca.store import SaveSlot, Store, StoreError

COMMANDS = {
    "help": N_("show this help"),
    "moves": N_("count and list the legal moves (moves GROUP: one group; moves all: every one)"),
    "undo": N_("take back your last move (and the computer's reply)"),
    "redo": N_("replay what undo took back"),
    "hint": N_("ask the computer for a suggestion"),
    "save": N_("save the game (optionally: save NAME)"),
    "draw": N_("claim a draw, when the rules allow it"),
    "resign": N_("give up this game"),
    "board": N_("draw the board again"),
    "rules": N_("show the rules of this game"),
    "quit": N_("leave (asks whether to save first)"),
}


#: pause between two frames of a step-by-step replay on a terminal
REPLAY_SECONDS = 0.25


class TerminalGame:
    """Plays one match in the terminal until it ends or the player leaves."""

    def __init__(
        self,
        match: GameInPlay,
        store: Store | None = None,
        console: Console | None = None,
        style: Style | None = None,
        slot: SaveSlot | None = None,
        sure: bool = False,
    ) -> None:
        self.match = match
        #: resign without asking (`--yes`, for scripts)
        self.sure = sure
        self.store = store
        self.console = console or Console()
        self.style = style or detect_style(self.console.stdout)
        self.adapter: TerminalBoard = terminal_board_for(match.game)
        self.adapter.begin(match, store)
        #: the save this game was resumed from or last saved to
        self.slot = slot
        self._shown_to: int | None = None  # the human seat whose secrets are on screen
        self._redraw = True  # the board changed since it was last drawn
        self._stopping = False  # the players chose to stop between two turns
        self._depth = 0  # how deep the computer's search has got (its `Progress` events)
        #: the computers' turns (the same driver the window and the server use)
        self.driver = TurnDriver(match)
        match.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        """The match's listener: what changed is drawn again at the next prompt. Progress comes
        from the thinking thread and only updates a number the waiting loop shows."""
        if isinstance(event, (Moved, Undone, Redone, Resumed)):
            self._redraw = True
        match event:
            case Redone(count=count):
                # as the table may read them: a computer's face-down cards stay face down
                replayed = self.match.public_moves(self.match.lone_human(), self.match.ply - count)
                shown = [self.adapter.shown_notation(text) for text in replayed]
                self.console.say(_("Replayed: {moves}").format(moves=SEPARATOR.join(shown)))
            case Progress(purpose=events.FOR_MOVE, info=info):
                self._depth = info.depth

    # ----- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        say = self.console.say
        game = self.match.game
        say(
            self.style.paint(_(game.info.title), bold=True)
            + "  —  "
            + ", ".join(self.match.seat_label(s) for s in range(len(self.match.seats)))
        )
        say(_("Type 'help' for commands."))
        with stop_signals_raise():
            return self._loop()

    def _loop(self) -> int:
        try:
            while True:
                if self.match.over:
                    if not self._finish():
                        return 0
                    continue
                if self._stopping:
                    self._quit()
                    return 0
                seat = self.match.to_move()
                if seat is None or self.match.seats[seat].kind == "remote":
                    if not self._wait_for_others(seat):
                        return 0
                elif self.match.is_computer(seat):
                    self._computer_turn(seat)
                else:
                    if not self._human_turn(seat):
                        return 0
        except (EndOfInput, KeyboardInterrupt):
            self.console.say()
            self._autosave(_("Input ended; saving the game so nothing is lost."))
            return 0
        except Stopped as stop:
            # save first: after SIGHUP the terminal is gone and writing to it may fail
            report = self._write_save(None)[1] if self._needs_saving() else None
            with contextlib.suppress(OSError):
                if self.match.over:  # stopped on the final screen: the result still counts
                    self._record_result()
                self.console.say()
                self.console.say(_("Asked to stop ({signal}).").format(signal=stop))
                if report:
                    self.console.say(report)
            raise

    def commands(self) -> dict[str, str]:
        """The command words this loop understands, with their help."""
        return COMMANDS

    def _wait_for_others(self, seat: int | None) -> bool:
        """Someone elsewhere is to move (a seat played over the network). A match played here has
        nobody elsewhere: say how to play such a seat and stop. Returns False to leave the loop."""
        self.console.say(
            _("Seat {name} is for a player over the network: host the game with 'ludoteca host'.").format(
                name="?" if seat is None else self.match.seat_label(seat)
            )
        )
        return False

    def _show(self, seat: int | None) -> None:
        view = self.match.view(seat)
        self.console.say(self.adapter.render(self.match.game, view, seat, self.style))

    def _privacy_step(self, seat: int) -> None:
        """Hot-seat with hidden hands: nothing secret is drawn until the right person is there."""
        game = self.match.game
        if not game.info.hidden_information or len(self.match.human_seats) < 2 or self._shown_to == seat:
            return
        self.console.say("\n" * (40 if self.console.interactive else 1))
        self._redraw = True
        self.console.wait_for_key(  # the space bar, as Qwirkle's brief says; Enter too
            _("Pass the keyboard to {name}, then press Space or Enter.").format(
                name=self.match.seat_label(seat)
            )
            + " "
        )
        self._shown_to = seat

    def _human_turn(self, seat: int) -> bool:
        """One prompt; returns False when the player leaves."""
        self._privacy_step(seat)
        if self._redraw:
            self._show(seat)
            self._redraw = False
        with self.match.named():  # the prompt names the player ("Ann (Black) to move>")
            prompt = self.adapter.prompt(self.match.game, self.match.view(seat), seat)
        line = self.console.ask(prompt)
        line = self.adapter.expand_input(self.match.game, self.match.view(seat), seat, line, self.console)
        if not line:
            return True
        word, _sep, rest = line.partition(" ")
        command = command_word(word)
        if command in self.commands() and not self._is_move(line):
            return self._command(command, rest.strip(), seat)
        try:
            self.match.play(line)
        except LudotecaError as err:
            self.console.say(self.style.paint(_("Not played: {reason}").format(reason=err), "red"))
            self.console.say(self.style.dim(self.adapter.move_help(self.match.game, self.match.view(seat))))
            return True
        self._after_move()
        return True

    def _is_move(self, line: str) -> bool:
        """A command word that is also a legal move in this game (e.g. 'pass') is played."""
        try:
            self.match.game.read_move(self.match.state, line)
        except (LudotecaError, Exception):
            return False
        return True

    def _after_move(self, otherwise: str = "") -> None:
        """What follows a move: its replay, the rules' sentence on it (`otherwise` for a move the
        rules have no sentence for), and the game's pause between turns."""
        self._replay()
        text = self.match.describe_last() or otherwise
        if text:
            self.console.say(text)
        if self.match.game.info.hidden_information and len(self.match.human_seats) >= 2:
            self._shown_to = None
        if not self.match.over and self._between_turns():
            self._stopping = True

    def _between_turns(self) -> bool:
        """The game's pause between two turns (Qwirkle's "continue or stop?"); True stops here."""
        return self.adapter.between_turns(self.match, self.console.ask)

    def _replay(self) -> None:
        """Show what the last move did step by step (a Robot Turtles run): animated in place on a
        terminal, as one caption per step otherwise."""
        frames = self.adapter.replay_frames(self.match.game, self.match.view(None), self.style)
        if not self.console.interactive:
            for _board, caption in frames:
                self.console.say(caption)
            return
        height = 0
        for board, caption in frames:
            if height and self.style.colour:  # ANSI cursor moves only where colour is allowed
                self.console.stdout.write(f"\x1b[{height}F\x1b[J")  # back over the previous frame
            frame = f"{board}\n{caption}"
            self.console.say(frame)
            height = frame.count("\n") + 1
            time.sleep(REPLAY_SECONDS)

    def _computer_turn(self, seat: int) -> None:
        label = self.match.seat_label(seat)
        self._depth = 0
        pending = self.driver.start()
        if pending is None:
            return
        spinner = itertools.cycle("|/-\\")
        interactive = self.console.interactive
        if not interactive:
            self.console.say(_("{name} is thinking…").format(name=label))
        while not pending.wait(0.1):
            if interactive:
                depth = _(" depth {d}").format(d=self._depth) if self._depth else ""
                self.console.stdout.write(
                    "\r"
                    + _("{name} is thinking{depth} {spin}").format(
                        name=label, depth=depth, spin=next(spinner)
                    )
                )
                self.console.stdout.flush()
        if interactive:
            self.console.stdout.write("\r" + " " * 70 + "\r")
        state = self.match.state
        decision = self.driver.play(pending)
        if decision is None:
            return
        if decision.claims_draw:
            self.console.say(_("{name} claims a draw.").format(name=label))
            return
        text = self.adapter.public_move_text(self.match.game, state, decision.move)
        # the rules' sentence on the move says it all ("Red dropped in column 3."): said once
        self._after_move(otherwise=_("{name} plays {move}").format(name=label, move=text))

    # ----- commands ---------------------------------------------------------------------------
    def _command(self, command: str, arg: str, seat: int) -> bool:
        say = self.console.say
        match = self.match
        if command == "board":
            self._redraw = True
        if command == "help":
            for name, text in self.commands().items():
                say(f"  {shown_command(name):<10} {_(text)}")
            say("  " + self.adapter.move_help(match.game, match.view(seat)))
        elif command == "moves":
            size = shutil.get_terminal_size((100, 30))
            listing = move_listing(
                match.game, match.view(seat), arg, size.columns - 1, shown=self.adapter.shown_notation
            )
            self._say_paged(listing, size.lines)
        elif command == "undo":
            if match.undo():
                say(_("Taken back."))
            else:
                say(match.undo_barrier() or _("Nothing to undo."))
        elif command == "redo":
            if not match.redo():
                say(_("Nothing to redo."))
        elif command == "hint":
            self._hint(seat)
        elif command == "save":
            self._save(arg or None)
        elif command == "draw":
            if match.can_claim_draw():
                match.claim_draw()
            else:
                say(_("No draw can be claimed in this position."))
        elif command == "resign":
            if self.resign_confirmed():
                match.resign(seat)
        elif command == "board":
            pass
        elif command == "rules":
            say(match.game.rules_text())
        elif command == "quit":
            return self._quit()
        return True

    def _say_paged(self, lines: list[str], height: int) -> None:
        """Lines a screenful at a time on a terminal, so the start of a long list is not scrolled
        away; all at once into a pipe or a file."""
        page = max(height - 2, 5)
        if not self.console.interactive or len(lines) <= page + 1:
            for line in lines:
                self.console.say(line)
            return
        for start in range(0, len(lines), page):
            for line in lines[start : start + page]:
                self.console.say(line)
            left = len(lines) - start - page
            if left <= 0:
                return
            answer = self.console.ask(
                ngettext(
                    "-- {n} more line: Enter to go on, q to stop -- ",
                    "-- {n} more lines: Enter to go on, q to stop -- ",
                    left,
                ).format(n=left)
            )
            if answer.strip().lower() in ("q", "stop") or command_word(answer) == "quit":
                return

    def _hint(self, seat: int) -> None:
        thinker = self.match.think(
            seat, level=max(3, self.match.seats[seat].level or 3), purpose=events.FOR_HINT
        )
        try:
            move = thinker.result()
        except SearchCancelled:
            return
        view = self.match.view(seat)
        text = self.adapter.shown_notation(self.match.game.format_move(view, move))
        self.console.say(_("Hint: {move}").format(move=text))

    def _save(self, name: str | None) -> bool:
        saved, message = self._write_save(name)
        self.console.say(message if saved else self.style.paint(message, "red"))
        return saved

    def _write_save(self, name: str | None) -> tuple[bool, str]:
        """Save the game (over its earlier save, if any): (whether it worked, what to tell)."""
        match = self.match.saveable()
        if self.store is None or match is None:
            return False, _("Saving is not available here.")
        try:
            if name is None and self.slot is not None:
                name = session.save_name(self.store, self.slot)
            written = session.save_match(self.store, match, name, self.slot)
        except (StoreError, LudotecaError) as err:
            return False, _("Could not save: {err}").format(err=err)
        self.slot = written.slot
        message = _("Saved (number {id}). Resume with: ludoteca play --resume {id}").format(id=self.slot.id)
        notice = session.clash_notice(written)
        return True, f"{notice}\n{message}" if notice else message

    def resign_confirmed(self) -> bool:
        """Resigning ends the game for good: asked first, unless the player said `--yes`."""
        if self.sure:
            return True
        if self.console.confirm(_("Resign? The game ends now and counts as a loss. [y/N] ")):
            return True
        self.console.say(_("You play on."))
        return False

    def _quit(self) -> bool:
        if self._needs_saving() and self.console.confirm(_("Save before leaving? [Y/n] "), default=True):
            self._keep()
        return False

    def _needs_saving(self) -> bool:
        return (
            self.store is not None
            and self.match.saveable() is not None
            and self.match.ply > 0
            and not self.match.over
        )

    def _autosave(self, reason: str) -> None:
        """Input ended or Ctrl-C: keep the game rather than lose it."""
        if self._needs_saving():
            self.console.say(reason)
            self._keep()

    def _keep(self) -> None:
        """Save a game being left, waiting out another program holding the data file, or keep it in
        a recovery file: it is never lost."""
        match = self.match.saveable()
        assert self.store is not None and match is not None
        name = session.save_name(self.store, self.slot) if self.slot is not None else None
        kept = session.keep_match(self.store, match, name, self.slot, self.console.say)
        if kept.written is not None:
            self.slot = kept.written.slot
        self.console.say(kept.message)

    # ----- the end ----------------------------------------------------------------------------
    def _finish(self) -> bool:
        """Show the result; returns True if the player took moves back, else records it and leaves."""
        self._show(None)
        self.console.say(self.style.paint(session.describe_outcome(self.match), bold=True))
        if self.match.human_seats:
            try:
                answer = self.console.ask(_("Press Enter to leave, or type 'undo' to take moves back: "))
            except EndOfInput:
                answer = ""
            if command_word(answer) == "undo" and self.match.undo():
                return True
        self._record_result()
        return False

    def _record_result(self) -> None:
        if self.store is None:
            return
        try:
            self.store.add_result(session.result_row(self.match))
            match = self.match.saveable()
            if self.slot is not None and match is not None:
                written = session.save_match(
                    self.store, match, session.save_name(self.store, self.slot), self.slot
                )
                self.slot = written.slot
                notice = session.clash_notice(written)
                if notice:
                    self.console.say(notice)
        except (StoreError, LudotecaError) as err:
            self.console.say(_("Could not record the result: {err}").format(err=err))


def play_in_terminal(
    match: GameInPlay,
    store: Store | None,
    slot: SaveSlot | None = None,
    console: Console | None = None,
    sure: bool = False,
) -> int:
    return TerminalGame(match, store, console, slot=slot, sure=sure).run()


__all__ = ["Console", "TerminalGame", "play_in_terminal"]
