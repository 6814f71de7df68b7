# mypy: disable-error-code="no-untyped-call"
"""The board screen: the game being played, drawn and played by mouse and keyboard.

The screen listens to its match (`GameInPlay.subscribe`): a move, an undo, a computer's progress
or its chosen move arrive as events and the screen redraws from them; it never watches the match
for changes. What it does is split by part, each in its own module: the status bar (`status`), the
buttons (`controls`), the mouse and keyboard (`board_input`), the computers' turns and hints
(`computers`), the questions it asks (`dialogs`) and keeping the game (`keeper`); the side panel
is drawn by `screens.panel`. This class holds them together and answers what they all ask: whose
eyes the board is drawn through, what they see, and what a move does.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Seat
from ludoteca.i18n import _
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.board import Changed, GameBoard, Play, Refuse, Response, Scene
from ludoteca.match import GameInPlay, events
from ludoteca.match.events import POSITION_EVENTS, Event, Moved, News, Progress, Thought
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.panel import Layout, draw_panel, layout_for
from ludoteca.shells.window.screens.play.board_input import BoardInput
from ludoteca.shells.window.screens.play.computers import ComputerTurns, Decided
from ludoteca.shells.window.screens.play.controls import Controls
from ludoteca.shells.window.screens.play.dialogs import PlayDialogs
from ludoteca.shells.window.screens.play.keeper import Keeper
from ludoteca.shells.window.screens.play.status import StatusBar
from ludoteca.shells.window.screens.play.viewpoint import Viewpoint
from ludoteca.store import SaveSlot


class PlayScreen(Screen):
    def __init__(
        self,
        app: App,
        match: GameInPlay,
        slot: SaveSlot | None = None,
        *,
        computers: bool = True,
        dirty: bool = False,
    ) -> None:
        super().__init__(app)
        #: let computer seats play (off for still pictures such as `ludoteca screenshot`)
        self.computers_play = computers
        board = board_for(match.game, app.theme, app.fonts, app.store)
        if board is None:
            raise LudotecaError(
                _("{title} is not yet available in the window; use: ludoteca play {key}").format(
                    title=_(match.game.info.title), key=match.game.info.key
                )
            )
        self.board: GameBoard = board
        self.match = match
        self.layout: Layout = layout_for(app, board.has_actions())
        self.transition: Transition | None = None
        self.end_at: float | None = None
        #: whose eyes the board is drawn through, and what they see
        self.seen = Viewpoint(match)
        self.computers = ComputerTurns(self, changed=self._refresh)
        self.keeper = Keeper(self, slot, dirty, changed=self._refresh)
        self.dialogs = PlayDialogs(self, self.computers, self.keeper)
        self.controls = Controls(self, self.computers, self.dialogs, self.keeper)
        self.board_input = BoardInput(self, self.controls, self.dialogs)
        self.status = StatusBar(self, lambda: self.computers.depth, self.controls.widgets_in_status)
        #: set by events, acted on by the next frame
        self.over = match.over
        self._turn_due = True
        #: the title of a "play on or stop?" question the board asked for after the last move
        self._break_due: str | None = None
        self._unsubscribe = match.subscribe(self._listen)
        self._curtain_due = self.needs_curtain()

    # ----- what the app, the panel and the tests read -------------------------------------------
    @property
    def buttons(self) -> dict[str, UIButton]:
        return self.controls.buttons

    @property
    def depth(self) -> int:
        return self.computers.depth

    def thinking(self) -> bool:
        return self.computers.thinking()

    def say(self, text: str, error: bool = False) -> None:
        self.status.say(text, error)

    def status_text(self, now: float) -> tuple[str, bool]:
        return self.status.text(now)

    def handle(self, event: pygame.event.Event) -> None:
        self.board_input.handle(event)

    # ----- listening to the match ---------------------------------------------------------------
    def _listen(self, event: Event) -> None:
        """The match's listener: events from the frame loop's own thread are handled at once (so
        the screen is up to date when `match.play` returns); those from a thinking thread go
        through the window's event queue."""
        if threading.current_thread() is threading.main_thread():
            self.on_match(event)
        else:
            self.app.post(event)

    def on_match(self, event: Event | Decided) -> None:
        if isinstance(event, Decided):
            self.computers.decided(event)
        elif isinstance(event, Moved) and event.seat is not None and self.elsewhere(event.seat):
            before = self.seen.last_view()
            self._position_changed()
            self._arrived(before)
        elif isinstance(event, POSITION_EVENTS):
            self._position_changed()
        elif isinstance(event, News):
            self.dialogs.news(event.info)
        elif isinstance(event, Progress) and event.purpose == events.FOR_MOVE:
            if event.ply == self.match.ply:
                self.computers.depth = event.info.depth
        elif isinstance(event, Thought) and event.purpose == events.FOR_HINT:
            self.computers.thought(event.thinker)

    def _position_changed(self) -> None:
        """A move, an undo or a redo, or the end: forget what belonged to the old position."""
        self.seen.forget()
        self.keeper.dirty = True
        self.board.reset()
        self.computers.forget()
        self.end_at = None
        self.over = self.match.over
        self._turn_due = not self.over
        self._curtain_due = self.needs_curtain()
        self._break_due = None
        self.controls.refresh()

    def _arrived(self, before: Any) -> None:
        """A move made elsewhere (over the network) arrived: animate it and say what it did."""
        after = self.view()
        duration = self.board.transition_ms(before, after) if before is not None else 0
        self._animate(before, after, duration)
        self.say(self.match.describe_last(after) or "")
        self.app.sounds.play("place")

    def respond(self, response: Response) -> None:
        if isinstance(response, Play):
            self.play(response.move)
        elif isinstance(response, Refuse):
            self.say(response.reason, error=True)
            self.app.sounds.play("error")
        elif isinstance(response, Changed):
            self.status.message = ""

    def _refresh(self) -> None:
        self.controls.refresh()

    def _animate(self, before: Any, after: Any, duration: float) -> None:
        speed = self.app.settings.speed
        if speed > 0 and duration > 0:
            self.transition = Transition(before, after, duration, self.app.now(), speed)

    # ----- reading the match (through the viewpoint) ------------------------------------------
    def elsewhere(self, seat: Seat) -> bool:
        return self.seen.elsewhere(seat)

    def viewer(self) -> Seat | None:
        return self.seen.viewer()

    def needs_curtain(self) -> bool:
        return self.seen.needs_curtain()

    def show_to(self, seat: Seat) -> None:
        self.seen.show_to(seat)
        self.controls.refresh()

    def view(self) -> Any:
        return self.seen.view()

    def shown_moves(self) -> list[str]:
        return self.seen.shown_moves()

    def human_to_move(self) -> Seat | None:
        return self.seen.human_to_move()

    def seat_label(self, seat: Seat) -> str:
        return self.match.seat_label(seat)

    # ----- building -----------------------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        self.layout = layout_for(app, self.board.has_actions())
        self.board.set_theme(app.theme, app.fonts)
        self.board.layout(self.layout.board, self.view())
        self.controls.build()

    # ----- playing ------------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Offer `move` for the seat to move; animate it, or say why it is not legal."""
        before = self.view()
        try:
            self.match.play(move)
        except LudotecaError as err:
            self.say(str(err), error=True)
            self.app.sounds.play("error")
            return False
        after = self.view()
        self._animate(before, after, self.board.transition_ms(before, after))
        self.status.announce(self.board.announcement(before, after))
        self.say(self.match.describe_last(after) or "")
        self.app.sounds.play("place")
        if not self.match.over and len(self.match.human_seats) >= 2:
            # a round's pause is for people sharing the screen (Qwirkle's brief); one person
            # against computers leaves with the Menu button when they wish
            self._break_due = self.board.round_break(after)
        return True

    def play_pass(self) -> None:
        move = self.board.forced_pass(self.view())
        if move is not None and self.human_to_move() is not None:
            self.play(move)

    def undo(self) -> None:
        if not self.match.can_undo():
            self.say(_("Nothing to undo."))
            return
        self.computers.driver.cancel()
        self.transition = None
        try:
            taken = self.match.undo()
        except LudotecaError as err:
            self.say(str(err), error=True)
            return
        if taken:
            self.say(_("Taken back."))
        elif (barrier := self.match.undo_barrier()) is not None:
            self.say(barrier, error=True)
        # else the others were asked (a networked game): their answer comes as an event

    def redo(self) -> None:
        self.computers.driver.cancel()
        self.transition = None
        if self.match.redo():
            self.say(self.match.describe_last(self.view()))
        else:
            self.say(_("Nothing to redo."))

    # ----- the frame ----------------------------------------------------------------------------
    def update(self, now: float) -> None:
        self.match.poll()
        if self.transition is not None and self.transition.finished(now):
            self.transition = None
            self.controls.refresh()
        self.status.expire(now)
        if self._turn_due:
            self._turn_due = False
            self.computers.begin_turn()
        if self.transition is not None:
            return
        if self.over:
            if self.app.dialog is not None:
                return  # what ended the game is being told (a computer's draw claim)
            if self.end_at is None:
                speed = self.app.settings.speed
                self.end_at = now + (self.app.theme.motion.end_pause / speed if speed > 0 else 0)
            if now >= self.end_at:
                self.finish()
            return
        if self.app.dialog is not None:
            return
        if self._break_due is not None:
            title, self._break_due = self._break_due, None
            self.dialogs.round_break(title)
        elif self.computers.play_ready():
            pass
        elif self._curtain_due:
            self._curtain_due = False
            self.dialogs.curtain()

    def finish(self) -> None:
        self.app.sounds.play("end")
        self.app.go("end", self.match, self.keeper.slot, saved_dirty=self.keeper.dirty)

    def back(self) -> None:
        if self.board.deselect():
            return
        self.keeper.ask_leave()

    def leave(self) -> None:
        self._unsubscribe()
        self.computers.stop()
        if not self.match.over:
            self.match.close()  # a finished game is still shown by the end screen

    def on_quit(self) -> None:
        """The window closes mid-game: stop, and save it so nothing is lost."""
        self.leave()
        self.keeper.keep_on_quit()

    # ----- drawing ------------------------------------------------------------------------------
    def scene(self, now: float) -> Scene:
        pointing = self.board_input
        return Scene(
            state=self.view(),
            now=now,
            transition=self.transition,
            interactive=self.human_to_move() is not None and self.app.dialog is None,
            hover=pointing.hover,
            cursor=pointing.cursor,
            hint=self.computers.hint_move,
            pointer=pointing.pointer,
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        now = self.app.now()
        self.board.draw(surface, self.scene(now))
        self.status.draw_banner(surface)
        draw_panel(self, surface, now)
        self.status.draw(surface, now)
