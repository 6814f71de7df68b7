"""Connect Four and Cascade in the web client: the scene `web/draw.js` draws, both variants.

The page runs no rules. What it offers comes from the rules' own legal moves (each open column
with the move's text, and the row its disc would land on, for the hover's ring); what it
animates comes from what the rules recorded of the last drop: the cell the disc landed on, the
winning line, and in Cascade each round of alignments scored, discs removed and discs fallen.

Cells are [column, row] with row 0 the bottom row, as the rules count them, so that a fall is a
change of row alone. In Cascade the grid just after the drop, before the first round, is sent
too (`landed`): the page plays the rounds forward from it to the grid it shows at rest. It is
worked back from the view's own grid and rounds, so nothing beyond the seat's view is read.
"""

from __future__ import annotations

from typing import Any, Final

from ludoteca.core.game import Seat
from ludoteca.games.connect4.bitboard import HEIGHT, WIDTH, height
from ludoteca.games.connect4.cascade import CascadeStep
from ludoteca.games.connect4.game import Connect4Game
from ludoteca.games.connect4.state import CASCADE, Connect4State
from ludoteca.i18n import N_

#: the words only the page says (its others are the rules' and the window's own: the colours,
#: "{name} dropped in column {column}.", the cascade's sentences…), so that the catalogues carry
#: them to /words/<lang>.json
WORDS: Final = (
    N_("Drop a disc in column {column}"),
    N_("{label}: {value}"),
)

Grid = dict[tuple[int, int], int]
"""(column, row from the bottom) → seat"""


def scene(game: Connect4Game, view: Connect4State, seat: Seat | None, to_move: Seat | None) -> dict[str, Any]:
    """What the page draws for `seat`; the columns to drop into only when `seat` is to move."""
    moving = seat is not None and seat == to_move and game.to_move(view) == seat
    legal = list(game.legal_moves(view)) if moving else []
    cascade = view.variant == CASCADE
    return {
        "form": "connect4",
        "variant": view.variant,
        "cols": WIDTH,
        "rows": HEIGHT,
        "discs": _cells(_grid(view)),
        # [column, row the disc would land on, the move's text]
        "columns": [[c, height(view.mask, c), game.format_move(view, c)] for c in legal],
        "legal": [game.format_move(view, c) for c in legal],
        "last": _last(game, view),
        "winning": [[c, r] for c, r in view.winning_cells],
        "landed": _cells(_landed(view)) if view.cascade else None,
        "cascade": [_round(step) for step in view.cascade],
        "points": list(view.points) if cascade else None,
        "drops": [len(view.moves), view.drop_limit] if cascade else None,
        "can_claim_draw": moving and game.can_claim_draw(view),
    }


def _grid(view: Connect4State) -> Grid:
    return {
        (c, r): owner
        for c in range(WIDTH)
        for r in range(HEIGHT)
        if (owner := view.disc_at(c, r)) is not None
    }


def _cells(grid: Grid) -> list[list[int]]:
    return [[c, r, owner] for (c, r), owner in sorted(grid.items())]


def _last(game: Connect4Game, view: Connect4State) -> dict[str, Any] | None:
    if not view.moves or view.last_cell is None:
        return None
    column, row = view.last_cell
    gained = [0, 0]
    for step in view.cascade:
        for alignment in step.alignments:
            gained[alignment.owner] += 1
    return {
        "seat": (len(view.moves) - 1) & 1,
        "move": game.format_move(view, view.moves[-1]),
        "cell": [column, row],
        # Cascade: the points each seat scored from this drop, and how many discs it took away
        "gained": gained,
        "removed": sum(len(step.removed) for step in view.cascade),
    }


def _round(step: CascadeStep) -> dict[str, Any]:
    return {
        "aligned": [[a.owner, [[c, r] for c, r in a.cells]] for a in step.alignments],
        "removed": [[c, r] for c, r in step.removed],
        "falls": [[f.column, f.from_row, f.to_row, f.owner] for f in step.falls],
    }


def _landed(view: Connect4State) -> Grid:
    """The grid as the last drop left it, before its cascade: the rounds undone, last first."""
    grid = _grid(view)
    for step in reversed(view.cascade):
        back = {(f.column, f.to_row): f.from_row for f in step.falls}
        grid = {(c, back.get((c, r), r)): owner for (c, r), owner in grid.items()}
        for alignment in step.alignments:
            for cell in alignment.cells:
                grid[cell] = alignment.owner
    return grid
