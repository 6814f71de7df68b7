"""Othello in the terminal: the board with coordinates, legal squares marked faintly, the last
disc in brackets, and the disc counts (the play loop prints `describe_last` itself).

Without colour, Black is `X` and White is `O` (as in the position format), empty squares are `.`
and legal squares `+`. With colour the board is green, the discs are ● in black and white.
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.core.game import Game, Seat
from ludoteca.games.othello.bitboard import COLUMNS, square_name, squares_of
from ludoteca.games.othello.game import BLACK, WHITE, OthelloState
from ludoteca.i18n import _, ngettext
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style

_LETTERS: Final = ("X", "O")
_DISC: Final = "●"
_DISC_COLOURS: Final = ("black", "bright_white")
_BOARD_BG: Final = "green"


class OthelloTerminalBoard(TerminalBoard):
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, OthelloState)
        header = "    " + "".join(f" {c} " for c in COLUMNS)
        lines = [header]
        legal = 0 if state.over else state.mobility
        last = state.last.square if state.last is not None else None
        for row in range(8):
            cells = []
            for column in range(8):
                square = row * 8 + column
                cells.append(self._cell(state, square, legal, square == last, style))
            lines.append(f" {row + 1:>2} " + "".join(cells) + f" {row + 1}")
        lines.append(header)
        lines.append(self._counts(game, state, style))
        if not state.over and not state.mobility:
            lines.append(
                "  "
                + _("{name} has no legal move and must pass.").format(name=game.seat_name(state, state.side))
            )
        return "\n".join(lines)

    def _cell(self, state: OthelloState, square: int, legal: int, is_last: bool, style: Style) -> str:
        bit = 1 << square
        if state.black & bit or state.white & bit:
            owner = BLACK if state.black & bit else WHITE
            disc = _DISC if style.colour else _LETTERS[owner]
            text = f"[{disc}]" if is_last else f" {disc} "
            return style.paint(text, fg=_DISC_COLOURS[owner], bg=_BOARD_BG, bold=is_last)
        if not style.colour:
            return " + " if legal & bit else " . "
        if legal & bit:
            return style.paint(" · ", fg="bright_green", bg=_BOARD_BG)
        return style.paint("   ", bg=_BOARD_BG)

    def _counts(self, game: Game[Any, Any], state: OthelloState, style: Style) -> str:
        black, white = state.counts()
        parts = []
        for seat, count in ((0, black), (1, white)):
            disc = _DISC if style.colour else _LETTERS[seat]
            mark = style.paint(disc, fg=_DISC_COLOURS[seat], bg=_BOARD_BG)
            label = ngettext("{n} disc", "{n} discs", count).format(n=count)
            parts.append(
                f"{mark} " + _("{label}: {value}").format(label=game.seat_name(state, seat), value=label)
            )
        return "  " + "   ".join(parts)

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        assert isinstance(state, OthelloState)
        if state.over:
            return ""
        if not state.mobility:
            return _("You cannot place a disc anywhere: type pass.")
        squares = " ".join(sorted(square_name(s) for s in squares_of(state.mobility)))
        return _(
            "Type the square for your disc, column a–h then row 1–8 (e.g. {example}). Legal: {squares}"
        ).format(example=square_name(squares_of(state.mobility)[0]), squares=squares)
