"""Grids drawn as text for the tests: six lines, top row first, `Y`, `R` or `.` per column.

Written independently of the game's bitboard helpers, so the tests do not check the code with itself.
"""

from __future__ import annotations

from ludoteca.games.connect4.state import Connect4State

Grid = list[str]


def discs_from(picture: str) -> tuple[int, int]:
    rows = [line.strip() for line in picture.strip().splitlines()]
    assert len(rows) == 6 and all(len(row) == 7 for row in rows), picture
    yellow = red = 0
    for top_index, row in enumerate(rows):
        height = 5 - top_index
        for column, char in enumerate(row):
            cell = 1 << (column * 7 + height)
            if char == "Y":
                yellow |= cell
            elif char == "R":
                red |= cell
            else:
                assert char == ".", picture
    return yellow, red


def picture_of(state: Connect4State) -> str:
    rows = []
    for height in range(5, -1, -1):
        row = ""
        for column in range(7):
            owner = state.disc_at(column, height)
            row += "." if owner is None else "YR"[owner]
        rows.append(row)
    return "\n".join(rows)


def same(picture: str) -> str:
    """The picture with its indentation removed, for comparing with `picture_of`."""
    return "\n".join(line.strip() for line in picture.strip().splitlines())


def naive_fours(picture: str, letter: str) -> int:
    """How many 4-cell windows of `letter` the picture holds (slow and obvious on purpose)."""
    rows = same(picture).splitlines()[::-1]
    count = 0
    for row in range(6):
        for column in range(7):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                window = [(column + k * dc, row + k * dr) for k in range(4)]
                if all(0 <= c < 7 and 0 <= r < 6 and rows[r][c] == letter for c, r in window):
                    count += 1
    return count
