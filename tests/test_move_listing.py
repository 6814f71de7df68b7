"""The terminal's `moves`: counted, grouped by what each game declares, every move told apart
from the next, and a list too long for a screen summarised (issue 16, item 7)."""

from __future__ import annotations

import io
from typing import Any

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import set_language
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells.terminal.movelist import SEPARATOR, move_listing
from ludoteca.shells.terminal.play import TerminalGame

WIDTH = 100


def start(key: str, seats: int = 2, **options: Any) -> tuple[Any, Any]:
    game = get_game(key)
    state = game.start(game.options(options), 3, seats)
    seat = game.to_move(state)
    return game, game.view(state, seat)


def listed_moves(lines: list[str]) -> list[str]:
    """The moves of a full listing (`moves all`, `moves GROUP`), read back the way a person reads
    them: the heading before the first colon of a line, then moves up to each separator."""
    moves: list[str] = []
    for line in lines[1:]:
        if line.endswith(":"):  # a long heading stands alone, its moves below it
            continue
        body = line.split("): ", 1)[1] if "): " in line else line
        moves.extend(part.strip() for part in body.split(SEPARATOR.strip()) if part.strip())
    return moves


@pytest.mark.parametrize(
    ("key", "seats", "options"),
    [
        ("khet", 2, {}),
        ("connect4", 2, {}),
        ("othello", 2, {}),
        ("fiveormore", 1, {"size": "large"}),
        ("qwirkle", 2, {}),
        ("turtles", 2, {}),
    ],
)
def test_every_game_counts_its_moves_and_keeps_to_a_screen(key: str, seats: int, options: Any) -> None:
    game, view = start(key, seats, **options)
    moves = [game.format_move(view, m) for m in game.legal_moves(view)]
    lines = move_listing(game, view, "", WIDTH)
    assert lines[0].startswith(f"{len(moves)} legal move")
    assert len(lines) <= 34 and all(len(line) <= WIDTH for line in lines), "\n".join(lines)
    # `moves all` gives each move once, told apart from its neighbours even when it is several words
    every = move_listing(game, view, "all", WIDTH)
    assert all(len(line) <= WIDTH for line in every)
    assert sorted(listed_moves(every)) == sorted(moves)


def test_a_short_list_is_shown_whole_on_one_line() -> None:
    game, view = start("connect4")
    assert move_listing(game, view, "", WIDTH) == ["7 legal moves:", "  1 · 2 · 3 · 4 · 5 · 6 · 7"]


def test_khet_moves_are_grouped_by_the_piece_they_move() -> None:
    game, view = start("khet")
    lines = move_listing(game, view, "", WIDTH)
    assert "  c1 (6): c1c2 · c1d2 · c1b1 · c1b2 · c1+ · c1-" in lines
    assert move_listing(game, view, "c1", WIDTH) == [
        "6 legal moves in “c1”:",
        "  c1 (6): c1c2 · c1d2 · c1b1 · c1b2 · c1+ · c1-",
    ]


def test_a_first_qwirkle_play_is_summarised_by_tiles_and_each_group_can_be_asked_for() -> None:
    game, view = start("qwirkle")
    lines = move_listing(game, view, "", WIDTH)
    assert "groups" in lines[0] and "'moves all'" in lines[-1]
    # the hand at seed 3 is E3 L1 L3 T1 T4 X5: a line per group of tiles, with its count
    assert any(line.split()[:3] == ["L1", "L3", "1172"] for line in lines), "\n".join(lines)
    with_l1 = move_listing(game, view, "l1", WIDTH)
    assert all("L1" in move for move in listed_moves(with_l1))
    exchanges = listed_moves(move_listing(game, view, "x", WIDTH))
    assert len(exchanges) == 63 and all(move.startswith("x ") for move in exchanges)
    assert move_listing(game, view, "Z9", WIDTH)[0].startswith("No legal move is in a group named “Z9”")


def test_turtles_moves_of_several_words_never_run_together() -> None:
    game, view = start("turtles")
    walls = move_listing(game, view, "wall", WIDTH)
    read = listed_moves(walls)
    assert read and all(move.startswith("wall ") for move in read)
    legal = {game.format_move(view, m) for m in game.legal_moves(view)}
    assert set(read) == {m for m in legal if m.startswith("wall ")}
    # a line cut inside a group's list ends with the separator, so the next line starts a move
    groups: list[list[str]] = []
    for line in walls[1:]:
        if line.endswith(":"):  # a heading on its own line, its moves below
            groups.append([])
        else:
            groups[-1].append(line)
    assert len(groups) == 4
    assert all(line.endswith(SEPARATOR.strip()) for lines in groups for line in lines[:-1])
    assert not any(lines[-1].endswith(SEPARATOR.strip()) for lines in groups)


def test_moves_in_the_terminal_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH + 1))
    game = get_game("qwirkle")
    match = Match(game, game.options({}), (SeatSpec("human", name="Ann"), SeatSpec("computer", 1)), 3)
    out = io.StringIO()
    TerminalGame(match, None, Console(io.StringIO("moves\nmoves X5\nquit\n"), out)).run()
    text = out.getvalue()
    assert "legal moves in" in text and "'moves all'" in text
    assert "312 legal moves in “X5”:" in text
    assert max(len(line) for line in text.splitlines()) < 200


def test_the_listing_speaks_french() -> None:
    game, view = start("connect4")
    set_language("fr")
    try:
        assert move_listing(game, view, "", WIDTH)[0] == "7 coups légaux :"
        game, view = start("fiveormore", 1, size="large")
        assert move_listing(game, view, "", WIDTH)[-1].startswith("Tapez 'coups GROUPE'")
    finally:
        set_language("en")
