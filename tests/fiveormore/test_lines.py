"""Lines of five or more through the moved ball: removal, sharing, scoring, the extra move."""

from __future__ import annotations

import math

import pytest

from ludoteca.games.fiveormore import GAME
from ludoteca.games.fiveormore.board import points_for
from tests.fiveormore.helpers import move, names, position

# The brief's table, independent of the formula in the code.
SCORE_TABLE = {5: 10, 6: 18, 7: 25, 8: 31, 9: 36, 10: 41}


@pytest.mark.parametrize(("balls", "points"), sorted(SCORE_TABLE.items()))
def test_score_table(balls: int, points: int) -> None:
    assert points_for(balls) == points
    assert points == math.floor(45 * math.log(balls / 4))


def test_fewer_than_five_balls_score_nothing() -> None:
    assert [points_for(n) for n in range(5)] == [0] * 5


def _removed(rows: list[str], played: str) -> tuple[set[str], int, object]:
    state = position(rows)
    after = GAME.play(state, move(state, played))
    assert after.last is not None
    removal = after.last.removal
    if removal is None:
        return set(), after.score, after
    for c in removal.cells:
        assert after.board[c] == 0
    return names(state, removal.cells), after.score, after


def test_five_in_a_row_are_removed_and_score_ten() -> None:
    removed, score, _ = _removed(
        [
            "1111..",
            "......",
            "......",
            "....1.",
            "......",
            "......",
        ],
        "e4-e1",
    )
    assert removed == {"a1", "b1", "c1", "d1", "e1"}
    assert score == 10


def test_six_in_a_row_score_eighteen() -> None:
    removed, score, _ = _removed(
        [
            "11.111",
            "......",
            "..1...",
            "......",
            "......",
            "......",
        ],
        "c3-c1",
    )
    assert removed == {"a1", "b1", "c1", "d1", "e1", "f1"}
    assert score == 18


def test_filling_a_gap_completes_the_line() -> None:
    removed, score, _ = _removed(
        [
            ".....7",
            ".2....",
            ".2....",
            "......",
            ".2....",
            ".2..2.",
        ],
        "e6-b4",
    )
    assert removed == {"b2", "b3", "b4", "b5", "b6"}
    assert score == 10


def test_crossing_lines_share_the_moved_ball() -> None:
    removed, score, _ = _removed(
        [
            "....3....",
            "....3....",
            "3333.....",
            "....3....",
            "....3....",
            ".........",
            ".........",
            "7........",
            "........3",
        ],
        "i9-e3",
    )
    assert len(removed) == 9  # 5 + 5 with the moved ball counted once
    assert removed == {"a3", "b3", "c3", "d3", "e3", "e1", "e2", "e4", "e5"}
    assert score == SCORE_TABLE[9]


@pytest.mark.parametrize(
    ("rows", "played", "line"),
    [
        # horizontal
        (["7.....", "44.44.", "......", "......", "......", ".....4"], "f6-c2", "a2 b2 c2 d2 e2"),
        # vertical
        (["....4.", "....4.", "......", "....4.", "....4.", "4....7"], "a6-e3", "e1 e2 e3 e4 e5"),
        # diagonal going down to the right
        (["4....7", ".4....", "......", "...4..", "....4.", ".....4"], "f6-c3", "a1 b2 c3 d4 e5"),
        # diagonal going up to the right
        (["....47", "...4..", "......", ".4....", "4.....", ".....4"], "f6-c3", "e1 d2 c3 b4 a5"),
    ],
    ids=["horizontal", "vertical", "diagonal-down", "diagonal-up"],
)
def test_all_four_directions(rows: list[str], played: str, line: str) -> None:
    removed, score, _ = _removed(rows, played)
    assert removed == set(line.split())
    assert score == 10


def test_four_in_a_row_is_not_removed_and_new_balls_come() -> None:
    state = position(
        [
            "111...",
            "......",
            "......",
            "......",
            "......",
            ".....1",
        ]
    )
    after = GAME.play(state, move(state, "f6-d1"))
    assert after.last is not None
    assert after.last.removal is None and after.score == 0
    assert len(after.last.spawned) == 3
    assert [s.colour for s in after.last.spawned] == list(state.preview)
    assert after.balls == state.balls + 3


def test_other_colours_break_a_line() -> None:
    removed, score, _ = _removed(
        [
            "11211.",
            "......",
            "......",
            "......",
            "......",
            ".....1",
        ],
        "f6-f1",
    )
    assert removed == set() and score == 0


def test_only_lines_through_the_moved_ball_count() -> None:
    # Row 1 already holds five 5s (as a position may); moving an unrelated ball does not clear them.
    removed, _, _ = _removed(
        [
            "55555.",
            "......",
            "......",
            "......",
            "......",
            ".....2",
        ],
        "f6-a6",
    )
    assert removed == set()


def test_a_removal_gives_an_extra_move_without_new_balls() -> None:
    state = position(
        [
            "1111..",
            "......",
            "......",
            "....1.",
            "......",
            ".....3",
        ]
    )
    after = GAME.play(state, move(state, "e4-e1"))
    assert after.last is not None
    assert after.last.spawned == () and after.last.extra_move
    assert after.preview == state.preview
    assert after.rng == state.rng
    assert after.balls == state.balls - 5
    assert GAME.to_move(after) == 0
    assert "move again" in GAME.describe_last(after)
