# mypy: disable-error-code="no-untyped-call"
"""The board screen's buttons: the row beside the board (undo, hint, save…), and the status
bar's own — Pass when it is the only move, "Claim a draw" when the rules allow one, and the
game's actions (`GameBoard.actions`: Khet's Fire, Qwirkle's Exchange…).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from ludoteca.i18n import _
from ludoteca.kits.window.board import BoardAction
from ludoteca.shells.window.screens.play.computers import ComputerTurns
from ludoteca.shells.window.screens.play.dialogs import PlayDialogs
from ludoteca.shells.window.screens.play.host import BoardScreen
from ludoteca.shells.window.screens.play.keeper import Keeper
from ludoteca.shells.window.widgets import button, button_width, set_enabled

#: the key of the "Claim a draw" button the screen adds beside the board's own
CLAIM_DRAW = "claim-draw"


class Controls:
    def __init__(
        self, screen: BoardScreen, computers: ComputerTurns, dialogs: PlayDialogs, keeper: Keeper
    ) -> None:
        self.screen = screen
        self.computers = computers
        self.dialogs = dialogs
        self.keeper = keeper
        self.buttons: dict[str, UIButton] = {}
        self.pass_button: UIButton | None = None
        #: the board's own buttons, and the actions they were made from
        self.action_buttons: list[UIButton] = []
        self.actions: tuple[BoardAction, ...] = ()

    def build(self) -> None:
        screen = self.screen
        app = screen.app
        labels: list[tuple[str, str, Callable[[], None]]] = [
            ("undo", _("Undo"), screen.undo),
            ("redo", _("Redo"), screen.redo),
            ("hint", _("Hint"), self.computers.ask_hint),
            ("save", _("Save"), self.keeper.ask_save),
            ("rules", _("Rules"), self.dialogs.show_rules),
            (
                "resign",
                _("Resign") if len(screen.match.seats) > 1 else _("End game"),
                self.dialogs.ask_resign,
            ),
            ("menu", _("Menu"), screen.back),
        ]
        self.buttons = {}
        for (key, label, action), rect in zip(labels, screen.layout.buttons, strict=True):
            self.buttons[key] = button(app, app.manager, rect, label, action)
        self.pass_button = None
        self.action_buttons, self.actions = [], ()
        self.refresh()

    def widgets_in_status(self) -> list[UIButton]:
        return [*self.action_buttons, *([self.pass_button] if self.pass_button is not None else [])]

    def refresh(self) -> None:
        """Enable what can be done now; show Pass and the board's actions when they apply."""
        if not self.buttons:
            return
        screen = self.screen
        m = screen.match
        human = screen.human_to_move()
        busy = self.computers.hint_thinker is not None
        set_enabled(self.buttons["undo"], m.can_undo())
        set_enabled(self.buttons["redo"], m.can_redo())
        set_enabled(self.buttons["hint"], human is not None and not busy)
        set_enabled(
            self.buttons["save"], m.saveable() is not None and (m.ply > 0 or self.keeper.slot is not None)
        )
        set_enabled(self.buttons["resign"], not m.over)
        needs_pass = (
            human is not None
            and screen.board.forced_pass(screen.view()) is not None
            and screen.transition is None
        )
        if needs_pass and self.pass_button is None:
            row, label = screen.layout.actions, _("Pass")
            width = button_width(screen.app, label, 150, bold=True)
            rect = pygame.Rect(row.right - width, row.top, width, row.height)
            self.pass_button = button(
                screen.app, screen.app.manager, rect, label, screen.play_pass, primary=True
            )
        elif not needs_pass and self.pass_button is not None:
            self.pass_button.kill()
            self.pass_button = None
        self.refresh_actions(human is not None and screen.transition is None)

    def refresh_actions(self, shown: bool) -> None:
        """The board's own buttons, right-aligned in the status bar (made again when they change),
        after "Claim a draw" when the rules allow the person to move to claim one."""
        screen = self.screen
        app = screen.app
        actions = tuple(screen.board.actions(screen.view())) if shown else ()
        if shown and screen.match.can_claim_draw():
            actions = (BoardAction(CLAIM_DRAW, _("Claim a draw")), *actions)
        if actions == self.actions:
            return
        for widget in self.action_buttons:
            widget.kill()
        self.actions, self.action_buttons = actions, []
        row, gap = screen.layout.actions, app.theme.sizes.gap
        right = row.right - (self.pass_button.rect.width + gap if self.pass_button is not None else 0)
        for action in reversed(actions):
            width = button_width(app, action.label, 120, bold=action.primary)
            rect = pygame.Rect(right - width, row.top, width, row.height)
            widget = button(
                app, app.manager, rect, action.label, self._actor(action.key), primary=action.primary
            )
            set_enabled(widget, action.enabled)
            self.action_buttons.append(widget)
            right -= width + gap

    def _actor(self, key: str) -> Callable[[], None]:
        def act() -> None:
            screen = self.screen
            if screen.human_to_move() is None:
                return
            if key == CLAIM_DRAW:
                self.dialogs.ask_claim_draw()
                return
            screen.respond(screen.board.act(screen.view(), key))
            self.refresh()

        return act
