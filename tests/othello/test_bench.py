"""`ludoteca bench othello`: the level 5 section, on positions small enough to check at once."""

from __future__ import annotations

import pytest

from ludoteca.ai import native
from ludoteca.core.declaration import CommandContext
from ludoteca.games.othello.bench import main
from ludoteca.games.othello.search import kernel


def _context() -> CommandContext:
    def no_store() -> None:
        raise AssertionError("the bench needs no store")

    return CommandContext(no_store)


def test_level_five_plays_positions_from_games_out_perfectly(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--level5", "--to-the-end", "--positions", "2", "--empties", "10", "--seed", "7"]
    assert main(args, _context()) == 0
    out = capsys.readouterr().out
    assert "from 10 empties, 2 positions from games: a best move 2 times, solved within 2 s 2 times" in out
    assert "the position's exact value reached 2 times of 2" in out


def test_the_header_says_how_the_evaluation_reads_its_patterns(capsys: pytest.CaptureFixture[str]) -> None:
    """Figures from a build without a quick `pext` are slower: the bench says which build ran."""
    assert main(["--perft", "--perft-depth", "3", "--repeats", "1"], _context()) == 0
    header = capsys.readouterr().out.splitlines()[0]
    if not native.is_compiled(kernel):
        assert header.startswith("engines: plain Python;")
    elif kernel.gathers_bits():
        assert header.startswith("engines: compiled (Cython; patterns gathered by pext);")
    else:
        assert header.startswith("engines: compiled (Cython; patterns read by lines);")
