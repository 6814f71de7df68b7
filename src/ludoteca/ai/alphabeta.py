"""Negamax alpha-beta with iterative deepening, a transposition table and a time budget.

Works for any two-seat, perfect-information game whose `evaluate(state, seat)` is zero-sum-ish
(what is good for one seat is bad for the other). Scores are from the side to move's point of view.
"""

from __future__ import annotations

from typing import Any

from ludoteca.ai.base import Budget, Player, Report, SearchCancelled, SearchInfo
from ludoteca.core.game import Game, Seat

WIN = 1_000_000.0
EXACT, LOWER, UPPER = 0, 1, 2


class _OutOfTime(Exception):
    pass


class AlphaBetaPlayer(Player):
    name = "alpha-beta"

    def __init__(self, max_depth: int = 64) -> None:
        self.max_depth = max_depth

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget, report: Report | None = None
    ) -> Any:
        moves = list(game.legal_moves(state))
        if len(moves) == 1:
            return moves[0]
        search = _Search(game, budget)
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                score, move = search.root(state, depth, moves, best)
            except _OutOfTime:
                break
            best = move
            if report is not None:
                report(
                    SearchInfo(depth, score, (game.format_move(state, best),), search.nodes, budget.elapsed())
                )
            if abs(score) >= WIN - 1000 or search.complete:
                break
            if budget.expired():
                break
        if budget.cancel.is_set():
            raise SearchCancelled
        return best


class _Search:
    def __init__(self, game: Game[Any, Any], budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.nodes = 0
        self.table: dict[Any, tuple[int, int, float, Any]] = {}
        self.complete = True  # no cut-off by depth happened: the tree was searched to its leaves

    def root(self, state: Any, depth: int, moves: list[Any], first: Any) -> tuple[float, Any]:
        self.complete = True
        seat = self.game.to_move(state)
        assert seat is not None
        ordered = [first] + [m for m in moves if m != first]
        alpha, best = -float("inf"), first
        for move in ordered:
            score = self.child_value(state, move, seat, depth, alpha, float("inf"), 0)
            if score > alpha:
                alpha, best = score, move
        return alpha, best

    def child_value(
        self, state: Any, move: Any, seat: Seat, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The value for `seat` of playing `move`: negated when the turn passes to the opponent."""
        child = self.game.play(state, move)
        nxt = self.game.to_move(child)
        if nxt is None or nxt == seat:
            return self.negamax(child, seat, depth - 1, alpha, beta, ply + 1)
        return -self.negamax(child, nxt, depth - 1, -beta, -alpha, ply + 1)

    def negamax(self, state: Any, seat: Seat, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of `state` for `seat` (the seat to move, or the last mover once it is over)."""
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.budget.cancel.is_set():
                raise SearchCancelled
            if self.budget.expired():
                raise _OutOfTime
        game = self.game
        if game.to_move(state) is None:
            outcome = game.outcome(state)
            assert outcome is not None
            if outcome.is_draw:
                return 0.0
            return WIN - ply if outcome.ranks[seat] == 1 else -(WIN - ply)
        if depth <= 0:
            self.complete = False
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
        moves = list(game.legal_moves(state))
        if tt_move is not None and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)
        best_value, best_move = -float("inf"), None
        for move in moves:
            value = self.child_value(state, move, seat, depth, alpha, beta, ply)
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, flag, best_value, best_move)
        return best_value
