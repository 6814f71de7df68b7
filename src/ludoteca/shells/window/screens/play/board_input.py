"""The person's hands on the board: the mouse (click, drag, right-drag to pan, wheel to zoom)
and the keyboard (arrows and Enter, undo/redo shortcuts, F1 for the rules, the game's own keys).

What the board answers (`Play`, `Refuse`, `Changed`) is carried out here; whether a person may
act at all is the screen's to say (`human_to_move`).
"""

from __future__ import annotations

import pygame

from ludoteca.i18n import _
from ludoteca.kits.window.grid import Cell
from ludoteca.shells.window.screens.play.controls import Controls
from ludoteca.shells.window.screens.play.dialogs import PlayDialogs
from ludoteca.shells.window.screens.play.host import BoardScreen


class BoardInput:
    def __init__(self, screen: BoardScreen, controls: Controls, dialogs: PlayDialogs) -> None:
        self.screen = screen
        self.controls = controls
        self.dialogs = dialogs
        self.pointer: tuple[int, int] | None = None
        self.hover: Cell | None = None
        #: the keyboard's cell, moved with the arrows
        self.cursor: Cell | None = None
        #: the right button is down; True once it has dragged the board (then it does not deselect)
        self.right_drag: bool | None = None

    def handle(self, event: pygame.event.Event) -> None:
        board, area = self.screen.board, self.screen.layout.board
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos if area.collidepoint(event.pos) else None
            if self.right_drag is not None and event.buttons[2] and board.pan(*event.rel):
                self.right_drag = True
            self.hover = board.cell_at(event.pos) if area.collidepoint(event.pos) else None
            if self.hover is not None:
                self.cursor = None
        elif event.type == pygame.MOUSEWHEEL:
            if self.pointer is not None:
                board.zoom(self.pointer, getattr(event, "precise_y", event.y))
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if area.collidepoint(event.pos):
                self.click(event.pos, press=event.type == pygame.MOUSEBUTTONDOWN)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.right_drag = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if not self.right_drag:
                board.deselect()  # a right click, not a drag of the board
            self.right_drag = None
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def click(self, pos: tuple[int, int], press: bool) -> None:
        screen = self.screen
        if press and screen.transition is not None:
            screen.transition = None  # a click finishes the animation at once
        if screen.human_to_move() is None:
            if press:
                self._why_not(pos)
            return
        state = screen.view()
        if press and screen.board.forced_pass(state) is not None:
            screen.play_pass()
            return
        response = screen.board.press(state, pos) if press else screen.board.release(state, pos)
        screen.respond(response)
        self.controls.refresh_actions(True)

    def _why_not(self, pos: tuple[int, int]) -> None:
        """A click on the board when no one here may move: say why."""
        screen = self.screen
        match = screen.match
        if match.over:
            screen.say(_("The game is over."))
        elif screen.board.cell_at(pos) is not None:
            who = match.to_move()
            name = screen.seat_label(who) if who is not None else ""
            if who is not None and screen.elsewhere(who):
                screen.say(_("Please wait: it is {name}'s turn.").format(name=name), error=True)
            else:
                screen.say(_("Please wait: {name} is thinking.").format(name=name), error=True)

    def key(self, event: pygame.event.Event) -> None:
        screen = self.screen
        board = screen.board
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and event.key == pygame.K_z:
            screen.redo() if event.mod & pygame.KMOD_SHIFT else screen.undo()
        elif ctrl and event.key == pygame.K_y:
            screen.redo()
        elif event.key == pygame.K_F1:
            self.dialogs.show_rules()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            g = board.grid
            col, row = self.cursor or (g.cols // 2, g.rows // 2)
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
            self.cursor = (max(0, min(g.cols - 1, col + dx)), max(0, min(g.rows - 1, row + dy)))
            self.hover = None
            board.show_cell(self.cursor)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if screen.human_to_move() is None:
                return
            state = screen.view()
            if board.forced_pass(state) is not None:
                screen.play_pass()
            elif self.cursor is not None:
                screen.respond(board.activate(state, self.cursor))
                self.controls.refresh_actions(True)
        elif screen.human_to_move() is not None:
            screen.respond(board.key(screen.view(), event.key))
            self.controls.refresh_actions(True)
