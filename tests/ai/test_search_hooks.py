"""What a game may give the generic searches (issue 29): `candidate_moves` narrows what they look
at; seeded alpha-beta draws among moves of equal value; with `traps` it prefers moves that leave
the opponent replies that lose; and the conformance check holds `candidate_moves` to its word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from ludoteca_tictactoe import GAME as TICTACTOE
from ludoteca_tictactoe import State

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.core import conformance
from tests.games.rows import RowsGame, RowsState


class Corner(RowsGame):
    """Four in a row on 7×7 whose search is told to look at d4's column only."""

    def candidate_moves(self, state: RowsState) -> Sequence[int]:
        column = [cell for cell in self.legal_moves(state) if cell % self.width == 3]
        return column or self.legal_moves(state)

    def evaluate(self, state: RowsState, seat: int) -> float:
        return 0.0  # alpha-beta needs one; the test is about which moves it looks at


class Liar(RowsGame):
    def candidate_moves(self, state: RowsState) -> Sequence[int]:
        return (self.cells + 5,)


def start(game: Any) -> Any:
    return game.start({}, 0, 2)


@pytest.mark.parametrize(
    "player",
    [AlphaBetaPlayer(max_depth=2, seed=1), MctsPlayer(iterations=200, playout_depth=60, seed=1)],
    ids=["alpha-beta", "mcts"],
)
def test_the_searches_look_only_at_the_candidate_moves(player: Any) -> None:
    game = Corner()
    state = start(game)
    for _ply in range(4):
        move = player.choose(game, state, game.to_move(state), Budget(None, nodes=5000))
        assert move % game.width == 3
        state = game.play(state, move)


def test_a_seed_draws_among_moves_of_equal_value() -> None:
    state = start(TICTACTOE)
    seeded = {
        AlphaBetaPlayer(max_depth=2, seed=seed).choose(TICTACTOE, state, 0, Budget(None))
        for seed in range(12)
    }
    unseeded = {AlphaBetaPlayer(max_depth=2).choose(TICTACTOE, state, 0, Budget(None)) for _ in range(12)}
    assert len(seeded) > 2 and len(unseeded) == 1


def test_traps_open_in_a_corner_where_seven_replies_of_eight_lose() -> None:
    state: State = start(TICTACTOE)
    corners = {0, 2, 6, 8}
    trapping = {
        AlphaBetaPlayer(max_depth=64, seed=seed, traps=True).choose(TICTACTOE, state, 0, Budget(None))
        for seed in range(8)
    }
    plain = {
        AlphaBetaPlayer(max_depth=64, seed=seed).choose(TICTACTOE, state, 0, Budget(None))
        for seed in range(8)
    }
    assert trapping <= corners
    assert not plain <= corners  # without traps every opening is as good as another


def test_the_conformance_check_holds_candidate_moves_to_the_legal_ones() -> None:
    conformance.check_candidates(Corner(), {}, 2)
    with pytest.raises(conformance.ContractBroken, match="not a legal move"):
        conformance.check_candidates(Liar(), {}, 2)
