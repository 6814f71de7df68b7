"""The computers at the board screen: their turns, and a person's hints.

A computer's turn is the match's `TurnDriver`'s (the terminal and the server ask the same one):
it decides in a thread, and its progress and its decision cross into the frame loop through
pygame's queue, so the window keeps drawing (and answering undo, menus and the rules) however long
it thinks; the decision is played once the last move's animation has ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.ai.base import SearchCancelled
from ludoteca.ai.worker import Thinker
from ludoteca.core.game import Seat
from ludoteca.i18n import _
from ludoteca.match import events
from ludoteca.match.driver import Pending, TurnDriver
from ludoteca.shells.window.screens.play.host import BoardScreen
from ludoteca.shells.window.widgets import Choice, Dialog


@dataclass(frozen=True)
class Decided:
    """A computer's turn has been decided (in its thread), handed to the frame loop like a match
    event."""

    pending: Pending


class ComputerTurns:
    def __init__(self, screen: BoardScreen, changed: Callable[[], None]) -> None:
        self.screen = screen
        #: called when what the buttons offer may have changed (a hint asked, or found)
        self._changed = changed
        self.driver = TurnDriver(screen.match)
        #: a decision that arrived while something (an animation, a dialog) was showing
        self.ready: Pending | None = None
        #: how deep the computer's search has got (from its `Progress` events)
        self.depth = 0
        self.hint_thinker: Thinker | None = None
        #: the move the last hint found, drawn on the board until the position changes
        self.hint_move: Any = None

    def thinking(self) -> bool:
        return self.driver.pending is not None and not self.screen.match.over

    def forget(self) -> None:
        """The position changed: what was being decided or hinted for the old one is dropped."""
        self.hint_move = None
        self.cancel_hint()
        self.driver.cancel()
        self.ready = None
        self.depth = 0

    def begin_turn(self) -> None:
        """A new position: a computer seat to move starts deciding (whether to claim a draw the
        position allows, then its move); the decision comes back through the event queue."""
        if not self.screen.computers_play or self.driver.pending is not None:
            return
        post = self.screen.app.post
        self.driver.start(lambda pending: post(Decided(pending)))

    def decided(self, event: Decided) -> None:
        if event.pending is self.driver.pending:
            self.ready = event.pending

    def play_ready(self) -> bool:
        """Play the decision that is waiting, if any (True if there was one)."""
        if self.ready is None:
            return False
        pending, self.ready = self.ready, None
        try:
            decision = self.driver.play(pending, move_with=self.screen.play)
        except SearchCancelled:
            return True
        except Exception as err:  # a failing engine must not take the window down
            self.screen.say(_("The computer could not move: {err}").format(err=err), error=True)
            return True
        if decision is not None and decision.claims_draw:
            self._draw_claimed(pending.seat)
        return True

    def _draw_claimed(self, seat: Seat) -> None:
        app = self.screen.app
        name = self.screen.seat_label(seat)
        why = _("The same position has occurred three times, and {name} expects no better from playing on.")
        self.cancel_hint()
        app.open_dialog(
            Dialog(
                _("{name} claims a draw").format(name=name),
                why.format(name=name),
                [Choice(_("OK"), app.close_dialog, primary=True)],
            )
        )

    # ----- hints --------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        screen = self.screen
        seat = screen.human_to_move()
        if seat is None or self.hint_thinker is not None:
            return
        level = max(3, screen.match.seats[seat].level or 3)
        self.hint_thinker = screen.match.think(seat, level=level, purpose=events.FOR_HINT)
        screen.say(_("Looking for a good move…"))
        self._changed()

    def thought(self, thinker: Thinker) -> None:
        """A search has ended: show it if it is the hint asked for."""
        if thinker is not self.hint_thinker:
            return
        self.hint_thinker = None
        screen = self.screen
        try:
            move = thinker.result()
        except SearchCancelled:
            return
        except Exception as err:
            screen.say(_("No hint available: {err}").format(err=err), error=True)
            return
        finally:
            self._changed()
        self.hint_move = move
        screen.say(_("Hint: {move}").format(move=screen.match.game.format_move(thinker.state, move)))

    def cancel_hint(self) -> None:
        if self.hint_thinker is not None:
            self.hint_thinker.cancel()
            self.hint_thinker = None

    def stop(self) -> None:
        """Leaving, resigning or taking back: no computer goes on thinking for this screen."""
        self.driver.cancel()
        self.cancel_hint()
