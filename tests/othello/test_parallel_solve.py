"""The exact solver on two threads (a null-window test at the root split between them) against the
same solver on one, and the lanes that keep a solve counting its positions apart from the others."""

from __future__ import annotations

import threading
import time

import pytest

from ludoteca.ai import native
from ludoteca.games.othello import endgame
from ludoteca.games.othello.bitboard import BIT, flips
from ludoteca.games.othello.endgame import EndgameSolver, SolveTimeout, usable_threads
from ludoteca.games.othello.search import Slots, kernel
from tests.othello.test_engine import endgame_positions


@pytest.mark.parametrize("guess", [-40, 0, 40])
def test_two_threads_find_the_exact_value_and_a_best_move(guess: int) -> None:
    # guesses far from the values: many tests, some proving a bound and some refuting it
    for p, o in endgame_positions(3, 14, seed=61):
        exact, best = EndgameSolver().best_moves(p, o)
        result = EndgameSolver(threads=2).solve(p, o, guess=guess)
        assert result.score == exact
        assert result.move in best


def test_a_split_test_out_of_time_stops_both_threads() -> None:
    ((p, o),) = endgame_positions(1, 22, seed=62)
    before = threading.active_count()
    solver = EndgameSolver(deadline=time.perf_counter() + 0.05, threads=2)
    started = time.perf_counter()
    with pytest.raises(SolveTimeout):
        solver.solve(p, o)
    assert time.perf_counter() - started < 5
    assert threading.active_count() == before


def test_a_split_test_stops_when_cancelled() -> None:
    ((p, o),) = endgame_positions(1, 22, seed=63)
    cancel = threading.Event()
    timer = threading.Timer(0.05, cancel.set)
    timer.start()
    try:
        with pytest.raises(SolveTimeout):
            EndgameSolver(stop=cancel.is_set, threads=2).solve(p, o)
    finally:
        timer.cancel()


def test_a_counted_solve_counts_the_same_while_another_thread_solves() -> None:
    (counted, other) = endgame_positions(2, 13, seed=64)

    def counted_solve() -> tuple[int, int | None, int]:
        result = EndgameSolver(node_limit=50_000_000).solve(*counted)
        return result.score, result.move, result.nodes

    alone = counted_solve()
    busy = threading.Event()

    def keep_the_shared_lane_busy() -> None:
        while not busy.is_set():
            kernel.clear_table(endgame.SHARED_LANE)
            EndgameSolver(threads=2).solve(*other)

    neighbour = threading.Thread(target=keep_the_shared_lane_busy)
    neighbour.start()
    try:
        assert counted_solve() == alone
    finally:
        busy.set()
        neighbour.join()


def test_the_best_line_after_a_counted_solve_is_read_from_its_lane() -> None:
    ((p, o),) = endgame_positions(1, 13, seed=65)
    solver = EndgameSolver(node_limit=50_000_000)
    result = solver.solve(p, o)
    assert result.move is not None
    f = flips(p, o, result.move)
    line = solver.principal_line(o ^ f, p | f | BIT[result.move])
    assert len(line) >= 10


def test_usable_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    assert usable_threads(1) == 1
    assert 1 <= usable_threads(2) <= 2
    # as plain Python the kernel holds Python's lock: a second thread would only wait
    monkeypatch.setattr(native, "is_compiled", lambda module: False)
    assert usable_threads(2) == 1


def test_one_solve_out_of_time_leaves_another_in_the_same_table_running() -> None:
    # solves share the kernel's table (lane 0) but each has its own watch: the clock of the one
    # stops it alone
    (long, short) = endgame_positions(2, 20, seed=66)
    kernel.clear_table(endgame.SHARED_LANE)
    alone = EndgameSolver().solve(*long).score
    kernel.clear_table(endgame.SHARED_LANE)
    results: list[int] = []
    neighbour = threading.Thread(target=lambda: results.append(EndgameSolver().solve(*long).score))
    neighbour.start()
    with pytest.raises(SolveTimeout):
        EndgameSolver(deadline=time.perf_counter() + 0.02).solve(*short)
    neighbour.join()
    assert results == [alone]


def test_a_solve_on_one_thread_stops_at_its_deadline() -> None:
    ((p, o),) = endgame_positions(1, 24, seed=67)
    started = time.perf_counter()
    with pytest.raises(SolveTimeout):
        EndgameSolver(deadline=time.perf_counter() + 0.1).solve(p, o)
    # the clock looks every few milliseconds; the slack is for a loaded machine
    assert time.perf_counter() - started < 2


def test_the_watch_pool_waits_for_a_watch_given_back() -> None:
    pool = Slots(range(1))
    assert pool.take() == 0
    assert pool.take() is None
    taken: list[int | None] = []
    waiter = threading.Thread(target=lambda: taken.append(pool.take(wait=True)))
    waiter.start()
    time.sleep(0.05)
    assert taken == []
    pool.give(0)
    waiter.join(timeout=5)
    assert taken == [0]
