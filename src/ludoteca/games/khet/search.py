"""A Khet-specific alpha-beta search: negamax with principal variation search, iterative deepening,
a transposition table (Zobrist keys), killer and history move ordering, null-move pruning and
cached beams.

It works on plain lists of cells (copy-make: a child is `board[:]` plus the move). What each beam
means for the evaluation (its `Shot`, its `potential` and the squares that potential reads) is kept
per node as a `Side`; a move that touches neither a beam nor the lines its potential follows
inherits its parent's, so most children cost a list copy and a few XORs. The frontier (one ply
from the horizon) goes further: every "cold" move is worth the same, so it is valued once. The
same idea gives a sound-in-practice null move: turning a piece that stands away from everything
only lets the mover's beam fire as it stands.

The tests check `make` against `KhetGame.play` and the frontier against a plain loop over children.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from ludoteca.games.khet.board import (
    ANUBIS,
    DJED,
    EYE,
    OBELISK,
    PHARAOH,
    PYRAMID,
    SCARAB,
    SIZE,
    SQUARES,
    Board,
)
from ludoteca.games.khet.evaluation import (
    DEFAULT_WEIGHTS,
    THREAT_WIN,
    VALUE,
    Weights,
    evaluate_position,
    material,
    pack,
    pharaoh_square,
    pharaoh_zone,
    potential,
)
from ludoteca.games.khet.laser import Shot, shoot
from ludoteca.games.khet.moves import MOVE, TURN_CW, TURNED_CCW, TURNED_CW, UNSTACK, Move, generate

WIN: Final = 1_000_000
INFINITY: Final = 10_000_000.0
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY: Final = 64

_zobrist_source = random.Random(0x6B686574)  # fixed: keys are the same in every run
ZOBRIST: Final = tuple(_zobrist_source.getrandbits(64) for _ in range(128 * SIZE))
SIDE_KEY: Final = _zobrist_source.getrandbits(64)


def zobrist(board: Board | list[int], to_move: int) -> int:
    h = SIDE_KEY if to_move else 0
    for sq, p in enumerate(board):
        if 0 < p < 127:
            h ^= ZOBRIST[p * SIZE + sq]
    return h


class OutOfTime(Exception):
    """The search ran out of time (or was cancelled) in the middle of an iteration."""


class Side(NamedTuple):
    """One colour's beam on a board, as the evaluation sees it."""

    shot: Shot
    #: its `potential`, or None until the evaluation needs it (most nodes are never evaluated)
    potential: int | None = None
    #: the squares that potential read (a move elsewhere leaves it unchanged)
    zone: int = 0


@dataclass(slots=True)
class Node:
    """A position in the search, and the move that led to it."""

    move: Move
    board: list[int]
    key: int
    sides: tuple[Side, Side]
    #: both sides' material (`evaluation.pack`)
    material: int
    #: None while the game goes on; otherwise the result for the mover: WIN, -WIN or 0
    result: int | None = None
    #: ordering score (higher first)
    order: int = 0
    #: material the mover's shot gained (negative: lost)
    captured: int = 0


@dataclass
class SearchResult:
    move: Move
    score: float
    depth: int
    nodes: int
    elapsed: float
    line: list[Move] = field(default_factory=list)


_TURNING: Final = frozenset({PYRAMID, ANUBIS, SCARAB, DJED, EYE})


