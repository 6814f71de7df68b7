"""`ludoteca bench othello`: the level 5 section, on positions small enough to check at once."""

from __future__ import annotations

import pytest

from ludoteca.core.declaration import CommandContext
from ludoteca.games.othello.bench import main


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
