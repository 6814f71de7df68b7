"""What the computer players know about Qwirkle beyond the rules: candidate moves, the worth of
the tiles kept, the danger of a line of five, and a quick simulation of one move in a sampled world.

Everything here works on a seat's *view* or on a world sampled from it (`determinize`); nothing
reads another seat's tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

from ludoteca.games.qwirkle import movegen
from ludoteca.games.qwirkle.lines import END_BONUS, QWIRKLE, line_problem, line_score
from ludoteca.games.qwirkle.state import EMPTY, Exchange, Move, Place, QwirkleState
from ludoteca.games.qwirkle.tiles import COPIES, HIDDEN, TILE_TYPES, Tile, colour_of, remove_tiles, shape_of


@dataclass(frozen=True, slots=True)
class Candidate:
    move: Move
    #: points the move scores now (with the end bonus when it empties the hand with the bag empty)
    score: int
    #: the tiles left in hand before drawing
    kept: tuple[Tile, ...]


def placements(state: QwirkleState, hand: Sequence[Tile]) -> list[Candidate]:
    """Every placement with its score; on the empty board, each opening line centred on the board
    (where it stands matters little, and listing every square would only cost time)."""
    if state.board_empty:
        length = state.opening if state.ply == 0 else 0
        row = state.rows // 2
        out = []
        for line in movegen.opening_lines(hand, length):
            col = state.cols // 2 - len(line) // 2
            move = Place(tuple((row, col + i, t) for i, t in enumerate(line)))
            out.append(Candidate(move, line_score(len(line)) or 1, remove_tiles(hand, line)))
        return out
    bonus = END_BONUS if not state.bag else 0
    return [
        Candidate(move, score, remove_tiles(hand, (t for _r, _c, t in move.tiles)))
        for move, score in movegen.placements_on(movegen.info_of(state), hand, bonus)
    ]


def exchanges(state: QwirkleState, hand: Sequence[Tile]) -> list[Candidate]:
    if not state.bag or (state.opening and state.ply == 0):
        return []
    return [Candidate(m, 0, remove_tiles(hand, m.tiles)) for m in movegen.exchanges(hand, len(state.bag))]


def keep_value(kept: Sequence[Tile]) -> float:
    """How promising the tiles kept are: a big group sharing a colour or a shape promises a long
    play next turn; identical tiles can never go in the same line."""
    if not kept:
        return 0.0
    distinct = set(kept)
    colours = Counter(colour_of(t) for t in distinct)
    shapes = Counter(shape_of(t) for t in distinct)
    group = max(max(colours.values()), max(shapes.values()))
    return 1.2 * (group - 1) - 1.5 * (len(kept) - len(distinct))


def unseen_counts(state: QwirkleState, hand: Sequence[Tile]) -> list[int]:
    """How many copies of each tile the seat holding `hand` cannot see (bag + other hands)."""
    left = [COPIES[state.mode]] * TILE_TYPES
    for t in state.cells:
        if t != EMPTY:
            left[t] -= 1
    for t in hand:
        if t != HIDDEN:
            left[t] -= 1
    return left


def five_threat(
    state: QwirkleState, move: Place, unseen: list[int], unseen_total: int, hand_size: int
) -> float:
    """The points an opponent may expect from the lines of five this play leaves open: a line of
    five missing a tile that is still unseen, with a free end where it fits, is a Qwirkle for
    whoever holds that tile."""
    if unseen_total <= 0 or hand_size <= 0:
        return 0.0
    cells = list(state.cells)
    cols = state.cols
    for r, c, t in move.tiles:
        cells[r * cols + c] = t
    seen_lines: set[tuple[int, int, int, int]] = set()
    danger = 0.0
    for r, c, _t in move.tiles:
        for dr, dc in ((0, 1), (1, 0)):
            line = _run(cells, state.rows, cols, r, c, dr, dc)
            if len(line) != QWIRKLE - 1:
                continue
            key = (*line[0], *line[-1])
            if key in seen_lines:
                continue
            seen_lines.add(key)
            missing = _completing_tile([cells[rr * cols + cc] for rr, cc in line])
            if missing is None or unseen[missing] <= 0:
                continue
            ends = [(line[0][0] - dr, line[0][1] - dc), (line[-1][0] + dr, line[-1][1] + dc)]
            if not any(_fits(cells, state.rows, cols, er, ec, missing) for er, ec in ends):
                continue
            held = 1.0 - comb(unseen_total - unseen[missing], hand_size) / comb(unseen_total, hand_size)
            danger += held * (2 * QWIRKLE)
    return danger


def _run(cells: list[Tile], rows: int, cols: int, r: int, c: int, dr: int, dc: int) -> list[tuple[int, int]]:
    """The squares of the unbroken line of tiles through (r, c) along (dr, dc)."""
    while 0 <= r - dr < rows and 0 <= c - dc < cols and cells[(r - dr) * cols + c - dc] != EMPTY:
        r, c = r - dr, c - dc
    out = []
    while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] != EMPTY:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def _completing_tile(tiles: list[Tile]) -> Tile | None:
    """The one tile that makes a line of five a Qwirkle."""
    colours = {colour_of(t) for t in tiles}
    shapes = {shape_of(t) for t in tiles}
    if len(colours) == 1:
        (colour,) = colours
        (shape,) = set(range(6)) - shapes
    elif len(shapes) == 1:
        (shape,) = shapes
        (colour,) = set(range(6)) - colours
    else:
        return None
    return shape * 6 + colour


def _fits(cells: list[Tile], rows: int, cols: int, r: int, c: int, tile: Tile) -> bool:
    """Whether `tile` may go on the empty square (r, c) as far as both its lines go."""
    if not (0 <= r < rows and 0 <= c < cols) or cells[r * cols + c] != EMPTY:
        return False
    cells[r * cols + c] = tile
    try:
        return all(
            line_problem([cells[rr * cols + cc] for rr, cc in _run(cells, rows, cols, r, c, dr, dc)]) is None
            for dr, dc in ((0, 1), (1, 0))
        )
    finally:
        cells[r * cols + c] = EMPTY


@dataclass(frozen=True, slots=True)
class Reply:
    """One sampled future of a candidate move."""

    #: the next player's best score on the board the move leaves
    opponent: int
    #: the mover's best score next turn with the tiles it would then hold (same board)
    again: int


def simulate(world: QwirkleState, seat: int, candidate: Candidate) -> Reply:
    """Play `candidate` for `seat` in a sampled full `world` (drawing from its bag), then see what
    the next player could score at once and what `seat` could score with its new hand."""
    bag = list(world.bag)
    move = candidate.move
    cells = world.cells
    if isinstance(move, Place):
        changed = list(cells)
        for r, c, t in move.tiles:
            changed[r * world.cols + c] = t
        cells = tuple(changed)
        drawn = min(6 - len(candidate.kept), len(bag))
    elif isinstance(move, Exchange):
        drawn = len(move.tiles)
    else:
        drawn = 0
    hand = list(candidate.kept) + bag[len(bag) - drawn :]
    del bag[len(bag) - drawn :]
    if isinstance(move, Exchange):
        bag.extend(move.tiles)
    if not hand:
        return Reply(0, 0)  # the mover went out: the game is over
    info = movegen.board_info(cells, world.rows, world.cols)
    bonus = END_BONUS if not bag else 0
    nxt = (seat + 1) % world.seats
    opponent = movegen.best_score(info, world.hands[nxt], bonus)
    again = movegen.best_score(info, hand, bonus)
    return Reply(opponent, again)


class _OutOfTime(Exception):
    pass


def endgame_move(
    world: QwirkleState, seat: int, expired: Callable[[], bool], width: int = 10
) -> tuple[Place, int, float] | None:
    """With the bag empty and two players nothing is hidden: search the remaining plies (each
    side's `width` best-scoring plays, deepening while time remains) for the play that maximises
    this player's lead. Returns (play, depth searched, lead), or None when nothing can be placed."""
    other = world.hands[1 - seat]
    plays = _ordered(world.cells, world.rows, world.cols, world.hands[seat])
    if not plays:
        return None
    found = (plays[0][0], 1, float(plays[0][1]))
    for depth in range(2, 8):
        try:
            play, value = _root(world, world.hands[seat], other, plays[:width], depth, width, expired)
        except _OutOfTime:
            break
        found = (play, depth, value)
        if expired():
            break
    return found


def _ordered(
    cells: tuple[Tile, ...], rows: int, cols: int, hand: tuple[Tile, ...]
) -> list[tuple[Place, int]]:
    plays = movegen.placements_on(movegen.board_info(cells, rows, cols), hand, END_BONUS)
    plays.sort(key=lambda p: -p[1])
    return plays


def _root(
    world: QwirkleState,
    mine: tuple[Tile, ...],
    other: tuple[Tile, ...],
    plays: list[tuple[Place, int]],
    depth: int,
    width: int,
    expired: Callable[[], bool],
) -> tuple[Place, float]:
    best, best_value = plays[0][0], float("-inf")
    for play, score in plays:
        value = score + _after(world, world.cells, play, mine, other, depth, width, -1e9, 1e9, expired)
        if value > best_value:
            best, best_value = play, value
    return best, best_value


def _after(
    world: QwirkleState,
    cells: tuple[Tile, ...],
    play: Place,
    mover: tuple[Tile, ...],
    other: tuple[Tile, ...],
    depth: int,
    width: int,
    alpha: float,
    beta: float,
    expired: Callable[[], bool],
) -> float:
    """What the rest of the game is worth to the player who just made `play` (minus the reply)."""
    kept = remove_tiles(mover, (t for _r, _c, t in play.tiles))
    if not kept:
        return 0.0  # out: the game is over
    changed = list(cells)
    for r, c, t in play.tiles:
        changed[r * world.cols + c] = t
    return -_negamax(world, tuple(changed), other, kept, depth - 1, width, -beta, -alpha, 0, expired)


def _negamax(
    world: QwirkleState,
    cells: tuple[Tile, ...],
    hand: tuple[Tile, ...],
    waiting: tuple[Tile, ...],
    depth: int,
    width: int,
    alpha: float,
    beta: float,
    passes: int,
    expired: Callable[[], bool],
) -> float:
    """The best lead the side holding `hand` can make from here (its points minus the other's)."""
    if expired():
        raise _OutOfTime
    plays = _ordered(cells, world.rows, world.cols, hand)
    if not plays:
        if passes:
            return 0.0  # both passed: the game is over
        return -_negamax(world, cells, waiting, hand, depth, width, -beta, -alpha, 1, expired)
    if depth <= 1:
        return float(plays[0][1])
    best = float("-inf")
    for play, score in plays[:width]:
        value = score + _after(
            world, cells, play, hand, waiting, depth, width, alpha - score, beta - score, expired
        )
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best
