"""What the terminal front end needs from each game beyond the rules: a drawing of the board.

A game declares its own `TerminalBoard` subclass (`terminal_board` in its declaration) or gets
this one, which draws `Game.grid(state)` when the game describes its board as a grid, and the
game's position text otherwise. The terminal loop does everything else (prompts, commands, undo,
saving, computer turns).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core.game import Game, Seat, implements
from ludoteca.core.grid import GridPicture
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _
from ludoteca.kits.terminal.style import Style

#: the colours of seats on a generic grid board
SEAT_COLOURS = ("bright_yellow", "bright_red", "bright_cyan", "bright_green")


def draw_grid(picture: GridPicture, style: Style) -> str:
    """A grid board as text: column labels above, row labels on the left, a dot for an empty cell."""
    width = max([1, *(len(p.symbol) for p in picture.pieces.values())])
    pad = max([0, *(len(label) for label in picture.row_labels)])
    lines = []
    if picture.col_labels:
        lines.append(" " * (pad + 1) + " ".join(label.center(width) for label in picture.col_labels))
    for row in range(picture.rows):
        label = picture.row_labels[row] if row < len(picture.row_labels) else ""
        cells = []
        for col in range(picture.cols):
            piece = picture.at((col, row))
            if piece is None:
                cells.append(style.dim(".".center(width)))
            else:
                colour = SEAT_COLOURS[piece.owner % len(SEAT_COLOURS)] if piece.owner is not None else None
                cells.append(style.paint(piece.symbol.center(width), colour, bold=(col, row) in picture.last))
        lines.append(f"{label:>{pad}} " + " ".join(cells))
    return "\n".join(lines)


class TerminalBoard:
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        """The board and the game's own panel (scores, hand, preview…) as `seat` may see it.
        `state` is already that seat's view."""
        picture = game.grid(state)
        if picture is not None:
            return draw_grid(picture, style)
        if implements(game, "position_text"):
            return game.position_text(state)
        return repr(state)

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        """One or two lines telling the player how to type a move, with an example."""
        moves = game.legal_moves(state)
        example = game.format_move(state, moves[0]) if moves else ""
        return _("Type a move in {title} notation, e.g. {example}").format(
            title=_(game.info.title), example=example
        )

    def prompt(self, game: Game[Any, Any], state: Any, seat: Seat) -> str:
        """The question a player answers with a move, naming them: "Ann (Black) to move> " when
        the front end named the players (`players_named`), else "Black to move> "."""
        return _("{name} to move> ").format(name=called(game, state, seat))

    def begin(self, match: Any, store: Any) -> None:
        """Called once when a terminal game starts, with its match and the store (None without
        one): where an adapter reads what its panel shows beside the state, e.g. the best score
        so far. Default: nothing."""

    def public_move_text(self, game: Game[Any, Any], state: Any, move: Any) -> str:
        """How a computer's move is announced to the table: what anyone may read of it
        (`Game.public_move_text`: the cards of a Robot Turtles program stay face down)."""
        return str(game.public_move_text(state, move, None))

    def shown_notation(self, text: str) -> str:
        """A move or a group of moves in notation as the player reads it (a hint, the `moves`
        list): Qwirkle writes its tiles with the player's language's letters. Default: as written."""
        return text

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


def called(game: Game[Any, Any], state: Any, seat: Seat) -> str:
    """The player at `seat` as a prompt names them: their own name with their seat's ("Ann
    (Black)"), or the seat's alone when nobody named them."""
    name, colour = game.player_name(state, seat), game.seat_name(state, seat)
    return colour if name == colour else _("{name} ({seat})").format(name=name, seat=colour)
