"""Khet's review analyser (`ludoteca.ai.review`), for both editions: the game's own search weighs
each position, and its mate search proves the Pharaoh hits within a few moves.

A position is weighed in three steps, all deterministic (a count of positions, never seconds, so
a review is the same on any machine and every time: the search's table is cleared before each
position):

1. The mate search (`puzzles.Prover`, the kernel's `forced_win`, which tries every defence) looks
   for a win of the side to move within `MATE_MOVES` of its moves. Found: the best value is a
   proven win (`Value.proven`, with its length in plies) and the better move and its line are the
   solver's (`solve.forced_win`: the win against the most stubborn defence).
2. Otherwise the engine searches the position for `NODES` positions (iterative deepening, the
   computer levels' search without noise); its score, in the evaluation's units (a Pyramid is
   worth 100), becomes a chance of winning by a logistic curve:
   chance = 1 / (1 + e^(−score / `SCORE_SCALE`)). With the scale of 250, a Pyramid ahead is 60 %,
   two 69 %, four 83 %; from an even position, a Pyramid thrown away costs 0.10 of chance (the
   edge of an inaccuracy), three a mistake, four a blunder. The scale is a choice, not a fit to
   game statistics. When the search sees the mover lost within the mate search's reach, the mate
   search proves it (every move loses) and the value is exact.
3. The move played: the same as the best one, the same value; a shot that ends the game, its
   result; a move after which the mover still forces the hit (within `MATE_MOVES` − 1 more moves)
   or the other side forces it (within `MATE_MOVES`), a proven value; otherwise the engine's value
   of the move searched to the same depth as the best one (the kernel's `root_value`), so both
   are weighed to the same horizon. A move that lets a proven hit go (the best was a proven win,
   the move keeps none) counts at most `MISSED_WIN_CHANCE`: it trades a certain win for the
   engine's guess, and is a blunder as a win thrown away is with exact values; likewise a move
   that lets the other side force a hit, where the best move kept the game open, counts the best
   at least 1 − `MISSED_WIN_CHANCE`.

A return to an earlier position of the game counts as a draw in the search, as it does for the
computer players.
"""

from __future__ import annotations

from collections.abc import Callable
from threading import Event
from typing import TYPE_CHECKING, Any, Final

from ludoteca.ai.review import Reading, Value, chance_from_lead
from ludoteca.core.game import Game
from ludoteca.games.khet.moves import Move
from ludoteca.games.khet.players import history_keys
from ludoteca.games.khet.puzzles import WIN, Prover
from ludoteca.games.khet.state import KhetState

if TYPE_CHECKING:
    from ludoteca.games.khet.search import Engine

#: positions the engine searches per position reviewed (and at most as many again for the move
#: played when it was not the engine's choice)
NODES: Final = 300_000
#: the mate search's reach, in the mover's moves (3: a hit in 3 is 5 plies away)
MATE_MOVES: Final = 3
#: evaluation units (a Pyramid is 100) of lead that make a win 1/(1 + e^−1) ≈ 73 % likely
SCORE_SCALE: Final = 250.0
#: the most a move is worth that lets a proven win go (1 − 0.35: a blunder's loss), and the least
#: the best move is worth when the move played walks into a proven loss
MISSED_WIN_CHANCE: Final = 0.65
#: a proven value's score: this less the plies to the end (a quicker win scores more)
PROVEN_SCORE: Final = 1000
#: plies of the line shown after a better move
LINE_PLIES: Final = 6


def analyser(game: Game[Any, Any], start: Any) -> KhetAnalyser:
    return KhetAnalyser()


def chance_of(score: float) -> float:
    """The logistic of the module docstring (clamped, so a search's win of a million units is 1)."""
    return chance_from_lead(score, SCORE_SCALE)


def win_in(plies: int) -> Value:
    return Value.proven(1, PROVEN_SCORE - plies, plies)


def loss_in(plies: int) -> Value:
    return Value.proven(-1, -(PROVEN_SCORE - plies), plies)


DRAW: Final = Value.proven(0, 0)


