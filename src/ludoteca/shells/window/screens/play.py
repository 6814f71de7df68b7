# mypy: disable-error-code="no-untyped-call"
"""The board screen: the game being played, its side panel, the status bar, the computer's turns.

The screen listens to its match (`match.events`): a move, an undo, a computer's progress or its
chosen move arrive as events and the screen redraws from them; it never watches the match for
changes. A computer's turn is the match's `TurnDriver`'s (the terminal and the server ask the
same one): it decides in a thread, and its progress and its decision cross into the frame loop
through pygame's queue, so the window keeps drawing (and answering undo, menus and the rules)
however long it thinks; the decision is played once the last move's animation has ended.
"""

from __future__ import annotations

import logging
import sys
import threading
from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.ai.base import SearchCancelled
from ludoteca.ai.worker import Thinker
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Seat
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.board import BoardAction, Changed, GameBoard, Play, Refuse, Response, Scene
from ludoteca.kits.window.grid import Cell
from ludoteca.match import Match, events
from ludoteca.match.driver import Pending, TurnDriver
from ludoteca.match.events import Event
from ludoteca.shells import session
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.rules_dialog import RulesDialog
from ludoteca.shells.window.screens.panel import Layout, draw_panel, layout_for
from ludoteca.shells.window.widgets import Choice, Dialog, button, button_width, set_enabled
from ludoteca.store import SaveSlot, StoreError

log = logging.getLogger(__name__)


def _tell(sentence: str) -> None:
    log.warning("%s", sentence)
    print(sentence, file=sys.stderr)


#: the key of the "Claim a draw" button the screen adds beside the board's own
CLAIM_DRAW = "claim-draw"


@dataclass(frozen=True)
class Decided:
    """A computer's turn has been decided (in its thread), handed to the frame loop like a match
    event."""

    pending: Pending


