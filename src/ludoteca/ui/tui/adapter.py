"""What the terminal front end needs from each game beyond the rules: a drawing of the board.

Each game ships `ludoteca/ui/tui/boards/<key>.py` with `ADAPTER = SomeAdapter()`. The loop in
`ludoteca.ui.tui.play` does everything else (prompts, commands, undo, saving, computer turns).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.ui.tui.style import Style


class TuiAdapter:
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        """The board and the game's own panel (scores, hand, preview…) as `seat` may see it.
        `state` is already that seat's view."""
        try:
            return game.position_text(state)
        except Exception:
            return repr(state)

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        """One or two lines telling the player how to type a move, with an example."""
        moves = game.legal_moves(state)
        example = game.format_move(state, moves[0]) if moves else ""
        return f"Type a move in {game.info.title} notation, e.g. {example}"

    def prompt(self, game: Game[Any, Any], state: Any, seat: Seat) -> str:
        return f"{game.seat_name(state, seat)} to move> "


def adapter_for(key: str) -> TuiAdapter:
    try:
        module = import_module(f"ludoteca.ui.tui.boards.{key}")
    except ModuleNotFoundError:
        return TuiAdapter()
    adapter: TuiAdapter = module.ADAPTER
    return adapter
