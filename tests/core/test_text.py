"""The one number reader and the one line cleaner every reader of user text goes through."""

from __future__ import annotations

import math
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import NotationError, OptionError, RecordError
from ludoteca.core.outcome import Outcome
from ludoteca.core.record import Record
from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.core.text import (
    BIDI_CONTROLS,
    MAX_THINK_SECONDS,
    NumberError,
    clean_line,
    printable,
    printable_lines,
    read_int,
    read_seconds,
    read_seed,
)

HOSTILE_NUMBERS = ["²", "--5", "9" * 5000, "٣", "５", "1_000", "0x10", " ", "", "1e3", "+-1", "½"]


@pytest.mark.parametrize("text", HOSTILE_NUMBERS)
def test_text_that_is_not_a_plain_whole_number_gets_a_sentence(text: str) -> None:
    with pytest.raises(NumberError, match="the level") as err:
        read_int(text, "the level")
    assert len(str(err.value)) < 200  # a 5,000-digit line is not quoted back whole


def test_a_number_error_is_caught_as_a_notation_or_an_option_error() -> None:
    with pytest.raises(NotationError):
        read_int("²", "x")
    with pytest.raises(OptionError):
        read_int("²", "x")


def test_bounds_are_named_in_the_sentence() -> None:
    assert read_int(" 3 ", "the level", low=1, high=5) == 3
    assert read_int("-7", "n") == -7
    with pytest.raises(NumberError, match="from 1 to 5, not 6"):
        read_int("6", "the level", low=1, high=5)
    with pytest.raises(NumberError, match="at least 1, not 0"):
        read_int("0", "the save number", low=1)


@given(st.integers(min_value=-(10**19), max_value=10**19))
def test_every_written_whole_number_reads_back(value: int) -> None:
    assert read_int(str(value), "n") == value


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_a_number_error(text: str) -> None:
    try:
        value = read_int(text, "n")
    except NumberError:
        return
    assert set(text.strip()) <= set("+-0123456789") and int(text.strip()) == value


def test_a_seed_is_any_number_of_64_bits_as_the_program_draws_them() -> None:
    assert read_seed("18446744073709551615") == 2**64 - 1  # 20 digits: the largest 64-bit seed
    assert read_seed("9" * 19) == 10**19 - 1
    assert read_seed("-12") == -12
    with pytest.raises(
        NumberError, match="the seed must be from -18446744073709551615 to 18446744073709551615"
    ):
        read_seed("18446744073709551616")
    with pytest.raises(NumberError, match="the seed is too long: at most 20 digits"):
        read_seed("1" * 21)


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "1e308", "-1", "-0.5", "601", "1" * 400, "²", ""])
def test_a_thinking_time_is_finite_non_negative_and_bounded(text: str) -> None:
    with pytest.raises(NumberError):
        read_seconds(text, "the time to think")


@pytest.mark.parametrize(
    ("text", "value"), [("0.5", 0.5), ("0,5", 0.5), ("10", 10.0), ("0", 0.0), ("600", 600.0)]
)
def test_thinking_times_people_type_are_read(text: str, value: float) -> None:
    assert read_seconds(text, "t") == value
    assert math.isfinite(read_seconds(text, "t")) and read_seconds(text, "t") <= MAX_THINK_SECONDS


def test_clean_line_removes_escapes_breaks_and_direction_overrides() -> None:
    assert clean_line("Ann\x1b[2J\x1b]0;pwned\x07") == "Ann [2J ]0;pwned"
    assert clean_line("\u202eevil\u202c name\r\n") == "evil name"
    assert clean_line("two\nlines\u2028here") == "two lines here"
    assert clean_line("bad\udce9byte") == "badbyte"
    assert clean_line("Zoë 李 👩‍👩‍👧") == "Zoë 李 👩‍👩‍👧"  # letters and joined emoji stay


#: what issue 23 found reaching other players' terminals: C1 controls (CSI, OSC, NEL), DEL, a
#: right-to-left override and isolate, zero-width characters, a byte-order mark, a line separator,
#: a lone surrogate, a private-use and an unassigned code point
INVISIBLE = "\u009b\u009d\u0085\x7f\u202e\u2066\u200b\u200c\u2060\ufeff\u2028\ud800\ue000\u0378\u00ad"


