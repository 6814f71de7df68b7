"""Reproducible computer games: the same seed and levels give the same game.

Every computer player draws its random choices from a generator seeded from the game's seed, its
seat and the move; with a counted budget (`--think nodes:N`) every search stops after the same
work whatever the clock says. The "racing clock" below is a machine so loaded that every look at
the clock finds the time long gone: a player still reading the clock under a counted budget would
play differently there.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget
from ludoteca.ai.levels import player_seed
from ludoteca.ai.mcts import MctsPlayer
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.match import Match
from tests.cli_runner import run_ludoteca
from tests.games.rows import GAME as ROWS

#: (game, options) for every engine on the shelf: the variants whose players differ too
CASES = [
    ("khet", {}),
    ("khet", {"variant": "horus", "setup": "classic-horus"}),
    ("connect4", {}),
    ("connect4", {"variant": "cascade"}),
    ("othello", {}),
    ("fiveormore", {}),
    ("fiveormore", {"variant": "recolour"}),
    ("qwirkle", {}),
    ("turtles", {"bug": True}),
    ("tictactoe", {}),
]
#: each pair meets the random levels, the middle ones and the strongest searches
LEVELS = [(1, 3), (2, 4), (5, 5)]
PLIES = 6
NODES = Think(nodes=120)


def _ids(case: tuple[str, dict[str, Any]]) -> str:
    key, options = case
    return "-".join([key, *(str(v) for v in options.values())])


def _race_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read of the clock from now on is a minute later than the one before."""
    ticks = itertools.count(start=time.perf_counter(), step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))


@pytest.fixture
def racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    _race_the_clock(monkeypatch)


def play(key: str, options: dict[str, Any], levels: tuple[int, ...], seed: int, think: Think) -> list[str]:
    """The first `PLIES` moves of a game between computers, played as the front ends play it:
    a player made for each move on the thinking thread, draws claimed when asked."""
    game = get_game(key)
    seats = [SeatSpec("computer", level) for level in levels[: game.info.max_seats]]
    match = Match(game, game.options(options), seats, seed, think=think)
    while not match.over and match.ply < PLIES:
        seat = match.to_move()
        assert seat is not None
        if match.computer_wants_draw(seat):
            match.claim_draw()
            break
        match.play(match.think(seat).result())
    return match.moves


@pytest.mark.parametrize("case", CASES, ids=_ids)
@pytest.mark.parametrize("levels", LEVELS, ids=lambda levels: "v".join(map(str, levels)))
def test_a_counted_budget_plays_the_same_game_again_whatever_the_clock(
    case: tuple[str, dict[str, Any]], levels: tuple[int, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    key, options = case
    first = play(key, options, levels, 5, NODES)
    assert first
    _race_the_clock(monkeypatch)
    assert play(key, options, levels, 5, NODES) == first


@pytest.mark.parametrize("key", ["turtles", "qwirkle"])
@pytest.mark.parametrize("level", [1, 2])
def test_levels_that_do_not_watch_the_clock_replay_on_their_own_time(key: str, level: int) -> None:
    levels = (level, level)
    assert play(key, {}, levels, 5, Think()) == play(key, {}, levels, 5, Think())


def test_another_seed_gives_the_random_level_other_moves() -> None:
    games = {tuple(play("othello", {}, (1, 1), seed, NODES)) for seed in range(4)}
    assert len(games) > 1


def test_each_seat_move_and_purpose_has_its_own_seed() -> None:
    seeds = {
        player_seed(5, seat, ply, purpose)
        for seat in range(4)
        for ply in range(50)
        for purpose in ("move", "hint")
    }
    assert len(seeds) == 4 * 50 * 2
    assert player_seed(5, 1, 7) == player_seed(5, 1, 7)
    assert player_seed(5, 1, 7) != player_seed(6, 1, 7)


def test_a_counted_budget_stops_the_generic_searches_after_that_many_positions(racing_clock: None) -> None:
    state = ROWS.start({}, 0, 2)
    for nodes in (1, 40, 300):
        budget = Budget(None, nodes=nodes)
        MctsPlayer(iterations=10_000, seed=1).choose(ROWS, state, 0, budget)
        assert budget.spent == nodes
    tictactoe = get_game("tictactoe")
    start = tictactoe.start({}, 0, 2)
    budget = Budget(None, nodes=50)
    AlphaBetaPlayer().choose(tictactoe, start, 0, budget)
    assert budget.spent == 50


def test_a_level_keeps_its_own_limits_under_a_counted_budget() -> None:
    # level 2 of a game without `evaluate` runs 25 playouts: a larger count does not change it
    budget = Budget(None, nodes=10_000)
    MctsPlayer(iterations=25, seed=1).choose(ROWS, ROWS.start({}, 0, 2), 0, budget)
    assert budget.spent <= 25


def test_the_record_keeps_the_budget_and_a_resumed_game_thinks_the_same() -> None:
    game = get_game("connect4")
    seats = [SeatSpec("computer", 4), SeatSpec("computer", 5)]
    match = Match(game, {}, seats, 9, think=Think(nodes=300))
    for _ply in range(4):
        match.play(match.think().result())
    text = match.to_record().dumps()
    assert '[Think "nodes:300"]' in text
    resumed = Match.from_record(game, Record.loads(text), text)
    assert resumed.thinking == Think(nodes=300)
    match.play(match.think().result())
    resumed.play(resumed.think().result())
    assert resumed.moves == match.moves
    # a budget given when resuming wins over the record's
    assert Match.from_record(game, Record.loads(text), text, think=1.5).thinking == Think(seconds=1.5)


def _cli(args: list[str], home: Path, hash_seed: str) -> str:
    done = run_ludoteca(args, home, PYTHONHASHSEED=hash_seed)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["play", "turtles", "--players", "computer:3,computer:3", "--seed", "5", "--think", "nodes:2000"],
        ["play", "othello", "--players", "computer:2,computer:5", "--seed", "5", "--think", "nodes:800"],
    ],
    ids=["turtles", "othello"],
)
def test_the_same_command_twice_prints_the_same_game(args: list[str], tmp_path: Path) -> None:
    # separate homes and hash seeds: nothing but the seed and the levels may decide the game
    first = _cli([*args, "--ui", "tui"], tmp_path / "one", "1")
    assert "Game over" in first
    assert _cli([*args, "--ui", "tui"], tmp_path / "two", "2") == first
