"""Connect Four in the terminal: the grid with column numbers, the last drop marked, the winning
line highlighted, and the Cascade points and the rounds of the last cascade."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.games.connect4.bitboard import HEIGHT, WIDTH
from ludoteca.games.connect4.state import CASCADE, Connect4State
from ludoteca.i18n import _, language, ngettext
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style

_COLOURS = ("bright_yellow", "bright_red")
#: letters keep the discs apart without colour (pipes, NO_COLOR, colour-blind players): the
#: initials of the colours' names in the player's language (Yellow, Red; Jaune, Rouge)
_LETTERS = {"en": ("Y", "R"), "fr": ("J", "R")}


def _letters() -> tuple[str, str]:
    return _LETTERS.get(language(), _LETTERS["en"])


#: one shape per player, so the two stay apart without colour vision (the window's symbols theme does
#: the same)
_DISCS = ("●", "▲")


class Connect4TerminalBoard(TerminalBoard):
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, Connect4State)
        lines = [self._header(state, style), *self._grid(state, style), " +" + "-" * (3 * WIDTH) + "+"]
        lines.append(self._legend(game, state, style))
        if state.variant == CASCADE:
            lines.extend(self._cascade_panel(game, state))
        return "\n".join(lines)

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        return _("Type the number of a column that is not full, 1 to 7 (4 is the centre).")

    # ----- pieces -----------------------------------------------------------------------------
    def _header(self, state: Connect4State, style: Style) -> str:
        last = state.moves[-1] if state.moves else None
        numbers = "".join(
            style.paint(f" {c + 1} ", bold=True) if c == last else f" {c + 1} " for c in range(WIDTH)
        )
        marker = "".join(" v " if c == last else "   " for c in range(WIDTH))
        return f"  {numbers}".rstrip() + "\n" + f"  {marker}".rstrip()

    def _grid(self, state: Connect4State, style: Style) -> list[str]:
        winning = set(state.winning_cells)
        rows = []
        for row in range(HEIGHT - 1, -1, -1):
            text = ""
            for column in range(WIDTH):
                owner = state.disc_at(column, row)
                if owner is None:
                    text += style.dim(" . ")
                    continue
                disc = _DISCS[owner] if style.colour else _letters()[owner]
                if (column, row) in winning:
                    text += style.paint(f"[{disc}]", fg=_COLOURS[owner], bg="blue", bold=True)
                elif (column, row) == state.last_cell and state.variant != CASCADE:
                    text += style.paint(f"({disc})", fg=_COLOURS[owner], bold=True)
                else:
                    text += style.paint(f" {disc} ", fg=_COLOURS[owner])
            rows.append(f"{row + 1}|{text}|")
        return rows

    def _legend(self, game: Game[Any, Any], state: Connect4State, style: Style) -> str:
        parts = []
        for seat in (0, 1):
            disc = _DISCS[seat] if style.colour else _letters()[seat]
            label = f"{style.paint(disc, fg=_COLOURS[seat])} {game.seat_name(state, seat)}"
            if state.variant == CASCADE:
                points = state.points[seat]
                label += " " + ngettext("{n} point", "{n} points", points).format(n=points)
            parts.append(label)
        return "  " + "   ".join(parts)

    def _cascade_panel(self, game: Game[Any, Any], state: Connect4State) -> list[str]:
        lines = [
            "  " + _("Drops: {played} of {limit}").format(played=len(state.moves), limit=state.drop_limit)
        ]
        for number, step in enumerate(state.cascade, start=1):
            found = ", ".join(
                _("{name} line of {n}").format(name=game.seat_name(state, a.owner), n=len(a.cells))
                for a in step.alignments
            )
            removed = ngettext("{n} disc removed", "{n} discs removed", len(step.removed)).format(
                n=len(step.removed)
            )
            lines.append(
                "  "
                + _("Cascade round {number}: {found}; {removed}").format(
                    number=number, found=found, removed=removed
                )
            )
        return lines
