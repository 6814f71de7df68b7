from __future__ import annotations

from typing import Any

import pytest
from ludoteca_tictactoe import GAME

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget, SearchCancelled, SearchInfo
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.ai.worker import Thinker


def position(*moves: str) -> Any:
    state = GAME.start({}, 0, 2)
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


WIN_NOW = position("a1", "b1", "a2", "b2")  # X wins with a3
MUST_BLOCK = position("a1", "b2", "a2")  # O must block a3


@pytest.mark.parametrize(
    "player", [AlphaBetaPlayer(), MctsPlayer(iterations=3000, seed=1)], ids=["alphabeta", "mcts"]
)
def test_search_players_win_at_once_and_block(player: Any) -> None:
    assert GAME.format_move(WIN_NOW, player.choose(GAME, WIN_NOW, 0, Budget(5))) == "a3"
    assert GAME.format_move(MUST_BLOCK, player.choose(GAME, MUST_BLOCK, 1, Budget(5))) == "a3"


def test_alphabeta_reports_progress_and_sees_the_draw() -> None:
    infos: list[SearchInfo] = []
    AlphaBetaPlayer().choose(GAME, position(), 0, Budget(10), infos.append)
    assert infos and infos[-1].score == 0.0  # tic-tac-toe is a draw with best play
    assert infos[-1].best_line


def test_alphabeta_never_loses_to_random_play() -> None:
    import random

    rnd = random.Random(3)
    for _game in range(10):
        state = position()
        while GAME.to_move(state) is not None:
            if GAME.to_move(state) == 0:
                move = AlphaBetaPlayer().choose(GAME, state, 0, Budget(5))
            else:
                move = rnd.choice(list(GAME.legal_moves(state)))
            state = GAME.play(state, move)
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.ranks[0] == 1


def test_simple_players_return_legal_moves() -> None:
    state = position("b2")
    for player in (RandomPlayer(1), GreedyPlayer(1)):
        assert player.choose(GAME, state, 1, Budget(1)) in GAME.legal_moves(state)


def test_a_cancelled_thinker_delivers_no_move() -> None:
    thinker = Thinker(GAME, MctsPlayer(), position(), 0, None)
    thinker.start()
    thinker.cancel()
    assert thinker.wait(5)
    with pytest.raises(SearchCancelled):
        thinker.result()


def test_a_time_budget_stops_the_search() -> None:
    thinker = Thinker(GAME, MctsPlayer(), position(), 0, 0.05).start()
    assert thinker.wait(10)
    assert thinker.result() in GAME.legal_moves(position())


def test_a_tournament_alternates_seats_and_counts_every_game() -> None:
    from ludoteca.ai.tournament import parse_pairs, play_game, tournament

    seats_of_first: list[int] = []
    tally = tournament(GAME, {}, 5, 1, 6, seed=2, on_game=lambda i, r, seat: seats_of_first.append(seat))
    assert seats_of_first == [0, 1, 0, 1, 0, 1]
    assert tally.games == 6 and tally.losses == 0  # perfect play never loses at tic-tac-toe
    result = play_game(GAME, {}, (1, 1), seed=3, opening_plies=9)
    assert len(result.moves) >= 5 and result.outcome is not None
    assert parse_pairs("5:3,3:1") == [(5, 3), (3, 1)]


def test_bench_levels_are_checked() -> None:
    import argparse

    from ludoteca.ai.tournament import parse_levels

    assert parse_levels("2,5") == [2, 5]
    for bad in ("", "0", "6", "two"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_levels(bad)
