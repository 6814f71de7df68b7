"""Five or More in the terminal: the board with coordinates, each ball shown as its colour number
(painted in that colour when the terminal has colour), the last move and the new balls marked,
the cells just cleared starred, and a panel with the score, the best score for this board and the
colours of the next balls."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.games.fiveormore.board import EMPTY
from ludoteca.games.fiveormore.config import Config
from ludoteca.games.fiveormore.notation import COLUMN_LETTERS
from ludoteca.games.fiveormore.state import FiveState, Move, Recolour
from ludoteca.i18n import _
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style

#: ANSI colours of balls 1–9; the digit itself tells them apart without colour
BALL_COLOURS = (
    "bright_red",
    "bright_green",
    "bright_blue",
    "bright_yellow",
    "bright_magenta",
    "bright_cyan",
    "white",
    "yellow",
    "grey",
)


class FiveOrMoreTerminalBoard(TerminalBoard):
    def __init__(self) -> None:
        #: best score per board (config), read from the store when a terminal game begins
        self._best: dict[Config, int | None] = {}

    def begin(self, match: Any, store: Any) -> None:
        if store is None or not isinstance(match.state, FiveState):
            return
        from ludoteca.games.fiveormore.scores import best_in_store

        config = match.state.config
        try:
            self._best[config] = best_in_store(store, config)
        except Exception:
            # The best score is a nicety: a damaged history must not stop the game.
            self._best[config] = None

    def set_best(self, config: Config, best: int | None) -> None:
        self._best[config] = best

    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, FiveState)
        config = state.config
        moved, spawned, cleared = self._marks(state)
        header = "    " + "".join(f" {COLUMN_LETTERS[c]} " for c in range(config.cols))
        lines = [style.dim(header)]
        for row in range(config.rows):
            text = ""
            for col in range(config.cols):
                cell = row * config.cols + col
                value = state.board[cell]
                if value == EMPTY:
                    text += style.dim(" * ") if cell in cleared else style.dim(" . ")
                    continue
                digit = str(value)
                colour = BALL_COLOURS[value - 1]
                if cell == moved:
                    text += style.paint(f"[{digit}]", fg=colour, bold=True)
                elif cell in spawned:
                    text += style.paint(f"({digit})", fg=colour, bold=True)
                else:
                    text += style.paint(f" {digit} ", fg=colour, bold=True)
            lines.append(f"{style.dim(f'{row + 1:>3}')} {text}")
        lines.extend(self._panel(game, state, style))
        return "\n".join(lines)

    def _marks(self, state: FiveState) -> tuple[int | None, set[int], set[int]]:
        """The cell the last move reached, the cells of the new balls, the cells just cleared."""
        last = state.last
        if last is None:
            return None, set(), set()
        moved: int | None = None
        if isinstance(last.move, Move):
            moved = last.move.target
        elif isinstance(last.move, Recolour):
            moved = last.move.cell
        cleared = {cell for removal in last.removals for cell in removal.cells}
        spawned = {s.cell for s in last.spawned if state.board[s.cell] == s.colour}
        return moved, spawned, cleared

    def _panel(self, game: Game[Any, Any], state: FiveState, style: Style) -> list[str]:
        config = state.config
        score = _("Score {score}").format(score=state.score)
        line = style.paint(score, bold=True)
        if config in self._best:
            best = self._best[config]
            if state.score > (best or 0):
                line += "   " + style.paint(
                    _("Best {score} (new!)").format(score=state.score), fg="bright_yellow"
                )
            elif best is None:
                line += "   " + _("no best score yet")
            else:
                line += "   " + _("Best {score}").format(score=best)
        balls = " ".join(style.paint(str(c), fg=BALL_COLOURS[c - 1], bold=True) for c in state.preview)
        lines = [line, _("Next: {balls}").format(balls=balls)]
        if config.recolour:
            palette = " ".join(
                style.paint(str(c), fg=BALL_COLOURS[c - 1], bold=True) for c in range(1, config.colours + 1)
            )
            lines.append(_("Colours: {palette}").format(palette=palette))
        said = game.describe_last(state)
        if said and state.last is not None and state.last.move is not None:
            lines.append(_("Last: {what}").format(what=said))
        if state.last is not None and state.last.extra_move:
            lines.append(style.paint(_("Lines removed: you move again, no new balls."), fg="bright_green"))
        return lines

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        assert isinstance(state, FiveState)
        config = state.config
        if config.recolour:
            return _(
                "Type a ball's cell and its new colour (1 to {n}), e.g. c3=2: "
                "columns are letters, rows numbers."
            ).format(n=config.colours)
        moves = game.legal_moves(state)
        example = game.format_move(state, moves[0]) if moves else "c3-f7"
        return _(
            "Type the cell of a ball and an empty cell it can reach through empty cells (no diagonal "
            "steps), e.g. {example}: columns are letters, rows numbers."
        ).format(example=example)

    def prompt(self, game: Game[Any, Any], state: Any, seat: Seat) -> str:
        return _("Your move> ")
