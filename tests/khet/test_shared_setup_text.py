"""What a setup of the player's own becomes when a game starts from it (`position_for`, which the
terminal, the window and a hosted network table all use): its board, checked and written on one
tidy line for the game's record; and a setup that cannot be played is refused with a sentence
that quotes it back on one printable line, not a screenful."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.errors import OptionError
from ludoteca.core.record import Record
from ludoteca.core.seats import SeatSpec
from ludoteca.core.text import printable
from ludoteca.games.khet import GAME
from ludoteca.games.khet.setups import SHOWN_PROBLEMS
from ludoteca.games.khet.setups_command import position_for
from ludoteca.match import Match
from ludoteca.store import Store

#: a setup as a player's file may hold it: comments gone, spread over lines, pieces in any order
SPREAD = "R:P:g4:NW  R:X:a8:S\nS:K:e1 S:X:j1:N\tS:P:c7:NE\n S:P:i7:SW R:K:f8 R:P:c2:NW\n"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "test.sqlite3")


def test_a_players_setup_starts_the_game_from_one_tidy_line(store: Store) -> None:
    store.save_setup("khet", "Duel", SPREAD)
    options = GAME.options({"setup": "Duel"})
    text = position_for(options, store)
    assert text is not None and "\n" not in text and "\t" not in text and "  " not in text
    assert GAME.parse_position(text, options).board == GAME.parse_position(SPREAD, options).board
    # the record names the setup and holds its board: it replays where no setup is stored
    match = Match(GAME, options, (SeatSpec("human"), SeatSpec("human")), 1, position=text)
    match.play("c7c8")
    record = Record.loads(match.to_record().dumps())
    assert record.options["setup"] == "Duel" and record.position == text
    again = Match.from_record(GAME, record)
    assert again.state.board == match.state.board


HOSTILE = {
    "escape codes": "\x1b[31mS:K:e1\x1b[0m S:X:j1:N R:K:f8 R:X:a8:S",
    "a direction override": "\u202eS:K:e1 S:X:j1:N R:K:f8 R:X:a8:S",
    "a token as long as a book": "S:" + "K" * 50_000,
    "two Pharaohs": "S:K:e1 S:K:d1 S:X:j1:N R:K:f8 R:X:a8:S",
    "a line break inside a token": "S:K:e\n1 S:X:j1:N R:K:f8 R:X:a8:S",
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_setup_that_cannot_be_played_is_refused_with_one_printable_line(store: Store, text: str) -> None:
    store.save_setup("khet", "Evil", text)  # the store keeps any text; the setups command checks
    with pytest.raises(OptionError) as refused:
        position_for(GAME.options({"setup": "Evil"}), store)
    sentence = str(refused.value)
    assert sentence.startswith("this setup cannot be used: ")
    assert printable(sentence) == sentence and "\n" not in sentence
    assert len(sentence) <= len("this setup cannot be used: ") + SHOWN_PROBLEMS
