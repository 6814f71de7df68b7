"""The questions the board screen asks: pass the screen (hot-seat with secrets), play on or stop
at the end of a round, resign, claim a draw, and the questions a network table asks (may the last
move be taken back?). Saving and leaving have their own module (`keeper`).
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.match.events import Question
from ludoteca.shells.window.rules_dialog import RulesDialog
from ludoteca.shells.window.screens.play.computers import ComputerTurns
from ludoteca.shells.window.screens.play.host import BoardScreen
from ludoteca.shells.window.screens.play.keeper import Keeper
from ludoteca.shells.window.widgets import Choice, Dialog


class PlayDialogs:
    def __init__(self, screen: BoardScreen, computers: ComputerTurns, keeper: Keeper) -> None:
        self.screen = screen
        self.computers = computers
        self.keeper = keeper

    def _open(self, dialog: Dialog) -> None:
        self.screen.app.open_dialog(dialog)

    def _close(self) -> None:
        self.screen.app.close_dialog()

    def curtain(self) -> None:
        """Hide the board until the person to move has the screen: only then are their secrets drawn."""
        screen = self.screen
        seat = screen.match.to_move()
        assert seat is not None
        name = screen.seat_label(seat)

        def take() -> None:
            screen.show_to(seat)
            self._close()

        dialog = Dialog(
            _("Pass the screen to {name}").format(name=name),
            _("Nothing secret is shown until {name} is ready.").format(name=name),
            [Choice(_("I am {name}: show my game").format(name=name), take, primary=True)],
        )
        dialog.cancel = lambda: None  # type: ignore[method-assign]  # Esc must not lift the curtain
        self._open(dialog)

    def round_break(self, title: str) -> None:
        """Play on, or stop here (the leaving dialog then offers to save the game)."""

        def stop() -> None:
            self._close()
            self.keeper.ask_leave()

        self._open(
            Dialog(
                title,
                _("Every player has had a turn. Play on, or stop here and save the game to finish it later."),
                [Choice(_("Stop here"), stop), Choice(_("Next round"), self._close, primary=True)],
            )
        )

    def show_rules(self) -> None:
        self._open(RulesDialog(self.screen.match.game))

    def ask_resign(self) -> None:
        match = self.screen.match
        if match.over:
            return
        solo = len(match.seats) == 1
        self._open(
            Dialog(
                _("End the game?") if solo else _("Resign?"),
                _("The game ends now with your current score.")
                if solo
                else _("The game ends now and counts as a loss."),
                [
                    Choice(_("End the game") if solo else _("Resign"), self._resign, primary=True),
                    Choice(_("Cancel"), self._close),
                ],
            )
        )

    def _resign(self) -> None:
        self._close()
        screen = self.screen
        match = screen.match
        self.computers.stop()
        seat = screen.human_to_move()
        if seat is None:
            humans = match.human_seats
            seat = humans[0] if humans else match.to_move()
        try:
            match.resign(seat)
        except LudotecaError as err:
            screen.say(str(err), error=True)
            return
        screen.transition = None

    def ask_claim_draw(self) -> None:
        screen = self.screen
        if not screen.match.can_claim_draw():
            return

        def claim() -> None:
            self._close()
            try:
                screen.match.claim_draw()
            except LudotecaError as err:
                screen.say(str(err), error=True)

        self._open(
            Dialog(
                _("Claim a draw?"),
                _("The same position has occurred three times: you may end the game as a draw."),
                [Choice(_("Claim the draw"), claim, primary=True), Choice(_("Play on"), self._close)],
            )
        )

    def news(self, info: str | Question) -> None:
        """Something to tell the player (chat, comings and goings), or to ask them."""
        if isinstance(info, Question) and info.answers:
            self._open(
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
        self.screen.say(str(info))

    def _answer(self, action: Callable[[], None]) -> Callable[[], None]:
        def answer() -> None:
            self._close()
            try:
                action()
            except LudotecaError as err:
                self.screen.say(str(err), error=True)

        return answer
