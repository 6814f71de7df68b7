"""`bench othello --weights A:B`: two weights files against each other at a fixed depth."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.ai import native
from ludoteca.games.othello import learned
from ludoteca.games.othello.search import kernel
from ludoteca.games.othello.weights_match import weights_match

pytestmark = pytest.mark.skipif(
    not native.is_compiled(kernel), reason="the games are solved from 16 empties: too slow as plain Python"
)


def test_a_file_against_itself_scores_one_half_exactly() -> None:
    said: list[str] = []
    assert weights_match("shipped", "shipped", 4, 2, 3, 1, said.append) == 0.5
    assert said[-1].startswith("shipped against shipped: 2 of 4 (50.0 %), mean disc difference +0.00")


def test_the_shipped_weights_beat_all_zero_ones_in_any_number_of_processes(tmp_path: Path) -> None:
    zero = tmp_path / "zero.bin"
    learned.write_weights(zero, [[0] * learned.pattern_set().distinct] * learned.STAGES)
    alone: list[str] = []
    score = weights_match("shipped", str(zero), 6, 2, 5, 1, alone.append)
    assert score > 0.5
    together: list[str] = []
    assert weights_match("shipped", str(zero), 6, 2, 5, 2, together.append) == score
    assert together == alone
    # the kernel is handed the shipped weights again by the next engine that asks for them
    assert learned.learned_evaluator() is kernel.pattern_value


def test_a_missing_file_is_refused_before_any_game(tmp_path: Path) -> None:
    said: list[str] = []
    with pytest.raises(learned.WeightsError, match="cannot be read"):
        weights_match("shipped", str(tmp_path / "none.bin"), 2, 2, 1, 1, said.append)
    assert said == []


def test_the_bench_prints_the_match_and_refuses_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ludoteca.core.declaration import CommandContext
    from ludoteca.games.othello.bench import main

    context = CommandContext(lambda: None)
    assert main(["--weights", "shipped", "--games", "2", "--weights-depth", "1"], context) == 0
    assert "shipped against shipped: 1 of 2 (50.0 %)" in capsys.readouterr().out
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"LUDOTHEL")
    assert main(["--weights", f"shipped:{bad}", "--games", "2"], context) == 2
    assert "too short to be an Othello weights file" in capsys.readouterr().out
