"""The search pieces shared by the midgame engine and the exact solver (`othello/search.py`),
pinned on their own and through both searches."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from ludoteca.games.othello import GAME
from ludoteca.games.othello.bitboard import BIT, flips, legal_moves, squares_of
from ludoteca.games.othello.endgame import EndgameSolver, SolveTimeout
from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.engine import perft as engine_perft
from ludoteca.games.othello.evaluation import evaluate
from ludoteca.games.othello.game import START_BLACK, START_WHITE
from ludoteca.games.othello.search import (
    FIRST,
    RANK,
    Search,
    SearchStopped,
    after,
    final_score,
    ordered_moves,
    pass_or_end,
    search_moves,
)
from ludoteca.games.othello.settings import WIN_UNIT, EngineSettings, SearchProgress

PERFT = Path(__file__).parent.parent / "data" / "othello_perft.txt"


def random_positions(seed: int, count: int, plies: range) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        state = GAME.start({}, 0, 2)
        for _ in range(rng.choice(plies)):
            if GAME.to_move(state) is None:
                break
            state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
        p, o = state.sides
        if legal_moves(p, o):
            out.append((p, o))
    return out


@cache
def negamax(p: int, o: int, depth: int, passed: bool = False) -> int:
    """The engine's value by plain negamax over the rules' moves: no pruning, no table."""
    moves = legal_moves(p, o)
    if depth <= 0:
        return evaluate(p, o)
    if not moves:
        if passed or not legal_moves(o, p):
            return final_score(p, o) * WIN_UNIT
        return -negamax(o, p, depth, True)
    return max(-negamax(*after(p, o, square), depth - 1) for square in squares_of(moves))


def test_engine_perft_matches_the_published_counts() -> None:
    for line in PERFT.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            depth, count = map(int, line.split())
            if depth <= 8:
                assert engine_perft(START_BLACK, START_WHITE, depth) == count


def test_after_plays_a_move_or_passes() -> None:
    for p, o in random_positions(1, 20, range(0, 50)):
        for square in squares_of(legal_moves(p, o)):
            np, no = after(p, o, square)
            f = flips(p, o, square)
            assert (np, no) == (o ^ f, p | f | BIT[square])
            assert no.bit_count() == p.bit_count() + f.bit_count() + 1
        assert after(p, o, None) == (o, p)


@pytest.mark.parametrize(("replies", "frontier"), [(False, False), (True, False), (True, True)])
def test_ordered_moves_lists_every_move_once_table_move_first(replies: bool, frontier: bool) -> None:
    rng = random.Random(3)
    for p, o in random_positions(2, 30, range(0, 56)):
        moves = legal_moves(p, o)
        first = rng.choice([None, -1, *squares_of(moves)])
        ordered = ordered_moves(p, o, moves, first, replies=replies, frontier=frontier)
        assert sorted(square for _, _, square, _ in ordered) == squares_of(moves)
        assert [key for key, _, _, _ in ordered] == sorted(key for key, _, _, _ in ordered)
        for key, f, square, reply in ordered:
            assert f == flips(p, o, square) != 0
            if replies:
                assert reply == legal_moves(*after(p, o, square))
            else:
                assert reply == -1 and key in (RANK[square], FIRST)
            assert (key == FIRST) == (square == first)
        if first is not None and first >= 0:
            assert ordered[0][2] == first


def test_ordered_moves_prefers_leaving_fewer_replies() -> None:
    for p, o in random_positions(4, 30, range(10, 50)):
        ordered = ordered_moves(p, o, legal_moves(p, o), None, replies=True, frontier=False)
        weights = [
            (reply.bit_count() + (reply & 0x8100000000000081).bit_count(), RANK[square])
            for _, _, square, reply in ordered
        ]
        assert weights == sorted(weights)


def known_values(p: int, o: int, values: dict[int, int]) -> Search:
    """A child search that knows the value of each move of `p` (by the square played)."""

    def child(cp: int, co: int, alpha: int, beta: int, depth: int, passed: int, moves: int) -> int:
        (square,) = squares_of(~(p | o) & (cp | co))
        return -values[square]

    return child


def test_search_moves_is_alpha_beta_over_the_list() -> None:
    """With a child search that knows the exact values, the loop returns the best of them when it
    lies inside the window, and a bound on the right side otherwise (fail-soft)."""
    rng = random.Random(5)
    for p, o in random_positions(5, 20, range(5, 50)):
        values = {square: rng.randrange(-20, 21) for square in range(64)}
        ordered = ordered_moves(p, o, legal_moves(p, o), None, replies=True, frontier=False)
        best = max(values[square] for _, _, square, _ in ordered)
        for alpha, beta in ((-100, 100), (best - 1, best + 1), (best, best + 1), (best - 1, best)):
            score, move = search_moves(known_values(p, o, values), p, o, ordered, alpha, beta, 3, -1000, -1)
            if alpha < best < beta:
                assert (score, values[move]) == (best, best)
            elif best <= alpha:
                assert score <= alpha
            else:
                assert score >= beta


def test_search_moves_hands_the_replies_and_depth_to_the_child() -> None:
    (p, o) = random_positions(6, 1, range(20, 21))[0]
    ordered = ordered_moves(p, o, legal_moves(p, o), None, replies=True, frontier=False)
    seen: list[tuple[int, int, int, int]] = []

    def child(cp: int, co: int, alpha: int, beta: int, depth: int, passed: int, moves: int) -> int:
        seen.append((depth, passed, moves, legal_moves(cp, co)))
        return 0

    search_moves(child, p, o, ordered, -10, 10, 5, -1000, -1)
    assert seen and all(d == 4 and passed == 0 and moves == real for d, passed, moves, real in seen)


def test_search_moves_first_move_alone_gets_the_full_window() -> None:
    (p, o) = random_positions(7, 1, range(20, 21))[0]
    ordered = ordered_moves(p, o, legal_moves(p, o), None, replies=True, frontier=False)
    windows: list[tuple[int, int]] = []

    def child(cp: int, co: int, alpha: int, beta: int, depth: int, passed: int, moves: int) -> int:
        windows.append((alpha, beta))
        return 50  # every move is bad for the mover: no re-search

    search_moves(child, p, o, ordered, -10, 10, 2, -1000, -1)
    assert windows == [(-10, 10)] + [(9, 10)] * (len(ordered) - 1)
    windows.clear()
    # a move searched before the list: every move of the list is a null-window test
    search_moves(child, p, o, ordered, -10, 10, 2, -50, 0)
    assert windows == [(9, 10)] * len(ordered)


def test_a_stop_carries_the_root_move_proven_better() -> None:
    (p, o) = random_positions(8, 1, range(20, 21))[0]
    ordered = ordered_moves(p, o, legal_moves(p, o), None, replies=True, frontier=False)
    assert len(ordered) >= 3
    calls = 0

    def child(cp: int, co: int, alpha: int, beta: int, depth: int, passed: int, moves: int) -> int:
        nonlocal calls
        calls += 1
        if calls == 2:
            # a deeper loop sees the stop first, after proving a move of its own: the root's
            # loop, the last to see it, has the final word
            inner = ordered_moves(cp, co, legal_moves(cp, co), None, replies=False, frontier=False)
            assert len(inner) >= 2
            inner_calls = 0

            def stopped(*_: int) -> int:
                nonlocal inner_calls
                inner_calls += 1
                if inner_calls == 2:
                    raise SearchStopped(None)
                return -5

            search_moves(stopped, cp, co, inner, -10, 10, 1, -1000, -1)
        return -5

    with pytest.raises(SearchStopped) as raised:
        search_moves(child, p, o, ordered, 0, 10, 3, -1000, -1)
    assert raised.value.args == (ordered[0][2],)
    calls = 0
    with pytest.raises(SearchStopped) as raised:
        search_moves(child, p, o, ordered, 5, 10, 3, -1000, -1)
    assert raised.value.args == (None,)  # 5 is not better than alpha 5


def test_solver_timeout_is_a_search_stop() -> None:
    assert issubclass(SolveTimeout, SearchStopped)
    (p, o) = random_positions(9, 1, range(30, 31))[0]
    with pytest.raises(SolveTimeout):
        EndgameSolver(stop=lambda: True).solve(p, o)


def test_pass_or_end() -> None:
    # White (to move) has no move, Black has one: a pass, at the same depth
    text = "XXXXXXXX" * 6 + "XXXXXXO-" + "XXXXXX-- O"
    p, o = GAME.parse_position(text, {}).sides
    assert not legal_moves(p, o) and legal_moves(o, p)
    calls: list[tuple[int, int, int, int, int, int, int]] = []

    def child(cp: int, co: int, alpha: int, beta: int, depth: int, passed: int, moves: int) -> int:
        calls.append((cp, co, alpha, beta, depth, passed, moves))
        return 7

    assert pass_or_end(child, p, o, -3, 4, 5, 0, 100) == -7
    assert calls == [(o, p, -4, 3, 5, 1, legal_moves(o, p))]
    # after a pass the game is over: the final score, `unit` per disc
    assert pass_or_end(child, p, o, -3, 4, 5, 1, 100) == final_score(p, o) * 100
    full = "XXXXXXXX" * 7 + "OOOOOOO- X"
    p, o = GAME.parse_position(full, {}).sides
    assert pass_or_end(child, p, o, -3, 4, 5, 0, 1) == final_score(p, o) == 56 - 7 + 1
    assert len(calls) == 1


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_engine_depth_search_equals_plain_negamax(depth: int) -> None:
    """Aspiration windows, PVS, the table and the ordering change nothing to the value."""
    for p, o in random_positions(10 + depth, 4, range(4, 40)):
        reports: list[SearchProgress] = []
        Engine(EngineSettings(max_depth=depth)).iterate(p, o, None, reports.append)
        last = reports[-1]
        # (a proven result ends the deepening early)
        assert last.depth == depth or abs(last.score) >= WIN_UNIT
        assert last.score == negamax(p, o, last.depth)
        first = last.line[0]
        assert first is not None
        assert -negamax(*after(p, o, first), last.depth - 1) == last.score


def test_principal_lines_are_legal() -> None:
    for p, o in random_positions(12, 6, range(48, 51)):
        engine = Engine(EngineSettings(max_depth=4))
        engine.iterate(p, o, None)
        solver = EndgameSolver()
        move = solver.solve(p, o).move
        # the solver's root is not in its table: its line is read from the position after it (and
        # found again below the table, where the kernel solved without one)
        solved = (move, *solver.principal_line(*after(p, o, move)))
        for line in (engine.principal_line(p, o, 4), solved):
            assert len(line) >= 2
            x, y = p, o
            for square in line:
                assert square is None or legal_moves(x, y) & BIT[square]
                assert square is not None or not legal_moves(x, y)
                x, y = after(x, y, square)
