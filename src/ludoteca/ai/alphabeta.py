"""Negamax alpha-beta for any two-seat game with an evaluation.

Iterative deepening with aspiration windows, principal-variation (null-window) search, a
transposition table keyed by `game.state_key`, move ordering (table move, then the game's own
hints, killer moves and the history heuristic), and a budget: when its time runs out, or the
count of positions it allows (`Budget.nodes`), the search returns the best move of the last
finished depth. The moves searched are the game's `candidate_moves` (by default
`ordered_moves`, every legal move in the game's preferred order).

Values are from the point of view of the seat to move. A pass, or a second move by the same seat,
keeps the perspective instead of negating it.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchCancelled, SearchInfo
from ludoteca.core.game import Game, Seat

WIN = 1_000_000.0
INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2
ASPIRATION = 50.0
#: with `reduce`, how many of a node's first moves are always searched at full depth
REDUCE_AFTER = 3
#: with `reduce`, the least depth left at which later moves are searched shallower
REDUCE_FROM = 3


class _OutOfTime(Exception):
    pass


class AlphaBetaPlayer(Player):
    """`seed` (given) shuffles the root's moves, so that among moves of equal value the one played
    is drawn at random rather than always the first: two players meet in many games, not one.
    `traps`: among the moves that keep the best value the search found, play the one that leaves
    the opponent the most replies that lose within the search's horizon — a perfect player that
    only ever draws is no stronger than one a move short of perfect; one that sets traps is. The
    trap hunt may cost at most twice what the search itself did, so on a wide board it gives up early
    (keeping the search's move) rather than slow the player down.

    Two refinements for wide boards, off unless asked (the generic level 5 asks for both):
    `quiet` (a depth, 0: none) goes on past the search's horizon along the `quiet_width` first of
    the game's `candidate_moves` only, the mover free to stop where the position stands (its
    `evaluate`), so that a threat made or met on the last ply is played out rather than judged
    half-way (on a five-in-a-row board: a four is completed or blocked before anyone counts);
    `reduce` searches the moves the game ranks low (after the first `REDUCE_AFTER`) one ply
    shallower, and again at full depth only when one proves better than the best so far: the
    depth it saves goes into seeing further along the lines the game ranks first."""

    name = "alpha-beta"

    def __init__(
        self,
        max_depth: int = 64,
        table_size: int = 1 << 20,
        seed: int | None = None,
        traps: bool = False,
        *,
        quiet: int = 0,
        quiet_width: int = 2,
        reduce: bool = False,
    ) -> None:
        self.max_depth = max_depth
        self.quiet = quiet
        self.quiet_width = quiet_width
        self.reduce = reduce
        self.table_size = table_size
        self._random = None if seed is None else random.Random(seed)
        self.traps = traps

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        moves = list(game.candidate_moves(state))
        if len(moves) == 1:
            return moves[0]
        if self._random is not None:
            self._random.shuffle(moves)
        search = Search(game, budget, self.table_size)
        search.quiet, search.quiet_width, search.reduce = self.quiet, self.quiet_width, self.reduce
        best, score, finished = moves[0], 0.0, 0
        for depth in range(1, self.max_depth + 1):
            try:
                score, best = search.root_with_aspiration(state, depth, moves, best, score)
            except _OutOfTime:
                break
            finished = depth
            if report is not None:
                line = tuple(search.principal_variation(state, depth))
                report(SearchInfo(depth, score, line, search.nodes, budget.elapsed()))
            if abs(score) >= WIN - 1000 or search.complete or search.used_up():
                break
        if self.traps and finished >= 2 and abs(score) < WIN - 1000 and not search.used_up():
            search.node_limit = min(search.node_limit, 3 * search.nodes + 1000)
            # out of its allowance, the hunt keeps the search's own move
            with contextlib.suppress(_OutOfTime):
                best = search.trappiest(state, seat, moves, best, score, finished)
        budget.spend(search.nodes)
        if budget.cancel.is_set():
            raise SearchCancelled
        return best


class Search:
    """One search: its table, killers and history survive across the iterations of deepening."""

    def __init__(self, game: Game[Any, Any], budget: Budget, table_size: int = 1 << 20) -> None:
        self.game = game
        self.budget = budget
        self.nodes = 0
        self.table: dict[Any, tuple[int, int, float, Any]] = {}
        self.table_size = table_size
        self.killers: dict[int, list[Any]] = {}
        self.history: dict[Any, int] = {}
        self.complete = True  # no leaf was cut off by depth: the whole tree was seen
        #: see AlphaBetaPlayer: the plies past the horizon, how many moves there, and reductions
        self.quiet = 0
        self.quiet_width = 2
        self.reduce = False
        left = budget.nodes_left()
        #: the node count at which a counted budget stops the search (never, on a time budget)
        self.node_limit = INF if left is None else left

    def used_up(self) -> bool:
        """Whether the budget is used up: its time, or its count of positions."""
        if self.budget.counted:
            return self.nodes >= self.node_limit or self.budget.cancel.is_set()
        return self.budget.expired()

    # ----- root -------------------------------------------------------------------------------
    def root_with_aspiration(
        self, state: Any, depth: int, moves: list[Any], first: Any, guess: float
    ) -> tuple[float, Any]:
        if depth <= 2 or abs(guess) >= WIN - 1000:
            return self.root(state, depth, moves, first, -INF, INF)
        alpha, beta = guess - ASPIRATION, guess + ASPIRATION
        score, move = self.root(state, depth, moves, first, alpha, beta)
        if score <= alpha or score >= beta:  # outside the window: search again, fully open
            score, move = self.root(state, depth, moves, first, -INF, INF)
        return score, move

    def root(
        self, state: Any, depth: int, moves: list[Any], first: Any, alpha: float, beta: float
    ) -> tuple[float, Any]:
        self.complete = True
        seat = self.game.to_move(state)
        assert seat is not None
        ordered = [first] + [m for m in moves if m != first]
        best, best_score = first, -INF
        for index, move in enumerate(ordered):
            if index == 0:
                score = self.child_value(state, move, seat, depth, alpha, beta, 0)
            else:
                score = self.child_value(state, move, seat, depth, alpha, alpha + 1e-6, 0)
                if alpha < score < beta:
                    score = self.child_value(state, move, seat, depth, score, beta, 0)
            if score > best_score:
                best, best_score = move, score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        self.table[self.game.state_key(state)] = (depth, EXACT, best_score, best)
        return best_score, best

    def trappiest(self, state: Any, seat: Seat, moves: list[Any], best: Any, score: float, depth: int) -> Any:
        """Of the moves worth `score` at `depth`, the one after which the opponent has the most
        replies that lose (as far as `depth` sees); `best` when none does better."""
        chosen, most = best, -1
        for move in moves:
            if self.child_value(state, move, seat, depth, -INF, INF, 0) < score - 1e-9:
                continue
            child = self.game.play(state, move)
            opponent = self.game.to_move(child)
            if opponent is None or opponent == seat:
                continue
            losing = 0
            for reply in self.game.candidate_moves(child):
                # the value for `seat` once the opponent has replied
                if -self.child_value(child, reply, opponent, depth - 1, -INF, INF, 1) > score + 1e-9:
                    losing += 1
            if losing > most:
                chosen, most = move, losing
        return chosen

    def principal_variation(self, state: Any, depth: int) -> list[str]:
        line: list[str] = []
        seen = set()
        for _step in range(depth):
            key = self.game.state_key(state)
            entry = self.table.get(key)
            if entry is None or entry[3] is None or key in seen or self.game.to_move(state) is None:
                break
            seen.add(key)
            move = entry[3]
            line.append(self.game.format_move(state, move))
            state = self.game.play(state, move)
        return line

    # ----- interior -----------------------------------------------------------------------------
    def child_value(
        self, state: Any, move: Any, seat: Seat, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The value for `seat` of playing `move`: negated when the turn passes to the opponent."""
        child = self.game.play(state, move)
        nxt = self.game.to_move(child)
        if nxt is None or nxt == seat:
            return self.negamax(child, seat, depth - 1, alpha, beta, ply + 1)
        return -self.negamax(child, nxt, depth - 1, -beta, -alpha, ply + 1)

    def _ordered(self, state: Any, tt_move: Any, ply: int) -> list[Any]:
        moves = list(self.game.candidate_moves(state))
        killers = self.killers.get(ply, [])
        history = self.history
        # stable sort: the game's own order breaks ties
        rank = {m: i for i, m in enumerate(moves)}

        def key(move: Any) -> tuple[int, int, int]:
            if move == tt_move:
                return (0, 0, 0)
            if move in killers:
                return (1, 0, rank[move])
            return (2, -history.get(move, 0), rank[move])

        try:
            return sorted(moves, key=key)
        except TypeError:  # unhashable moves: keep the game's order
            return moves

    def _visit(self) -> None:
        """Count a position searched; stop at the budget's count, its time or a cancel (the
        clock and the cancel are looked at every 256 positions: each look costs)."""
        self.nodes += 1
        if self.nodes >= self.node_limit:
            raise _OutOfTime
        if self.nodes & 255 == 0:
            if self.budget.cancel.is_set():
                raise SearchCancelled
            if self.used_up():
                raise _OutOfTime

    def _final_value(self, state: Any, seat: Seat, ply: int) -> float | None:
        """The value of a finished game for `seat` (a quicker win is worth more), None while it
        goes on."""
        if self.game.to_move(state) is not None:
            return None
        outcome = self.game.outcome(state)
        assert outcome is not None
        if outcome.is_draw:
            return 0.0
        return WIN - ply if outcome.ranks[seat] == 1 else -(WIN - ply)

    def negamax(self, state: Any, seat: Seat, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of `state` for `seat` (the seat to move, or the last mover once it is over)."""
        self._visit()
        game = self.game
        final = self._final_value(state, seat, ply)
        if final is not None:
            return final
        if depth <= 0:
            self.complete = False
            if self.quiet:
                return self.quiesce(state, seat, alpha, beta, ply, self.quiet)
            return game.evaluate(state, seat)
        key = game.state_key(state)
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            entry_depth, flag, value, tt_move = entry
            if entry_depth >= depth and (
                flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
            ):
                return value
        original_alpha = alpha
        best_value, best_move = -INF, None
        for index, move in enumerate(self._ordered(state, tt_move, ply)):
            if index == 0:
                value = self.child_value(state, move, seat, depth, alpha, beta, ply)
            else:  # null window first: prove the move is no better, re-search only if it is
                # a move ranked low gets a shallower look first, the full one only if it surprises
                reduced = self.reduce and index >= REDUCE_AFTER and depth >= REDUCE_FROM
                if reduced:
                    value = self.child_value(state, move, seat, depth - 1, alpha, alpha + 1e-6, ply)
                if not reduced or value > alpha:
                    value = self.child_value(state, move, seat, depth, alpha, alpha + 1e-6, ply)
                if alpha < value < beta:
                    value = self.child_value(state, move, seat, depth, value, beta, ply)
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                self._remember_cutoff(move, depth, ply)
                break
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        else:
            flag = EXACT
        if len(self.table) >= self.table_size:
            self.table.clear()  # crude but safe: a full table starts afresh
        self.table[key] = (depth, flag, best_value, best_move)
        return best_value

    def quiesce(self, state: Any, seat: Seat, alpha: float, beta: float, ply: int, left: int) -> float:
        """The value of `state` for `seat` (to move) past the horizon: the better of where it
        stands and the game's `quiet_width` first candidate moves, followed `left` plies on."""
        self._visit()
        game = self.game
        final = self._final_value(state, seat, ply)
        if final is not None:
            return final
        best = game.evaluate(state, seat)
        if left <= 0 or best >= beta:
            return best
        alpha = max(alpha, best)
        for move in list(game.candidate_moves(state))[: self.quiet_width]:
            child = game.play(state, move)
            nxt = game.to_move(child)
            if nxt is None or nxt == seat:
                value = self.quiesce(child, seat, alpha, beta, ply + 1, left - 1)
            else:
                value = -self.quiesce(child, nxt, -beta, -alpha, ply + 1, left - 1)
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    def _remember_cutoff(self, move: Any, depth: int, ply: int) -> None:
        try:
            self.history[move] = self.history.get(move, 0) + depth * depth
        except TypeError:
            return
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
