"""`ludoteca solve connect4`: one position, or a whole file of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.connect4 import solve


def main(argv: list[str]) -> int:
    def no_store() -> None:
        raise AssertionError("solving needs no store")

    return solve.main(argv, CommandContext(no_store))


def test_solve_prints_the_score_and_the_best_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["52753311433677", "--all"]) == 0
    out = capsys.readouterr().out
    assert "Score: -6" in out
    assert "Best move(s): 4\n" in out
    assert "4:-6" in out and "1:-13" in out


def test_solve_refuses_a_broken_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["4444444"]) == 2
    assert "column 4 is full" in capsys.readouterr().err


def test_positions_file_prints_each_score_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = Path(__file__).resolve().parents[1] / "data" / "connect4_end_easy.txt"
    lines = source.read_text(encoding="utf-8").splitlines()[:3]
    wrong = lines[2].split()[0] + " 5"
    path = tmp_path / "positions.txt"
    path.write_text("\n".join([*lines[:2], wrong, lines[2].split()[0]]) + "\n", encoding="utf-8")
    assert main(["--positions", str(path)]) == 1
    captured = capsys.readouterr()
    printed = captured.out.splitlines()
    assert printed[:2] == lines[:2]
    assert printed[2] == lines[2]
    assert "4 positions, 2/3 as expected, 0 unsolved" in printed[-1]
    assert "line 3: expected 5" in captured.err


def test_the_bench_finds_the_public_position_sets_in_a_checkout() -> None:
    from ludoteca.games.connect4 import bench

    assert (bench._DATA / "connect4_end_easy.txt").is_file()


def test_the_solver_bench_checks_scores_and_compares_with_another_solver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from ludoteca.games.connect4 import bench

    source = Path(__file__).resolve().parents[1] / "data" / "connect4_middle_easy.txt"
    lines = source.read_text(encoding="utf-8").splitlines()[:4]
    positions = tmp_path / "positions.txt"
    positions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # a stand-in for Pons' solver: it answers every line from the file, in the same format
    answers = dict(line.split() for line in lines)
    other = tmp_path / "other"
    other.write_text(
        f"#!{sys.executable}\nimport sys\nanswers = {answers!r}\n"
        "for line in sys.stdin:\n    print(line.strip(), answers[line.strip()])\n",
        encoding="utf-8",
    )
    other.chmod(0o755)
    argv = ["--solver", "--files", str(positions), "--repeats", "1", "--pons", str(other)]
    assert bench.main(argv, CommandContext(lambda: None)) == 0
    out = capsys.readouterr().out
    assert "solver positions.txt (positions.txt, 4 of 4 positions): 4/4 exact" in out
    assert "Pons" in out and "(4/4 exact): ratio" in out


def test_the_bench_samples_a_set_evenly() -> None:
    from ludoteca.games.connect4.bench import _sample

    items = [(str(i), i) for i in range(10)]
    assert _sample(items, 5) == [items[0], items[2], items[4], items[6], items[8]]
    assert _sample(items, 20) == items


def test_a_weak_solve_of_a_book_position_answers_from_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["4444", "--weak"]) == 0
    out = capsys.readouterr().out
    assert "Score: +1 (Yellow wins)" in out
    assert "A winning move, from the opening book: 4" in out


def test_two_discs_are_answered_exactly_from_the_table_of_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["44"]) == 0
    out = capsys.readouterr().out
    assert "Score: +1 (Yellow wins with its disc number 21)\nBest move(s): 4\n" in out
    assert "From the opening book, with no search." in out


def test_the_random_positions_bench_leaves_out_won_and_threatened_positions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from ludoteca.games.connect4 import bench, bench_perfect
    from ludoteca.games.connect4.bitboard import playable, threats

    drawn = bench_perfect.random_positions(20, 8, 12, seed=4)
    assert len({p.key for p in drawn.positions}) == 20
    for position in drawn.positions:
        assert 8 <= position.played <= 12 and not position.can_win_now()
        assert not threats(position.current ^ position.mask, position.mask) & playable(position.mask)
    # late positions solve at once, so the command's whole path runs quickly
    assert bench.main(["--random-positions", "3", "--discs", "30-30"], CommandContext(no_store)) == 0
    out = capsys.readouterr().out
    assert "3 positions of 30-30 discs by random play" in out
    assert "solve weak (--weak): processor seconds per position median" in out
    assert "0 not solved within 60 s" in out


def no_store() -> None:
    raise AssertionError("no store needed")


def test_the_90th_percentile_of_a_few_times_lies_within_them() -> None:
    from ludoteca.games.connect4.bench_perfect import _spread

    assert _spread([0.2, 0.3, 0.4, 0.5]) == "median 0.350 s, 90th percentile 0.470 s, max 0.500 s"
