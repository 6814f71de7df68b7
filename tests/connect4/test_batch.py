"""A batch of positions solved in one call to the kernel (`solve_batch`, `Solver.solve_many`), in
both forms: the same scores and the same searches as the positions solved one by one."""

from __future__ import annotations

import os
import sys
import threading
from array import array
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.connect4 import bench
from ludoteca.games.connect4 import kernel as plain
from ludoteca.games.connect4.solver import Position, Solver
from tests.kernel_forms import kernel_form

DATA = Path(__file__).resolve().parents[1] / "data"
#: a folder of Pons' published sets (Test_L3_R1 … Test_L1_R3), for the sets tests/data lacks
SETS_VARIABLE = "LUDOTECA_CONNECT4_SETS"


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def sample(path: Path, count: int) -> list[tuple[Position, int]]:
    """`count` lines spread evenly over a set (the bench's own sampling)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    picked = bench._sample([(line.split()[0], int(line.split()[1])) for line in lines if line.strip()], count)
    return [(Position.from_text(moves), score) for moves, score in picked]


def batch(
    module: ModuleType, positions: list[Position], fresh: bool, budget: int = 0
) -> tuple[int, list[int], list[int], list[int]]:
    count = len(positions)
    scores = array("i", bytes(4 * count))
    counts = array("q", bytes(8 * count))
    spent = array("q", bytes(8 * count))
    done = module.solve_batch(
        array("Q", (p.current for p in positions)),
        array("Q", (p.mask for p in positions)),
        array("i", (p.played for p in positions)),
        False,
        fresh,
        budget,
        scores,
        counts,
        spent,
    )
    return done, list(scores), list(counts), list(spent)


def one_by_one(module: ModuleType, positions: list[Position], fresh: bool) -> tuple[list[int], list[int]]:
    scores, counts = [], []
    for position in positions:
        if fresh:
            module.clear_table()
        before = module.nodes()
        scores.append(module.solve(position.current, position.mask, position.played, False))
        counts.append(module.nodes() - before)
    return scores, counts


def assert_batch_is_one_by_one(module: ModuleType, entries: list[tuple[Position, int]]) -> None:
    positions = [position for position, _ in entries]
    done, scores, counts, spent = batch(module, positions, fresh=True)
    assert done == len(positions)
    assert scores == [expected for _, expected in entries]
    # an emptied table before each: the very same searches, position for position
    assert (scores, counts) == one_by_one(module, positions, fresh=True)
    assert all(ns > 0 for ns in spent)


@pytest.mark.parametrize(("name", "count"), [("connect4_end_easy.txt", 12), ("connect4_middle_easy.txt", 6)])
def test_a_batch_answers_the_shipped_sets_as_one_by_one(form: ModuleType, name: str, count: int) -> None:
    assert_batch_is_one_by_one(form, sample(DATA / name, count))


#: Pons' four other sets, with a sample small enough to stay quick compiled (the begin-hard
#: positions take seconds each: one, line 6, the quickest of the set's first twelve)
PUBLISHED = [("Test_L2_R2", 4, None), ("Test_L1_R1", 4, None), ("Test_L1_R2", 2, None), ("Test_L1_R3", 1, 5)]


@pytest.mark.parametrize(("name", "count", "line"), PUBLISHED)
def test_a_batch_answers_the_published_sets_as_one_by_one(name: str, count: int, line: int | None) -> None:
    folder = os.environ.get(SETS_VARIABLE)
    if not folder or not (Path(folder) / name).is_file():
        pytest.skip(f"{name} is not shipped: set {SETS_VARIABLE} to a folder of Pons' published sets")
    compiled = kernel_form(plain, "compiled")
    entries = sample(Path(folder) / name, count)
    if line is not None:
        text = (Path(folder) / name).read_text(encoding="utf-8").splitlines()[line]
        entries = [(Position.from_text(text.split()[0]), int(text.split()[1]))]
    assert_batch_is_one_by_one(compiled, entries)


def test_a_batch_keeping_its_table_searches_as_one_by_one_keeping_it(form: ModuleType) -> None:
    positions = [position for position, _ in sample(DATA / "connect4_middle_easy.txt", 8)]
    form.clear_table()
    done, scores, counts, _spent = batch(form, positions, fresh=False)
    form.clear_table()
    assert (scores, counts) == one_by_one(form, positions, fresh=False)
    assert done == len(positions)


def test_an_emptied_table_gives_a_repeated_position_the_same_search(form: ModuleType) -> None:
    position = sample(DATA / "connect4_middle_easy.txt", 1)[0][0]
    _done, scores, fresh_counts, _spent = batch(form, [position, position], fresh=True)
    assert scores[0] == scores[1] and fresh_counts[0] == fresh_counts[1]
    _done, _scores, kept_counts, _spent = batch(form, [position, position], fresh=False)
    # kept, the table answers the second search at once
    assert kept_counts[1] < fresh_counts[1]


def test_a_position_past_its_budget_is_given_up_and_the_next_one_solved(form: ModuleType) -> None:
    quick, expected = sample(DATA / "connect4_end_easy.txt", 1)[0]
    # the empty grid takes minutes compiled: 50 ms of processor time stops it
    done, scores, _counts, spent = batch(form, [Position(0, 0, 0), quick], fresh=True, budget=50_000_000)
    assert done == 2
    assert scores == [plain.STOPPED, expected]
    assert 50_000_000 <= spent[0] < 5_000_000_000


def test_the_solver_answers_a_batch_and_a_cancel_ends_it() -> None:
    solver = Solver()
    entries = sample(DATA / "connect4_end_easy.txt", 5)
    answers = solver.solve_many([position for position, _ in entries])
    assert [found.score for found in answers] == [expected for _, expected in entries]
    assert solver.nodes == sum(found.nodes for found in answers)
    assert all(found.seconds > 0 for found in answers)
    timed = solver.solve_many([Position(0, 0, 0), entries[0][0]], seconds=0.05)
    assert [found.score for found in timed] == [None, entries[0][1]]
    cancel = threading.Event()
    cancel.set()
    # a stop test answers True at its first asking: the empty grid is not answered, nor what follows
    assert solver.solve_many([Position(0, 0, 0), entries[0][0]], cancel=cancel) == []


def test_a_solver_s_count_of_positions_ends_a_batch_where_it_runs_out() -> None:
    quick, expected = sample(DATA / "connect4_end_easy.txt", 1)[0]
    solver = Solver(node_limit=1000)
    answers = solver.solve_many([quick, Position(0, 0, 0), quick])
    assert [found.score for found in answers] == [expected]
    # what the empty grid searched before the count ran out is counted too
    assert solver.nodes == 1000


def test_the_bench_takes_the_clock_off_both_sides_and_gives_the_ratios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (DATA / "connect4_end_easy.txt").read_text(encoding="utf-8").splitlines()[:6]
    positions = tmp_path / "positions.txt"
    positions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # a stand-in for Pons' solver with its timing driver: 3 µs a search, 0.1 µs for the clock (a
    # floor below ours, whose own clock read takes under a microsecond on a quick machine)
    answers = dict(line.split() for line in lines)
    answers[bench.FLOOR_MOVES] = str(bench.FLOOR_SCORE)
    other = tmp_path / "other"
    other.write_text(
        f"#!{sys.executable}\nimport sys\nanswers = {answers!r}\n"
        "for line in sys.stdin:\n"
        "    moves = line.strip()\n"
        f"    print(moves, answers[moves], 7, 100 if moves == {bench.FLOOR_MOVES!r} else 3100)\n",
        encoding="utf-8",
    )
    other.chmod(0o755)
    argv = ["--solver", "--files", str(positions), "--repeats", "1", "--pons", str(other)]
    assert bench.main(argv, CommandContext(lambda: None)) == 0
    out = capsys.readouterr().out
    assert "6/6 exact; processor time per search median" in out
    # the smaller floor is taken off both sides: the stand-in's, below any real search of ours
    assert "Pons median 3.0 µs, mean 3.0 µs, max 3.0 µs, 2.3 M nodes/s (6/6 exact)" in out
    assert "ratio ours/Pons median " in out
    assert "clock 0.1 µs taken off each search (floors: ours " in out and ", Pons 0.1 µs)" in out


def test_the_bench_refuses_a_program_that_answers_otherwise(tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text((DATA / "connect4_end_easy.txt").read_text(encoding="utf-8").splitlines()[0] + "\n")
    other = tmp_path / "other"
    other.write_text(f"#!{sys.executable}\nimport sys\nfor line in sys.stdin:\n    print('1 2 3')\n")
    other.chmod(0o755)
    argv = ["--solver", "--files", str(positions), "--repeats", "1", "--pons", str(other)]
    with pytest.raises(SystemExit, match="MOVES SCORE NODES NANOSECONDS"):
        bench.main(argv, CommandContext(lambda: None))
