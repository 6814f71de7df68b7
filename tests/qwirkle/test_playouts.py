"""Whole games: tiles are conserved, views never leak, determinize agrees, records replay, notation
round-trips."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ludoteca.core.errors import NotationError
from ludoteca.core.record import Record, replay
from ludoteca.core.seats import SeatSpec
from ludoteca.games.qwirkle import GAME
from ludoteca.games.qwirkle.movegen import scored_placements
from ludoteca.games.qwirkle.state import Exchange, Move, Place, QwirkleState
from ludoteca.games.qwirkle.tiles import HIDDEN

from .support import tile_count, tile_multiset_ok, tiles


def game_states(mode: str, seats: int, seed: int) -> Iterator[tuple[QwirkleState, str]]:
    """A game where each player places a random good play most of the time and sometimes exchanges."""
    chooser = random.Random(seed)
    state = GAME.start(GAME.options({"mode": mode}), seed, seats)
    while GAME.to_move(state) is not None:
        legal = GAME.legal_moves(state)
        plays = scored_placements(state, state.hands[state.turn]) if not state.board_empty else []
        swaps = [m for m in legal if isinstance(m, Exchange)]
        move: Move
        if plays and chooser.random() < 0.9:
            plays.sort(key=lambda p: -p[1])
            move = chooser.choice(plays[:4])[0]
        elif swaps and chooser.random() < 0.5:
            move = chooser.choice(swaps)
        else:
            move = legal[chooser.randrange(len(legal))]
        text = GAME.format_move(state, move)
        state = GAME.play(state, move)
        yield state, text


@pytest.mark.parametrize(("mode", "seats", "total"), [("normal", 2, 108), ("short", 3, 36), ("short", 4, 36)])
def test_tiles_are_conserved_and_games_end(mode: str, seats: int, total: int) -> None:
    for seed in range(2):
        state = GAME.start(GAME.options({"mode": mode}), seed, seats)
        assert tile_count(state) == total and tile_multiset_ok(state)
        plies = 0
        for state, _text in game_states(mode, seats, seed):
            plies += 1
            assert tile_count(state) == total
            assert tile_multiset_ok(state)
            assert all(len(hand) <= 6 for hand in state.hands)
            assert not state.bag or all(len(hand) == 6 for hand in state.hands)
        assert GAME.outcome(state) is not None
        assert plies < 400


def test_views_show_only_the_own_hand_and_sizes() -> None:
    for state, _text in game_states("short", 3, 7):
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            assert view.rng is None
            assert view.bag == (HIDDEN,) * len(state.bag)
            for s, hand in enumerate(view.hands):
                assert hand == (state.hands[s] if s == seat else (HIDDEN,) * len(state.hands[s]))
            assert view.cells == state.cells and view.scores == state.scores
            if view.last is not None and view.last.seat != seat:
                assert set(view.last.drawn) <= {HIDDEN} and set(view.last.exchanged) <= {HIDDEN}


def test_a_view_depends_only_on_what_the_seat_may_know() -> None:
    """Two worlds that differ only in hidden tiles give the same view: nothing hidden leaks."""
    for number, (state, _text) in enumerate(game_states("normal", 2, 3)):
        if number % 5:
            continue
        seat = state.turn
        view = GAME.view(state, seat)
        worlds = [GAME.determinize(view, seat, random.Random(k)) for k in range(3)]
        for world in worlds:
            assert world.hands[seat] == state.hands[seat]
            assert tile_multiset_ok(world)
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert GAME.view(world, seat) == view
        if len(state.bag) > 6:
            assert len({w.hands[1 - seat] for w in worlds} | {state.hands[1 - seat]}) > 1


def test_a_view_cannot_be_played_on() -> None:
    state = GAME.start(GAME.options(), 1, 2)
    view = GAME.view(state, 0)
    move = GAME.legal_moves(view)[0]
    with pytest.raises(ValueError, match="view"):
        GAME.play(view, move)


def test_records_replay_to_the_same_game() -> None:
    seed = 12
    texts = []
    final = None
    for final, text in game_states("short", 2, seed):  # noqa: B007
        texts.append(text)
    assert final is not None
    outcome = GAME.outcome(final)
    assert outcome is not None
    record = Record(
        "qwirkle",
        seed,
        dict(GAME.options({"mode": "short"})),
        (SeatSpec(), SeatSpec()),
        texts,
        result=outcome.result_tag(),
        scores=outcome.scores,
    )
    text = record.dumps()
    states = replay(GAME, Record.loads(text), text)
    assert states[-1] == final
    tampered = text.replace(f"1. {texts[0]}", "1. x " + " ".join(["C0"] * 7))
    with pytest.raises(ValueError):
        replay(GAME, Record.loads(tampered), tampered)


def test_same_seed_same_deal() -> None:
    a = GAME.start(GAME.options(), 5, 3)
    assert a == GAME.start(GAME.options(), 5, 3)
    assert a.hands != GAME.start(GAME.options(), 6, 3).hands


def test_notation_round_trips_and_reads_the_briefs_form() -> None:
    for number, (state, _text) in enumerate(game_states("normal", 2, 9)):
        if number % 7 or GAME.to_move(state) is None:
            continue
        for move in list(GAME.legal_moves(state))[:300]:
            assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    state = GAME.start(GAME.options(), 1, 2)
    assert GAME.parse_move(state, "ecC2, ebC1") == Place.of([(4, 1, tiles("C1")[0]), (4, 2, tiles("C2")[0])])
    assert GAME.format_move(state, GAME.parse_move(state, "ecC2 ebC1")) == "ebC1 ecC2"
    assert GAME.parse_move(state, "x all") == Exchange(state.hands[0])
    for bad in ("", "ebZ1", "eb C1", "x", "x Z1", "ebC9", "help"):
        with pytest.raises(NotationError):
            GAME.parse_move(state, bad)
