"""The computer players: legal moves from their own view only, and the judgement they rest on."""

from __future__ import annotations

import random

from ludoteca.ai.base import Budget, SearchInfo
from ludoteca.games.qwirkle import GAME, strategy
from ludoteca.games.qwirkle.players import THINK_SECONDS, Greedy, LookAhead, player_for_level
from ludoteca.games.qwirkle.state import Exchange, Place

from .support import move, position, tiles


def test_every_level_plays_legal_moves_from_its_view() -> None:
    state = GAME.start(GAME.options({"mode": "short"}), 4, 3)
    players = [player_for_level(level) for level in (1, 3, 5)]
    while (seat := GAME.to_move(state)) is not None:
        view = GAME.view(state, seat)
        chosen = players[seat].choose(GAME, view, seat, Budget(0.05))
        GAME.check(state, chosen)
        state = GAME.play(state, chosen)
    assert GAME.outcome(state) is not None


def test_greedy_takes_the_highest_score() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecC2 edC0 eeC5; "
        "hand C3 C4 R1; hand R2; bag L0"
    )
    chosen = Greedy(1).choose(GAME, GAME.view(state, 0), 0, Budget(None))
    assert chosen in (move(state, "eaC3 efC4"), move(state, "eaC4 efC3"))  # a Qwirkle: 12


def test_an_open_line_of_five_is_a_danger_unless_its_last_tile_is_gone() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1 ecC2 edC0; hand C5 C3 L1; hand R2; bag L0"
    )
    five = move(state, "eeC5 efC3")
    unseen = strategy.unseen_counts(state, state.hands[0])
    assert isinstance(five, Place)
    danger = strategy.five_threat(state, five, unseen, sum(unseen), 6)
    assert 0 < danger < 12  # the purple square (C4) may be in the other hand
    gone = list(unseen)
    gone[4] = 0  # every C4 already seen
    assert strategy.five_threat(state, five, gone, sum(gone), 6) == 0
    # both ends closed: the line can never be completed
    walled = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board eaR4 ebC1 ecC2 edC0 egR4; "
        "hand C5 C3 L1; hand R2; bag L0"
    )
    assert strategy.five_threat(walled, five, unseen, sum(unseen), 6) == 0
    four = move(state, "eeC5")
    assert isinstance(four, Place)
    assert strategy.five_threat(state, four, unseen, sum(unseen), 6) == 0


def test_with_the_bag_empty_two_players_know_each_others_tiles() -> None:
    """Then determinizing gives back the real game, and the look-ahead needs a single sample."""
    state = GAME.start(GAME.options({"mode": "short"}), 8, 2)
    greedy = Greedy(2)
    while state.bag:
        state = GAME.play(state, greedy.choose(GAME, GAME.view(state, state.turn), state.turn, Budget(None)))
    if GAME.to_move(state) is not None:
        seat = state.turn
        world = GAME.determinize(GAME.view(state, seat), seat, random.Random(5))
        assert world.hands == state.hands
        seen: list[SearchInfo] = []
        chosen = LookAhead(seed=1).choose(GAME, GAME.view(state, seat), seat, Budget(5.0), seen.append)
        GAME.check(state, chosen)
        assert seen[-1].depth >= 2  # searched beyond the next reply


def test_the_endgame_search_gives_up_points_now_for_a_qwirkle_later() -> None:
    # one row, the bag empty: five squares now (ae+af) leave the sixth, C4, to the other player's
    # Qwirkle; one square now lets the other make five, and C3 then completes the Qwirkle
    state = position(
        "size 1x8; mode normal; turn 0; scores 0 0; board abC1 acC2 adC0; hand C5 C3 L4; hand C4 R0; bag"
    )
    greedy = Greedy(1).choose(GAME, GAME.view(state, 0), 0, Budget(None))
    assert len(getattr(greedy, "tiles", ())) == 2
    found = strategy.endgame_move(state, 0, lambda: False)
    assert found is not None
    play, depth, lead = found
    assert len(play.tiles) == 1 and play.tiles[0][2] in tiles("C5 C3")
    assert depth >= 3
    assert lead == (4 + 12) - 5


def test_levels_and_thinking_times() -> None:
    assert set(THINK_SECONDS) == {1, 2, 3, 4, 5}
    assert max(THINK_SECONDS.values()) <= 2.0
    assert isinstance(player_for_level(2), Greedy)
    assert isinstance(player_for_level(5), LookAhead)


def test_exchange_candidates_respect_the_bag() -> None:
    state = position(
        "size 12x26; mode normal; turn 0; scores 0 0; board ebC1; hand C3 C3 R5 L2; hand R2; bag L0 L1"
    )
    swaps = strategy.exchanges(state, state.hands[0])
    assert swaps and all(isinstance(c.move, Exchange) and len(c.move.tiles) <= 2 for c in swaps)
