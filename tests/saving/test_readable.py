"""Issue 12, item 1: every record written is escaped, and proven readable before "Saved" is said."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from ludoteca.core import record as record_module
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca as run


def test_a_khet_game_on_a_setup_of_ones_own_is_saved_readable_and_every_save_still_lists(home: Path) -> None:
    # the exact steps of the report
    assert run(["setups", "khet", "copy", "classic", "mine"], home).returncode == 0
    played = run(["play", "khet", "--setup", "mine", "--players", "human,human"], home, "c1c2\n")
    assert "Saved (number 1)" in played.stdout, played.stderr
    listing = run(["saves"], home)
    assert listing.returncode == 0, listing.stderr
    assert "1 move" in listing.stdout
    shown = run(["saves", "show", "1"], home).stdout
    [position] = [line for line in shown.splitlines() if line.startswith("[Position ")]
    # the setup, tidied onto one line (a line break in a tag is escaped: the next test)
    assert position.endswith('"]') and "S:K:e1" in position and "R:K:f8" in position
    resumed = run(["play", "--resume", "1"], home, "quit\nn\n")
    assert resumed.returncode == 0, resumed.stderr


def test_a_line_break_in_a_player_name_is_saved_and_resumed(store: Store) -> None:
    seats = (SeatSpec("human", None, "Ann\nLee, the 2nd"), SeatSpec("human", None, 'Bob "B"=b'))
    match = Match(get_game("connect4"), {}, seats, 1)
    match.play("4")
    written = session.save_match(store, match, "names")
    again, slot = session.load_match(store, written.slot.id)
    assert again.seats == seats and again.moves == ["4"] and slot == written.slot
    assert len(store.list_saves()) == 1


def test_a_record_that_would_not_read_back_is_not_saved_and_saved_is_not_said(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # names lose line breaks on the way in (core.text), so break the writer on a quote instead
    monkeypatch.setattr(record_module, "_escape", lambda value: value)
    match = Match(get_game("connect4"), {}, (SeatSpec("human", None, 'a"]'), SeatSpec()), 1)
    match.play("4")
    out = io.StringIO()
    game = TerminalGame(match, store, Console(io.StringIO("save\nquit\nn\n"), out))
    game.run()
    text = out.getvalue()
    assert "Could not save" in text and "does not read back" in text
    assert "Saved" not in text
    assert store.list_saves() == []


def test_the_proof_reads_the_stored_text_inside_the_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match(get_game("othello"), {}, (SeatSpec(), SeatSpec()), 1)
    match.play("d3")
    seen: list[str] = []
    original = session.proof_of

    def spying(m: Match):  # type: ignore[no-untyped-def]
        check = original(m)

        def spy(text: str) -> None:
            seen.append(text)
            # the row is written but not yet committed: another connection does not see it
            with Store(store.path) as other:
                assert other.list_saves() == []
            check(text)

        return spy

    monkeypatch.setattr(session, "proof_of", spying)
    written = session.save_match(store, match, "proved")
    assert seen == [store.load_save(written.slot.id).record_text]
    assert re.search(r"^1\. d3$", seen[0], re.M)
