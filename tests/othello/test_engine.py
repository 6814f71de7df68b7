"""The Othello engine against the plain rules: move generation, exact endgames, budgets, levels."""

from __future__ import annotations

import itertools
import random
import threading
import time
from functools import cache

import pytest

from ludoteca.ai.base import Budget, SearchCancelled, SearchInfo
from ludoteca.games.othello import GAME, PASS, OthelloState
from ludoteca.games.othello.bitboard import BIT, flips, legal_moves, squares_of
from ludoteca.games.othello.endgame import EndgameSolver, SolveTimeout
from ludoteca.games.othello.engine import Engine
from ludoteca.games.othello.engine import perft as engine_perft
from ludoteca.games.othello.game import START_BLACK, START_WHITE
from ludoteca.games.othello.players import THINK_SECONDS, player_for_level
from ludoteca.games.othello.search import final_score
from ludoteca.games.othello.settings import EngineSettings


def random_state(rng: random.Random, plies: int) -> OthelloState:
    state = GAME.start({}, 0, 2)
    for _ in range(plies):
        if GAME.to_move(state) is None:
            break
        state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return state


def test_engine_perft_matches_the_rules() -> None:
    start = GAME.start({}, 0, 2)
    from ludoteca.core.perft import perft

    for depth in range(1, 7):
        assert engine_perft(START_BLACK, START_WHITE, depth) == perft(GAME, start, depth)


def test_move_generation_agrees_with_the_rules_on_random_positions() -> None:
    """Bitboard moves and flips against a square-by-square walk written from the rules."""
    rng = random.Random(11)

    def slow_flips(p: int, o: int, square: int) -> int:
        if (p | o) & BIT[square]:
            return 0
        total = 0
        x0, y0 = square % 8, square // 8
        for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
            run, x, y = 0, x0 + dx, y0 + dy
            while 0 <= x < 8 and 0 <= y < 8 and o & BIT[y * 8 + x]:
                run |= BIT[y * 8 + x]
                x, y = x + dx, y + dy
            if run and 0 <= x < 8 and 0 <= y < 8 and p & BIT[y * 8 + x]:
                total |= run
        return total

    for _ in range(60):
        state = random_state(rng, rng.randrange(0, 58))
        p, o = state.sides
        expected_moves = 0
        for square in range(64):
            f = slow_flips(p, o, square)
            if f:
                expected_moves |= BIT[square]
                assert flips(p, o, square) == f
        assert legal_moves(p, o) == expected_moves
        if GAME.to_move(state) is not None:
            assert set(GAME.legal_moves(state)) == (set(squares_of(expected_moves)) or {PASS})


@cache
def minimax(p: int, o: int, passed: bool = False) -> int:
    """The exact final score by plain minimax over the rules' move list (no pruning at all)."""
    moves = legal_moves(p, o)
    if not moves:
        if passed:
            return final_score(p, o)
        return -minimax(o, p, True)
    best = -100
    for square in squares_of(moves):
        f = flips(p, o, square)
        best = max(best, -minimax(o ^ f, p | f | BIT[square]))
    return best


