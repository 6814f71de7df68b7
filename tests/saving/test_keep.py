"""Issue 12, item 10: a game being left is saved even while another program holds the data file,
or kept in a recovery file whose path is given; it is never lost."""

from __future__ import annotations

import io
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store, db


class OtherProgram:
    """Another Ludoteca in the middle of a long write: it holds the data file's write lock."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("BEGIN IMMEDIATE")

    def finish(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("COMMIT")
        self.conn.close()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch, home: Path) -> Iterator[Store]:
    """A store whose writes wait 0.05 s for the lock, and a game that retries quickly."""
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.05)
    monkeypatch.setattr(session, "KEEP_PAUSES", (0.01, 0.01))
    with Store() as store:
        yield store


def a_game() -> Match:
    match = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), 1)
    for column in "4435":
        match.play(column)
    return match


def test_a_busy_data_file_is_waited_for_and_the_game_saved(quick: Store) -> None:
    other = OtherProgram(quick.path)
    said: list[str] = []

    def pause(seconds: float) -> None:
        other.finish()  # the other program is done by the time we try again

    kept = session.keep_match(quick, a_game(), "evening", None, said.append, sleep=pause)
    assert kept.written is not None and kept.recovery is None
    assert said == ["The data file is busy (another Ludoteca is writing); trying again in 0.01 s…"]
    assert "Saved (number 1)" in kept.message
    assert session.load_match(quick, "evening")[0].moves == ["4", "4", "3", "5"]


def test_a_data_file_held_too_long_leaves_the_record_in_a_recovery_file(quick: Store, home: Path) -> None:
    other = OtherProgram(quick.path)
    try:
        kept = session.keep_match(quick, a_game(), "evening", None, lambda _s: None)
    finally:
        other.finish()
    assert kept.written is None and kept.recovery is not None
    assert kept.recovery.parent == home / "recovery"
    assert re.fullmatch(r"\d{8}-\d{6}-connect4\.txt", kept.recovery.name)
    assert f"Its record is kept in {kept.recovery}" in kept.message and "is busy" in kept.message
    # the file is a full record: it can be imported once the data file is free again
    written = session.import_record(quick, kept.recovery.read_text(), "recovered")
    assert session.load_match(quick, written.slot.id)[0].moves == ["4", "4", "3", "5"]
    # a second recovery in the same second does not overwrite the first
    other = OtherProgram(quick.path)
    try:
        again = session.keep_match(quick, a_game(), "evening", None, lambda _s: None)
    finally:
        other.finish()
    assert again.recovery is not None and again.recovery != kept.recovery and kept.recovery.exists()


def test_input_ending_in_the_terminal_while_the_file_is_held_names_the_recovery_file(
    quick: Store, home: Path
) -> None:
    out = io.StringIO()
    game = TerminalGame(
        Match(get_game("othello"), {}, (SeatSpec(), SeatSpec()), 1), quick, Console(io.StringIO("d3\n"), out)
    )
    other = OtherProgram(quick.path)
    try:
        game.run()
    finally:
        other.finish()
    text = out.getvalue()
    assert "trying again in 0.01 s" in text
    [path] = (home / "recovery").iterdir()
    assert f"Its record is kept in {path}; get it back with: ludoteca saves import {path}" in text
    assert "1. d3" in path.read_text()


def test_when_not_even_a_recovery_file_can_be_written_the_record_is_shown(quick: Store, home: Path) -> None:
    (home / "recovery").write_text("a file where the folder should be")
    other = OtherProgram(quick.path)
    try:
        kept = session.keep_match(quick, a_game(), "evening", None, lambda _s: None)
    finally:
        other.finish()
    assert kept.written is None and kept.recovery is None
    assert "copy it into a file and import it" in kept.message
    assert '[Game "connect4"]' in kept.message and "4. 5" in kept.message


def test_even_a_bug_while_saving_leaves_the_game_in_a_recovery_file(
    quick: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(quick, "write_save", broken)
    kept = session.keep_match(quick, a_game(), "evening", None, lambda _s: None)
    assert kept.recovery is not None and "4. 5" in kept.recovery.read_text()
