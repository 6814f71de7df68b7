"""The computer players: legal moves in whole games, a memory of their face-down program that
follows Bug cards and undo, decisions that depend only on their view, and the planner's distances."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.ai.base import Budget
from ludoteca.games.turtles.board import parse_square
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import AddCards, PlayBug, RunProgram
from ludoteca.games.turtles.planner import best_progress, distance, path_entries
from ludoteca.games.turtles.players import GreedyTurtle, PlannerPlayer, ProgramMemory, player_for_level

from .helpers import GAME, E, N, S, cards, table, with_hand, with_program


@pytest.mark.parametrize(
    ("seats", "levels", "options"),
    [
        (2, (5, 2), {"three_rounds": True}),
        (3, (4, 1, 3), {"bug": True}),
        (4, (5, 4, 2, 3), {"bug": True}),
    ],
)
def test_computer_players_finish_games_with_legal_moves(
    seats: int, levels: tuple[int, ...], options: dict[str, bool]
) -> None:
    state = GAME.start(GAME.options(options), 40 + seats, seats)
    players = [player_for_level(level, seed=seat) for seat, level in enumerate(levels)]
    for _ply in range(600):
        seat = GAME.to_move(state)
        if seat is None:
            break
        move = players[seat].choose(GAME, GAME.view(state, seat), seat, Budget())
        assert move in GAME.legal_moves(state)
        state = GAME.play(state, move)
    assert GAME.outcome(state) is not None


def test_the_memory_knows_what_it_added_and_follows_a_bug() -> None:
    memory = ProgramMemory()
    state = with_hand(replace(table(bug=True), to_play=0), 0, "FFLRX")
    view = GAME.view(state, 0)
    assert memory.recall(view, 0) == ()
    move = AddCards(cards("F L X"))
    memory.remember(view, 0, (), move)
    state = GAME.play(state, move)
    assert GAME.view(state, 0).players[0].program == (Card.UNKNOWN,) * 3
    assert memory.recall(GAME.view(state, 0), 0) == cards("F L X")
    state = GAME.play(state, PlayBug(0))  # Red reverses Blue's program
    assert memory.recall(GAME.view(state, 0), 0) == cards("X L F")
    # a new addition goes after the reversed cards
    view = GAME.view(state, 0)
    extra = AddCards(state.players[0].hand[:1])
    memory.remember(view, 0, cards("X L F"), extra)
    state = GAME.play(state, extra)
    assert memory.recall(GAME.view(state, 0), 0) == cards("X L F") + extra.cards
    assert memory.recall(GAME.view(state, 0), 0) == state.players[0].program


def test_the_memory_forgets_undone_moves_and_admits_what_it_does_not_know() -> None:
    memory = ProgramMemory()
    start = with_hand(replace(table(), to_play=0), 0, "FFLRX")
    memory.remember(GAME.view(start, 0), 0, (), AddCards(cards("F F")))
    # the move was taken back and another played instead: the entry is dropped at that ply
    assert memory.recall(GAME.view(start, 0), 0) == ()
    after = GAME.play(start, AddCards(cards("L R X")))
    assert memory.recall(GAME.view(after, 0), 0) is None  # three face-down cards it never chose
    player = PlannerPlayer(memory=memory, seed=1)
    after = replace(after, to_play=0)
    assert player.choose(GAME, GAME.view(after, 0), 0, Budget()) == RunProgram()


def test_with_show_program_the_view_is_enough() -> None:
    state = with_program(table(show_program=True), 0, "F R")
    assert ProgramMemory().recall(GAME.view(state, 0), 0) == cards("F R")


def test_decisions_depend_only_on_the_view() -> None:
    state = with_program(GAME.start(GAME.options({"show_program": True}), 3, 2), 1, "F F F F")
    seat = state.to_play
    assert seat is not None
    other = 1 - seat
    p = state.players[other]
    swapped = list(state.players)
    swapped[other] = replace(p, hand=tuple(sorted(p.deck[:5])), deck=p.deck[5:] + p.hand)
    twin = replace(state, players=tuple(swapped), rng=None)
    assert GAME.view(twin, seat) == GAME.view(state, seat)
    for level in (2, 3, 5):
        a = player_for_level(level, seed=9).choose(GAME, GAME.view(state, seat), seat, Budget())
        b = player_for_level(level, seed=9).choose(GAME, GAME.view(twin, seat), seat, Budget())
        assert a == b


def test_the_planner_finishes_when_its_program_reaches_the_jewel() -> None:
    state = with_program(replace(table(turtles={0: ("d5", S)}), to_play=0), 0, "F F F")
    view = GAME.view(replace(state, show_program=True), 0)
    for player in (PlannerPlayer(seed=1), GreedyTurtle(seed=1)):
        assert player.choose(GAME, view, 0, Budget()) == RunProgram()


def test_the_planner_walls_the_path_of_a_long_hidden_program() -> None:
    # Red sits on f1 with seven face-down cards, Blue's hand has nothing useful
    state = with_program(table(turtles={1: ("f3", S)}), 1, "F F F F F R F")
    state = with_hand(replace(state, to_play=0, show_program=True), 0, "XXRRR")
    move = player_for_level(5, seed=2).choose(GAME, GAME.view(state, 0), 0, Budget())
    assert move.__class__.__name__ == "BuildWall"
    assert move.square == parse_square("f4")  # type: ignore[union-attr]


def test_distances_in_cards() -> None:
    board = table().board
    assert distance(board, 0) == 10  # b1 → b8 is 7 forward, a left, two forward to d8
    assert distance(table(turtles={0: ("d7", S)}).board, 0) == 1
    assert distance(table(turtles={0: ("d7", N)}).board, 0) == 3
    assert distance(table(turtles={0: ("c8", E)}).board, 0) == 1
    # melting an ice wall in the way: laser, forward, forward
    assert distance(table(turtles={0: ("d6", S)}, ice=("d7",), stone=("c7", "e7")).board, 0) == 3
    assert best_progress(board, 0, 1 * 4 + S, cards("FFFFF")) == 5
    assert path_entries(board, 0, 3)[parse_square("b2")] == [(1, 1.0)]
