"""Issue 12, item 4: the same save resumed in two places never loses either player's moves."""

from __future__ import annotations

import io

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store


def test_two_terminals_resuming_one_save_both_keep_their_moves(store: Store) -> None:
    match = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), 1)
    match.play("4")
    session.save_match(store, match, "Evening")
    with Store(store.path) as elsewhere:
        # both resume the save before either saves
        first_match, first_slot = session.load_match(store, "Evening")
        second_match, second_slot = session.load_match(elsewhere, "Evening")
        first_out, second_out = io.StringIO(), io.StringIO()
        first = TerminalGame(
            first_match, store, Console(io.StringIO("1\nsave\n"), first_out), slot=first_slot
        )
        second = TerminalGame(
            second_match, elsewhere, Console(io.StringIO("7\n7\nsave\n"), second_out), slot=second_slot
        )
        first.run()
        second.run()
    assert "Saved (number 1)" in first_out.getvalue()
    said = second_out.getvalue()
    assert "Saved as “Evening (2)” (number 2): “Evening” was changed elsewhere" in said
    assert "Saved (number 2)" in said
    kept = {s.name: session.load_match(store, s.id)[0].moves for s in store.list_saves()}
    assert kept == {"Evening": ["4", "1"], "Evening (2)": ["4", "7", "7"]}


def test_a_save_renamed_elsewhere_keeps_its_new_name_when_saved_over(store: Store) -> None:
    match = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), 1)
    match.play("4")
    session.save_match(store, match, "Evening")
    resumed, slot = session.load_match(store, "Evening")
    store.rename_save("Evening", "Sunday")
    resumed.play("3")
    written = session.save_match(store, resumed, session.save_name(store, slot), slot)
    assert written.clashed is None and written.slot.name == "Sunday"
    assert [s.name for s in store.list_saves()] == ["Sunday"]
