"""The Connect Four grid as bitboards on Python ints.

Each column takes 7 bits, the 6 cells bottom to top plus one sentinel bit that always stays empty,
so cell (column c, row r) is bit ``c * 7 + r`` (row 0 is the bottom). The sentinel stops a line
that runs off the top of a column, or off the bottom, from wrapping into the next column, so the
four directions are plain shifts: 1 (vertical), 7 (horizontal), 6 and 8 (the two diagonals).

Shared by the rules, the cascade, the evaluation and the solver.
"""

from __future__ import annotations

WIDTH = 7
HEIGHT = 6
#: bits per column: the cells plus the sentinel
STRIDE = HEIGHT + 1
CELLS = WIDTH * HEIGHT

Cell = tuple[int, int]
"""(column, row), both 0-based, row 0 at the bottom."""

#: shift between neighbours along each direction: vertical, horizontal, diagonal ↘↗ and ↗
DIRECTIONS = (1, STRIDE, STRIDE - 1, STRIDE + 1)

BOTTOM: tuple[int, ...] = tuple(1 << (c * STRIDE) for c in range(WIDTH))
TOP: tuple[int, ...] = tuple(1 << (c * STRIDE + HEIGHT - 1) for c in range(WIDTH))
COLUMN: tuple[int, ...] = tuple(((1 << HEIGHT) - 1) << (c * STRIDE) for c in range(WIDTH))
BOTTOM_ALL = sum(BOTTOM)
TOP_ALL = sum(TOP)
BOARD = sum(COLUMN)

#: columns by distance from the centre: the order in which searches try them
CENTRE_ORDER = (3, 2, 4, 1, 5, 0, 6)
#: (column mask, column, priority) in that order; the centre has the highest priority
CENTRE_FIRST: tuple[tuple[int, int, int], ...] = tuple(
    (COLUMN[c], c, WIDTH - 1 - rank) for rank, c in enumerate(CENTRE_ORDER)
)


def bit(column: int, row: int) -> int:
    return 1 << (column * STRIDE + row)


def cell_of(index: int) -> Cell:
    return divmod(index, STRIDE)


def cells(board: int) -> list[Cell]:
    """The cells of a bitboard, column by column, bottom to top."""
    out: list[Cell] = []
    while board:
        low = board & -board
        out.append(divmod(low.bit_length() - 1, STRIDE))
        board ^= low
    return out


def playable(mask: int) -> int:
    """The cells where the next disc of each open column would land."""
    return (mask + BOTTOM_ALL) & BOARD


def height(mask: int, column: int) -> int:
    """How many discs column `column` holds (columns are always packed from the bottom)."""
    return ((mask & COLUMN[column]) >> (column * STRIDE)).bit_length()


def has_four(board: int) -> bool:
    """Whether `board` holds four in a row in any direction."""
    for step in DIRECTIONS:
        pairs = board & (board >> step)
        if pairs & (pairs >> (2 * step)):
            return True
    return False


def runs(board: int) -> list[int]:
    """Every maximal run of four or more along one direction, each as a bitboard.

    A run of 5–7 is one run; two runs crossing at a shared disc are two runs (one per direction).
    """
    found: list[int] = []
    for step in DIRECTIONS:
        starts = board & (board >> step) & (board >> 2 * step) & (board >> 3 * step)
        if not starts:
            continue
        covered = starts | (starts << step) | (starts << 2 * step) | (starts << 3 * step)
        # a run begins where the covered cell before it (one step back) is not covered
        heads = covered & ~(covered << step)
        while heads:
            head = heads & -heads
            heads ^= head
            run, nxt = head, head << step
            while nxt & covered:
                run |= nxt
                nxt <<= step
            found.append(run)
    return found


def runs_through(board: int, index: int) -> int:
    """The union of the runs of four or more of `board` that pass through cell bit `index`."""
    through = 0
    for run in runs(board):
        if run >> index & 1:
            through |= run
    return through


def threats(board: int, mask: int) -> int:
    """The empty cells (anywhere on the grid) where one more disc would give `board` four in a row."""
    # Unrolled for speed (the solver's hot spot). Per direction with shift s, a cell completes a
    # line when it has two neighbours on one side plus one more on either side:
    # (b<<s & b<<2s & (b<<3s | b>>s)) | (b>>s & b>>2s & (b<<s | b>>3s)).
    found = (board << 1) & (board << 2) & (board << 3)  # vertical: only three below can count
    up, down = board << 7, board >> 7  # horizontal (STRIDE)
    found |= (up & (board << 14) & ((board << 21) | down)) | (down & (board >> 14) & (up | (board >> 21)))
    up, down = board << 6, board >> 6  # one diagonal (STRIDE - 1)
    found |= (up & (board << 12) & ((board << 18) | down)) | (down & (board >> 12) & (up | (board >> 18)))
    up, down = board << 8, board >> 8  # the other diagonal (STRIDE + 1)
    found |= (up & (board << 16) & ((board << 24) | down)) | (down & (board >> 16) & (up | (board >> 24)))
    return found & (BOARD ^ mask)


def mirror(board: int) -> int:
    """The board reflected left to right; a position's key (``current + mask``, whose sentinel bits
    may be set) too, since whole 7-bit columns are moved."""
    out = 0
    group = (1 << STRIDE) - 1
    for column in range(WIDTH):
        out |= ((board >> (column * STRIDE)) & group) << ((WIDTH - 1 - column) * STRIDE)
    return out
