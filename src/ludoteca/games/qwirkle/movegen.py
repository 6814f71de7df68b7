"""Fast enumeration of every legal placement, with its score.

The board is copied into a padded grid (a wall round the edge, so no bounds checks), and every empty
square gets a summary of the tiles lying next to it in each direction: a bit mask of tile types,
one of colours, one of shapes, and a count. A line is valid exactly when its tiles are distinct and
its colour mask or its shape mask has a single bit, so joining a tile or a run to a line is a few
integer operations. Placements are then grown square by square along each row and column from
their first square, pruning as soon as a line breaks.

Why this finds every play and each once: the squares a play covers are exactly the empty squares
from its first square to its last (the tiles between them are already on the board), so a play is
fixed by its direction, its first square and its tiles in order. A single tile is produced by the
row pass only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import product
from typing import overload

from ludoteca.games.qwirkle.lines import QWIRKLE, QWIRKLE_BONUS
from ludoteca.games.qwirkle.state import EMPTY, Exchange, Move, Place, QwirkleState
from ludoteca.games.qwirkle.tiles import TILE_TYPES, Tile, colour_of, shape_of

WALL = -3
_TBIT = tuple(1 << t for t in range(TILE_TYPES))
_CBIT = tuple(1 << colour_of(t) for t in range(TILE_TYPES))
_SBIT = tuple(1 << shape_of(t) for t in range(TILE_TYPES))
_FAR = 1 << 20
_ALL = (1 << TILE_TYPES) - 1
_BIT_TILE = {1 << t: t for t in range(TILE_TYPES)}

#: a run of tiles as bit masks of its tile types, colours and shapes, and its length
Summary = tuple[int, int, int, int]
_NOTHING: Summary = (0, 0, 0, 0)


def _uniform(colours: int, shapes: int) -> bool:
    return not (colours & (colours - 1)) or not (shapes & (shapes - 1))


def _join(a: Summary, b: Summary) -> Summary | None:
    if a[0] & b[0]:
        return None
    colours, shapes = a[1] | b[1], a[2] | b[2]
    if not _uniform(colours, shapes):
        return None
    return (a[0] | b[0], colours, shapes, a[3] + b[3])


def _add(run: Summary, tile: Tile) -> Summary:
    """`run` with `tile` appended (no check)."""
    return (run[0] | _TBIT[tile], run[1] | _CBIT[tile], run[2] | _SBIT[tile], run[3] + 1)


@cache
def _allowed(colours: int, shapes: int) -> int:
    """The tile types that keep a line with these colours and shapes one colour or one shape
    (distinctness is the caller's part: remove the line's own tiles)."""
    out = 0
    for t in range(TILE_TYPES):
        if _uniform(colours | _CBIT[t], shapes | _SBIT[t]):
            out |= _TBIT[t]
    return out


def accepts(run: Summary, tile: Tile) -> bool:
    """Whether `tile` can join the line `run` (distinct, one colour or one shape)."""
    if run[0] & _TBIT[tile]:
        return False
    return _uniform(run[1] | _CBIT[tile], run[2] | _SBIT[tile])


class BoardInfo:
    """Per-board facts shared by every hand (cached: the AI asks about one board many times)."""

    def __init__(self, cells: tuple[Tile, ...], rows: int, cols: int) -> None:
        width = cols + 2
        self.width = width
        self.rows, self.cols = rows, cols
        grid = [WALL] * (width * (rows + 2))
        for r in range(rows):
            base = (r + 1) * width + 1
            grid[base : base + cols] = cells[r * cols : (r + 1) * cols]
        self.grid = grid
        self.empty_board = all(cell == EMPTY for cell in cells)
        self.empties = [p for p, cell in enumerate(grid) if cell == EMPTY]
        contact = bytearray(len(grid))
        for p in self.empties:
            if grid[p - 1] >= 0 or grid[p + 1] >= 0 or grid[p - width] >= 0 or grid[p + width] >= 0:
                contact[p] = 1
        self.contact = contact
        self.frontier = [p for p in self.empties if contact[p]]
        self.steps = (1, width)
        # per direction: the run of tiles just before / after each empty square
        self.before: list[list[Summary]] = []
        self.after: list[list[Summary]] = []
        self.need: list[list[int]] = []
        self.starts: list[list[int]] = []
        self.fit: list[list[int]] = []
        self.fit_score: list[list[int]] = []
        for step in self.steps:
            before = [_NOTHING] * len(grid)
            after = [_NOTHING] * len(grid)
            # which tile types may go on each square as far as this direction's line goes (the
            # runs before and after joined through it), and what that line then scores
            fit = [_ALL] * len(grid)
            fit_score = [0] * len(grid)
            for p in self.frontier:
                if grid[p - step] >= 0:
                    before[p] = self._run(p - step, -step)
                if grid[p + step] >= 0:
                    after[p] = self._run(p + step, step)
                line = _join(before[p], after[p])
                if line is None:
                    fit[p] = 0
                elif line[3]:
                    fit[p] = _allowed(line[1], line[2]) & ~line[0]
                    fit_score[p] = line[3] + 1 + (QWIRKLE_BONUS if line[3] + 1 == QWIRKLE else 0)
            need = self._need(step, contact)
            self.fit.append(fit)
            self.fit_score.append(fit_score)
            self.before.append(before)
            self.after.append(after)
            self.need.append(need)
            # where a play along `step` may start: close enough to touch the board
            self.starts.append([p for p in self.empties if need[p] <= QWIRKLE])

    def _run(self, p: int, step: int) -> Summary:
        grid = self.grid
        run = _NOTHING
        while grid[p] >= 0:
            run = _add(run, grid[p])
            p += step
        return run

    def _need(self, step: int, contact: bytearray) -> list[int]:
        """For each empty square, how many tiles a play starting there must place along `step`
        before one of them touches the board (_FAR when it never can)."""
        grid = self.grid
        need = [_FAR] * len(grid)
        for p in reversed(self.empties):
            if contact[p]:
                need[p] = 1
            elif grid[p + step] == EMPTY:
                need[p] = need[p + step] + 1
        return need


@lru_cache(maxsize=128)
def board_info(cells: tuple[Tile, ...], rows: int, cols: int) -> BoardInfo:
    return BoardInfo(cells, rows, cols)


def info_of(state: QwirkleState) -> BoardInfo:
    return board_info(state.cells, state.rows, state.cols)


def scored_placements(state: QwirkleState, hand: Sequence[Tile]) -> list[tuple[Place, int]]:
    """Every legal placement of tiles from `hand` on a board holding tiles, with its score."""
    return placements_on(info_of(state), hand)


def placements_on(info: BoardInfo, hand: Sequence[Tile], finish_bonus: int = 0) -> list[tuple[Place, int]]:
    """Every legal placement on the board `info` describes; a play using the whole hand scores
    `finish_bonus` more (the end bonus, when the bag is empty)."""
    out: list[tuple[Place, int]] = []
    if not info.empty_board and hand:
        _search(info, hand, out, finish_bonus)
    return out


def best_score(info: BoardInfo, hand: Sequence[Tile], finish_bonus: int = 0) -> int:
    """The score of the best placement (0 when there is none), without building the moves."""
    if info.empty_board or not hand:
        return 0
    return _search(info, hand, None, finish_bonus)


def _search(
    info: BoardInfo, hand: Sequence[Tile], out: list[tuple[Place, int]] | None, finish_bonus: int
) -> int:
    counts = [0] * TILE_TYPES
    present = 0
    for tile in hand:
        counts[tile] += 1
        present |= _TBIT[tile]
    # the tiles of one play share a colour or a shape and differ: no play is longer than this
    longest = largest_group(hand)
    best = [0]
    for k in (0, 1):
        _scan(info, k, counts, present, len(hand), longest, out, best, finish_bonus)
    return best[0]


def _scan(
    info: BoardInfo,
    k: int,
    counts: list[int],
    present: int,
    size: int,
    longest: int,
    out: list[tuple[Place, int]] | None,
    best: list[int],
    finish_bonus: int,
) -> None:
    """Grow every play along direction `k` (0: rows, 1: columns): into `out`, or only the best
    score into `best[0]` when `out` is None."""
    step = info.steps[k]
    cross_fit, cross_score = info.fit[1 - k], info.fit_score[1 - k]
    after = info.after[k]
    need = info.need[k]
    singles = k == 0  # a single tile lies in a row and a column: produce it once
    grid, contact, width = info.grid, info.contact, info.width
    cbit, sbit, allowed, bit_tile = _CBIT, _SBIT, _allowed, _BIT_TILE
    placed: list[tuple[int, Tile]] = []
    hand = [present]
    # Squares with no line across are interchangeable: swapping the tiles placed on them changes
    # neither legality nor score. When only the best score is wanted, their tiles are tried in
    # increasing order only (`above` masks the tile types allowed next on such a square).
    canonical = out is None

    def grow(p: int, tm: int, cm: int, sm: int, n: int, touching: bool, cross_total: int, above: int) -> None:
        fits = cross_fit[p] & hand[0]
        free = canonical and not cross_score[p] and cross_fit[p] == _ALL
        if free:
            fits &= above
        if not fits:
            return
        atm, acm, asm, an = after[p]
        if an:  # the run after p joins the line whatever tile goes on p
            if tm & atm:
                return
            cm, sm = cm | acm, sm | asm
            if cm & (cm - 1) and sm & (sm - 1):
                return
            tm, n = tm | atm, n + an
        fits &= allowed(cm, sm) & ~tm
        if not fits:
            return
        touching = touching or bool(contact[p])
        nxt = p + (an + 1) * step
        go_on = len(placed) + 1 < longest and grid[nxt] == EMPTY
        total = cross_total + cross_score[p]
        nn = n + 1
        line = nn + (QWIRKLE_BONUS if nn == QWIRKLE else 0) if nn > 1 else 0
        while fits:
            low = fits & -fits
            fits ^= low
            t = bit_tile[low]
            placed.append((p, t))
            if touching and (singles or len(placed) > 1):
                score = total + line
                if len(placed) == size:
                    score += finish_bonus
                if out is not None:
                    out.append(
                        (Place(tuple((q // width - 1, q % width - 1, tile) for q, tile in placed)), score)
                    )
                elif score > best[0]:
                    best[0] = score
            if go_on and (touching or need[nxt] <= longest - len(placed)):
                counts[t] -= 1
                if not counts[t]:
                    hand[0] ^= low
                grow(
                    nxt,
                    tm | low,
                    cm | cbit[t],
                    sm | sbit[t],
                    nn,
                    touching,
                    total,
                    _ALL ^ ((low << 1) - 1) if free else above,
                )
                if not counts[t]:
                    hand[0] ^= low
                counts[t] += 1
            placed.pop()

    before = info.before[k]
    for s in info.starts[k]:
        if need[s] <= longest:
            btm, bcm, bsm, bn = before[s]
            grow(s, btm, bcm, bsm, bn, False, 0, _ALL)


def has_placement(state: QwirkleState, hand: Sequence[Tile]) -> bool:
    """Whether some tile of `hand` can be placed (a legal play of several tiles always holds a tile
    that is legal alone: one touching the board, whose lines are parts of the play's lines)."""
    info = info_of(state)
    if info.empty_board:
        return bool(hand)
    return any(fits_somewhere(info, tile) for tile in set(hand))


def fits_somewhere(info: BoardInfo, tile: Tile) -> bool:
    """Whether `tile` alone may go somewhere next to the tiles on the board."""
    bit = _TBIT[tile]
    across, down = info.fit
    return any(across[p] & down[p] & bit for p in info.frontier)


# ----- the opening play ------------------------------------------------------------------------


def opening_lines(hand: Sequence[Tile], length: int = 0) -> list[tuple[Tile, ...]]:
    """Every ordered line of distinct tiles from `hand` (of `length` tiles, or any length)."""
    distinct = sorted(set(hand))
    lines: list[tuple[Tile, ...]] = []

    def extend(line: tuple[Tile, ...], run: Summary) -> None:
        if not length or len(line) == length:
            lines.append(line)
        if length and len(line) == length:
            return
        for t in distinct:
            if accepts(run, t):
                extend((*line, t), _add(run, t))

    for t in distinct:
        extend((t,), _add(_NOTHING, t))
    return lines


def largest_group(hand: Sequence[Tile]) -> int:
    """The most tiles of `hand` sharing a colour or a shape (duplicates counted once)."""
    distinct = set(hand)
    best = 0
    for kind in range(6):
        best = max(
            best,
            sum(1 for t in distinct if colour_of(t) == kind),
            sum(1 for t in distinct if shape_of(t) == kind),
        )
    return best


class OpeningPlays(Sequence[Move]):
    """Every opening move on an empty board: each line of the hand at each place it fits (built on
    demand: there can be hundreds of thousands, and nobody needs them all at once), then `extra`
    (the exchanges)."""

    def __init__(
        self, lines: list[tuple[Tile, ...]], rows: int, cols: int, extra: Sequence[Move] = ()
    ) -> None:
        self.lines = lines
        self.rows, self.cols = rows, cols
        self.extra = list(extra)
        self._starts: list[int] = []
        total = 0
        for line in lines:
            self._starts.append(total)
            total += self._count(len(line))
        self._places = total
        self._known = set(lines)

    def _count(self, k: int) -> int:
        if k == 1:
            return self.rows * self.cols
        return self._across(k) + self._down(k)

    def _across(self, k: int) -> int:
        return self.rows * max(0, self.cols - k + 1)

    def _down(self, k: int) -> int:
        return max(0, self.rows - k + 1) * self.cols

    def __len__(self) -> int:
        return self._places + len(self.extra)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("opening move index out of range")
        if index >= self._places:
            return self.extra[index - self._places]
        which = bisect_right(self._starts, index) - 1
        line = self.lines[which]
        offset = index - self._starts[which]
        k = len(line)
        if k == 1:
            row, col = divmod(offset, self.cols)
            return Place(((row, col, line[0]),))
        across = self._across(k)
        if offset < across:
            row, col = divmod(offset, self.cols - k + 1)
            return Place(tuple((row, col + i, t) for i, t in enumerate(line)))
        row, col = divmod(offset - across, self.cols)
        return Place(tuple((row + i, col, t) for i, t in enumerate(line)))

    def __iter__(self) -> Iterator[Move]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Place):
            return move in self.extra
        tiles = move.tiles
        if not tiles or tuple(t for _r, _c, t in tiles) not in self._known:
            return False
        rows = {r for r, _c, _t in tiles}
        cols = {c for _r, c, _t in tiles}
        inside = all(0 <= r < self.rows and 0 <= c < self.cols for r, c, _t in tiles)
        k = len(tiles)
        along_row = len(rows) == 1 and len(cols) == k and max(cols) - min(cols) == k - 1
        along_col = len(cols) == 1 and len(rows) == k and max(rows) - min(rows) == k - 1
        return inside and (k == 1 or along_row or along_col)


def exchanges(hand: Sequence[Tile], most: int) -> list[Exchange]:
    """Every different set of at most `most` tiles of `hand` to give back (identical tiles make
    identical exchanges, so each multiset appears once)."""
    distinct = sorted(set(hand))
    counts = [hand.count(t) for t in distinct]
    out: list[Exchange] = []
    for picks in product(*(range(c + 1) for c in counts)):
        n = sum(picks)
        if 0 < n <= most:
            out.append(Exchange(tuple(t for t, k in zip(distinct, picks, strict=True) for _ in range(k))))
    return out
