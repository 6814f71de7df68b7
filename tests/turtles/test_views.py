"""What each seat may see: its hand, its discard, program lengths; never another hand, any deck
order, the Rng, or (unless "show my program") its own program's cards. And determinize samples
full states that agree with a view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.core.rng import Rng
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, RunProgram

from .helpers import GAME, cards, table, with_hand, with_program

U = Card.UNKNOWN
FULL = Counter({Card.FORWARD: 18, Card.LEFT: 8, Card.RIGHT: 8, Card.LASER: 3})


def hidden(pile: tuple[Card, ...]) -> bool:
    return all(c is U for c in pile)


def midgame(seed: int = 4, seats: int = 3, **options: bool):  # type: ignore[no-untyped-def]
    state = GAME.start(GAME.options(options), seed, seats)
    rnd = random.Random(seed)
    for _ in range(25):
        moves = GAME.legal_moves(state)
        runs = [m for m in moves if isinstance(m, RunProgram)]
        state = GAME.play(state, rnd.choice(runs) if runs and rnd.random() < 0.2 else rnd.choice(moves))
    return state


@pytest.mark.parametrize("show", [False, True])
def test_a_seat_sees_its_hand_and_discard_and_only_counts_of_the_rest(show: bool) -> None:
    state = midgame(show_program=show)
    assert any(p.program for p in state.players) and any(p.discard for p in state.players)
    for seat in range(3):
        v = GAME.view(state, seat)
        assert v.rng is None
        for other, (p, q) in enumerate(zip(state.players, v.players, strict=True)):
            assert (len(q.deck), len(q.hand), len(q.program), len(q.discard)) == (
                len(p.deck),
                len(p.hand),
                len(p.program),
                len(p.discard),
            )
            assert hidden(q.deck)
            if other == seat:
                assert q.hand == p.hand and q.discard == p.discard
                assert q.program == (p.program if show else (U,) * len(p.program))
            else:
                assert hidden(q.hand) and hidden(q.program) and hidden(q.discard)
        assert v.board == state.board
    spectator = GAME.view(state, None)
    assert all(hidden(p.hand) and hidden(p.program) and hidden(p.deck) for p in spectator.players)


def test_the_view_does_not_depend_on_what_the_seat_cannot_see() -> None:
    state = midgame()
    rnd = random.Random(1)
    for seat in range(3):
        altered = list(state.players)
        for other, p in enumerate(state.players):
            deck = list(p.deck)
            rnd.shuffle(deck)
            if other == seat:
                altered[other] = replace(p, deck=tuple(deck), program=p.program[::-1])
            else:  # swap hidden piles around wholesale
                pool = list(p.deck + p.hand + p.program + p.discard)
                rnd.shuffle(pool)
                a, b, c = len(p.deck), len(p.hand), len(p.program)
                altered[other] = replace(
                    p,
                    deck=tuple(pool[:a]),
                    hand=tuple(sorted(pool[a : a + b])),
                    program=tuple(pool[a + b : a + b + c]),
                    discard=tuple(pool[a + b + c :]),
                )
        other_state = replace(state, players=tuple(altered), rng=Rng(12345))
        assert GAME.view(other_state, seat) == GAME.view(state, seat)


def test_added_cards_are_shown_only_to_their_owner_with_show_program() -> None:
    for show in (False, True):
        state = with_hand(replace(table(show_program=show), to_play=0), 0, "FFLRX")
        after = GAME.play(state, AddCards(cards("F L")))
        assert after.last is not None and after.last.cards == cards("F L")
        own = GAME.view(after, 0).last
        other = GAME.view(after, 1).last
        assert own is not None and other is not None
        assert own.cards == (cards("F L") if show else (U, U))
        assert other.cards == (U, U)
        assert "F" not in GAME.describe_last(after) and "forward" not in GAME.describe_last(after)


def test_determinize_agrees_with_the_view_and_samples_the_rest() -> None:
    state = with_program(midgame(seed=8), 0, "F F L")
    for show in (False, True):
        state = replace(state, show_program=show)
        for seat in range(3):
            v = GAME.view(state, seat)
            samples = [GAME.determinize(v, seat, random.Random(i)) for i in range(6)]
            for world in samples:
                assert GAME.view(world, seat) == v
                assert world.rng is not None
                for p in world.players:
                    assert Counter(p.deck + p.hand + p.program + p.discard) == FULL
                GAME.legal_moves(world)
            assert len({w.players for w in samples}) > 1


def test_views_in_random_games_never_show_a_hidden_card() -> None:
    rnd = random.Random(2)
    state = GAME.start(GAME.options({"bug": True}), 3, 4)
    for _ in range(80):
        for seat in (None, 0, 1, 2, 3):
            v = GAME.view(state, seat)
            for index, p in enumerate(v.players):
                assert hidden(p.deck) and hidden(p.program)
                assert hidden(p.hand) == (index != seat or not p.hand)
            if v.last is not None and v.last.action == "add":
                assert hidden(v.last.cards)
        moves = GAME.legal_moves(state)
        runs = [m for m in moves if isinstance(m, RunProgram)]
        state = GAME.play(state, rnd.choice(runs) if runs and rnd.random() < 0.3 else rnd.choice(moves))
