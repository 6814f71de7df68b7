"""Decks, hands, programs and discards: dealing, adding, discarding, drawing, reshuffling, and the
37 cards of every player conserved through whole random games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.core.errors import IllegalMove
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, BuildWall, PlayBug, RunProgram
from ludoteca.games.turtles.rules import card_sequences

from .helpers import GAME, cards, table, with_hand, with_program

FULL = Counter({Card.FORWARD: 18, Card.LEFT: 8, Card.RIGHT: 8, Card.LASER: 3})


def all_cards(p) -> Counter[Card]:  # type: ignore[no-untyped-def]
    return Counter(p.deck + p.hand + p.program + p.discard)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deal(seats: int) -> None:
    state = GAME.start(GAME.options(), 11, seats)
    assert len(state.players) == seats
    for p in state.players:
        assert all_cards(p) == FULL
        assert len(p.hand) == 5 and len(p.deck) == 32
        assert p.program == () and p.discard == ()
        assert (p.stone_walls, p.ice_walls) == (3, 2)
    decks = {p.deck for p in state.players}
    assert len(decks) == seats  # each deck shuffled on its own


def test_first_player_is_drawn_at_random_from_the_seed() -> None:
    firsts = {GAME.start(GAME.options(), seed, 4).to_play for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.start(GAME.options(), 5, 3).to_play == GAME.start(GAME.options(), 5, 3).to_play


def test_add_keeps_the_order_and_takes_the_cards_from_the_hand() -> None:
    state = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    state = with_program(state, 0, "R")
    after = GAME.play(state, AddCards(cards("X F L")))
    me = after.players[0]
    assert me.program == cards("R X F L")
    assert len(me.hand) == 5  # two left, three drawn
    assert Counter(me.hand) - Counter(state.players[0].deck[-3:]) == Counter(cards("F R"))


def test_adding_cards_you_do_not_hold_is_refused() -> None:
    state = with_hand(replace(table(), to_play=0), 0, "FFLRR")
    with pytest.raises(IllegalMove, match="no laser card"):
        GAME.play(state, AddCards(cards("X")))
    with pytest.raises(IllegalMove, match="only 1 left"):
        GAME.play(state, AddCards(cards("L L")))
    with pytest.raises(IllegalMove):
        GAME.play(state, AddCards(cards("F F F")))
    with pytest.raises(IllegalMove):
        GAME.play(state, AddCards(()))


def test_every_ordered_choice_of_the_hand_is_a_legal_add() -> None:
    hand = cards("FFLRX")
    seqs = card_sequences(hand)
    assert len(seqs) == len(set(seqs))
    # count by hand: sequences of length k drawn from the multiset {F,F,L,R,X}
    by_length = Counter(len(s) for s in seqs)
    assert by_length[1] == 4
    assert by_length[2] == 4 * 4 - 3  # all pairs but LL, RR, XX
    assert by_length[5] == 5 * 4 * 3 * 2 * 1 // 2  # arrangements of FFLRX
    state = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    adds = {m for m in GAME.legal_moves(state) if isinstance(m, AddCards)}
    assert {m.cards for m in adds} == set(seqs)


def test_run_puts_the_program_in_the_discard() -> None:
    state = with_program(replace(table(), to_play=0), 0, "F F L")
    after = GAME.play(state, RunProgram())
    assert after.players[0].program == ()
    assert Counter(after.players[0].discard) == Counter(cards("FFL"))
    with pytest.raises(IllegalMove, match="empty"):
        GAME.play(replace(after, to_play=0), RunProgram())


def test_discard_the_rest_of_the_hand_then_draw_five() -> None:
    state = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    after = GAME.play(state, AddCards(cards("F"), discard=True))
    me = after.players[0]
    assert Counter(me.discard) == Counter(cards("FLRX"))
    assert len(me.hand) == 5 and len(me.deck) == 32 - 5
    assert after.last is not None and after.last.discarded == 4 and after.last.drew == 5
    # after a wall or a run too
    after = GAME.play(state, BuildWall("ice", 20, discard=True))
    assert len(after.players[0].discard) == 5 and len(after.players[0].hand) == 5


def test_no_discard_when_the_hand_is_empty() -> None:
    state = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    with pytest.raises(IllegalMove, match="nothing to discard"):
        GAME.play(state, AddCards(cards("FFLRX"), discard=True))
    assert AddCards(cards("FFLRX"), True) not in GAME.legal_moves(state)


def test_an_empty_deck_is_refilled_from_the_shuffled_discard() -> None:
    state = replace(table(), to_play=0)
    p = state.players[0]
    pool = p.deck + p.hand
    players = list(state.players)
    players[0] = replace(p, deck=pool[:1], hand=tuple(sorted(pool[1:6])), discard=pool[6:])
    state = replace(state, players=tuple(players))
    to_add = state.players[0].hand[:3]
    after = GAME.play(state, AddCards(to_add))
    me = after.players[0]
    assert len(me.hand) == 5
    assert me.discard == ()
    assert len(me.deck) == len(pool) - 6 - 2
    assert after.last is not None and after.last.reshuffled and after.last.drew == 3
    assert all_cards(me) == FULL


def _consistent(p, playing: bool) -> None:  # type: ignore[no-untyped-def]
    assert all_cards(p) == FULL
    assert len(p.hand) <= 5
    if playing and len(p.hand) < 5:  # a finished player draws no more
        assert not p.deck and not p.discard


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_37_cards_per_player_at_every_step_of_random_games(seats: int) -> None:
    rnd = random.Random(seats)
    for game_no in range(3):
        options = GAME.options({"bug": True, "three_rounds": game_no == 0})
        state = GAME.start(options, 100 + game_no, seats)
        for _ply in range(400):
            if GAME.to_move(state) is None:
                break
            moves = GAME.legal_moves(state)
            # favour runs a little so turtles actually travel in a few hundred plies
            runs = [m for m in moves if isinstance(m, RunProgram)]
            move = rnd.choice(runs) if runs and rnd.random() < 0.3 else rnd.choice(moves)
            state = GAME.play(state, move)
            for seat, p in enumerate(state.players):
                _consistent(p, state.still_playing(seat))
            bug_cards = sum(p.has_bug for p in state.players) + sum(
                p.bugged_by is not None for p in state.players
            )
            assert bug_cards <= seats


def test_legal_moves_are_exactly_the_moves_play_accepts() -> None:
    rnd = random.Random(3)
    state = GAME.start(GAME.options({"bug": True}), 9, 3)
    for _ply in range(30):
        legal = set(GAME.legal_moves(state))
        seat = state.to_play
        assert seat is not None
        candidates: set[object] = {RunProgram(False), RunProgram(True)}
        near_misses = card_sequences(tuple(sorted(cards("FLRX"))))  # short sequences, held or not
        for seq in near_misses + card_sequences(state.players[seat].hand):
            candidates |= {AddCards(seq, False), AddCards(seq, True)}
        for sq in range(64):
            for kind in ("stone", "ice"):
                candidates |= {BuildWall(kind, sq, d) for d in (False, True)}  # type: ignore[arg-type]
        for target in range(3):
            candidates |= {PlayBug(target, d) for d in (False, True)}
        for move in candidates:
            try:
                GAME.play(state, move)  # type: ignore[arg-type]
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == (move in legal), move
        runs = [m for m in legal if isinstance(m, RunProgram)]
        state = GAME.play(state, rnd.choice(runs) if runs and rnd.random() < 0.3 else rnd.choice(list(legal)))
        if GAME.to_move(state) is None:
            break
