"""Building Five or More positions from pictures: one string per row, '.' empty, digits colours."""

from __future__ import annotations

from typing import Any

from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.board import Cell
from ludoteca.games.fiveormore.notation import parse_cell
from ludoteca.games.fiveormore.state import FiveState, Move


def position(rows: list[str], preview: str = "123", score: int = 0, **options: Any) -> FiveState:
    given: dict[str, Any] = {
        "size": f"{len(rows[0])}x{len(rows)}",
        "colours": 7,
        "spawn": len(preview),
        **options,
    }
    return GAME.parse_position(f"{'/'.join(rows)} {preview} {score}", GAME.options(given))


def cell(state: FiveState, name: str) -> Cell:
    return parse_cell(state.config, name)


def move(state: FiveState, text: str) -> Move:
    parsed = GAME.parse_move(state, text)
    assert isinstance(parsed, Move)
    return parsed


def names(state: FiveState, cells: Any) -> set[str]:
    from ludoteca.games.fiveormore.notation import cell_name

    return {cell_name(state.config, c) for c in cells}
