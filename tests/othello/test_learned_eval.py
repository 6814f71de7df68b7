"""The learned evaluation: symmetric, the same in the kernel's two forms, its shipped weights
readable, its training reproducible, a bad weights file refused with a sentence."""

from __future__ import annotations

import logging
import random
from array import array
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.ai import native
from ludoteca.games.othello import GAME, learned, train
from ludoteca.games.othello import kernel as plain
from ludoteca.games.othello.bitboard import empty_count
from ludoteca.games.othello.evaluation import evaluate as hand_tuned
from tests.kernel_forms import kernel_form
from tests.othello.test_kernel_search import minimax


@pytest.fixture(params=["plain", "compiled"])
def form(request: pytest.FixtureRequest) -> ModuleType:
    return kernel_form(plain, request.param)


def positions(count: int, seed: int) -> list[tuple[int, int]]:
    """(mover, opponent) along random games, every stage represented."""
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        state = GAME.start({}, 0, 2)
        while GAME.to_move(state) is not None:
            mover = state.sides
            out.append(mover)
            state = GAME.play(state, rng.choice(list(GAME.legal_moves(state))))
    return out[:count]


def image(board: int, symmetry: object) -> int:
    out = 0
    for square in range(64):
        if board >> square & 1:
            out |= 1 << symmetry(square)  # type: ignore[operator]
    return out


def random_weights(seed: int) -> list[array[int]]:
    rng = random.Random(seed)
    distinct = learned.pattern_set().distinct
    return [array("i", [rng.randint(-2000, 2000) for _ in range(distinct)]) for _ in range(learned.STAGES)]


def test_the_pattern_set_is_what_the_docstring_says() -> None:
    patterns = learned.pattern_set()
    assert len(patterns.instances) == 38
    # 3**10 edge readings with a mirror symmetry: (59049 + 243) / 2 classes; the corner 3×3 block
    # with its diagonal one: (19683 + 729) / 2
    assert patterns.distinct_of[patterns.table_at[1] - 1] == 29645
    assert len(patterns.distinct_of) == patterns.block


def test_the_value_is_the_same_under_the_eight_symmetries(form: ModuleType) -> None:
    learned.install(form, random_weights(3))
    for p, o in positions(150, 1):
        values = {form.pattern_value(image(p, s), image(o, s)) for s in learned.symmetries()}
        assert len(values) == 1


def test_the_lines_read_the_index_the_squares_give(form: ModuleType) -> None:
    """`pattern_value` reads each instance's index line by line (a byte and a table per line);
    `pattern_indices` (the training's) reads it square by square. The value is the weights at the
    second's indices, with the scalar terms, whatever the position."""
    weights = random_weights(5)
    learned.install(form, weights)
    block = learned.kernel_block(weights)
    size = learned.pattern_set().block
    scalars = size - len(learned.SCALARS)
    out = array("i", bytes(4 * len(learned.pattern_set().instances)))
    rng = random.Random(9)
    boards = positions(300, 6) + [
        (p & ~o, o) for p, o in ((rng.getrandbits(64), rng.getrandbits(64)) for _ in range(300))
    ]
    for p, o in boards:
        stage = form.pattern_indices(p, o, out)
        base = stage * size
        total = sum(block[base + index] for index in out)
        mobility = form.legal_moves(p, o).bit_count() - form.legal_moves(o, p).bit_count()
        empties = empty_count(p, o)
        total += block[base + scalars] + block[base + scalars + 1] * mobility
        total += block[base + scalars + 2] * (empties & 1) + block[base + scalars + 3] * form.frontier(p, o)
        # truncated towards zero, in 1/EVAL_UNITS of a disc
        expected = abs(total) * plain.EVAL_UNITS // plain.PATTERN_UNITS * (1 if total >= 0 else -1)
        assert form.pattern_value(p, o) == expected


def test_the_compiled_form_gathers_bits_exactly_where_its_build_may() -> None:
    """`pext` where the build asked for BMI2 (so the test above holds the gathers to the squares
    on such a processor), the lines elsewhere and in plain Python."""
    assert not plain.gathers_bits()
    compiled = kernel_form(plain, "compiled")
    assert compiled.gathers_bits() == ("-mbmi2" in native.processor_flags())


