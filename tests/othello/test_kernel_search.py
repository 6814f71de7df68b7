"""The kernel's midgame search (`kernel.mid_search`) and its hand-tuned evaluation, in both forms,
against references written plainly here: minimax over the rules' moves and `evaluation.py`; and
the engine's use of it (lanes, the clock, cancelling)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from types import ModuleType

import pytest

from ludoteca.ai import native
from ludoteca.games.othello import kernel as plain
from ludoteca.games.othello.bitboard import empty_count
from ludoteca.games.othello.engine import LANES, Engine
from ludoteca.games.othello.evaluation import evaluate
from ludoteca.games.othello.kernel import EVAL_HAND, MID_INF, MID_WIN
from ludoteca.games.othello.search import Slots, after, final_score, legal_moves
from ludoteca.games.othello.settings import EngineSettings
from tests.kernel_forms import kernel_form

START = (0x0000000810000000, 0x0000001008000000)
#: the lane these tests search in (the engine's pool hands out lanes from the top)
LANE = 0


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def positions(count: int, seed: int) -> list[tuple[int, int]]:
    """Positions of random games, from the opening to the last moves, the side to move able to."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        p, o = START
        for _ in range(rng.randrange(2, 58)):
            moves = legal_moves(p, o)
            if not moves:
                p, o = o, p
                moves = legal_moves(p, o)
                if not moves:
                    break
            squares = [s for s in range(64) if moves >> s & 1]
            p, o = after(p, o, rng.choice(squares))
        if legal_moves(p, o):
            found.append((p, o))
    return found


def minimax(
    p: int, o: int, depth: int, passed: bool = False, evaluation: Callable[[int, int], int] = evaluate
) -> int:
    """The search's value by plain minimax: `evaluation` kept inside ±MID_WIN at the horizon
    (a full board is a finished game there), MID_WIN a disc for a finished game, a pass costing no
    depth."""
    if depth == 0 and (p | o).bit_count() < 64:
        return max(1 - MID_WIN, min(MID_WIN - 1, evaluation(p, o)))
    moves = legal_moves(p, o)
    if not moves:
        if passed or not legal_moves(o, p):
            return final_score(p, o) * MID_WIN
        return -minimax(o, p, depth, True, evaluation)
    return max(-minimax(*after(p, o, s), depth - 1, False, evaluation) for s in range(64) if moves >> s & 1)


def search(form: ModuleType, p: int, o: int, depth: int, alpha: int = -MID_INF, beta: int = MID_INF) -> int:
    form.mid_start(LANE, EVAL_HAND, -1)
    return int(form.mid_search(p, o, depth, alpha, beta, LANE))


def test_the_kernels_hand_tuned_evaluation_is_evaluation_py(form: ModuleType) -> None:
    for p, o in positions(300, 1):
        assert form.hand_value(p, o) == evaluate(p, o)
        assert form.hand_value(o, p) == evaluate(o, p)


def test_the_search_finds_the_minimax_value(form: ModuleType) -> None:
    count = 24 if form is plain else 80
    for i, (p, o) in enumerate(positions(count, 2)):
        depth = 1 + i % 4
        form.clear_mid_table(LANE)
        expected = minimax(p, o, depth)
        assert search(form, p, o, depth) == expected
        # the table now holds bounds from this search: searching again must agree with them
        assert search(form, p, o, depth) == expected


def test_null_windows_give_true_bounds(form: ModuleType) -> None:
    """Fail-soft: a value at or below alpha is an upper bound, at or above beta a lower one."""
    for p, o in positions(12 if form is plain else 40, 3):
        exact = minimax(p, o, 3)
        for threshold in (exact - 30, exact, exact + 1, exact + 30):
            value = search(form, p, o, 3, threshold - 1, threshold)
            if value >= threshold:
                assert exact >= value
            else:
                assert exact <= value


def test_a_finished_game_is_worth_a_win_unit_a_disc(form: ModuleType) -> None:
    # five empty squares from the end: searched to the end, the value is the exact score
    p, o = next((p, o) for p, o in positions(400, 4) if empty_count(p, o) == 5)
    value = search(form, p, o, 5)
    assert value % MID_WIN == 0
    assert value // MID_WIN == plain.solve_exact(p, o, -65, 65, False, 0)


def test_a_count_of_positions_halts_the_search(form: ModuleType) -> None:
    p, o = positions(1, 5)[0]
    form.mid_start(LANE, EVAL_HAND, 500)
    form.mid_search(p, o, 12, -MID_INF, MID_INF, LANE)
    assert form.mid_halted(LANE)
    assert 500 <= form.mid_nodes(LANE) < 600


def test_lanes_keep_their_own_tables() -> None:
    form = kernel_form(plain, "compiled")
    p, o = START
    for lane in (1, 2):
        form.clear_mid_table(lane)
    form.mid_start(1, EVAL_HAND, -1)
    form.mid_search(p, o, 6, -MID_INF, MID_INF, 1)
    assert form.mid_table_move(p, o, 1) >= 0
    assert form.mid_table_move(p, o, 2) == -1


def test_another_thread_halts_a_search_at_once() -> None:
    form = kernel_form(plain, "compiled")
    p, o = START  # 40 plies from the start: never finished in time
    form.mid_start(LANE, EVAL_HAND, -1)
    timer = threading.Timer(0.2, form.mid_halt, args=(LANE,))
    started = time.perf_counter()
    timer.start()
    form.mid_search(p, o, 40, -MID_INF, MID_INF, LANE)
    assert form.mid_halted(LANE)
    assert time.perf_counter() - started < 5


