"""Where a wall may be built.

No wall on a turtle, a jewel, another wall or the start square of a turtle still playing (turtles go
back there). And a wall may not leave a turtle still playing without a path to some jewel: stone
walls block such paths; ice walls do not (a laser can melt them), and turtles do not (they move).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from ludoteca.games.turtles.board import SQUARES, Board, Square, neighbours, square_name
from ludoteca.i18n import _

WallKind = Literal["stone", "ice"]
WALL_KINDS: tuple[WallKind, ...] = ("stone", "ice")


def reachable_from_jewels(stone: frozenset[Square], jewels: tuple[Square, ...]) -> frozenset[Square]:
    """Every square joined to some jewel by a path avoiding stone walls."""
    seen = set(jewels)
    frontier = list(jewels)
    while frontier:
        sq = frontier.pop()
        for n in neighbours(sq):
            if n not in seen and n not in stone:
                seen.add(n)
                frontier.append(n)
    return frozenset(seen)


@lru_cache(maxsize=4096)
def _stone_cuts_off(
    stone: frozenset[Square], jewels: tuple[Square, ...], turtles: tuple[Square, ...], sq: Square
) -> bool:
    reached = reachable_from_jewels(stone | {sq}, jewels)
    return any(t not in reached for t in turtles)


def _playing_squares(board: Board) -> tuple[Square, ...]:
    return tuple(t.square for t in board.turtles if t is not None)


def wall_problem(board: Board, kind: WallKind, sq: Square, seat_names: tuple[str, ...]) -> str | None:
    """Why a `kind` wall may not stand on `sq`, or None when it may."""
    name = square_name(sq)
    if sq in board.stone or sq in board.ice:
        return _("there is already a wall on {square}").format(square=name)
    if sq in board.jewels:
        return _("{square} holds a jewel").format(square=name)
    occupant = board.turtle_at(sq)
    if occupant is not None:
        return _("{name}'s turtle stands on {square}").format(name=seat_names[occupant], square=name)
    for seat, start in enumerate(board.starts):
        if start == sq and board.turtles[seat] is not None:
            return _("{square} is {name}'s start square, where that turtle goes back").format(
                square=name, name=seat_names[seat]
            )
    if kind == "stone" and _stone_cuts_off(board.stone, board.jewels, _playing_squares(board), sq):
        return _("a stone wall on {square} would cut a turtle off from every jewel").format(square=name)
    return None


def legal_wall_squares(board: Board, kind: WallKind) -> tuple[Square, ...]:
    """Every square where a `kind` wall may be built now, in square order."""
    return _legal_squares(board.stone, board.ice, board.jewels, board.starts, board.turtles_key, kind)


@lru_cache(maxsize=1024)
def _legal_squares(
    stone: frozenset[Square],
    ice: frozenset[Square],
    jewels: tuple[Square, ...],
    starts: tuple[Square, ...],
    turtles: tuple[Square | None, ...],
    kind: WallKind,
) -> tuple[Square, ...]:
    playing = tuple(t for t in turtles if t is not None)
    taken = stone | ice | set(jewels) | set(playing)
    taken |= {start for start, t in zip(starts, turtles, strict=True) if t is not None}
    free = [sq for sq in range(SQUARES) if sq not in taken]
    if kind == "ice":
        return tuple(free)
    return tuple(sq for sq in free if not _stone_cuts_off(stone, jewels, playing, sq))
