"""The computer: its search agrees with the rules, finds wins, avoids suicide, claims draws when worse."""

from __future__ import annotations

import itertools
import random
import threading
import time

import pytest

from ludoteca.ai.base import Budget, SearchCancelled
from ludoteca.ai.levels import computer_for
from ludoteca.games.khet import GAME
from ludoteca.games.khet.board import DJED, EYE, OFF, PYRAMID, SCARAB, SQUARES, STEP
from ludoteca.games.khet.evaluation import TARGETS, potential
from ludoteca.games.khet.keys import zobrist
from ludoteca.games.khet.laser import DESTROYED, INTERACTION, Shot, shoot
from ludoteca.games.khet.moves import apply, generate, move_source, move_target
from ludoteca.games.khet.players import KhetPlayer, history_keys, player_for_level
from ludoteca.games.khet.state import KhetState

from .helpers import play, position, start


def _playout_states(variant: str, seed: int, plies: int) -> list[KhetState]:
    rng = random.Random(seed)
    state = start(variant)
    states = []
    for _ply in range(plies):
        if GAME.to_move(state) is None:
            break
        states.append(state)
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return states


def test_finds_the_winning_shot() -> None:
    # Turning j5 (SE → SW) sends Silver's beam west along rank 5 into Red's Pharaoh on e5.
    state = position("S:X:j1:N S:K:e1 S:P:j5:SE S:P:c3:NE R:X:a8:S R:K:e5")
    for level in (1, 3, 5):
        move = KhetPlayer(level, seed=1).choose(GAME, state, 0, Budget(0.5))
        assert GAME.format_move(state, move) == "j5+", level


def test_avoids_shooting_its_own_pharaoh() -> None:
    # The Sphinx fires west along rank 1 into Silver's own Pharaoh unless something changes.
    state = position("S:X:j1:W S:K:e1 S:P:c3:NE R:X:a8:S R:K:f8 R:P:h6:NE")
    safe = {"j1+", "e1d2", "e1e2", "e1f2"}
    for level in (1, 2, 3, 5):
        move = KhetPlayer(level, seed=2).choose(GAME, state, 0, Budget(0.3))
        assert GAME.format_move(state, move) in safe, level


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_plays_legal_moves_quickly(level: int) -> None:
    player = player_for_level(level)
    state = start("horus" if level % 2 else "khet2")
    for _ply in range(4):
        move = player.choose(GAME, state, state.turn, Budget(0.15))
        assert move in GAME.legal_moves(state)
        state = GAME.play(state, move)


def test_levels_are_registered_for_the_generic_loader() -> None:
    computer = computer_for(GAME, 5)
    assert isinstance(computer.player, KhetPlayer) and computer.think == 2.0


def test_reports_progress_and_stops_when_cancelled() -> None:
    infos = []
    player = KhetPlayer(5)
    budget = Budget(0.3)
    player.choose(GAME, start(), 0, budget, infos.append)
    assert infos and infos[-1].depth >= 2 and infos[-1].best_line
    cancelled = Budget(None)
    threading.Timer(0.1, cancelled.cancel.set).start()
    with pytest.raises(SearchCancelled):
        player.choose(GAME, start(), 0, cancelled)


SHUFFLE = ("d1+", "e8+", "d1-", "e8-")


def test_claims_a_draw_when_worse_and_not_when_better() -> None:
    # Red has lost three Pyramids away from both beams; both sides shuffle an Anubis until the
    # position comes back.
    text = GAME.position_text(start()).replace(" R:P:c7:SW", "").replace(" R:P:h8:SE", "")
    text = text.replace(" R:P:g3:SE", "")
    state = position(text)
    state = play(state, *SHUFFLE, *SHUFFLE)
    assert GAME.can_claim_draw(state) and state.turn == 0
    assert not KhetPlayer(3).wants_draw(GAME, state, 0, seconds=0.2)  # Silver is ahead
    red_turn = play(state, "d1+")
    red_turn = play(red_turn, "e8+", "d1-", "e8-", "d1+", "e8+", "d1-", "e8-", "d1+")
    assert GAME.can_claim_draw(red_turn) and red_turn.turn == 1
    assert KhetPlayer(3).wants_draw(GAME, red_turn, 1, seconds=0.2)


def test_no_draw_wanted_when_none_can_be_claimed() -> None:
    assert not KhetPlayer(5).wants_draw(GAME, start(), 0, seconds=0.1)


def test_history_keys_follow_the_side_to_move() -> None:
    state = play(start(), "d1+", "e8+")
    keys = history_keys(state)
    assert keys == [zobrist(state.history[1], 1), zobrist(state.history[0], 0)]


# ----- the evaluation's building blocks ------------------------------------------------------------------
def _reference_potential(board: list[int] | tuple[int, ...], shot: Shot, attacker: int) -> int:
    """`potential` written the plain way: walk each perpendicular line square by square."""
    total = 0
    for code in shot.path:
        sq = code >> 1
        for direction in (1, 3) if not code & 1 else (0, 2):
            t = sq + STEP[direction]
            while board[t] == 0:
                t += STEP[direction]
            q = board[t]
            if q == OFF or q & 1 == attacker or INTERACTION[q << 2 | direction] != DESTROYED:
                continue
            ring = {
                max(abs(n % 11 - sq % 11), abs(n // 11 - sq // 11))
                for n in SQUARES
                if board[n] and board[n] & 1 == attacker and board[n] >> 3 in (PYRAMID, SCARAB, DJED, EYE)
            }
            factor = 4 if 1 in ring else 2 if 2 in ring else 1
            total += factor * TARGETS[q]
    return total


@pytest.mark.parametrize("variant", ["khet2", "horus"])
def test_potential_matches_a_plain_walk_and_its_zone_is_complete(variant: str) -> None:
    horus = variant == "horus"
    for state in _playout_states(variant, 13, 60)[::2]:
        for colour in (0, 1):
            shot = shoot(state.board, colour, horus)
            value, zone = potential(state.board, shot, colour)
            assert value == _reference_potential(state.board, shot, colour)
            # a move away from the beam and the zone leaves the potential as it was
            for move in generate(state.board, state.turn):
                bits = 1 << move_source(move) | 1 << move_target(move)
                if bits & (zone | shot.mask):
                    continue
                cells = list(state.board)
                apply(cells, move)
                assert potential(cells, shot, colour)[0] == value


@pytest.mark.parametrize("variant", ["khet2", "horus"])
def test_a_counted_budget_searches_as_deep_on_any_clock(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _playout_states(variant, 3, 12)[-1]

    def choose() -> tuple[int, int, int]:
        budget = Budget(None, nodes=4000)
        player = KhetPlayer(5, seed=1)
        move = player.choose(GAME, state, state.turn, budget)
        assert player.last is not None
        return move, player.last.depth, budget.spent

    first = choose()
    assert first[1] >= 2 and first[2] >= 4000
    ticks = itertools.count(start=time.perf_counter(), step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    assert choose() == first


def test_a_counted_budget_judges_a_draw_the_same_on_any_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    text = GAME.position_text(start()).replace(" R:P:c7:SW", "").replace(" R:P:h8:SE", "")
    state = play(position(text.replace(" R:P:g3:SE", "")), *SHUFFLE, *SHUFFLE, "d1+")
    state = play(state, "e8+", "d1-", "e8-", "d1+", "e8+", "d1-", "e8-", "d1+")
    ticks = itertools.count(start=time.perf_counter(), step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    budget = Budget(None, nodes=3000)
    assert KhetPlayer(3).wants_draw(GAME, state, 1, budget=budget)
    assert budget.spent > 0
