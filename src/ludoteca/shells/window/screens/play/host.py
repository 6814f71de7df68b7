"""`BoardScreen`: what the board screen's parts may ask of the screen that holds them.

The parts (status bar, controls, input, computers, dialogs, keeper) are given the screen as this
interface and the other parts they need by name, so each module imports only those below it and
none imports the screen itself.
"""

from __future__ import annotations

from typing import Any, Protocol

from ludoteca.core.game import Seat
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.board import GameBoard, Response
from ludoteca.match import GameInPlay
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.panel import Layout


class BoardScreen(Protocol):
    app: App
    match: GameInPlay
    board: GameBoard
    layout: Layout
    #: the last move's animation, while it plays
    transition: Transition | None
    #: whether computer seats play (off for still pictures)
    computers_play: bool

    def view(self) -> Any:
        """The position as the person at the screen may see it."""

    def human_to_move(self) -> Seat | None: ...

    def seat_label(self, seat: Seat) -> str: ...

    def elsewhere(self, seat: Seat) -> bool:
        """Whether `seat` is played over the network."""

    def show_to(self, seat: Seat) -> None:
        """`seat`'s player has the screen: their secrets may be drawn."""

    def say(self, text: str, error: bool = False) -> None: ...

    def play(self, move: Any) -> bool: ...

    def play_pass(self) -> None: ...

    def respond(self, response: Response) -> None:
        """Carry out what the board answered a click or a key."""

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def back(self) -> None: ...
