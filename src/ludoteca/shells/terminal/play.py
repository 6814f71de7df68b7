"""The terminal game loop: board, prompt, commands, computer turns, saving.

It works the same on a terminal and with piped input (one line per move), so a whole game can be
scripted: `printf 'd3\nc5\nquit\n' | ludoteca play othello --players human,human`.
"""

from __future__ import annotations

import itertools
import time

from ludoteca.ai.base import SearchCancelled
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import N_, _
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.kits.terminal.style import Style, detect_style
from ludoteca.match import Match, events
from ludoteca.match.events import Event
from ludoteca.shells import session
from ludoteca.shells.terminal.boards import terminal_board_for
from ludoteca.store import Store, StoreError

COMMANDS = {
    "help": N_("show this help"),
    "moves": N_("list the legal moves"),
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
        match: Match,
        store: Store | None = None,
        console: Console | None = None,
        style: Style | None = None,
        save_id: int | None = None,
    ) -> None:
        self.match = match
        self.store = store
        self.console = console or Console()
        self.style = style or detect_style(self.console.stdout)
        self.adapter: TerminalBoard = terminal_board_for(match.game)
        self.adapter.begin(match, store)
        self.save_id = save_id
        self._shown_to: int | None = None  # the human seat whose secrets are on screen
        self._redraw = True  # the board changed since it was last drawn
        self._stopping = False  # the players chose to stop between two turns
        self._depth = 0  # how deep the computer's search has got (its PROGRESS events)
        match.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        """The match's listener: what changed is drawn again at the next prompt. Progress comes
        from the thinking thread and only updates a number the waiting loop shows."""
        if event.kind in (events.MOVE, events.UNDO, events.REDO, events.RESUMED):
            self._redraw = True
        if event.kind == events.REDO:
            replayed = self.match.moves[-event.count :]
            self.console.say(_("Replayed: {moves}").format(moves=" ".join(replayed)))
        elif event.kind == events.PROGRESS and event.purpose == events.FOR_MOVE:
            self._depth = event.info.depth

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
                assert seat is not None
                if self.match.is_computer(seat):
                    self._computer_turn(seat)
                else:
                    if not self._human_turn(seat):
                        return 0
        except (EndOfInput, KeyboardInterrupt):
            say()
            self._autosave()
            return 0

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
        self.console.ask(
            _("Pass the keyboard to {name}, then press Enter.").format(name=self.match.seat_label(seat)) + " "
        )
        self._shown_to = seat

    def _human_turn(self, seat: int) -> bool:
        """One prompt; returns False when the player leaves."""
        self._privacy_step(seat)
        if self._redraw:
            self._show(seat)
            self._redraw = False
        line = self.console.ask(self.adapter.prompt(self.match.game, self.match.view(seat), seat))
        line = self.adapter.expand_input(self.match.game, self.match.view(seat), seat, line, self.console)
        if not line:
            return True
        word, _sep, rest = line.partition(" ")
        command = word.lower()
        if command in COMMANDS and not self._is_move(line):
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

    def _after_move(self) -> None:
        self._replay()
        text = self.match.game.describe_last(self.match.state)
        if text:
            self.console.say(text)
        if self.match.game.info.hidden_information and len(self.match.human_seats) >= 2:
            self._shown_to = None
        if not self.match.over and self.adapter.between_turns(self.match, self.console.ask):
            self._stopping = True

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
        if self.match.computer_wants_draw(seat):
            self.match.claim_draw()
            self.console.say(_("{name} claims a draw.").format(name=label))
            return
        self._depth = 0
        thinker = self.match.think(seat)
        spinner = itertools.cycle("|/-\\")
        interactive = self.console.interactive
        if not interactive:
            self.console.say(_("{name} is thinking…").format(name=label))
        while not thinker.wait(0.1):
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
        move = thinker.result()
        state = self.match.state
        text = self.adapter.public_move_text(self.match.game, state, move)
        self.match.play(move)
        self.console.say(_("{name} plays {move}").format(name=label, move=text))
        self._after_move()

    # ----- commands ---------------------------------------------------------------------------
    def _command(self, command: str, arg: str, seat: int) -> bool:
        say = self.console.say
        match = self.match
        if command == "board":
            self._redraw = True
        if command == "help":
            for name, text in COMMANDS.items():
                say(f"  {name:<7} {_(text)}")
            say("  " + self.adapter.move_help(match.game, match.view(seat)))
        elif command == "moves":
            view = match.view(seat)
            say(" ".join(match.game.format_move(view, m) for m in match.game.legal_moves(view)))
        elif command == "undo":
            if match.undo():
                say(_("Taken back."))
            else:
                say(_("Nothing to undo."))
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
            match.resign(seat)
        elif command == "board":
            pass
        elif command == "rules":
            say(match.game.rules_text())
        elif command == "quit":
            return self._quit()
        return True

    def _hint(self, seat: int) -> None:
        thinker = self.match.think(
            seat, level=max(3, self.match.seats[seat].level or 3), purpose=events.FOR_HINT
        )
        try:
            move = thinker.result()
        except SearchCancelled:
            return
        view = self.match.view(seat)
        self.console.say(_("Hint: {move}").format(move=self.match.game.format_move(view, move)))

    def _save(self, name: str | None) -> bool:
        if self.store is None:
            self.console.say(_("Saving is not available here."))
            return False
        try:
            if name is None and self.save_id is not None:
                existing = self.store.load_save(self.save_id)
                name = existing.name
            self.save_id = session.save_match(self.store, self.match, name, self.save_id)
        except (StoreError, LudotecaError) as err:
            self.console.say(self.style.paint(_("Could not save: {err}").format(err=err), "red"))
            return False
        message = _("Saved (number {id}). Resume with: ludoteca play --resume {id}")
        self.console.say(message.format(id=self.save_id))
        return True

    def _quit(self) -> bool:
        if self.store is not None and self.match.moves and not self.match.over:
            answer = self.console.ask(_("Save before leaving? [Y/n] ")).lower()
            if answer in ("", "y", "yes", "o", "oui"):
                self._save(None)
        return False

    def _autosave(self) -> None:
        """Input ended or Ctrl-C: keep the game rather than lose it."""
        if self.store is not None and self.match.moves and not self.match.over:
            self.console.say(_("Input ended; saving the game so nothing is lost."))
            self._save(None)

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
            if answer.lower() == "undo" and self.match.undo():
                return True
        self._record_result()
        return False

    def _record_result(self) -> None:
        if self.store is None:
            return
        try:
            self.store.add_result(session.result_row(self.match))
            if self.save_id is not None:
                name = self.store.load_save(self.save_id).name
                session.save_match(self.store, self.match, name, self.save_id)
        except StoreError as err:
            self.console.say(_("Could not record the result: {err}").format(err=err))


def play_in_terminal(
    match: Match, store: Store | None, save_id: int | None = None, console: Console | None = None
) -> int:
    return TerminalGame(match, store, console, save_id=save_id).run()


__all__ = ["Console", "TerminalGame", "play_in_terminal"]