def endgame_positions(count: int, empties: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = random_state(rng, 60 - empties)
        if GAME.to_move(state) is not None and state.empties == empties:
            out.append(state.sides)
    return out


@pytest.mark.parametrize("empties", [1, 2, 3, 4, 5, 6, 7])
def test_solver_is_exact_on_small_endgames(empties: int) -> None:
    for p, o in endgame_positions(12, empties, seed=empties):
        result = EndgameSolver().solve(p, o)
        assert result.score == minimax(p, o)
        if result.move is not None:
            f = flips(p, o, result.move)
            assert f
            assert -minimax(o ^ f, p | f | BIT[result.move]) == result.score


def test_solver_is_exact_at_eight_and_nine_empties() -> None:
    # above SMALL: the transposition table, ordering and null-window re-searches are all used
    for empties in (8, 9):
        for p, o in endgame_positions(2, empties, seed=100 + empties):
            result = EndgameSolver().solve(p, o)
            assert result.score == minimax(p, o)


def test_null_window_tests_start_just_below_the_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    # tests that hold need one good move, tests that fail must refute every move: the first
    # threshold is the (even) value just below the guess, so a good guess begins with a cheap test
    thresholds: list[tuple[int, bool]] = []
    search = EndgameSolver._root

    def recorded(self: EndgameSolver, p: int, o: int, alpha: int, beta: int, *rest: int) -> tuple[int, int]:
        score, move = search(self, p, o, alpha, beta, *rest)
        thresholds.append((beta, score >= beta))
        return score, move

    monkeypatch.setattr(EndgameSolver, "_root", recorded)
    for p, o in endgame_positions(2, 10, seed=9):
        exact = EndgameSolver().solve(p, o).score
        for guess in (exact, exact + 1, exact + 6, exact - 6, 64, -64):
            thresholds.clear()
            assert EndgameSolver().solve(p, o, guess=guess).score == exact
            first = max(-62, min(64, guess + (guess & 1) - 2))
            assert thresholds[0][0] == first
            assert all(holds == (exact >= threshold) for threshold, holds in thresholds)
            if guess == exact:
                # from a right guess: a test that holds, then only tests next to the value
                assert thresholds[0][1]
                assert all(abs(threshold - exact) <= 2 for threshold, _ in thresholds)


def test_solver_bounds_and_best_moves() -> None:
    for p, o in endgame_positions(4, 8, seed=5):
        exact = minimax(p, o)
        solver = EndgameSolver()
        low = solver.solve(p, o, exact - 1, exact + 1)
        assert low.score == exact
        score, best = solver.best_moves(p, o)
        assert score == exact
        for square in squares_of(legal_moves(p, o)):
            f = flips(p, o, square)
            value = -minimax(o ^ f, p | f | BIT[square])
            assert (square in best) == (value == exact)


def test_final_score_gives_empty_squares_to_the_winner() -> None:
    assert final_score(0b111, 0b1) == 2 + 60
    assert final_score(0b1, 0b111) == -(2 + 60)
    assert final_score(0b11, 0b1100) == 0


def test_engine_returns_a_legal_move_with_a_tiny_budget() -> None:
    rng = random.Random(2)
    engine = Engine(EngineSettings(solve_empties=20))
    for plies in (0, 10, 30, 44, 50):
        state = random_state(rng, plies)
        if GAME.to_move(state) is None:
            continue
        p, o = state.sides
        move = engine.choose(p, o, 0.001)
        if legal_moves(p, o):
            assert move is not None and legal_moves(p, o) & BIT[move]
        else:
            assert move is None


def test_engine_reports_progress_and_finds_a_forced_corner() -> None:
    # White to move can take a1; the engine must see it
    text = "-XXXXXO-" + "-XXXXX--" + "--XXX---" + "---XO---" + "---OX---" + "--------" * 3 + " O"
    state = GAME.parse_position(text, {})
    seen: list[int] = []
    move = Engine().choose(*state.sides, 0.5, report=lambda progress: seen.append(progress.depth))
    assert move == 0
    assert seen and seen == sorted(seen)


def test_engine_endgame_move_is_optimal() -> None:
    for p, o in endgame_positions(3, 8, seed=9):
        move = Engine(EngineSettings(solve_empties=12)).choose(p, o, None)
        assert move is not None
        f = flips(p, o, move)
        assert -minimax(o ^ f, p | f | BIT[move]) == minimax(p, o)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_players_only_play_legal_moves(level: int) -> None:
    rng = random.Random(level)
    player = player_for_level(level)
    infos: list[SearchInfo] = []
    for plies in (0, 20, 40, 52, 56):
        state = random_state(rng, plies)
        seat = GAME.to_move(state)
        if seat is None:
            continue
        move = player.choose(GAME, state, seat, Budget(0.05), infos.append)
        assert move in GAME.legal_moves(state)
    assert THINK_SECONDS[5] <= 2.0


def test_players_pass_when_they_must() -> None:
    text = "XXXXXXXX" * 6 + "XXXXXXO-" + "XXXXXX-- O"
    state = GAME.parse_position(text, {})
    for level in range(1, 6):
        assert player_for_level(level).choose(GAME, state, 1, Budget(0.05)) == PASS


def test_cancelled_budget_raises() -> None:
    budget = Budget(5.0, cancel=threading.Event())
    budget.cancel.set()
    with pytest.raises(SearchCancelled):
        player_for_level(5).choose(GAME, GAME.start({}, 0, 2), 0, budget)


def test_stable_discs_never_flip_in_random_continuations() -> None:
    from ludoteca.games.othello.endgame import stable_discs

    rng = random.Random(4)
    found = 0
    for _ in range(40):
        state = random_state(rng, rng.randrange(30, 58))
        stable_black = stable_discs(state.black, state.black | state.white)
        stable_white = stable_discs(state.white, state.black | state.white)
        found += stable_black.bit_count() + stable_white.bit_count()
        for _ in range(4):
            later = state
            while GAME.to_move(later) is not None:
                later = GAME.play(later, rng.choice(list(GAME.legal_moves(later))))
                assert later.black & stable_black == stable_black
                assert later.white & stable_white == stable_white
    assert found > 100  # the check saw real stable discs, not only empty sets


def test_cancelling_during_the_search_stops_it() -> None:
    budget = Budget(60.0)
    timer = threading.Timer(0.05, budget.cancel.set)
    timer.start()
    try:
        with pytest.raises(SearchCancelled):
            player_for_level(5).choose(GAME, random_state(random.Random(8), 20), 0, budget)
    finally:
        timer.cancel()
    assert budget.elapsed() < 30


def test_solver_matches_published_endgame_values() -> None:
    from pathlib import Path

    data = Path(__file__).parent.parent / "data" / "othello_endgames.txt"
    for line in data.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        board, side, value, best = line.split()
        state = GAME.parse_position(f"{board} {side}", {})
        p, o = state.sides
        solver = EndgameSolver()
        assert solver.solve(p, o).score == int(value)
        square = GAME.parse_move(state, best)
        f = flips(p, o, square)
        # the published move reaches the value: the position after it is worth -value to the opponent
        after = solver.solve(o ^ f, p | f | BIT[square], -int(value) - 1, -int(value) + 1)
        assert after.score == -int(value)


@pytest.mark.parametrize("nodes", [3_000, 60_000])
def test_a_counted_budget_gives_the_same_move_whatever_the_kernel_remembers_and_the_clock(
    nodes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 16 empties: level 5 solves, the kernel's positions counted, and does not finish
    state = random_state(random.Random(3), 44)
    seat = GAME.to_move(state)
    assert seat is not None and state.empties == 16

    def choose() -> tuple[object, int]:
        budget = Budget(None, nodes=nodes)
        move = player_for_level(5).choose(GAME, state, seat, budget)
        return move, budget.spent

    first = choose()
    assert first[1] >= nodes  # a kernel call may end past the count, never before it
    # the kernel's table (kept for the life of the program) now knows this very endgame
    EndgameSolver().solve(*state.sides)
    ticks = itertools.count(start=time.perf_counter(), step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    assert choose() == first


def test_a_counted_budget_large_enough_plays_the_exact_move() -> None:
    state = random_state(random.Random(5), 48)
    seat = GAME.to_move(state)
    assert seat is not None
    p, o = state.sides
    _score, best = EndgameSolver().best_moves(p, o)
    budget = Budget(None, nodes=5_000_000)
    assert player_for_level(5).choose(GAME, state, seat, budget) in best
    assert budget.spent < 5_000_000


def test_a_solve_out_of_time_keeps_a_move_proven_to_reach_its_bound() -> None:
    ((p, o),) = endgame_positions(1, 14, seed=41)
    exact = EndgameSolver().solve(p, o).score
    limit, stopped_with_proof = 256, 0
    while limit < 10_000_000:
        solver = EndgameSolver(node_limit=limit)
        try:
            solver.solve(p, o, guess=exact - 8)
        except SolveTimeout:
            if solver.proven is not None:
                bound, move = solver.proven
                f = flips(p, o, move)
                assert bound <= exact
                assert -EndgameSolver().solve(o ^ f, p | f | BIT[move]).score >= bound
                stopped_with_proof += 1
        else:
            break
        limit *= 2
    # the guess lies below the value: tests prove bounds on the way up before the solve ends
    assert stopped_with_proof >= 1
