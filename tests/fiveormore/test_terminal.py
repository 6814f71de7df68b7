"""The terminal board, the best score from the history, and `ludoteca scores fiveormore`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core.declaration import CommandContext
from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore import scores as scores_fiveormore
from ludoteca.games.fiveormore.terminal import FiveOrMoreTerminalBoard
from ludoteca.kits.terminal.style import Style
from ludoteca.store import ResultRow, Store
from tests.fiveormore.helpers import move, position

ADAPTER = FiveOrMoreTerminalBoard()

PLAIN = Style(colour=False)


def test_plain_board_has_coordinates_digits_preview_and_score() -> None:
    state = position(["1....", ".....", "..3..", ".....", "....7"], preview="254", score=36)
    text = ADAPTER.render(GAME, GAME.view(state, 0), 0, PLAIN)
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c", "d", "e"]
    assert lines[1].split() == ["1", "1", ".", ".", ".", "."]
    assert lines[3].split() == ["3", ".", ".", "3", ".", "."]
    assert "Score 36" in text
    assert "Next: 2 5 4" in text
    assert "\x1b[" not in text
    assert "\x1b[" in ADAPTER.render(GAME, state, 0, Style(colour=True))


def test_the_last_move_new_balls_and_cleared_cells_are_marked() -> None:
    state = position(["1111.", ".....", ".....", ".....", "3...1"])
    cleared = GAME.play(state, move(state, "e5-e1"))
    text = ADAPTER.render(GAME, cleared, 0, PLAIN)
    assert text.splitlines()[1].split() == ["1", "*", "*", "*", "*", "*"]
    assert "you move again" in text
    moved = GAME.play(state, move(state, "a5-c3"))
    text = ADAPTER.render(GAME, moved, 0, PLAIN)
    assert "[3]" in text
    assert text.count("(") - text.count("(new") >= 1  # new balls in parentheses
    assert "Last: a5-c3" in text


def test_recolour_board_lists_the_palette_and_explains_the_notation() -> None:
    state = position(["12...", ".....", ".....", ".....", "....."], variant="recolour", colours=4)
    text = ADAPTER.render(GAME, state, 0, PLAIN)
    assert "Colours: 1 2 3 4" in text
    assert "c3=2" in ADAPTER.move_help(GAME, state)


def _row(
    score: int, variant: str, name: str = "Ann", kind: str = "human", date: str = "2026-01-02T10:00"
) -> ResultRow:
    return ResultRow(date, "fiveormore", variant, (name,), (kind,), (score,), (1,), "", "the board is full")


def test_best_score_shows_from_the_store(tmp_path: Any) -> None:
    with Store(tmp_path / "s.sqlite3") as store:
        store.add_result(_row(120, "classic, size=medium"))
        store.add_result(_row(300, "classic, size=medium, colours=7"))  # the same board spelt out
        store.add_result(_row(999, "classic, size=small"))
        store.add_result(_row(888, "recolour, size=medium"))

        @dataclass
        class FakeMatch:
            state: Any

        adapter = FiveOrMoreTerminalBoard()
        state = GAME.start(GAME.options(), 1, 1)
        adapter.begin(FakeMatch(state), store)
        text = adapter.render(GAME, GAME.view(state, 0), 0, PLAIN)
        assert "Best 300" in text
        assert "Best 301 (new!)" in adapter.render(GAME, replace(state, score=301), 0, PLAIN)
        small = GAME.start(GAME.options({"size": "small"}), 1, 1)
        adapter.begin(FakeMatch(small), store)
        assert "Best 999" in adapter.render(GAME, small, 0, PLAIN)
    fresh = FiveOrMoreTerminalBoard()
    assert "Best" not in fresh.render(GAME, state, 0, PLAIN)  # no store: nothing claimed
    fresh.set_best(state.config, None)
    assert "no best score yet" in fresh.render(GAME, state, 0, PLAIN)


class _FakeStore:
    def __init__(self, rows: list[ResultRow]) -> None:
        self.rows = rows

    def results(self, game_key: str | None = None) -> list[ResultRow]:
        return [r for r in self.rows if game_key in (None, r.game)]


def test_scores_tool_groups_by_board_and_variant(capsys: Any) -> None:
    store = _FakeStore(
        [
            _row(50, "classic, size=medium", "Ann", date="2026-01-01T09:00"),
            _row(210, "classic, size=medium", "computer", "computer:5"),
            _row(75, "classic, size=small", "Bob"),
            _row(60, "recolour, size=medium", "Cy"),
            _row(40, "classic, size=12x8, colours=4", "Di"),
            _row(10, "classic, size=nonsense", "Ed"),  # unreadable options are skipped
        ]
    )
    assert scores_fiveormore.main([], CommandContext(lambda: store)) == 0
    out = capsys.readouterr().out
    blocks = out.split("\n\n")
    assert blocks[0].startswith("small, classic — 1 game")
    medium = next(b for b in blocks if b.startswith("medium, classic"))
    assert "2 games" in medium
    assert medium.index("210") < medium.index("50")
    assert "(computer:5)" in medium
    assert any(b.startswith("medium, recolour") for b in blocks)
    assert any(b.startswith("12×8, 4 colours, 3 per turn, classic") for b in blocks)
    assert "Ed" not in out
    scores_fiveormore.main(["--size", "small"], CommandContext(lambda: store))
    assert "medium" not in capsys.readouterr().out
    scores_fiveormore.main([], CommandContext(lambda: _FakeStore([])))
    assert "No finished Five or More games yet" in capsys.readouterr().out


def test_scores_cli_reads_the_store(capsys: Any) -> None:
    from ludoteca.cli import main

    with Store() as store:
        store.add_result(_row(77, "classic, size=large"))
    assert main(["scores", "fiveormore"]) == 0
    assert "large, classic — 1 game" in capsys.readouterr().out