def test_the_lane_pool_gives_back_the_same_lane_and_runs_out() -> None:
    lanes = Slots(range(2))
    first = lanes.take(-1)
    assert first is not None
    second = lanes.take(-1)
    assert second is not None and second != first
    assert lanes.take(-1) is None
    lanes.give(first)
    lanes.give(second)
    assert lanes.take(first) == first


@pytest.fixture
def compiled_engine() -> Engine:
    if not native.enabled():
        pytest.skip(f"{native.SWITCH_VARIABLE}=0: the plain form only")
    engine = Engine(EngineSettings())
    assert engine.kernel_evaluation == EVAL_HAND, "a timed search should run in the compiled kernel"
    return engine


def test_a_timed_search_in_the_kernel_reports_legal_lines_and_keeps_its_time(compiled_engine: Engine) -> None:
    p, o = positions(1, 7)[0]
    reports = []
    started = time.perf_counter()
    move = compiled_engine.choose(p, o, 0.3, report=reports.append)
    assert time.perf_counter() - started < 2
    assert move is not None and legal_moves(p, o) >> move & 1
    assert [r.depth for r in reports] == list(range(1, len(reports) + 1))
    line = reports[-1].line
    assert line and line[0] == move
    q, r = p, o
    for square in line:
        if square is not None:
            assert legal_moves(q, r) >> square & 1
        q, r = after(q, r, square)


def test_cancelling_stops_the_kernels_search(compiled_engine: Engine) -> None:
    p, o = positions(1, 8)[0]
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.perf_counter()
    move = compiled_engine.choose(p, o, 60.0, stop=cancel.is_set)
    assert time.perf_counter() - started < 5
    assert move is not None and legal_moves(p, o) >> move & 1


def test_with_every_lane_busy_the_search_runs_in_python(compiled_engine: Engine) -> None:
    taken = []
    while (lane := LANES.take(-1)) is not None:
        taken.append(lane)
    try:
        reports = []
        move = compiled_engine.choose(*START, 0.2, report=reports.append)
        assert move is not None and legal_moves(*START) >> move & 1
        assert reports  # the Python search reported its iterations
    finally:
        for lane in taken:
            LANES.give(lane)


def test_engines_in_several_threads_search_at_once(compiled_engine: Engine) -> None:
    """Four engines thinking at once, each in its own lane: every one finds a legal move and none
    stops another (each reaches at least depth 4 in its time)."""
    chosen: dict[int, tuple[int | None, int]] = {}

    def think(index: int, p: int, o: int) -> None:
        engine = Engine(EngineSettings())
        depths: list[int] = []
        move = engine.choose(p, o, 0.5, report=lambda r: depths.append(r.depth))
        chosen[index] = (move, max(depths, default=0))

    games = positions(4, 9)
    threads = [threading.Thread(target=think, args=(i, p, o)) for i, (p, o) in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(chosen) == [0, 1, 2, 3]
    for index, (p, o) in enumerate(games):
        move, depth = chosen[index]
        assert move is not None and legal_moves(p, o) >> move & 1
        assert depth >= 4


def test_the_variants_match_plays_both_colours_and_scores_the_first_form() -> None:
    from ludoteca.games.othello.variants_match import variant_engine, variants_match

    lines: list[str] = []
    score = variants_match("level5", "python", 2, 0.02, 8, 3, lines.append)
    assert 0.0 <= score <= 1.0
    assert len(lines) == 3 and "(Black)" in lines[0] and "(White)" in lines[1]
    assert lines[2].startswith("level5 against python: ")
    assert variant_engine("python").kernel_evaluation is None
    assert variant_engine("python+learned").kernel_evaluation is None
    assert variant_engine("hand").kernel_evaluation == EVAL_HAND
    assert not variant_engine("hand+no-probcut").settings.probcut
    with pytest.raises(ValueError, match="unknown form"):
        variant_engine("fast")


def test_probable_cut_offs_prune_and_keep_legal_moves() -> None:
    from ludoteca.games.othello import probcut

    form = kernel_form(plain, "compiled")
    assert probcut.load(form, EVAL_HAND)
    assert not probcut.load(form, 5)  # no table for an evaluation the kernel does not have
    counted = {}
    for cut in (False, True):
        total = 0
        for p, o in positions(12, 10):
            form.clear_mid_table(LANE)
            form.mid_start(LANE, EVAL_HAND, -1, cut)
            for depth in range(1, 8):
                form.mid_search(p, o, depth, -MID_INF, MID_INF, LANE)
            assert legal_moves(p, o) >> form.mid_best(LANE) & 1
            total += form.mid_nodes(LANE)
        counted[cut] = total
    assert counted[True] < counted[False]


def test_probcut_tables_run_on_past_the_fitted_depths() -> None:
    from ludoteca.games.othello import probcut

    calls: list[tuple[int, ...]] = []

    class Recorder:
        def probcut_load(self, *arguments: int) -> int:
            calls.append(arguments)
            return 0

    assert probcut.load(Recorder(), EVAL_HAND, deepest=20)
    by_depth = {depth: (shallow, margin) for _, depth, shallow, _, _, margin in calls}
    assert sorted(by_depth) == list(range(3, 21))
    last = max(probcut.FITTED[EVAL_HAND])
    assert by_depth[20][0] == probcut.FITTED[EVAL_HAND][last][0] + 20 - last
    assert all(0 < shallow < depth for depth, (shallow, _) in by_depth.items())