class PlayScreen(Screen):
    def __init__(
        self,
        app: App,
        match: Match,
        slot: SaveSlot | None = None,
        *,
        computers: bool = True,
        dirty: bool = False,
    ) -> None:
        super().__init__(app)
        #: let computer seats play (off for still pictures such as `ludoteca screenshot`)
        self.computers = computers
        board = board_for(match.game, app.theme, app.fonts, app.store)
        if board is None:
            raise LudotecaError(
                _("{title} is not yet available in the window; use: ludoteca play {key}").format(
                    title=_(match.game.info.title), key=match.game.info.key
                )
            )
        self.board: GameBoard = board
        self.match = match
        #: the save this game was resumed from or last saved to
        self.slot = slot
        #: moves were played or taken back since the game was last saved
        self.dirty = dirty
        #: the computers' turns (the same driver the terminal and the server use)
        self.driver = TurnDriver(match)
        #: a computer's decision that arrived while something (an animation, a dialog) was showing
        self.ready: Pending | None = None
        #: how deep the computer's search has got (from its PROGRESS events)
        self.depth = 0
        self.hint_thinker: Thinker | None = None
        self.hint_move: Any = None
        self.transition: Transition | None = None
        self.message = ""
        self.message_error = False
        self.message_until = 0.0
        self.banner = ""
        self.banner_until = 0.0
        self.hover: Cell | None = None
        self.cursor: Cell | None = None
        self.end_at: float | None = None
        self.buttons: dict[str, UIButton] = {}
        self.pass_button: UIButton | None = None
        #: the board's own buttons (`GameBoard.actions`), and what they were made from
        self.action_buttons: list[UIButton] = []
        self._actions: tuple[BoardAction, ...] = ()
        self.pointer: tuple[int, int] | None = None
        #: the right button is down; True once it has dragged the board (then it does not deselect)
        self.right_drag: bool | None = None
        self.layout: Layout = layout_for(app, board.has_actions())
        self._view: tuple[Seat | None, Any] | None = None
        self._shown_moves: tuple[tuple[Seat | None, int], list[str]] | None = None
        #: the person whose secrets may be drawn (hot-seat with hidden information)
        self.shown_to: Seat | None = None
        #: set by events, acted on by the next frame
        self.over = match.over
        self._turn_due = True
        self._curtain_due = False
        #: the title of a "play on or stop?" question the board asked for after the last move
        self._break_due: str | None = None
        self._unsubscribe = match.subscribe(self._listen)
        self._curtain_due = self.needs_curtain()

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
            if event.pending is self.driver.pending:
                self.ready = event.pending
            return
        if event.kind == events.MOVE and event.seat is not None and self._elsewhere(event.seat):
            before = self._view[1] if self._view is not None else None
            self._position_changed()
            self._arrived(before)
        elif event.kind in (events.MOVE, events.UNDO, events.REDO, events.RESUMED, events.OVER):
            self._position_changed()
        elif event.kind == events.NEWS:
            self._news(event.info)
        elif event.kind == events.PROGRESS and event.purpose == events.FOR_MOVE:
            if event.ply == self.match.ply:
                self.depth = event.info.depth
        elif (
            event.kind == events.THOUGHT
            and event.purpose == events.FOR_HINT
            and self.hint_thinker is not None
            and event.thinker is self.hint_thinker
        ):
            self._hint_ready(self.hint_thinker)

    def _position_changed(self) -> None:
        """A move, an undo or a redo, or the end: forget what belonged to the old position."""
        self._view = None
        self._shown_moves = None
        self.dirty = True
        self.board.reset()
        self.hint_move = None
        self._cancel_hint()
        self._cancel_thinker()
        self.ready = None
        self.depth = 0
        self.end_at = None
        self.over = self.match.over
        self._turn_due = not self.over
        self._curtain_due = self.needs_curtain()
        self._break_due = None
        if self.buttons:
            self._refresh_buttons()

    def _arrived(self, before: Any) -> None:
        """A move made elsewhere (over the network) arrived: animate it and say what it did."""
        after = self.view()
        duration = self.board.transition_ms(before, after) if before is not None else 0
        speed = self.app.settings.speed
        if speed > 0 and duration > 0:
            self.transition = Transition(before, after, duration, self.app.now(), speed)
        self.say(self.match.describe_last(after) or "")
        self.app.sounds.play("place")

    def _news(self, info: Any) -> None:
        """Something to tell the player (chat, comings and goings), or to ask them."""
        if isinstance(info, events.Question) and info.answers:
            self.app.open_dialog(
                Dialog(
                    _("A question from the table"),
                    info.text,
                    [
                        Choice(label, self._answer(action), primary=i == 0)
                        for i, (label, action) in enumerate(info.answers)
                    ],
                )
            )
            return
        self.say(str(info))

    def _answer(self, action: Any) -> Any:
        def answer() -> None:
            self.app.close_dialog()
            try:
                action()
            except LudotecaError as err:
                self.say(str(err), error=True)

        return answer

    # ----- reading the match ------------------------------------------------------------------
    def _elsewhere(self, seat: Seat) -> bool:
        """Whether `seat` is played somewhere else (a person over the network)."""
        return self.match.seats[seat].kind == "remote"

    def _here(self, seat: Seat) -> bool:
        """Whether a person at this window plays `seat`."""
        return not self.match.is_computer(seat) and not self._elsewhere(seat)

    def viewer(self) -> Seat | None:
        """Whose eyes the board is drawn through: the person to move (once the screen is theirs),
        else the only person at the table, else a spectator."""
        seat = self.match.to_move()
        if seat is not None and self._here(seat):
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
            and self._here(seat)
            and seat != self.shown_to
        )

    def view(self) -> Any:
        """The position as the viewer may see it (recomputed after events, not every frame)."""
        if self._view is None:
            viewer = self.viewer()
            self._view = (viewer, self.match.view(viewer))
        return self._view[1]

    def shown_moves(self) -> list[str]:
        """The moves as the viewer may read them: made once per change, not every frame (after a
        70-move game of Qwirkle, reading them all again took most of a frame)."""
        key = (self.viewer(), len(self.match.moves))
        if self._shown_moves is None or self._shown_moves[0] != key:
            self._shown_moves = (key, self.match.public_moves(key[0]))
        return self._shown_moves[1]

    def human_to_move(self) -> Seat | None:
        seat = self.match.to_move()
        return seat if seat is not None and self._here(seat) else None

    def seat_label(self, seat: Seat) -> str:
        return self.match.seat_label(seat)

    def thinking(self) -> bool:
        return self.driver.pending is not None and not self.match.over

    # ----- building -----------------------------------------------------------------------------
    def build(self) -> None:
        app = self.app
        self.layout = layout_for(app, self.board.has_actions())
        self.board.set_theme(app.theme, app.fonts)
        self.board.layout(self.layout.board, self.view())
        labels = [
            ("undo", _("Undo"), self.undo),
            ("redo", _("Redo"), self.redo),
            ("hint", _("Hint"), self.ask_hint),
            ("save", _("Save"), self.ask_save),
            ("rules", _("Rules"), self.show_rules),
            ("resign", _("Resign") if len(self.match.seats) > 1 else _("End game"), self.ask_resign),
            ("menu", _("Menu"), self.back),
        ]
        self.buttons = {}
        for (key, label, action), rect in zip(labels, self.layout.buttons, strict=True):
            self.buttons[key] = button(app, app.manager, rect, label, action)
        self.pass_button = None
        self.action_buttons, self._actions = [], ()
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        m = self.match
        human = self.human_to_move()
        busy = self.hint_thinker is not None
        set_enabled(self.buttons["undo"], m.can_undo())
        set_enabled(self.buttons["redo"], m.can_redo())
        set_enabled(self.buttons["hint"], human is not None and not busy)
        set_enabled(self.buttons["save"], m.can_save() and (bool(m.moves) or self.slot is not None))
        set_enabled(self.buttons["resign"], not m.over)
        needs_pass = (
            human is not None and self.board.forced_pass(self.view()) is not None and self.transition is None
        )
        if needs_pass and self.pass_button is None:
            row, label = self.layout.actions, _("Pass")
            width = button_width(self.app, label, 150, bold=True)
            rect = pygame.Rect(row.right - width, row.top, width, row.height)
            self.pass_button = button(self.app, self.app.manager, rect, label, self.play_pass, primary=True)
        elif not needs_pass and self.pass_button is not None:
            self.pass_button.kill()
            self.pass_button = None
        self._refresh_actions(human is not None and self.transition is None)

    def _refresh_actions(self, shown: bool) -> None:
        """The board's own buttons, right-aligned in the status bar (made again when they change),
        after "Claim a draw" when the rules allow the person to move to claim one."""
        actions = tuple(self.board.actions(self.view())) if shown else ()
        if shown and self.match.can_claim_draw():
            actions = (BoardAction(CLAIM_DRAW, _("Claim a draw")), *actions)
        if actions == self._actions:
            return
        for widget in self.action_buttons:
            widget.kill()
        self._actions, self.action_buttons = actions, []
        row, gap = self.layout.actions, self.app.theme.sizes.gap
        right = row.right - (self.pass_button.rect.width + gap if self.pass_button is not None else 0)
        for action in reversed(actions):
            width = button_width(self.app, action.label, 120, bold=action.primary)
            rect = pygame.Rect(right - width, row.top, width, row.height)
            widget = button(
                self.app,
                self.app.manager,
                rect,
                action.label,
                self._actor(action.key),
                primary=action.primary,
            )
            set_enabled(widget, action.enabled)
            self.action_buttons.append(widget)
            right -= width + gap

    def _actor(self, key: str) -> Any:
        def act() -> None:
            if self.human_to_move() is None:
                return
            if key == CLAIM_DRAW:
                self.ask_claim_draw()
                return
            self._respond(self.board.act(self.view(), key))
            self._refresh_buttons()

        return act

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
        duration = self.board.transition_ms(before, after)
        speed = self.app.settings.speed
        if speed > 0 and duration > 0:
            self.transition = Transition(before, after, duration, self.app.now(), speed)
        announcement = self.board_announcement(before, after)
        if announcement:
            self.banner = announcement
            self.banner_until = self.app.now() + (
                self.app.theme.motion.pass_banner / speed if speed > 0 else 0
            )
        described = self.match.describe_last(after)
        self.say(described or "")
        self.app.sounds.play("place")
        if not self.match.over and self.match.human_seats:
            self._break_due = self.board.round_break(after)
        return True

    def board_announcement(self, before: Any, after: Any) -> str:
        announce = getattr(self.board, "announcement", None)
        return str(announce(before, after) or "") if announce is not None else ""

    def play_pass(self) -> None:
        move = self.board.forced_pass(self.view())
        if move is not None and self.human_to_move() is not None:
            self.play(move)

    def _cancel_thinker(self) -> None:
        self.driver.cancel()

    def _cancel_hint(self) -> None:
        if self.hint_thinker is not None:
            self.hint_thinker.cancel()
            self.hint_thinker = None

    def undo(self) -> None:
        if not self.match.can_undo():
            self.say(_("Nothing to undo."))
            return
        self._cancel_thinker()
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
        self._cancel_thinker()
        self.transition = None
        if self.match.redo():
            self.say(self.match.describe_last(self.view()))
        else:
            self.say(_("Nothing to redo."))

    def ask_hint(self) -> None:
        seat = self.human_to_move()
        if seat is None or self.hint_thinker is not None:
            return
        level = max(3, self.match.seats[seat].level or 3)
        self.hint_thinker = self.match.think(seat, level=level, purpose=events.FOR_HINT)
        self.say(_("Looking for a good move…"))
        self._refresh_buttons()

    # ----- the frame ----------------------------------------------------------------------------
    def update(self, now: float) -> None:
        self.match.poll()
        if self.transition is not None and self.transition.finished(now):
            self.transition = None
            self._refresh_buttons()
        if self.banner and now >= self.banner_until:
            self.banner = ""
        if self._turn_due:
            self._turn_due = False
            self._begin_turn()
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
            self._round_break(title)
        elif self.ready is not None:
            pending, self.ready = self.ready, None
            self._play_decided(pending)
        elif self._curtain_due:
            self._curtain_due = False
            self._curtain()

    def _begin_turn(self) -> None:
        """A new position: a computer seat to move starts deciding (whether to claim a draw the
        position allows, then its move); the decision comes back through the event queue."""
        if not self.computers or self.driver.pending is not None:
            return
        post = self.app.post
        self.driver.start(lambda pending: post(Decided(pending)))

    def _draw_claimed(self, seat: Seat) -> None:
        name = self.seat_label(seat)
        why = _("The same position has occurred three times, and {name} expects no better from playing on.")
        self._cancel_hint()
        self.app.open_dialog(
            Dialog(
                _("{name} claims a draw").format(name=name),
                why.format(name=name),
                [Choice(_("OK"), self.app.close_dialog, primary=True)],
            )
        )

    def ask_claim_draw(self) -> None:
        if not self.match.can_claim_draw():
            return

        def claim() -> None:
            self.app.close_dialog()
            try:
                self.match.claim_draw()
            except LudotecaError as err:
                self.say(str(err), error=True)

        self.app.open_dialog(
            Dialog(
                _("Claim a draw?"),
                _("The same position has occurred three times: you may end the game as a draw."),
                [
                    Choice(_("Claim the draw"), claim, primary=True),
                    Choice(_("Play on"), self.app.close_dialog),
                ],
            )
        )

    def _play_decided(self, pending: Pending) -> None:
        try:
            decision = self.driver.play(pending, move_with=self.play)
        except SearchCancelled:
            return
        except Exception as err:  # a failing engine must not take the window down
            self.say(_("The computer could not move: {err}").format(err=err), error=True)
            return
        if decision is not None and decision.claims_draw:
            self._draw_claimed(pending.seat)

    def _hint_ready(self, thinker: Thinker) -> None:
        self.hint_thinker = None
        try:
            move = thinker.result()
        except SearchCancelled:
            return
        except Exception as err:
            self.say(_("No hint available: {err}").format(err=err), error=True)
            return
        finally:
            self._refresh_buttons()
        self.hint_move = move
        self.say(_("Hint: {move}").format(move=self.match.game.format_move(thinker.state, move)))

    def finish(self) -> None:

        self.app.sounds.play("end")
        self.app.go("end", self.match, self.slot, saved_dirty=self.dirty)

    # ----- messages -----------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_error = error
        self.message_until = self.app.now() + self.app.theme.motion.message

    def status_parts(self, now: float) -> tuple[list[str], bool]:
        """What the status bar says, as sentences: the latest message while it is fresh, then
        what is happening (whose turn, who is thinking); and whether it is an error."""
        fresh = bool(self.message) and now < self.message_until
        if fresh and self.message_error:
            return [draw.sentence(self.message)], True
        parts = [self.message] if fresh else []
        state = self.view()
        seat = self.match.to_move()
        if self.match.over:
            parts = [session.describe_outcome(self.match)]
        elif seat is not None and self._elsewhere(seat):
            parts.append(_("Waiting for {name}…").format(name=self.seat_label(seat)))
        elif seat is not None and self.match.is_computer(seat):
            depth = self.depth
            if depth:
                parts.append(_("{name} is thinking… depth {d}").format(name=self.seat_label(seat), d=depth))
            else:
                parts.append(_("{name} is thinking…").format(name=self.seat_label(seat)))
        elif seat is not None:
            if self.board.forced_pass(state) is not None:
                parts.append(_("{name} must pass: click Pass.").format(name=self.seat_label(seat)))
            else:
                parts.append(self.board.prompt(state, self.seat_label(seat)))
        return [draw.sentence(p) for p in parts if p], False

    def status_text(self, now: float) -> tuple[str, bool]:
        parts, error = self.status_parts(now)
        return "  ".join(parts), error

    # ----- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos if self.layout.board.collidepoint(event.pos) else None
            if self.right_drag is not None and event.buttons[2] and self.board.pan(*event.rel):
                self.right_drag = True
            self.hover = self.board.cell_at(event.pos) if self.layout.board.collidepoint(event.pos) else None
            if self.hover is not None:
                self.cursor = None
        elif event.type == pygame.MOUSEWHEEL:
            if self.pointer is not None:
                self.board.zoom(self.pointer, getattr(event, "precise_y", event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.layout.board.collidepoint(event.pos):
                self._board_click(event.pos, press=True)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.layout.board.collidepoint(event.pos):
                self._board_click(event.pos, press=False)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.right_drag = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if not self.right_drag:
                self.board.deselect()  # a right click, not a drag of the board
            self.right_drag = None
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _board_click(self, pos: tuple[int, int], press: bool) -> None:
        if press and self.transition is not None:
            self.transition = None  # a click finishes the animation at once
        seat = self.human_to_move()
        if seat is None:
            if press:
                if self.match.over:
                    self.say(_("The game is over."))
                elif self.board.cell_at(pos) is not None:
                    who = self.match.to_move()
                    name = self.seat_label(who) if who is not None else ""
                    if who is not None and self._elsewhere(who):
                        self.say(_("Please wait: it is {name}'s turn.").format(name=name), error=True)
                    else:
                        self.say(_("Please wait: {name} is thinking.").format(name=name), error=True)
            return
        state = self.view()
        if press and self.board.forced_pass(state) is not None:
            self.play_pass()
            return
        response = self.board.press(state, pos) if press else self.board.release(state, pos)
        self._respond(response)
        self._refresh_actions(True)

    def _respond(self, response: Response) -> None:
        if isinstance(response, Play):
            self.play(response.move)
        elif isinstance(response, Refuse):
            self.say(response.reason, error=True)
            self.app.sounds.play("error")
        elif isinstance(response, Changed):
            self.message = ""

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif event.key == pygame.K_F1:
            self.show_rules()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            g = self.board.grid
            col, row = self.cursor or (g.cols // 2, g.rows // 2)
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
            self.cursor = (max(0, min(g.cols - 1, col + dx)), max(0, min(g.rows - 1, row + dy)))
            self.hover = None
            self.board.show_cell(self.cursor)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.human_to_move() is None:
                return
            state = self.view()
            if self.board.forced_pass(state) is not None:
                self.play_pass()
            elif self.cursor is not None:
                self._respond(self.board.activate(state, self.cursor))
                self._refresh_actions(True)
        elif self.human_to_move() is not None:
            self._respond(self.board.key(self.view(), event.key))
            self._refresh_actions(True)

    def back(self) -> None:
        if self.board.deselect():
            return
        self.ask_leave()

    # ----- dialogs ------------------------------------------------------------------------------
    def _curtain(self) -> None:
        seat = self.match.to_move()
        assert seat is not None
        name = self.seat_label(seat)

        def take() -> None:
            self.shown_to = seat
            self._view = None
            self.app.close_dialog()
            self._refresh_buttons()

        dialog = Dialog(
            _("Pass the screen to {name}").format(name=name),
            _("Nothing secret is shown until {name} is ready.").format(name=name),
            [Choice(_("I am {name}: show my game").format(name=name), take, primary=True)],
        )
        dialog.cancel = lambda: None  # type: ignore[method-assign]  # Esc must not lift the curtain
        self.app.open_dialog(dialog)

    def _round_break(self, title: str) -> None:
        """Play on, or stop here (the leaving dialog then offers to save the game)."""

        def stop() -> None:
            self.app.close_dialog()
            self.ask_leave()

        self.app.open_dialog(
            Dialog(
                title,
                _("Every player has had a turn. Play on, or stop here and save the game to finish it later."),
                [Choice(_("Stop here"), stop), Choice(_("Next round"), self.app.close_dialog, primary=True)],
            )
        )

    def show_rules(self) -> None:
        self.app.open_dialog(RulesDialog(self.match.game))

    def ask_resign(self) -> None:
        if self.match.over:
            return
        solo = len(self.match.seats) == 1
        dialog = Dialog(
            _("End the game?") if solo else _("Resign?"),
            _("The game ends now with your current score.")
            if solo
            else _("The game ends now and counts as a loss."),
            [
                Choice(_("End the game") if solo else _("Resign"), self._resign, primary=True),
                Choice(_("Cancel"), self.app.close_dialog),
            ],
        )
        self.app.open_dialog(dialog)

    def _resign(self) -> None:
        self.app.close_dialog()
        self._cancel_thinker()
        self._cancel_hint()
        seat = self.human_to_move()
        if seat is None:
            humans = self.match.human_seats
            seat = humans[0] if humans else self.match.to_move()
        try:
            self.match.resign(seat)
        except LudotecaError as err:
            self.say(str(err), error=True)
            return
        self.transition = None

    def default_save_name(self) -> str:
        if self.slot is not None:
            return session.save_name(self.app.store, self.slot)
        return session.default_save_name(self.match)

    def ask_save(self, then: Any = None) -> None:
        dialog = Dialog(
            _("Save the game"),
            _("Under which name? You can resume it from the main menu."),
            [
                Choice(_("Save"), lambda: self._save(dialog, then), primary=True),
                Choice(_("Cancel"), self.app.close_dialog),
            ],
            entry=self.default_save_name(),
        )
        self.app.open_dialog(dialog)

    def _save(self, dialog: Dialog, then: Any = None) -> None:
        name = dialog.text.strip() or session.default_save_name(self.match)
        if self.save(name, dialog):
            self.app.close_dialog()
            if then is not None:
                then()

    def save(self, name: str | None = None, dialog: Dialog | None = None) -> bool:
        try:
            written = session.save_match(
                self.app.store, self.match, name or self.default_save_name(), self.slot
            )
        except (StoreError, LudotecaError) as err:
            if dialog is not None:
                dialog.error = str(err)
            else:
                self.say(_("Could not save: {err}").format(err=err), error=True)
            return False
        self.slot = written.slot
        self.dirty = False
        self._refresh_buttons()
        self.say(session.clash_notice(written) or _("Saved as “{name}”.").format(name=written.slot.name))
        return True

    def ask_leave(self) -> None:

        def leave() -> None:
            self.app.close_dialog()
            self.app.go("menu")

        if not self.dirty or not self.match.moves or self.match.over or not self.match.can_save():
            leave()
            return
        dialog = Dialog(
            _("Leave this game?"),
            _("Save it first to resume it later from the main menu."),
            [
                Choice(_("Save and leave"), lambda: self.ask_save(then=leave), primary=True),
                Choice(_("Leave without saving"), leave),
                Choice(_("Stay"), self.app.close_dialog),
            ],
        )
        self.app.open_dialog(dialog)

    def leave(self) -> None:
        self._unsubscribe()
        self._cancel_thinker()
        self._cancel_hint()
        if not self.match.over:
            self.match.close()  # a finished game is still shown by the end screen

    def on_quit(self) -> None:
        """The window closes mid-game: save it so nothing is lost (waiting out another program
        holding the data file, else into a recovery file). The window is going, so what happened
        is told on the terminal that started it and in the log."""
        self.leave()
        if self.dirty and self.match.moves and not self.match.over and self.match.can_save():
            name = self.default_save_name()
            kept = session.keep_match(self.app.store, self.match, name, self.slot, _tell)
            if kept.written is not None:
                self.slot = kept.written.slot
                self.dirty = False
            _tell(kept.message)

    # ----- drawing ------------------------------------------------------------------------------
    def scene(self, now: float) -> Scene:
        return Scene(
            state=self.view(),
            now=now,
            transition=self.transition,
            interactive=self.human_to_move() is not None and self.app.dialog is None,
            hover=self.hover,
            cursor=self.cursor,
            hint=self.hint_move,
            pointer=self.pointer,
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        now = self.app.now()
        self.board.draw(surface, self.scene(now))
        if self.banner:
            self._draw_banner(surface, self.banner)
        elif (
            (seat := self.human_to_move()) is not None
            and self.board.forced_pass(self.view()) is not None
            and self.transition is None
        ):
            self._draw_banner(surface, _("{name} has no legal move").format(name=self.seat_label(seat)))
        draw_panel(self, surface, now)
        self._draw_status(surface, now)

    def _status_room(self) -> pygame.Rect:
        """The status bar's part left for words (beside the buttons when they share it)."""
        s = self.app.theme.sizes
        status = self.layout.status
        room = status.inflate(-2 * s.gap - 8, -4)
        if self.layout.actions == status:
            widgets = [*self.action_buttons, *([self.pass_button] if self.pass_button is not None else [])]
            if widgets:
                room.width = min(w.rect.left for w in widgets) - s.gap - room.left
        return room

    def _draw_status(self, surface: pygame.Surface, now: float) -> None:
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        status = self.layout.status
        draw.card(surface, status, c.status, None, s.corner)
        parts, error = self.status_parts(now)
        room = self._status_room()
        sizes = (fonts.body, fonts.small)
        text = "  ".join(parts)
        # too much to say in a narrow window: the newest news alone (what just happened)
        if len(parts) > 1 and not draw.fits(sizes, text, room.width, room.height, 0):
            text = parts[0]
        with fit.inside(status, "status bar"):
            draw.block(surface, sizes, text, c.text_error if error else c.text, room, 0, middle=True)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        area = self.layout.board
        room = area.width - 2 * s.margin - 2 * s.gap
        sizes = (fonts.title, fonts.body_bold)
        font, lines = draw.fitting(sizes, text, room, 2 * fonts.title.get_linesize(), 0)
        width = min(area.width - 2 * s.margin, max(font.size(line)[0] for line in lines) + 2 * s.margin)
        height = draw.lines_height(font, len(lines), 0)
        rect = pygame.Rect(0, 0, width, height + 2 * s.gap + 10)
        rect.center = area.center
        draw.translucent_rect(surface, c.status, rect, 225, s.corner + 4)
        draw.outline(surface, c.accent, rect, 2, s.corner + 4)
        with fit.inside(rect, "banner"):
            inner = rect.inflate(-2 * s.gap, -2 * s.gap)
            for i, line in enumerate(lines):
                y = inner.centery - height / 2 + i * font.get_linesize()
                draw.text(surface, font, line, c.text, (inner.centerx, y), "midtop")
