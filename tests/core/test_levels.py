"""The generic levels: alpha-beta for games with `evaluate`, MCTS for games without it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest
from ludoteca_tictactoe import GAME as TICTACTOE
from ludoteca_tictactoe import TicTacToe

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget, Player, has_evaluate
from ludoteca.ai.levels import MCTS_PLAYOUTS, computer_for, generic_player
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.ai.simple import GreedyPlayer, RandomPlayer
from ludoteca.core import Game, Outcome
from tests.games.rows import GAME as ROWS


class BlindTicTacToe(TicTacToe):
    """Tic-tac-toe as a game that never wrote an `evaluate`."""

    evaluate = Game.evaluate


BLIND = BlindTicTacToe()


def position(game: Game[Any, Any], *moves: str) -> Any:
    state = game.start({}, 0, 2)
    for text in moves:
        state = game.play(state, game.read_move(state, text))
    return state


@dataclass
class Played:
    outcome: Outcome
    moves: list[str]
    seconds: list[float]  # processor time each seat spent thinking (other programs do not count)


def play_out(game: Game[Any, Any], players: dict[int, Player]) -> Played:
    """A game between `players` (by seat), none of them on a clock: only their playouts bound them,
    so the game is the same on every machine."""
    state = game.start({}, 0, 2)
    moves: list[str] = []
    seconds = [0.0, 0.0]
    while (seat := game.to_move(state)) is not None:
        started = time.process_time()
        move = players[seat].choose(game, state, seat, Budget(None))
        seconds[seat] += time.process_time() - started
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
    outcome = game.outcome(state)
    assert outcome is not None
    return Played(outcome, moves, seconds)


def test_an_evaluate_is_found_only_where_a_game_wrote_one() -> None:
    assert has_evaluate(TICTACTOE)
    assert not has_evaluate(BLIND)
    assert not has_evaluate(ROWS)


def test_a_game_with_evaluate_keeps_the_alpha_beta_ladder() -> None:
    players = [computer_for(TICTACTOE, level).player for level in range(1, 6)]
    assert isinstance(players[0], RandomPlayer)
    assert isinstance(players[1], GreedyPlayer)
    searchers = [player for player in players[2:] if isinstance(player, AlphaBetaPlayer)]
    assert [player.max_depth for player in searchers] == [2, 5, 64]
    assert [computer_for(TICTACTOE, level).think for level in range(1, 6)] == [0.0, 0.1, 0.3, 1.0, 2.0]


def test_a_game_without_evaluate_is_searched_by_mcts_with_more_playouts_per_level() -> None:
    players = [computer_for(BLIND, level).player for level in range(1, 6)]
    assert isinstance(players[0], RandomPlayer)
    playouts = [player.iterations for player in players[1:] if isinstance(player, MctsPlayer)]
    counts = [MCTS_PLAYOUTS[level] for level in range(2, 6)]
    assert playouts == counts and counts == sorted(set(counts))  # each level searches more


@pytest.mark.parametrize("game", [BLIND, ROWS], ids=["tictactoe-without-evaluate", "rows"])
@pytest.mark.parametrize("level", range(1, 6))
def test_every_level_of_a_game_without_evaluate_moves_legally_in_its_time(game: Any, level: int) -> None:
    computer = computer_for(game, level)
    for state in (position(game), position(game, "b2", "a1")):
        started = time.perf_counter()
        move = computer.player.choose(game, state, game.to_move(state), Budget(computer.think))
        # a clock is checked between playouts, so one playout may overrun it
        assert time.perf_counter() - started < computer.think + 1.0
        assert move in game.legal_moves(state)


@pytest.mark.parametrize("level", range(2, 6))
def test_mcts_levels_win_at_once_and_block_without_evaluate(level: int) -> None:
    win_now = position(BLIND, "a1", "b1", "a2", "b2")
    move = generic_player(BLIND, level, seed=1).choose(BLIND, win_now, 0, Budget(None))
    assert BLIND.format_move(win_now, move) == "a3"
    if level >= 3:  # 25 playouts spread over six moves cannot be trusted to see the threat
        must_block = position(BLIND, "a1", "b2", "a2")
        move = generic_player(BLIND, level, seed=1).choose(BLIND, must_block, 1, Budget(None))
        assert BLIND.format_move(must_block, move) == "a3"


def test_greedy_takes_a_win_without_evaluate() -> None:
    state = position(BLIND, "a1", "b1", "a2", "b2")
    assert BLIND.format_move(state, GreedyPlayer(1).choose(BLIND, state, 0, Budget(1))) == "a3"
    assert GreedyPlayer(1).choose(BLIND, position(BLIND), 0, Budget(1)) in range(9)


def test_seeded_players_replay_the_same_game() -> None:
    def moves(seed: int) -> list[str]:
        players = {0: generic_player(ROWS, 4, seed=seed), 1: generic_player(ROWS, 3, seed=seed + 1)}
        return play_out(ROWS, players).moves

    assert moves(5) == moves(5)


def test_stopping_once_the_choice_is_settled_changes_no_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.ai import mcts

    cases: list[tuple[Game[Any, Any], Any, int]] = [
        (ROWS, position(ROWS, "a1", "g7", "b1", "g6", "c1"), 1),  # White must block at d1
        (ROWS, position(ROWS, "d4", "a7", "d5", "a6", "e4"), 1),
        (BLIND, position(BLIND, "a1", "b2", "a2"), 1),
    ]
    stops: list[int] = []
    settled = mcts._settled

    def watched(root: Any, remaining: int) -> bool:
        stopped = settled(root, remaining)
        stops.extend([remaining] if stopped else [])
        return stopped

    def choices() -> list[Any]:
        return [
            MctsPlayer(1600, seed=3).choose(game, state, seat, Budget(None)) for game, state, seat in cases
        ]

    monkeypatch.setattr(mcts, "_settled", watched)
    early = choices()
    assert len(stops) == len(cases)  # each search did stop early
    monkeypatch.setattr(mcts, "_settled", lambda root, remaining: False)
    assert choices() == early


def test_the_clock_stops_a_search_before_its_playouts_are_spent() -> None:
    player = MctsPlayer(iterations=10**9, playout_depth=1000, seed=1)
    started = time.perf_counter()
    move = player.choose(ROWS, position(ROWS), 0, Budget(0.05))
    assert time.perf_counter() - started < 1.0
    assert move in ROWS.legal_moves(position(ROWS))


@dataclass
class Duel:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    moves: int = 0  # of the stronger side
    seconds: float = 0.0

    def line(self) -> str:
        games = self.wins + self.draws + self.losses
        return (
            f"{self.wins} wins, {self.draws} draws, {self.losses} losses in {games} games "
            f"({100 * self.wins / games:.0f} %), {self.seconds / self.moves:.3f} s of processor per move"
        )


def duel(strong: int, weak: int, games: int, game: Game[Any, Any] = ROWS) -> Duel:
    """Level `strong` against level `weak`, seats alternating, every player seeded.

    For a figure: python -c "from tests.core.test_levels import duel; print(duel(5, 3, 20).line())"
    """
    tally = Duel()
    for index in range(games):
        seat = index % 2
        players = {
            seat: generic_player(game, strong, seed=2 * index),
            1 - seat: generic_player(game, weak, seed=2 * index + 1),
        }
        played = play_out(game, players)
        tally.moves += len(played.moves[seat::2])
        tally.seconds += played.seconds[seat]
        if played.outcome.is_draw:
            tally.draws += 1
        elif played.outcome.winners == (seat,):
            tally.wins += 1
        else:
            tally.losses += 1
    return tally


def test_level_5_beats_level_3_on_a_game_without_evaluate() -> None:
    result = duel(5, 3, 20)
    assert result.wins >= 18, result.line()
