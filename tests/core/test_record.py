from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ludoteca_tictactoe import GAME

from ludoteca.core import RecordError
from ludoteca.core.record import Record, replay
from ludoteca.core.seats import SeatSpec
from ludoteca.core.text import clean_line
from ludoteca.core.think import Think

WON = ["a1", "b1", "a2", "b2", "a3"]


def make(moves: list[str], **kw: object) -> Record:
    return Record("tictactoe", 7, {}, (SeatSpec("human", None, "Ann"), SeatSpec("computer", 3)), moves, **kw)  # type: ignore[arg-type]


def test_dumps_loads_round_trip_keeps_everything() -> None:
    record = make(WON, result="1-2", date="2026-11-25")
    text = record.dumps()
    assert '[Players "Ann=human, computer:3"]' in text
    loaded = Record.loads(text)
    assert loaded == record
    assert loaded.dumps() == text


def test_the_computers_budget_is_kept_so_the_game_can_be_played_again() -> None:
    record = make(WON, result="1-2", think=Think(nodes=2000))
    text = record.dumps()
    assert '[Think "nodes:2000"]' in text
    assert Record.loads(text).think == Think(nodes=2000)
    assert Record.loads(make(WON, think=Think(seconds=0.5)).dumps()).think == Think(seconds=0.5)
    assert "Think" not in make(WON).dumps() and Record.loads(make(WON).dumps()).think == Think()
    bad = text.replace("nodes:2000", "nodes:lots")
    with pytest.raises(RecordError) as err:
        Record.loads(bad)
    assert err.value.line == bad.splitlines().index('[Think "nodes:lots"]') + 1


def test_replay_reaches_the_same_final_state() -> None:
    states = replay(GAME, make(WON, result="1-2"))
    assert GAME.outcome(states[-1]).winner == 0  # type: ignore[union-attr]
    assert len(states) == len(WON) + 1


def test_an_illegal_move_names_its_line() -> None:
    text = make(["a1", "a1"]).dumps()
    with pytest.raises(RecordError) as err:
        replay(GAME, Record.loads(text), text)
    assert err.value.line == text.splitlines().index("2. a1") + 1
    assert "a1 is already taken" in str(err.value)


def test_a_move_that_is_not_notation_is_refused() -> None:
    text = make(["a1", "zz"]).dumps()
    with pytest.raises(RecordError, match="not a square"):
        replay(GAME, Record.loads(text), text)


def test_a_tampered_result_is_refused() -> None:
    with pytest.raises(RecordError, match="claims the result 2-1"):
        replay(GAME, make(WON, result="2-1"))


def test_a_result_for_an_unfinished_game_is_refused() -> None:
    with pytest.raises(RecordError, match="not over"):
        replay(GAME, make(["a1"], result="1-2"))


def test_a_resignation_may_end_an_unfinished_game() -> None:
    states = replay(GAME, make(["a1"], result="2-1", termination="resignation"))
    assert len(states) == 2


def test_moves_after_the_end_are_refused() -> None:
    with pytest.raises(RecordError, match="already over"):
        replay(GAME, make([*WON, "c3"]))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("hello\n", "Game"),
        ('[Game "tictactoe"\n', "must look like"),
        ('[Game "tictactoe"]\n[Game "x"]\n', "appears twice"),
        ('[Game "tictactoe"]\n\n1. a1\n3. b1\n', "out of order"),
        ('[Game "tictactoe"]\n\n1. a1\n[Seed "3"]\n', "after the moves"),
        ('[Game "tictactoe"]\n[Seed "three"]\n', "whole number"),
        ('[Game "tictactoe"]\n[Players "human,wizard"]\n', "not a seat"),
        ('[Game "tictactoe"]\n\na1\n', "numbered move"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        Record.loads(text)


def test_an_unknown_option_is_refused_on_replay() -> None:
    record = make([])
    record.options = {"colour": "blue"}
    with pytest.raises(RecordError, match="no option"):
        replay(GAME, record)


def test_comments_and_blank_lines_are_ignored() -> None:
    text = '[Game "tictactoe"]\n[Seed "1"]\n\n1. a1 ; the centre is better\n\n2. b2\n'
    assert Record.loads(text).moves == ["a1", "b2"]


@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes_the_reader(text: str) -> None:
    try:
        record = Record.loads(text)
    except RecordError:
        return
    assert record.game


# ----- tag values are escaped on write (issue 12, item 1) -------------------------------------------
AWKWARD = 'line one\nline two\r\t"quoted" back\\slash \x00\x1b[31m \u2028\u2029\x85 \u202eevil'


def test_a_tag_value_on_several_lines_is_written_on_one_and_read_back_exactly() -> None:
    record = make(["a1"], position=AWKWARD)
    text = record.dumps()
    [position_line] = [line for line in text.splitlines() if line.startswith("[Position")]
    assert position_line.endswith('"]')
    assert text.splitlines() == text.rstrip("\n").split("\n")  # no line break hidden in a value
    assert not any(char in text for char in "\x00\x1b\x85\u2028\u2029\u202e\r\t")
    assert Record.loads(text).position == AWKWARD


def test_player_names_with_separators_and_line_breaks_survive_the_round_trip() -> None:
    names = ("Ann, the great", "x=y", "back\\slash", "two\nlines")
    seats = tuple(SeatSpec("human", None, name) for name in names)
    record = Record("tictactoe", 7, {}, seats, ["a1"])
    assert Record.loads(record.dumps()).seats == seats


def test_records_written_before_escaping_still_read_the_same() -> None:
    text = '[Game "khet"]\n[Position "S:S:f4:\\\\ R:S:e5:\\\\"]\n[Players "a\\\\b=human, human"]\n'
    record = Record.loads(text)
    assert record.position == "S:S:f4:\\ R:S:e5:\\"
    assert record.seats[0].name == "a\\b"


def test_half_a_surrogate_pair_is_not_let_into_a_record() -> None:
    record = Record.loads('[Game "tictactoe"]\n[Players "\\ud800=human, human"]\n')
    assert record.seats[0].name == "\ufffd"
    record.seats[0].name.encode("utf-8")  # what the store will have to do


names = st.text(max_size=20).map(str.strip).filter(bool)


@given(position=st.text(max_size=80), first=names, second=names, variant=st.text(max_size=20))
def test_any_text_in_tags_and_names_is_read_back_as_written(
    position: str, first: str, second: str, variant: str
) -> None:
    # names and tags are cleaned on the way in (control characters, direction overrides, the ends'
    # spaces: core.text.clean_line); what is clean is read back exactly, whatever it holds
    first, second, variant = clean_line(first) or "a", clean_line(second) or "b", clean_line(variant)
    seats = (SeatSpec("human", None, first), SeatSpec("computer", 2, second))
    record = Record("tictactoe", 3, {"variant": variant}, seats, ["a1", "b2"], position=position or None)
    text = record.dumps()
    assert Record.loads(text) == record
    assert text.splitlines() == text.rstrip("\n").split("\n")
