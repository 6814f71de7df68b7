"""The generic levels on a wide board: a 15×15 five-in-a-row plug-in (tests/plugins/gomoku, the
one `ludoteca ladder gomoku` measures with PYTHONPATH=tests/plugins/gomoku). Levels 4 and 5 both
complete a five, stop a four and answer an open three; level 5 also plays on past its horizon
along the game's first candidates (`quiet`) and searches the moves ranked low less deeply
(`reduce`). Behaviour under a counted budget, never timing."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from ludoteca.ai.alphabeta import AlphaBetaPlayer
from ludoteca.ai.base import Budget
from ludoteca.ai.levels import LEVEL4_QUIET_PLIES, QUIET_PLIES, QUIET_WIDTH, generic_player

# the plug-in's folder is on the path only while its rules are imported: its entry point must not
# put Gomoku on the shelf of the other tests (their menus, tours and pictures list our games)
_FOLDER = str(Path(__file__).resolve().parents[1] / "plugins" / "gomoku")
sys.path.insert(0, _FOLDER)
try:
    from ludoteca_gomoku.game import GAME
finally:
    sys.path.remove(_FOLDER)

#: positions searched per move: enough for depth 3 or 4 on this board, a second or two
NODES = 1500


def position(black: list[str], white: list[str]) -> Any:
    """Black's and White's stones, played in turn (Black first; Black to move when both lists
    are as long)."""
    assert len(black) in (len(white), len(white) + 1)
    state = GAME.start(GAME.options(), 0, 2)
    for index in range(len(black) + len(white)):
        text = black[index // 2] if index % 2 == 0 else white[index // 2]
        state = GAME.play(state, GAME.read_move(state, text))
    return state


def choice(level: int, state: Any, seed: int = 1) -> str:
    player = generic_player(GAME, level, seed)
    seat = GAME.to_move(state)
    assert seat is not None
    return GAME.format_move(
        state, player.choose(GAME, GAME.view(state, seat), seat, Budget(None, nodes=NODES))
    )


def test_level_5_looks_further_past_its_horizon_and_reduces_where_level_4_does_not() -> None:
    four, five = generic_player(GAME, 4, 1), generic_player(GAME, 5, 1)
    assert isinstance(four, AlphaBetaPlayer) and isinstance(five, AlphaBetaPlayer)
    assert (four.max_depth, four.quiet, four.quiet_width, four.reduce) == (5, LEVEL4_QUIET_PLIES, 1, False)
    assert LEVEL4_QUIET_PLIES < QUIET_PLIES
    assert (five.quiet, five.quiet_width, five.reduce) == (QUIET_PLIES, QUIET_WIDTH, True)


@pytest.mark.parametrize("level", [4, 5])
def test_a_four_is_completed(level: int) -> None:
    # Black h8 i8 j8 k8 (g8 and l8 empty), White scattered; Black to move wins
    state = position(["h8", "i8", "j8", "k8"], ["h9", "i10", "c3", "m12"])
    assert choice(level, state) in {"g8", "l8"}


@pytest.mark.parametrize("level", [4, 5])
def test_a_four_is_stopped(level: int) -> None:
    # White g7 g8 g9 g10 with g6 held by Black: g11 is the only cell that saves Black
    state = position(["g6", "j9", "k10", "b2"], ["g7", "g8", "g9", "g10"])
    assert GAME.to_move(state) == 0
    assert choice(level, state) == "g11"


@pytest.mark.parametrize("level", [4, 5])
def test_an_open_three_is_answered(level: int) -> None:
    # White f8 g8 h8, open at both ends: Black must play next to it (e8 or i8), or lose to an open four
    state = position(["f9", "c13", "m3"], ["f8", "g8", "h8"])
    assert choice(level, state) in {"e8", "i8", "d8", "j8"}


@pytest.mark.parametrize("level", [4, 5])
def test_the_win_comes_before_the_block(level: int) -> None:
    # both have a four: Black, to move, wins rather than blocks
    state = position(["c3", "d3", "e3", "f3"], ["c10", "d10", "e10", "f10"])
    assert choice(level, state) in {"b3", "g3"}


def test_a_counted_budget_stops_level_5_past_its_horizon_too_and_replays() -> None:
    state = position(["h8", "i9"], ["h9", "j10"])
    moves = set()
    for _ in range(2):
        budget = Budget(None, nodes=300)
        player = generic_player(GAME, 5, 7)
        moves.add(player.choose(GAME, GAME.view(state, 0), 0, budget))
        assert budget.spent == 300  # the positions past the horizon are counted with the rest
    assert len(moves) == 1
