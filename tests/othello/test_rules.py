"""Othello rules: perft vectors, flips, passes, the end, notation and the position format."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca.core.errors import IllegalMove, NotationError
from ludoteca.core.perft import perft
from ludoteca.core.record import Record, replay
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.othello import GAME, PASS, OthelloState

DATA = Path(__file__).parent.parent / "data" / "othello_perft.txt"
START_TEXT = "---------------------------OX------XO--------------------------- X"


def sq(name: str) -> int:
    return GAME.parse_move(GAME.start({}, 0, 2), name)


def position(rows: list[str], side: str) -> OthelloState:
    """A state from a picture: eight rows top (row 1) to bottom, X black, O white, . empty."""
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    return GAME.parse_position("".join(rows).replace(".", "-") + " " + side, {})


def names(squares: tuple[int, ...] | list[int]) -> list[str]:
    return [GAME.format_move(GAME.start({}, 0, 2), s) for s in squares]


def perft_vectors() -> list[tuple[int, int]]:
    out = []
    for line in DATA.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            depth, count = line.split()
            out.append((int(depth), int(count)))
    return out


def test_registered() -> None:
    assert get_game("othello") is GAME
    assert GAME.info.seat_names == ("Black", "White")


def test_start_position() -> None:
    state = GAME.start({}, 0, 2)
    assert GAME.position_text(state) == START_TEXT
    assert GAME.to_move(state) == 0
    assert sorted(names(GAME.legal_moves(state))) == ["c4", "d3", "e6", "f5"]
    assert GAME.scores(state) == (2, 2)
    assert GAME.describe_last(state) == ""


@pytest.mark.parametrize(("depth", "count"), [v for v in perft_vectors() if v[0] <= 7])
def test_perft(depth: int, count: int) -> None:
    assert perft(GAME, GAME.start({}, 0, 2), depth) == count


def test_flips_in_all_eight_directions_in_wave_order() -> None:
    state = position(
        [
            "........",
            ".X.X.X..",
            "..OOO...",
            ".XO.OOX.",
            "..OOO...",
            ".X.X.X..",
            "........",
            "........",
        ],
        "X",
    )
    after = GAME.play(state, sq("d4"))
    assert after.last is not None
    # east (two discs, nearest first), south-east, south, south-west, west, north-west, north, north-east
    assert names(after.last.flipped) == ["e4", "f4", "e5", "d5", "c5", "c4", "c3", "d3", "e3"]
    assert GAME.scores(after) == (8 + 1 + 9, 0)
    assert GAME.describe_last(after).startswith("Black played d4 and flipped 9 discs: e4, f4")


def test_lines_without_an_own_disc_at_the_end_do_not_flip() -> None:
    state = position(
        [
            "........",
            "........",
            "........",
            "...OOX..",
            "...O....",
            "...O....",
            "...O....",
            "...O....",
        ],
        "X",
    )
    # c4 outflanks d4 e4 towards f4; the white column d5..d8 runs to the edge, b-side is empty
    after = GAME.play(state, sq("c4"))
    assert after.last is not None and names(after.last.flipped) == ["d4", "e4"]
    with pytest.raises(IllegalMove, match="would not outflank"):
        GAME.play(state, sq("d3"))


def test_forced_pass_then_play_continues() -> None:
    # White (to move) has no disc next to an outflankable black line; Black can still play
    state = position(
        [
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXO.",
            "XXXXXX..",
        ],
        "O",
    )
    assert GAME.to_move(state) == 1
    assert GAME.legal_moves(state) == [PASS]
    assert GAME.format_move(state, PASS) == "pass"
    after = GAME.play(state, GAME.parse_move(state, "pass"))
    assert GAME.to_move(after) == 0
    assert GAME.describe_last(after) == "White had no move and passed."
    assert names(GAME.legal_moves(after)) == ["h7", "g8", "h8"]
    with pytest.raises(IllegalMove, match="cannot pass"):
        GAME.play(after, PASS)
    with pytest.raises(IllegalMove, match="must pass"):
        GAME.play(state, sq("h8"))


def test_game_ends_when_neither_side_can_move() -> None:
    state = position(
        [
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXX",
            "XXXXXXXO",
            "XXXXXXX.",
        ],
        "O",
    )
    # White cannot move at h8 (no flips downwards possible); Black can: h8 outflanks h7
    assert GAME.legal_moves(state) == [PASS]
    after = GAME.play(GAME.play(state, PASS), sq("h8"))
    assert GAME.to_move(after) is None
    assert GAME.legal_moves(after) == []
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.winner == 0
    assert outcome.scores == (64, 0)
    assert str(outcome.reason) == "Black wins 64 to 0"
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(after, PASS)


def test_game_over_with_empty_squares_and_a_draw() -> None:
    # two empty rows between the colours: no line runs from an empty square to an own disc
    rows = ["XXXXXXXX"] * 3 + ["........"] * 2 + ["OOOOOOOO"] * 3
    state = position(rows, "X")
    assert GAME.to_move(state) is None
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.scores == (24, 24)
    assert str(outcome.reason) == "Draw, 24 to 24"


def test_white_win_reason() -> None:
    rows = ["OOOOOOOO"] * 5 + ["XXXXXXXX"] * 3
    outcome = GAME.outcome(position(rows, "X"))
    assert outcome is not None
    assert outcome.winner == 1
    assert str(outcome.reason) == "White wins 40 to 24"


def test_illegal_move_messages() -> None:
    state = GAME.start({}, 0, 2)
    with pytest.raises(IllegalMove, match="d4 is already taken"):
        GAME.play(state, sq("d4"))
    with pytest.raises(IllegalMove, match="a1 would not outflank any opposing disc"):
        GAME.play(state, sq("a1"))
    with pytest.raises(IllegalMove, match=r"cannot pass .*d3"):
        GAME.play(state, PASS)
    with pytest.raises(IllegalMove):
        GAME.read_move(state, "e3")


@pytest.mark.parametrize("text", ["", "z9", "d9", "a0", "d", "d33", "passs", "4d"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.start({}, 0, 2), text)


def test_notation_accepts_capitals_and_spaces() -> None:
    state = GAME.start({}, 0, 2)
    assert GAME.parse_move(state, " D3 ") == sq("d3") == 2 * 8 + 3
    assert GAME.parse_move(state, "PASS") == PASS


def test_notation_and_positions_round_trip_on_random_games() -> None:
    chooser = random.Random(7)
    for _game in range(20):
        state = GAME.start({}, 0, 2)
        while GAME.to_move(state) is not None:
            again = GAME.parse_position(GAME.position_text(state), {})
            assert (again.black, again.white, again.side, again.mobility, again.over) == (
                state.black,
                state.white,
                state.side,
                state.mobility,
                state.over,
            )
            for move in GAME.legal_moves(state):
                assert GAME.parse_move(state, GAME.format_move(state, move)) == move
            state = GAME.play(state, chooser.choice(list(GAME.legal_moves(state))))
        black, white = GAME.scores(state) or (0, 0)
        assert black + white <= 64


@pytest.mark.parametrize(
    "text",
    [
        "",
        "X",
        START_TEXT[:-2],
        START_TEXT[:-2] + " Z",
        START_TEXT[1:],
        START_TEXT.replace("OX", "Ox", 1).replace("x", "Q"),
    ],
)
def test_bad_positions(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_position(text, {})


def test_position_reader_accepts_dots_and_colour_words() -> None:
    state = GAME.parse_position(START_TEXT.replace("-", ".")[:-2] + " black", {})
    assert GAME.position_text(state) == START_TEXT


def test_record_replays_from_the_standard_start() -> None:
    chooser = random.Random(3)
    state = GAME.start({}, 0, 2)
    moves = []
    while GAME.to_move(state) is not None:
        move = chooser.choice(list(GAME.legal_moves(state)))
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
    outcome = GAME.outcome(state)
    assert outcome is not None
    record = Record("othello", 0, {}, (SeatSpec(), SeatSpec()), moves, outcome.result_tag(), outcome.scores)
    states = replay(GAME, Record.loads(record.dumps()))
    assert states[-1] == state


def test_record_from_a_position() -> None:
    text = "XXXXXXXX" * 6 + "XXXXXXXO" + "XXXXXXX- O"
    record = Record("othello", 0, {}, (SeatSpec(), SeatSpec()), ["pass", "h8"], position=text)
    states = replay(GAME, Record.loads(record.dumps()))
    assert GAME.outcome(states[-1]) is not None


def test_play_does_not_change_its_argument() -> None:
    state = GAME.start({}, 0, 2)
    before = (state.black, state.white, state.side, state.mobility)
    GAME.play(state, sq("d3"))
    assert (state.black, state.white, state.side, state.mobility) == before


def test_evaluate_and_state_key() -> None:
    state = GAME.play(GAME.start({}, 0, 2), sq("d3"))
    assert GAME.state_key(state) == (state.black, state.white, 1)
    assert isinstance(GAME.evaluate(state, 0), float)
    # a corner is worth more than the square diagonally next to it
    corner = position(
        ["X.......", "........", "..OX....", "...XO...", "...OX...", "........", "........", "........"], "O"
    )
    x_square = position(
        ["........", ".X......", "..OX....", "...XO...", "...OX...", "........", "........", "........"], "O"
    )
    assert GAME.evaluate(corner, 0) > GAME.evaluate(x_square, 0)


def test_rules_text() -> None:
    text = GAME.rules_text()
    assert "outflank" in text and "pass" in text
