"""Five or More notation: `c3-f7` moves a ball, `c3=2` recolours one (variant).

Columns are letters a–t from the left, rows numbers 1–20 from the top, as the terminal prints them.
"""

from __future__ import annotations

import re

from ludoteca.core.errors import NotationError
from ludoteca.core.text import read_int
from ludoteca.games.fiveormore.board import Cell
from ludoteca.games.fiveormore.config import Config
from ludoteca.games.fiveormore.state import FiveMove, Move, Recolour
from ludoteca.i18n import _

COLUMN_LETTERS = "abcdefghijklmnopqrst"

_CELL = r"([a-z])\s*([0-9]{1,2})"
_MOVE = re.compile(rf"^\s*{_CELL}\s*(?:-|–|>|\s)?\s*{_CELL}\s*$", re.IGNORECASE)
_RECOLOUR = re.compile(rf"^\s*{_CELL}\s*[=:]\s*(\S+)\s*$", re.IGNORECASE)
_ONE_CELL = re.compile(rf"^\s*{_CELL}\s*$", re.IGNORECASE)


def cell_name(config: Config, cell: Cell) -> str:
    row, col = divmod(cell, config.cols)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_cell(config: Config, text: str) -> Cell:
    match = _ONE_CELL.match(text)
    if match is None:
        raise NotationError(
            _("{text!r} is not a cell; write a column letter and a row, e.g. c3").format(text=text)
        )
    return _cell(config, match[1], match[2])


def _cell(config: Config, letter: str, number: str) -> Cell:
    col = COLUMN_LETTERS.find(letter.lower())
    row = int(number) - 1
    if not (0 <= col < config.cols and 0 <= row < config.rows):
        raise NotationError(
            _("{cell} is off the board: columns run a–{last_col}, rows 1–{rows}").format(
                cell=f"{letter.lower()}{number}",
                last_col=COLUMN_LETTERS[config.cols - 1],
                rows=config.rows,
            )
        )
    return row * config.cols + col


def format_move(config: Config, move: FiveMove) -> str:
    if isinstance(move, Recolour):
        return f"{cell_name(config, move.cell)}={move.colour}"
    return f"{cell_name(config, move.source)}-{cell_name(config, move.target)}"


def parse_move(config: Config, text: str) -> FiveMove:
    """Read `c3-f7` (also `c3 f7`, `c3f7`) or `c3=2`; the rules then judge whether it is legal."""
    if (match := _RECOLOUR.match(text)) is not None:
        return Recolour(_cell(config, match[1], match[2]), read_int(match[3], _("the colour"), max_digits=2))
    if (match := _MOVE.match(text)) is not None:
        return Move(_cell(config, match[1], match[2]), _cell(config, match[3], match[4]))
    example = "c3=2" if config.recolour else "c3-f7"
    raise NotationError(
        _("{text!r} is not a move; write the ball's cell and {what}, e.g. {example}").format(
            text=text.strip(),
            what=_("its new colour") if config.recolour else _("where it goes"),
            example=example,
        )
    )
