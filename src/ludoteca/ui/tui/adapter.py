"""What the terminal front end needs from each game beyond the rules: a drawing of the board.

Each game ships `ludoteca/ui/tui/boards/<key>.py` with `ADAPTER = SomeAdapter()`. The loop in
`ludoteca.ui.tui.play` does everything else (prompts, commands, undo, saving, computer turns).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _
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
        return _("{name} to move> ").format(name=game.seat_name(state, seat))

    def begin(self, match: Any, store: Any) -> None:
        """Called once when a terminal game starts, with its match and the store (None without
        one): where an adapter reads what its panel shows beside the state, e.g. the best score
        so far. Default: nothing."""

    def public_move_text(self, game: Game[Any, Any], state: Any, move: Any) -> str:
        """How a computer's move is announced to the table: its notation, unless the move holds
        a secret (cards put face down into a Robot Turtles program)."""
        return str(game.format_move(state, move))

    def replay_frames(self, game: Game[Any, Any], state: Any, style: Style) -> list[tuple[str, str]]:
        """What the last move did, step by step, as (board drawing, caption) frames; `state` is the
        spectator's view. The loop animates them on a terminal and prints the captions otherwise.
        Default: no frames."""
        return []

    def new_game(
        self, game: Game[Any, Any], ask: Callable[[str], str], say: Callable[[str], None]
    ) -> tuple[dict[str, OptionValue], list[SeatSpec]] | None:
        """A game's own new-game dialogue, as (options, seats) (the Qwirkle brief asks the mode,
        then 2–4 pseudonyms, each human or computer). Default: None, the menu's generic questions."""
        return None

    def between_turns(self, match: Any, ask: Callable[[str], str]) -> bool:
        """Called after each move while the game goes on; True stops the game there and the loop
        offers to save it (the Qwirkle brief's end-of-round "continue or stop"). Default: False."""
        return False

    def expand_input(self, game: Game[Any, Any], state: Any, seat: Seat, line: str, console: Any) -> str:
        """A chance to turn what the player typed into a move before the loop reads it (Qwirkle:
        `c` opens arrow-key entry on a terminal). `state` is the seat's view. Default: unchanged."""
        return line


def adapter_for(key: str) -> TuiAdapter:
    try:
        module = import_module(f"ludoteca.ui.tui.boards.{key}")
    except ModuleNotFoundError:
        return TuiAdapter()
    adapter: TuiAdapter = module.ADAPTER
    return adapter
