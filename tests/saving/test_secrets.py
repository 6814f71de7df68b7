"""Issue 12, item 6: while a game with hidden information goes on, what is shown or exported to a
player is that player's view, and undo at a shared screen never crosses another person's secret."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from ludoteca.core import RecordError
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.terminal.console import Console
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.terminal.play import TerminalGame
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca as run

SEED = 987654321


def against_the_computer(key: str) -> Match:
    return Match(get_game(key), {}, (SeatSpec("human", None, "Ann"), SeatSpec("computer", 1)), SEED)


def turtles_with_cards_down() -> Match:
    """Each player puts one card face down into their program, twice; then Ann is to move."""
    match = against_the_computer("turtles")
    while len(match.moves) < 4 or match.to_move() != 0:
        texts = [match.game.format_move(match.state, m) for m in match.game.legal_moves(match.state)]
        match.play(next(t for t in texts if re.fullmatch(r"add [FLRX]", t)))
    return match


def shown(store: Store, match: Match) -> tuple[str, str | None]:
    written = session.save_match(store, match, "secret")
    return session.record_to_show(store.load_save(written.slot.id))


def test_a_turtles_save_shows_neither_the_seed_nor_any_face_down_card(store: Store) -> None:
    match = turtles_with_cards_down()
    text, note = shown(store, match)
    assert note is not None and "full record becomes available when the game ends" in note
    assert "[Seed" not in text and str(SEED) not in text
    assert re.findall(r"^\d+\. (.*)$", text, re.M) == ["add ?"] * len(match.moves)
    # the store keeps everything
    full = Record.loads(store.load_save("secret").record_text)
    assert full.seed == SEED and full.moves == match.moves and "?" not in "".join(match.moves)


def test_a_qwirkle_save_hides_the_tiles_the_computer_gave_back_but_not_the_board(store: Store) -> None:
    match = Match(get_game("qwirkle"), {}, (SeatSpec("human", None, "Ann"), SeatSpec("computer", 1)), SEED)
    match.play(match.game.format_move(match.state, match.game.legal_moves(match.state)[0]))
    exchange = next(
        m
        for m in match.game.legal_moves(match.state)
        if match.game.format_move(match.state, m).startswith("x ")
    )
    match.play(exchange)
    text, _note = shown(store, match)
    moves = re.findall(r"^\d+\. (.*)$", text, re.M)
    assert moves[0] == match.moves[0]  # a play on the board is public
    assert re.fullmatch(r"x( \?\?)+", moves[1]) and moves[1] != match.moves[1]
    assert "[Seed" not in text


def test_a_finished_game_shows_its_full_record(store: Store) -> None:
    match = turtles_with_cards_down()
    match.resign(0)
    text, note = shown(store, match)
    assert note is None and f'[Seed "{SEED}"]' in text and f"2. {match.moves[1]}" in text


def test_games_without_secrets_are_shown_whole(store: Store) -> None:
    match = Match(get_game("connect4"), {}, (SeatSpec(), SeatSpec()), SEED)
    match.play("4")
    text, note = shown(store, match)
    assert note is None and f'[Seed "{SEED}"]' in text


def test_saves_show_and_export_on_the_command_line(home: Path, tmp_path: Path) -> None:
    with Store() as store:
        session.save_match(store, turtles_with_cards_down(), "secret")
    out = run(["saves", "show", "1"], home)
    assert out.returncode == 0 and "[Seed" not in out.stdout
    assert set(re.findall(r"^\d+\. (.*)$", out.stdout, re.M)) == {"add ?"}
    assert out.stdout.startswith("; The seed and the hidden moves are left out")
    target = tmp_path / "secret.txt"
    out = run(["saves", "export", "1", str(target)], home)
    assert out.returncode == 0 and "full record becomes available" in out.stdout
    assert "[Seed" not in target.read_text() and "add ?" in target.read_text()


def hot_seat_qwirkle() -> Match:
    seats = (SeatSpec("human", None, "Ann"), SeatSpec("human", None, "Bob"))
    match = Match(get_game("qwirkle"), {}, seats, SEED)
    match.play(match.game.format_move(match.state, match.game.legal_moves(match.state)[0]))
    return match


def test_at_a_shared_screen_undo_stops_before_another_persons_draw() -> None:
    match = hot_seat_qwirkle()
    before = (list(match.moves), match.state)
    assert match.undo() == 0
    assert (list(match.moves), match.state) == before
    assert match.undo_barrier() == (
        "Undo stops here: taking back Ann's move would show what they drew or hid, which only they may see."
    )
    assert match.redo() == 0


def test_against_the_computer_undo_still_goes_back_to_ones_own_move() -> None:
    match = turtles_with_cards_down()
    assert match.undo_barrier() is None and match.undo() == 2 and match.to_move() == 0


def test_the_terminal_says_why_undo_stops_and_redo_keeps_the_computers_cards_down(store: Store) -> None:
    out = io.StringIO()
    TerminalGame(hot_seat_qwirkle(), store, Console(io.StringIO("\nundo\n"), out)).run()
    assert "Undo stops here: taking back Ann's move" in out.getvalue()
    out = io.StringIO()
    TerminalGame(turtles_with_cards_down(), store, Console(io.StringIO("undo\nredo\n"), out)).run()
    [replayed] = re.findall(r"Replayed: (.*)", out.getvalue())
    assert "add ?" in replayed and not re.search(r"add [FLRX]", replayed)
    # moves of several words: where one ends must show ("add ? ? add ?" could be one move)
    assert len(replayed.split(" · ")) == 2


def test_an_unreplayable_save_of_a_game_with_secrets_is_not_shown(store: Store) -> None:
    whole = turtles_with_cards_down().to_record().dumps()
    out_of_order = whole.replace("\n2. ", "\n7. ", 1)  # does not even parse
    illegal = whole + "5. nonsense\n"  # parses, but does not replay
    for number, broken in enumerate((out_of_order, illegal)):
        store.save_game(f"broken {number}", "turtles", broken)
        with pytest.raises(RecordError, match="hidden information, so it is not shown"):
            session.record_to_show(store.load_save(f"broken {number}"))
        assert str(SEED) in store.load_save(f"broken {number}").record_text  # kept whole in the store