class Engine:
    """One search engine; a player keeps one to reuse its tables from move to move."""

    def __init__(
        self, horus: bool, weights: Weights = DEFAULT_WEIGHTS, noise: int = 0, seed: int | None = None
    ) -> None:
        self.horus = horus
        self.weights = weights
        self.weigh_potential = bool(weights.potential)
        #: null-move pruning (on: 8 wins, 5 losses, 3 draws at equal processor time against the
        #: same search without it) and late-move reductions (off: 3 wins, 6 losses in 10 games)
        self.null_move = True
        self.reductions = False
        #: the clock the time budget is read on (benchmarks may count processor time instead)
        self.clock: Callable[[], float] = time.perf_counter
        self.noise = noise
        self.rng = random.Random(seed)
        self.table: dict[int, tuple[int, int, float, Move]] = {}
        self.killers: list[list[Move]] = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.history: dict[Move, int] = {}
        self.nodes = 0
        self.calls = 0
        self.deadline = float("inf")
        #: the count of positions at which the search stops (a budget the clock cannot change)
        self.node_limit: float = float("inf")
        self.stop: Callable[[], bool] = lambda: False
        self.seen: set[int] = set()
        #: the best (score, move) of the root iteration in progress
        self.partial: tuple[float, Move] | None = None

    # ----- positions -------------------------------------------------------------------------------
    def root(self, board: Board | list[int], to_move: int) -> Node:
        cells = list(board)
        return Node(0, cells, zobrist(cells, to_move), self.sides(cells), pack(*material(cells)))

    def sides(self, board: list[int]) -> tuple[Side, Side]:
        return Side(shoot(board, 0, self.horus)), Side(shoot(board, 1, self.horus))

    def children(self, node: Node, to_move: int) -> list[Node]:
        """Every legal move with the position after it (the mover's laser fired, pieces removed)."""
        make = self.make
        out = [make(node, to_move, move) for move in generate(node.board, to_move)]
        self.nodes += len(out)
        return out

    def make(self, node: Node, to_move: int, move: Move) -> Node:
        """The position after `move`: pieces moved, the mover's laser fired, destroyed pieces removed."""
        zob = ZOBRIST
        src, dst, kind = move & 127, (move >> 7) & 127, move >> 14
        b = node.board[:]
        h = node.key ^ SIDE_KEY
        p = b[src]
        if kind == MOVE:
            q = b[dst]
            if not q:
                b[dst], b[src] = p, 0
                h ^= zob[p * SIZE + src] ^ zob[p * SIZE + dst]
            elif q == p and p >> 3 == OBELISK:
                b[dst], b[src] = p + 2, 0
                h ^= zob[p * SIZE + src] ^ zob[p * SIZE + dst] ^ zob[(p + 2) * SIZE + dst]
            else:
                b[dst], b[src] = p, q
                h ^= zob[p * SIZE + src] ^ zob[p * SIZE + dst] ^ zob[q * SIZE + dst] ^ zob[q * SIZE + src]
        elif kind == UNSTACK:
            b[src] = b[dst] = p - 2
            h ^= zob[p * SIZE + src] ^ zob[(p - 2) * SIZE + src] ^ zob[(p - 2) * SIZE + dst]
        else:
            turned = TURNED_CW[p] if kind == TURN_CW else TURNED_CCW[p]
            b[src] = turned
            h ^= zob[p * SIZE + src] ^ zob[turned * SIZE + src]
        other = 1 - to_move
        mine, theirs = node.sides[to_move], node.sides[other]
        bits = 1 << src | 1 << dst
        fired = shoot(b, to_move, self.horus) if bits & mine.shot.mask else mine.shot
        if fired.destroyed:
            h, mat, captured, result = self._remove(b, h, node.material, fired.destroyed, to_move)
            sides = self.sides(b) if result is None else node.sides
            return Node(move, b, h, sides, mat, result, 0, captured)
        if fired is not mine.shot or bits & mine.zone or mine.potential is None:
            mine = Side(fired)
        if bits & theirs.shot.mask:
            theirs = Side(shoot(b, other, self.horus))
        elif bits & theirs.zone or theirs.potential is None:
            theirs = Side(theirs.shot)
        return Node(move, b, h, (mine, theirs) if to_move == 0 else (theirs, mine), node.material)

    @staticmethod
    def _remove(
        b: list[int], h: int, mat: int, destroyed: tuple[int, ...], mover: int
    ) -> tuple[int, int, int, int | None]:
        """Take the destroyed pieces off `b`; returns the new key, the material (packed), what the
        mover gained (negative: lost) and the result for the mover if a Pharaoh fell."""
        zob = ZOBRIST
        fallen = 0
        captured = 0
        for sq in destroyed:
            piece = b[sq]
            if piece >> 3 == PHARAOH:
                fallen |= 1 << (piece & 1)
            value = VALUE[piece & ~6] if piece >> 3 == OBELISK else VALUE[piece]  # one Obelisk level
            captured += -value if piece & 1 == mover else value
            mat -= value << 12 if piece & 1 == 0 else value
            h ^= zob[piece * SIZE + sq]
            if piece >> 3 == OBELISK and (piece >> 1) & 3:
                b[sq] = piece - 2
                h ^= zob[(piece - 2) * SIZE + sq]
            else:
                b[sq] = 0
        result = None
        if fallen:
            result = 0 if fallen == 3 else (-WIN if fallen >> mover & 1 else WIN)
        return h, mat, captured, result

    def evaluate(self, node: Node, to_move: int) -> float:
        s0, s1 = node.sides
        if self.weigh_potential and (s0.potential is None or s1.potential is None):
            board = node.board
            s0 = s0 if s0.potential is not None else Side(s0.shot, *potential(board, s0.shot, 0))
            s1 = s1 if s1.potential is not None else Side(s1.shot, *potential(board, s1.shot, 1))
            node.sides = (s0, s1)
        return evaluate_position(
            node.board,
            to_move,
            (s0.shot, s1.shot),
            node.material,
            (s0.potential or 0, s1.potential or 0),
            self.weights,
        )

    # ----- the search ------------------------------------------------------------------------------
    def search(
        self,
        board: Board,
        to_move: int,
        seconds: float | None,
        max_depth: int = MAX_PLY,
        history: Iterable[int] = (),
        stop: Callable[[], bool] | None = None,
        report: Callable[[SearchResult], None] | None = None,
        nodes: int | None = None,
    ) -> SearchResult:
        """The best move found within `seconds` (None: until `max_depth`) and `nodes` positions
        (None: any number; a count gives the same move on any machine); `history` holds the
        Zobrist keys of earlier positions of the game (a return to one of them scores as a draw)."""
        started = self.clock()
        self.deadline = started + seconds if seconds is not None else float("inf")
        self.node_limit = float("inf") if nodes is None else nodes
        self.stop = stop or (lambda: False)
        self.nodes = self.calls = 0
        self.seen = set(history)
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        if len(self.table) > 1_000_000:
            self.table.clear()
        start = self.root(board, to_move)
        moves = self.children(start, to_move)
        for child in moves:
            if child.result == WIN:
                return SearchResult(child.move, WIN - 1, 1, len(moves), self.clock() - started, [child.move])
        alive = [c for c in moves if c.result != -WIN] or moves
        if len(alive) == 1:
            return SearchResult(alive[0].move, 0.0, 0, 1, self.clock() - started, [alive[0].move])
        self._order(alive, 0, None, start)
        bonus = {c.move: self.rng.randint(-self.noise, self.noise) for c in alive} if self.noise else {}
        best = SearchResult(alive[0].move, -INFINITY, 0, 0, 0.0, [alive[0].move])
        scores: dict[Move, float] = {}
        for depth in range(1, max_depth + 1):
            self.partial = None
            try:
                score, move = self._root(alive, to_move, start.key, depth, scores, bonus)
            except OutOfTime:
                if self.partial is not None and self.partial[1] != best.move:
                    # the unfinished iteration already proved another move better: play it
                    best = SearchResult(self.partial[1], self.partial[0], best.depth, self.nodes, 0.0, [])
                break
            best = SearchResult(move, score, depth, self.nodes, self.clock() - started)
            best.line = self._line(start, to_move, depth)
            if report is not None:
                report(best)
            alive.sort(key=lambda c: (c.move != move, -scores.get(c.move, -INFINITY)))
            if abs(score) >= WIN - MAX_PLY:
                break
            if seconds is not None and self.clock() - started > seconds * 0.6:
                break  # the next iteration would most likely not finish
        best.nodes = self.nodes
        best.elapsed = self.clock() - started
        return best

    def _root(
        self,
        children: list[Node],
        to_move: int,
        key: int,
        depth: int,
        scores: dict[Move, float],
        bonus: dict[Move, int],
    ) -> tuple[float, Move]:
        """One iteration at the root. `bonus` (weaker levels) shifts each move's score a little."""
        alpha = -INFINITY
        best_move = children[0].move
        self.seen.add(key)
        try:
            for index, child in enumerate(children):
                extra = bonus.get(child.move, 0)
                value = (
                    self._child_value(child, to_move, depth, alpha - extra, INFINITY, 1, index == 0) + extra
                )
                scores[child.move] = value
                if value > alpha:
                    alpha, best_move = value, child.move
                    self.partial = (alpha, best_move)
        finally:
            self.seen.discard(key)
        self.table[key] = (depth, EXACT, alpha, best_move)
        return alpha, best_move

    def _child_value(
        self, child: Node, mover: int, depth: int, alpha: float, beta: float, ply: int, first: bool
    ) -> float:
        """The child's value for the mover (principal variation search)."""
        if child.result is not None:
            return _terminal(child.result, ply)
        if child.key in self.seen:
            return 0.0
        other = 1 - mover
        if first:
            return -self._negamax(child, other, depth - 1, -beta, -alpha, ply)
        value = -self._negamax(child, other, depth - 1, -alpha - 1, -alpha, ply)
        if alpha < value < beta:
            value = -self._negamax(child, other, depth - 1, -beta, -alpha, ply)
        return value

    def _negamax(
        self,
        node: Node,
        to_move: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        after_null: bool = False,
    ) -> float:
        self.calls += 1
        # every call reads the clock: one at depth 1 scores a whole frontier (milliseconds),
        # so sixteen of them could overrun a short budget by a fifth on a busy machine
        if self.nodes >= self.node_limit or self.clock() > self.deadline or self.stop():
            raise OutOfTime
        if depth <= 0 or ply >= MAX_PLY:
            return self.evaluate(node, to_move)
        if depth == 1:
            return self.frontier(node, to_move, beta, ply)
        key = node.key
        entry = self.table.get(key)
        tt_move = 0
        if entry is not None:
            entry_depth, flag, value, tt_move = entry
            if entry_depth >= depth and (
                flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
            ):
                return value
        other = 1 - to_move
        if self.null_move and depth >= 3 and not after_null and abs(beta) < THREAT_WIN:
            # A turn of a piece away from everything (there nearly always is one) is a real move
            # that only lets the beam fire as it stands: if even that holds beta, so does the best.
            standing = self._standing(node, to_move)
            if standing is not None:
                value = -self._negamax(standing, other, depth - 3, -beta, -beta + 1, ply + 1, True)
                if value >= beta:
                    return value
        children = self.children(node, to_move)
        for child in children:
            if child.result == WIN:
                return WIN - ply - 1
        self._order(children, ply, tt_move, node)
        s0, s1 = node.sides
        beams = s0.shot.mask | s1.shot.mask
        killers = self.killers[ply]
        reduce = self.reductions and depth >= 3
        original_alpha = alpha
        best_value, best_move = -INFINITY, 0
        self.seen.add(key)
        try:
            for index, child in enumerate(children):
                move = child.move
                if (
                    reduce
                    and index >= 3
                    and not child.captured
                    and child.result is None
                    and move not in killers
                    and not (1 << (move & 127) | 1 << ((move >> 7) & 127)) & beams
                ):
                    # a late quiet move away from both beams: a shallower look first
                    if child.key in self.seen:
                        value = 0.0
                    else:
                        value = -self._negamax(child, other, depth - 2, -alpha - 1, -alpha, ply + 1)
                        if value > alpha:
                            value = self._child_value(child, to_move, depth, alpha, beta, ply + 1, False)
                else:
                    value = self._child_value(child, to_move, depth, alpha, beta, ply + 1, index == 0)
                if value > best_value:
                    best_value, best_move = value, move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            self._reward(child, ply, depth)
                            break
        finally:
            self.seen.discard(key)
        flag = UPPER if best_value <= original_alpha else LOWER if best_value >= beta else EXACT
        self.table[key] = (depth, flag, best_value, best_move)
        return best_value

    def _standing(self, node: Node, to_move: int) -> Node | None:
        """The position after a turn that changes nothing: the mover's beam fires as it stands.
        None when no piece of the mover can turn away from both beams, or when that shot ends the
        game (the search sees those anyway)."""
        s0, s1 = node.sides
        if not _has_cold_turn(node.board, to_move, s0.shot.mask | s1.shot.mask):
            return None
        destroyed = node.sides[to_move].shot.destroyed
        if not destroyed:
            return Node(0, node.board, node.key ^ SIDE_KEY, node.sides, node.material)
        b = node.board[:]
        h, mat, _gain, result = self._remove(b, node.key ^ SIDE_KEY, node.material, destroyed, to_move)
        if result is not None:
            return None
        return Node(0, b, h, self.sides(b), mat)

    def frontier(self, node: Node, to_move: int, beta: float, ply: int) -> float:
        """The value of `node` one ply from the horizon: the best child by the evaluation.

        A "cold" move (away from both beams and both Pharaohs' lines and neighbours) changes
        nothing the evaluation reads but the potentials, and destroys what the mover's beam
        destroys as it stands, the same for all of them. So every cold move is valued as the
        position where the beam fired as it stands, computed once, with the potentials taken as
        unchanged (exact when the evaluation does not weigh potential; the tests check that); only
        the hot moves are played out.
        """
        hot, cold = self._cold(node, to_move, ply)
        neutral = _has_cold_turn(node.board, to_move, hot)
        best = -INFINITY
        if neutral:
            best = cold
            if best >= beta:
                return best
        make = self.make
        evaluate = self.evaluate
        seen = self.seen
        other = 1 - to_move
        for move in generate(node.board, to_move):
            if neutral and not ((1 << (move & 127) | 1 << ((move >> 7) & 127)) & hot):
                continue
            child = make(node, to_move, move)
            self.nodes += 1
            if child.result is not None:
                value = _terminal(child.result, ply + 1)
            elif child.key in seen:
                value = 0.0
            else:
                value = -evaluate(child, other)
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    def _cold(self, node: Node, to_move: int, ply: int) -> tuple[int, float]:
        """The hot squares, and what a cold move is worth to the mover (its beam fires as it stands).
        When that beam destroys something, the board after the removal is read too."""
        hot = _hot(node)
        destroyed = node.sides[to_move].shot.destroyed
        if not destroyed:
            return hot, -self.evaluate(node, 1 - to_move)
        b = node.board[:]
        _h, mat, _gain, result = self._remove(b, 0, node.material, destroyed, to_move)
        if result is not None:
            return hot, _terminal(result, ply + 1)
        after = Node(0, b, 0, self.sides(b), mat)
        return hot | _hot(after), -self.evaluate(after, 1 - to_move)

    # ----- move ordering ---------------------------------------------------------------------------
    def _order(self, children: list[Node], ply: int, tt_move: Move | None, parent: Node) -> None:
        killers = self.killers[ply]
        history = self.history
        s0, s1 = parent.sides
        beams = s0.shot.mask | s1.shot.mask
        for child in children:
            move = child.move
            if move == tt_move:
                score = 10_000_000
            elif child.result is not None:
                score = -5_000_000 if child.result < 0 else 0
            else:
                score = child.captured * 1000
                if move in killers:
                    score += 50_000
                if (1 << (move & 127) | 1 << ((move >> 7) & 127)) & beams:
                    score += 20_000
                score += history.get(move, 0)
            child.order = score
        children.sort(key=lambda c: -c.order)

    def _reward(self, child: Node, ply: int, depth: int) -> None:
        if child.captured <= 0:
            killers = self.killers[ply]
            if killers[0] != child.move:
                killers[1], killers[0] = killers[0], child.move
        self.history[child.move] = min(self.history.get(child.move, 0) + depth * depth, 15_000)

    def _line(self, start: Node, to_move: int, depth: int) -> list[Move]:
        """The principal variation, read back from the table."""
        line: list[Move] = []
        seen: set[int] = set()
        node = start
        for _ply in range(depth):
            entry = self.table.get(node.key)
            if entry is None or node.key in seen or not entry[3]:
                break
            seen.add(node.key)
            node = self.make(node, to_move, entry[3])
            line.append(node.move)
            if node.result is not None:
                break
            to_move = 1 - to_move
        return line


def _terminal(result: int, ply: int) -> float:
    """A finished game's value for the mover, preferring quicker wins and slower losses."""
    if result > 0:
        return result - ply
    if result < 0:
        return result + ply
    return 0.0


def _hot(node: Node) -> int:
    """Every square the evaluation reads besides material: both beams, the lines their
    potentials follow, and both Pharaohs' surroundings."""
    board = node.board
    s0, s1 = node.sides
    return (
        s0.shot.mask
        | s1.shot.mask
        | pharaoh_zone(board, pharaoh_square(board, 0))
        | pharaoh_zone(board, pharaoh_square(board, 1))
    )


def _has_cold_turn(board: list[int], colour: int, hot: int) -> bool:
    """Whether `colour` can turn a piece standing away from every hot square."""
    for sq in SQUARES:
        p = board[sq]
        if p and p & 1 == colour and p >> 3 in _TURNING and not hot >> sq & 1:
            return True
    return False
