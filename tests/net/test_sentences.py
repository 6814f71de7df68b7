"""Sentences a server sends (refusals, errors, notices) read in each client's own language, and a
sentence that is not one of ours falls back to the server's words without being run as a format."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.core.registry import get_game
from ludoteca.i18n import N_, Sentence, _
from ludoteca.net.protocol import reason_fields, said, seat_name
from ludoteca.net.table import Place, default_computer_name


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_a_refusal_made_in_english_reads_in_french(english: None) -> None:
    fields = reason_fields(Sentence(N_("seat {n} is not free; the free seats are: {free}"), n=1, free="2, 3"))
    assert fields["reason"] == "seat 1 is not free; the free seats are: 2, 3"
    i18n.set_language("fr")
    french = said(fields)
    assert french == _("seat {n} is not free; the free seats are: {free}").format(n=1, free="2, 3")
    assert french.startswith("la place 1")


def test_a_title_inside_a_sentence_is_translated_too(english: None) -> None:
    title = get_game("connect4").info.title  # (loading the game loads its catalogue)
    sentence = Sentence(
        N_("{title} has hidden draws, so a move cannot be taken back over the network"),
        title=Sentence(title),
    )
    fields = reason_fields(sentence)
    i18n.set_language("fr")
    template = _("{title} has hidden draws, so a move cannot be taken back over the network")
    assert said(fields) == template.format(title=_("Connect Four"))
    assert _("Connect Four") != "Connect Four"


def test_a_notice_keeps_its_text_under_its_own_key(english: None) -> None:
    fields = reason_fields(Sentence(N_("{name} left, so the undo is off."), name="Ann"), "text")
    assert fields["text"] == "Ann left, so the undo is off."
    i18n.set_language("fr")
    assert said(fields, "text") == _("{name} left, so the undo is off.").format(name="Ann")


def test_a_plain_reason_is_shown_as_sent() -> None:
    assert said({"type": "error", "reason": "that move is not legal here"}) == "that move is not legal here"
    assert said({"type": "error"}) == ""


@pytest.mark.parametrize(
    "sentence",
    [
        "seat {n} is taken",  # not a mapping
        {"msgid": "seat {n} is taken"},  # no args
        {"msgid": "seat {n} is taken", "args": {}},  # a field without its value
        {"msgid": "{n.__class__.__mro__}", "args": {"n": 1}},  # attribute access
        {"msgid": "{n[0]}", "args": {"n": "x"}},  # indexing
        {"msgid": "{0}", "args": {}},  # a positional field
        {"msgid": "{n:>1000000}", "args": {"n": 1}},  # a format spec that would pad a megabyte
        {"msgid": "{n!r}", "args": {"n": 1}},  # a conversion
        {"msgid": "an open { brace", "args": {}},
        {"msgid": "x" * 1001, "args": {}},
        {"msgid": "{n}", "args": {"n": True}},
        {"msgid": "{n}", "args": {"n": [1, 2]}},
        {"msgid": "{n}", "args": {"n": "x" * 1001}},
        {"msgid": "{n}", "args": {"bad name": 1, "n": 1}},
        {"msgid": "{n}", "args": {f"a{i}": 1 for i in range(9)} | {"n": 1}},
        # nested three times: an outcome's reason nests twice at most
        {
            "msgid": "{n}",
            "args": {
                "n": {
                    "msgid": "{m}",
                    "args": {"m": {"msgid": "{k}", "args": {"k": {"msgid": "deep", "args": {}}}}},
                }
            },
        },
        {"msgid": "{n}", "args": {"n": 1}, "extra": 1},
    ],
)
def test_a_sentence_that_is_not_ours_falls_back_to_the_servers_words(sentence: Any) -> None:
    assert said({"type": "refused", "reason": "the server's own words", "sentence": sentence}) == (
        "the server's own words"
    )


def test_a_sentence_of_fields_and_text_from_a_peer_is_shown() -> None:
    sentence = {"msgid": "{name} waits at table {id}", "args": {"name": "Ann", "id": 3}}
    assert said({"type": "notice", "text": "…", "sentence": sentence}, "text") == "Ann waits at table 3"


def test_a_computer_named_by_default_is_named_in_each_clients_language(english: None) -> None:
    place = Place(default_computer_name(3), 3)
    named = Place("Deep Thought", 3)
    person = Place("Computer 3")  # a person may call themselves that: theirs to keep
    assert place.default_name and not named.default_name and not person.default_name
    places = (place, named, person)
    seats = [{"name": p.name, "default_name": p.default_name, "level": p.level} for p in places]
    sentence = reason_fields(Sentence(N_("it is not your turn; it is {name}'s"), name=place.spoken_name()))
    i18n.set_language("fr")
    computer = _("Computer {level}").format(level=3)
    assert computer != "Computer 3"
    assert [seat_name(seat) for seat in seats] == [computer, "Deep Thought", "Computer 3"]
    assert computer in said(sentence)


@pytest.mark.parametrize("level", [True, "3", None, 3.5])
def test_a_default_name_with_an_odd_level_keeps_the_servers_name(level: Any) -> None:
    seat = {"name": "Computer 3", "default_name": True, "kind": "computer", "level": level}
    assert seat_name(seat) == "Computer 3"


@pytest.mark.parametrize(
    ("game", "moves", "french"),
    [
        ("connect4", "4 3 4 3 4 3 4", "Jaune a aligné quatre pions"),
        ("othello", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c5 b5 g5", None),
    ],
)
def test_an_outcome_made_in_english_reads_in_french(
    english: None, game: str, moves: str, french: Any
) -> None:
    rules = get_game(game)
    state = rules.start(rules.options(), seed=1, seats=2)
    for text in moves.split():
        if rules.outcome(state) is not None:
            break
        state = rules.play(state, rules.parse_move(state, text))
    ended = rules.outcome(state) or rules.resign(state, 0)
    fields = reason_fields(ended.reason)
    english_words = fields["reason"]
    i18n.set_language("fr")
    shown = said(fields)
    assert shown != english_words and shown == str(ended.reason)
    if french is not None:
        assert shown == french
    else:  # a resignation names the seat in the reader's language
        assert shown == "Noir abandonne"