def test_a_build_without_bmi2_reads_the_lines_to_the_same_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines are what a processor without a quick `pext` runs compiled: where this one has it,
    a second build without the flag, in a folder of its own, gives the same values."""
    flags = native.processor_flags()
    if "-mbmi2" not in flags:
        pytest.skip("this processor's own build reads the lines: the tests above hold it")
    with_pext = kernel_form(plain, "compiled")
    monkeypatch.setenv(native.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(native, "processor_flags", lambda: tuple(f for f in flags if f != "-mbmi2"))
    lines = native._load(plain)
    assert native.is_compiled(lines) and not lines.gathers_bits()
    weights = random_weights(7)
    learned.install(with_pext, weights)
    learned.install(lines, weights)
    for p, o in positions(300, 10):
        assert lines.pattern_value(p, o) == with_pext.pattern_value(p, o)


def test_an_instance_of_more_than_ten_squares_is_refused(form: ModuleType) -> None:
    """Both forms refuse it, although only the gathers' tables need the bound."""
    squares = list(range(11))
    with pytest.raises(ValueError, match="more than 10 squares"):
        form.load_patterns(squares, [0, 11], [0], [0] * 65, 3**11 + 4, array("i", bytes(4 * (3**11 + 4))))


def test_a_short_array_of_indices_is_refused(form: ModuleType) -> None:
    """The compiled loop does not check its bounds: an array with room for fewer indices than
    instances is refused before anything is written."""
    learned.install(form, random_weights(4))
    short = array("i", bytes(4 * (len(learned.pattern_set().instances) - 1)))
    with pytest.raises(ValueError, match="needs room for"):
        form.pattern_indices(*positions(1, 8)[0], short)
    assert not any(short)


def test_each_instance_is_cut_into_the_fewest_lines() -> None:
    """Rows, diagonals or columns (`kernel._line_groups`), each square with its power of 3."""
    lines = plain._line_groups([9, 0, 1, 2, 3, 4, 5, 6, 7, 14])  # the edge with its X squares
    assert sorted(bin(mask).count("1") for mask, _gather, _powers in lines) == [2, 8]
    assert sorted(power for _mask, _gather, powers in lines for _square, power in powers) == [
        3**j for j in range(10)
    ]
    assert len(plain._line_groups([0, 8, 16, 24, 1])) == 2  # a column and a square: by column
    assert len(plain._line_groups([0, 9, 18, 27])) == 1  # a diagonal


def test_compiled_and_plain_forms_agree() -> None:
    compiled = kernel_form(plain, "compiled")
    weights = learned.read_weights()
    learned.install(plain, weights)
    learned.install(compiled, weights)
    out_plain = array("i", bytes(4 * len(learned.pattern_set().instances)))
    out_compiled = array("i", bytes(4 * len(learned.pattern_set().instances)))
    for p, o in positions(300, 2):
        assert compiled.pattern_value(p, o) == plain.pattern_value(p, o)
        assert compiled.pattern_indices(p, o, out_compiled) == plain.pattern_indices(p, o, out_plain)
        assert out_compiled == out_plain


def test_the_shipped_weights_load_and_match_their_header() -> None:
    data = (Path(learned.__file__).parent / learned.SHIPPED).read_bytes()
    stages = learned.decode_weights(data, "weights.bin")
    assert len(stages) == learned.STAGES
    assert all(len(stage) == learned.pattern_set().distinct for stage in stages)
    assert any(any(stage) for stage in stages), "the shipped weights are all zero"
    # the same weights written again give the same bytes: header, checksum and body
    assert learned.encode_weights([list(stage) for stage in stages]) == data
    evaluator = learned.learned_evaluator()
    assert evaluator is not hand_tuned
    p, o = positions(1, 5)[0]
    assert isinstance(evaluator(p, o), int)


@pytest.fixture
def quick_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """As plain Python, games are solved from 10 empties (16 would take minutes)."""
    if not native.enabled():
        monkeypatch.setattr(train, "SOLVE_EMPTIES", 10)


@pytest.mark.usefixtures("quick_solves")
def test_training_is_reproducible(tmp_path: Path) -> None:
    context = None
    first, second, parallel = tmp_path / "a.bin", tmp_path / "b.bin", tmp_path / "c.bin"
    arguments = ["--games", "3", "--late-games", "2", "--seed", "11", "--steps", "3", "--depth", "3"]
    assert train.main([*arguments, "--out", str(first)], context) == 0  # type: ignore[arg-type]
    assert train.main([*arguments, "--out", str(second)], context) == 0  # type: ignore[arg-type]
    assert first.read_bytes() == second.read_bytes()
    if native.enabled():
        # worker processes (whose train module is not patched by `quick_solves`) change nothing
        assert train.main([*arguments, "--jobs", "2", "--out", str(parallel)], context) == 0  # type: ignore[arg-type]
        assert parallel.read_bytes() == first.read_bytes()
    stages = learned.read_weights(first)
    assert any(any(stage) for stage in stages)