class KhetAnalyser:
    def __init__(self, nodes: int = NODES, mate_moves: int = MATE_MOVES) -> None:
        self.nodes = nodes
        self.mate_moves = mate_moves
        self._engines: dict[bool, Engine] = {}
        self._prover: Prover | None = None

    # ----- made on first use: importing the search may compile its kernel --------------------------
    def engine(self, horus: bool) -> Engine:
        if horus not in self._engines:
            from ludoteca.games.khet.search import Engine

            self._engines[horus] = Engine(horus)
        return self._engines[horus]

    @property
    def prover(self) -> Prover:
        if self._prover is None:
            self._prover = Prover()
        return self._prover

    # ----- one decision ----------------------------------------------------------------------------------
    def read(self, game: Game[Any, Any], state: Any, move: Any, cancel: Event | None) -> Reading:
        assert isinstance(state, KhetState)
        stop = (lambda: False) if cancel is None else cancel.is_set
        mate = self.prover.shortest(state.board, state.turn, state.horus, self.mate_moves)
        if mate is not None:
            return self.winning(game, state, move, mate)
        return self.searched(game, state, move, stop)

    def winning(self, game: Game[Any, Any], state: KhetState, move: Move, mate: int) -> Reading:
        """The mover forces the hit within `mate` moves."""
        from ludoteca.games.khet.solve import forced_win

        found = forced_win(state, mate)
        assert found is not None, "the mate search and the solver disagree"
        best = win_in(2 * mate - 1)
        first = found.line[0]
        if move == first:
            played = best
        else:
            played = self.proven_after(game, state, move) or self.estimate_after(game, state, move)
            if not played.exact:
                played = Value(min(played.chance, MISSED_WIN_CHANCE))
        return Reading(best, played, (first,), found.line[:LINE_PLIES])

    def searched(
        self, game: Game[Any, Any], state: KhetState, move: Move, stop: Callable[[], bool]
    ) -> Reading:
        from ludoteca.games.khet import search

        engine = self.engine(state.horus)
        history = history_keys(state)
        with search.lock():
            search.kernel.clear_table()  # the same position reads the same, whatever ran before
        result = engine.search(state.board, state.turn, None, history=history, stop=stop, nodes=self.nodes)
        if result.depth == 0:
            # one move does not fell the mover's own Pharaoh: the search returns it unweighed
            best_value = self.proven_after(game, state, result.move) or self.estimate_after(
                game, state, result.move
            )
        elif result.score <= -(search.WIN - search.MAX_PLY):
            best_value = self.proven_lost(state) or Value(chance_of(result.score))
        else:
            best_value = Value(chance_of(result.score))
        line = tuple(result.line) or (result.move,)
        if move == result.move:
            played = best_value
        else:
            played = self.proven_after(game, state, move) or self.same_depth(
                engine, state, move, result.depth, history, stop
            )
            if played.result == -1 and not best_value.exact:
                best_value = Value(max(best_value.chance, 1.0 - MISSED_WIN_CHANCE))
        return Reading(best_value, played, (result.move,), line[:LINE_PLIES])

    # ----- the move played ---------------------------------------------------------------------------
    def proven_after(self, game: Game[Any, Any], state: KhetState, move: Move) -> Value | None:
        """The proven value of `move` for the mover: the game's end, a win the mover still forces
        or a win the other side forces, within the mate search's reach; None otherwise."""
        after = game.play(state, move)
        assert isinstance(after, KhetState)
        if after.end is not None:
            winner = after.end.winner
            return DRAW if winner is None else win_in(1) if winner == state.turn else loss_in(1)
        prover = self.prover
        for moves in range(1, self.mate_moves):
            if prover.loses(after.board, after.turn, after.horus, moves):
                return win_in(2 * moves + 1)
        theirs = prover.shortest(after.board, after.turn, after.horus, self.mate_moves)
        if theirs is not None:
            return loss_in(2 * theirs)
        return None

    def proven_lost(self, state: KhetState) -> Value | None:
        """When every move loses within the mate search's reach: the loss put off longest."""
        prover = self.prover
        longest = 0
        for _move, after, result in prover.afters(state.board, state.turn, state.horus):
            if result is not None:
                if result != -WIN:
                    return None  # a move that wins or draws at once
                longest = max(longest, 1)
                continue
            theirs = prover.shortest(after, 1 - state.turn, state.horus, self.mate_moves)
            if theirs is None:
                return None
            longest = max(longest, 2 * theirs)
        return loss_in(longest) if longest else None

    def estimate_after(self, game: Game[Any, Any], state: KhetState, move: Move) -> Value:
        """The engine's value of the position `move` leads to, searched for the other side."""
        after = game.play(state, move)
        assert isinstance(after, KhetState)
        from ludoteca.games.khet import search

        with search.lock():
            search.kernel.clear_table()
        result = self.engine(after.horus).search(
            after.board, after.turn, None, history=history_keys(after), nodes=self.nodes
        )
        return Value(chance_of(-result.score))

    def same_depth(
        self,
        engine: Engine,
        state: KhetState,
        move: Move,
        depth: int,
        history: list[int],
        stop: Callable[[], bool],
    ) -> Value:
        """`move` searched to `depth` plies from `state`, as the root search weighed every move
        (the table still holds what the search learnt); one ply less when that takes more than
        `nodes` positions."""
        from ludoteca.games.khet import search

        kernel = engine.kernel
        limit = self.nodes
        with search.lock():
            for reach in range(depth, 0, -1):
                engine.load(state.board, state.turn, history)
                kernel.begin(lambda: kernel.nodes() >= limit or stop(), 64, engine.salt, engine.null_move)
                value = kernel.root_value(move, reach, -search.KERNEL_INFINITY, search.KERNEL_INFINITY, True)
                if not kernel.stopped():
                    return Value(chance_of(search.score_of(value)))
        return Value(0.5)
