"""Lines of tiles: when one is valid, how to name it, what it scores.

These are the plain, readable rules `play` checks against; the move generator (`movegen`) does the
same on bit masks and is tested against them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.qwirkle.tiles import Tile, colour_of, shape_of, tile_name, tile_plural
from ludoteca.i18n import _

LETTERS = "abcdefghijklmnopqrstuvwxyz"
QWIRKLE = 6
QWIRKLE_BONUS = 6
END_BONUS = 6


def square_text(row: int, col: int) -> str:
    """`eb`: row letter then column letter, as in the brief's notation."""
    return LETTERS[row] + LETTERS[col]


def line_text(squares: Sequence[tuple[int, int]]) -> str:
    """`the row e eb–eg` style name of a run of squares (first to last)."""
    (r0, c0), (r1, c1) = squares[0], squares[-1]
    span = square_text(r0, c0) if (r0, c0) == (r1, c1) else f"{square_text(r0, c0)}–{square_text(r1, c1)}"
    if r0 == r1 and c0 != c1:
        return _("the row {span}").format(span=span)
    if c0 == c1 and r0 != r1:
        return _("the column {span}").format(span=span)
    return _("the line {span}").format(span=span)


def line_problem(tiles: Sequence[Tile]) -> str | None:
    """Why these tiles cannot form one line ("would hold two blue circles"), or None if they can."""
    if len(tiles) > QWIRKLE:
        return _("would hold {n} tiles (a line holds at most 6)").format(n=len(tiles))
    colours = {colour_of(t) for t in tiles}
    shapes = {shape_of(t) for t in tiles}
    if len(colours) > 1 and len(shapes) > 1:
        a, b = _clashing_pair(tiles)
        return _("would mix colours and shapes: a {a} and a {b} share neither").format(
            a=tile_name(a), b=tile_name(b)
        )
    seen: set[Tile] = set()
    for tile in tiles:
        if tile in seen:
            return _("would hold two {tiles}").format(tiles=tile_plural(tile))
        seen.add(tile)
    return None


def _clashing_pair(tiles: Sequence[Tile]) -> tuple[Tile, Tile]:
    """Two tiles sharing neither colour nor shape (one exists whenever a line mixes both)."""
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            if colour_of(a) != colour_of(b) and shape_of(a) != shape_of(b):
                return a, b
    raise ValueError("the line does not mix colours and shapes")


def line_score(length: int) -> int:
    """What a line of `length` tiles made or extended by a play scores (a lone tile scores 0)."""
    if length < 2:
        return 0
    return length + (QWIRKLE_BONUS if length == QWIRKLE else 0)