@pytest.mark.parametrize("problem", ["long name", "no folder", "a folder"])
def test_training_that_could_not_write_its_file_stops_before_the_games(
    problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run takes tens of minutes: what would stop it writing the file is said before any game."""

    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(train, "make_positions", no_games)
    out = tmp_path / "w.bin"
    if problem == "long name":
        monkeypatch.setattr(learned, "PATTERN_SET", "x" * 70)
        expected = "70 bytes long"
    elif problem == "no folder":
        out = tmp_path / "missing" / "w.bin"
        expected = "does not exist"
    else:
        out = tmp_path
        expected = "is a folder"
    code = train.main(["--games", "1", "--seed", "1", "--out", str(out)], None)  # type: ignore[arg-type]
    assert code == 2
    assert expected in capsys.readouterr().err
    assert not (tmp_path / "w.bin").exists()


@pytest.mark.parametrize(
    "setting",
    [["--second-penalty", "0"], ["--second-steps", "0"], ["--penalty", "-1"], ["--relabel-depth", "-1"]],
)
def test_settings_out_of_range_are_refused_with_a_sentence_before_the_games(
    setting: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(train, "make_positions", no_games)
    arguments = ["--games", "1", "--seed", "1", "--out", str(tmp_path / "w.bin"), *setting]
    assert train.main(arguments, None) == 2  # type: ignore[arg-type]
    assert "the penalties positive" in capsys.readouterr().err
    assert not (tmp_path / "w.bin").exists()


@pytest.mark.usefixtures("quick_solves")
def test_labels_are_exact_from_the_solved_point() -> None:
    from ludoteca.games.othello.search import kernel

    labelled = train.game_positions(5, 0, 2)
    late = [(p, o, v) for p, o, v in labelled if empty_count(p, o) <= train.SOLVE_EMPTIES]
    assert late
    for p, o, value in late[-4:]:
        assert kernel.solve_exact(p, o, -65, 65, False, 0) == value


@pytest.mark.usefixtures("quick_solves")
def test_late_games_add_only_late_positions_each_labelled_exactly() -> None:
    from ludoteca.games.othello.search import kernel

    games = list(train.make_positions(1, 5, 2, 1, late=2))
    assert [number for number, _ in games] == [0, 1, 2]
    # the late games are games of their own (their numbers follow the others'), not copies
    assert games[1][1] != games[2][1]
    kept = range(train.LATE_LOWEST, train.SOLVE_EMPTIES + 1)
    for _, positions in games[1:]:
        assert positions
        for p, o, value in positions:
            assert empty_count(p, o) in kept
            assert kernel.solve_exact(p, o, -65, 65, False, 0) == value


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "too short"),
        (b"NOTOTHEL" + bytes(200), "not an Othello weights file"),
        (None, "damaged"),
        ("checksum", "checksum"),
        ("other-set", "pattern set"),
    ],
)
def test_a_bad_weights_file_is_refused_with_a_sentence(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, data: bytes | str | None, words: str
) -> None:
    good = (Path(learned.__file__).parent / learned.SHIPPED).read_bytes()
    if data is None:
        raw = bytearray(good)
        raw[-3] ^= 0xFF  # a damaged body
        data = bytes(raw)
    elif isinstance(data, str):
        header = learned._HEADER
        fields = list(header.unpack_from(good))
        if data == "checksum":
            fields[6] ^= 1
        else:
            fields[3] = data.encode()
        data = header.pack(*fields) + good[header.size :]
    path = tmp_path / "weights.bin"
    path.write_bytes(data)
    with pytest.raises(learned.WeightsError, match=words):
        learned.read_weights(path)
    with caplog.at_level(logging.WARNING, logger="ludoteca.othello"):
        evaluator = learned.learned_evaluator(path)
    assert evaluator is hand_tuned
    assert "hand-tuned evaluation instead" in caplog.text
    # the shipped weights are still there for the next engine
    assert learned.learned_evaluator() is not hand_tuned


def test_an_engine_asked_for_the_learned_evaluation_calls_the_kernel() -> None:
    from ludoteca.games.othello.engine import Engine
    from ludoteca.games.othello.search import kernel
    from ludoteca.games.othello.settings import EngineSettings

    engine = Engine(EngineSettings(max_depth=3, evaluator=learned.evaluate))
    # as plain Python the patterns are too slow to play with: the hand-tuned evaluation stands in
    assert engine.evaluate == (kernel.pattern_value if native.is_compiled(kernel) else hand_tuned)
    p, o = positions(30, 7)[20]
    move = engine.iterate(p, o, None, depth_limit=3)
    assert kernel.legal_moves(p, o) >> move & 1
    assert Engine(EngineSettings()).evaluate is hand_tuned


@pytest.mark.parametrize("which", ["plain", "compiled"])
def test_the_fits_loops_compute_a_w_and_a_transposed_v(which: str) -> None:
    """`fit_kernel` against the design matrix written out densely here."""
    from ludoteca.games.othello import fit_kernel

    form = kernel_form(fit_kernel, which)
    rng = random.Random(8)
    width, size, count = 5, 40, 30
    features = array("i", [rng.randrange(size - 8) for _ in range(width * count)])
    scalar_at = array("i", [rng.choice((size - 8, size - 4)) for _ in range(count)])
    scalars = array("b", [rng.randint(-20, 20) for _ in range(4 * count)])
    dense = [[0.0] * size for _ in range(count)]
    for row in range(count):
        for f in features[row * width : (row + 1) * width]:
            dense[row][f] += 1.0
        for j in range(4):
            dense[row][scalar_at[row] + j] += scalars[4 * row + j]
    rows = array("i", [3, 0, 7, 29, 12])
    weights = array("d", [rng.uniform(-2, 2) for _ in range(size)])
    out = array("d", [0.0] * len(rows))
    form.values(features, width, scalar_at, scalars, rows, weights, out)
    for k, row in enumerate(rows):
        assert out[k] == pytest.approx(sum(a * w for a, w in zip(dense[row], weights, strict=True)))
    given = array("d", [rng.uniform(-1, 1) for _ in rows])
    back = array("d", [0.5] * size)
    form.transposed(features, width, scalar_at, scalars, rows, given, back)
    for column in range(size):
        expected = 0.5 + sum(dense[row][column] * v for row, v in zip(rows, given, strict=True))
        assert back[column] == pytest.approx(expected)
    diagonal = array("d", [0.0] * size)
    form.diagonal(features, width, scalar_at, scalars, rows, diagonal)
    for column in range(size):
        # a feature read twice by one row counts each reading once (as the fit's preconditioner)
        expected = 0.0
        for row in rows:
            ones = list(features[row * width : (row + 1) * width]).count(column)
            expected += ones
            for j in range(4):
                if scalar_at[row] + j == column:
                    expected += scalars[4 * row + j] ** 2
        assert diagonal[column] == pytest.approx(expected)


def test_a_second_label_is_the_searched_value_in_discs() -> None:
    from ludoteca.games.othello.engine import LANES
    from ludoteca.games.othello.kernel import EVAL_UNITS, MID_WIN
    from ludoteca.games.othello.search import kernel

    learned.install(kernel, random_weights(5))
    lane = LANES.take(-1)
    assert lane is not None
    try:
        checked = finished = 0
        for p, o in positions(200, 8)[::7]:
            if not kernel.legal_moves(p, o):
                continue
            value = minimax(p, o, 3, evaluation=kernel.pattern_value)
            expected = (
                value // MID_WIN if abs(value) >= MID_WIN else max(-64, min(64, round(value / EVAL_UNITS)))
            )
            assert train.search_label(p, o, 3, lane) == expected
            checked += 1
            finished += abs(value) >= MID_WIN
        assert checked >= 20 and finished >= 1
    finally:
        LANES.give(lane)
        learned.install(kernel, None)


@pytest.mark.usefixtures("quick_solves")
def test_the_second_fit_labels_again_only_the_positions_before_the_solved_point(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The first fit learns the games' results; the positions before SOLVE_EMPTIES are then
    labelled by a search with its weights, and those from SOLVE_EMPTIES on keep their exact value."""
    empties: list[int] = []
    fitted: list[array[int]] = []
    settings: list[tuple[int, float]] = []
    real_add, real_fit = train.Data.add, train.fit

    def add(data: train.Data, p: int, o: int, label: int) -> None:
        empties.append(empty_count(p, o))
        real_add(data, p, o, label)

    def fit(data: train.Data, rows: list[int], steps: int, penalty: float) -> list[float]:
        fitted.append(array("b", data.labels))
        settings.append((steps, penalty))
        return real_fit(data, rows, steps, penalty)

    monkeypatch.setattr(train.Data, "add", add)
    monkeypatch.setattr(train, "fit", fit)
    arguments = ["--games", "4", "--late-games", "1", "--seed", "2", "--steps", "3", "--depth", "2"]
    arguments += ["--second-steps", "5", "--second-penalty", "8"]
    assert train.main([*arguments, "--relabel-depth", "2", "--out", str(tmp_path / "w.bin")], None) == 0  # type: ignore[arg-type]
    first, second = fitted
    # each fit with its own steps and penalty
    assert settings == [(3, 64.0), (5, 8.0)]
    early = [row for row, e in enumerate(empties) if e > train.SOLVE_EMPTIES]
    late = [row for row, e in enumerate(empties) if e <= train.SOLVE_EMPTIES]
    assert early and late
    assert all(first[row] == second[row] for row in late)
    assert sum(first[row] != second[row] for row in early) > len(early) // 2
    fitted.clear()
    empties.clear()
    assert train.main([*arguments, "--relabel-depth", "0", "--out", str(tmp_path / "v.bin")], None) == 0  # type: ignore[arg-type]
    assert len(fitted) == 1
    assert (tmp_path / "v.bin").read_bytes() != (tmp_path / "w.bin").read_bytes()