def test_printable_leaves_nothing_a_terminal_would_act_on_or_hide() -> None:
    assert printable("Mal" + INVISIBLE + "lory") == "Mal" + " " * 5 + "lory"
    assert clean_line(f" {INVISIBLE}Ann{INVISIBLE} ") == "Ann"
    for script in ["Zoé", "Ørjan", "Анна", "李雷", "محمد", "Đặng", "नमस्ते", "Kofi 🙂", "👍🏽", "🏳️‍🌈"]:
        assert printable(script) == script
    # a joiner stays only between two emoji, where a family or a flag needs it
    assert printable("a\u200db 🙂\u200d") == "ab 🙂"
    # several lines: each cleaned, the breaks kept
    assert printable_lines('[Name "A\u202en"]\r\n1. 4\x1b[2J\n') == '[Name "An"] \n1. 4 [2J\n'


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


@given(st.text())
def test_clean_line_never_leaves_a_control_or_override(text: str) -> None:
    cleaned = clean_line(text)
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in BIDI_CONTROLS for c in cleaned)
    # nothing invisible either, but the joiners of emoji
    assert not any(_hidden(c) for c in cleaned.replace("\u200d", ""))
    assert clean_line(cleaned) == cleaned


# ----- the readers that crashed --------------------------------------------------------------
@pytest.mark.parametrize("level", ["²", "--5", "9" * 5000, "٣"])
def test_a_computer_seat_with_a_bad_level_is_refused(level: str) -> None:
    with pytest.raises(OptionError, match="level"):
        parse_seats(f"human,computer:{level}")


def test_seat_names_are_cleaned_and_bounded() -> None:
    seats = parse_seats("Ann\x1b[31m\u202e=human, computer:3")
    assert seats[0].name == "Ann [31m"
    assert SeatSpec("human", None, " \u202e ").name is None
    with pytest.raises(OptionError, match="40 characters"):
        SeatSpec("human", None, "x" * 500)


def _record(**tags: str) -> str:
    head = {"Game": "connect4", "Seed": "1", "Players": "human,human", **tags}
    return "".join(f'[{k} "{v}"]\n' for k, v in head.items()) + "\n1. 4\n"


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "--5", "1.5"])
def test_a_record_with_a_bad_seed_names_the_line(seed: str) -> None:
    with pytest.raises(RecordError, match="seed") as err:
        Record.loads(_record(Seed=seed))
    assert err.value.line == 2


@pytest.mark.parametrize("number", ["9" * 5000, "٣", "0"])
def test_a_record_with_a_bad_move_number_names_the_line(number: str) -> None:
    text = '[Game "connect4"]\n\n' + f"{number}. 4\n"
    with pytest.raises(RecordError) as err:
        Record.loads(text)
    assert err.value.line == 3


def test_a_record_with_bad_scores_is_refused() -> None:
    with pytest.raises(RecordError, match="score"):
        Record.loads(_record(Scores="1 ²"))
    with pytest.raises(RecordError, match="score"):
        Record.loads(_record(Scores="9" * 5000))


def test_a_records_names_and_tags_are_cleaned_on_the_way_in() -> None:
    record = Record.loads(_record(Players="\x1b[2JMallory\u202e=human, Bob=human", Date="2026\x1b[0m-01-01"))
    assert record.seats[0].name == "[2JMallory"
    assert record.date == "2026 [0m-01-01"


@pytest.mark.parametrize("text", ["²-1", "1-" + "9" * 5000, "0-0", "x"])
def test_a_bad_result_tag_is_a_value_error_not_a_crash(text: str) -> None:
    with pytest.raises(ValueError, match="not a result"):
        Outcome.parse_result_tag(text)


@pytest.mark.parametrize("result", ["x", "²", "0", "1-2-3"])
def test_a_resignation_with_an_unreadable_result_is_refused_when_read(result: str) -> None:
    from ludoteca.core.record import replay
    from ludoteca.core.registry import get_game

    text = _record(Result=result, Termination="resignation")
    with pytest.raises(RecordError, match="result"):
        replay(get_game("connect4"), Record.loads(text), text)
