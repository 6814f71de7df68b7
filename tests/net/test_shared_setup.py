"""A Khet setup of the host's own travels with the table: its board is the table's start position,
kept in the table's record, so a joiner, a watcher, a restarted host and every saved copy of the
game start from it, and the lobby names it. A setup that cannot be played is refused with a
sentence, by the host before anything listens and by the server like any position."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from ludoteca.core.errors import OptionError
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.core.seats import parse_seats
from ludoteca.core.text import printable
from ludoteca.games.khet.board import RED, SILVER, colour_of, parse_square
from ludoteca.match import Match
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.table import MAX_POSITION
from ludoteca.shells.network import host_game, join_game
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca

from .conftest import Raw, Running
from .test_cli_net import finish, port_of, start

#: Silver's Pyramids on c7 and i7, where no standard setup has one: from it Silver wins in two
#: moves whatever Red does between them (c7c8, then i7j8 turns Silver's beam onto f8)
DUEL = "S:K:e1 S:X:j1:N S:P:c7:NE S:P:i7:SW R:K:f8 R:X:a8:S R:P:c2:NW R:P:g4:NW"
GAME = ["c7c8", "g4g5", "i7j8"]
WIN = "Silver's beam struck Red's Pharaoh on f8: Silver wins"
KHET = get_game("khet")


def colour_on(board: tuple[int, ...], name: str) -> int | None:
    square = parse_square(name)
    assert square is not None
    return colour_of(board[square]) if board[square] else None


def until(match: RemoteMatch, done: object, seconds: float = 10) -> None:
    """Read `match`'s messages until `done()` holds."""
    import time

    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the server did not get there in time"
        match.wait(0.1)


def test_a_hosts_own_setup_is_played_by_a_joiner_and_watched_in_the_terminal(tmp_path: Path) -> None:
    ann_home = tmp_path / "ann"
    setup_file = tmp_path / "duel.txt"
    setup_file.write_text(DUEL + "\n")
    made = run_ludoteca(["setups", "khet", "create", "Duel", "--from", str(setup_file)], ann_home)
    assert made.returncode == 0, made.stderr
    host = start(
        ["host", "khet", "--setup", "Duel", "--port", "0", "--name", "Ann"], ann_home, "c7c8\ni7j8\n"
    )
    try:
        port = port_of(host)
        watcher = start(["join", f"127.0.0.1:{port}", "--watch", "--name", "Eve"], tmp_path / "eve", "")
        assert watcher.stdout is not None
        watched = watcher.stdout.readline()  # it watches before Bob's typed game can end
        bob = run_ludoteca(
            ["join", f"127.0.0.1:{port}", "--name", "Bob"], tmp_path / "bob", "g4g5\n", timeout=60
        )
        ann_out, ann_err = finish(host)
        eve_out, _eve_err = finish(watcher)
        eve_out = watched + eve_out
    finally:
        host.kill()
    assert bob.returncode == 0, bob.stderr + ann_err
    for out in (ann_out, bob.stdout, eve_out):
        # Silver's Pyramid on c7 moved: a move no standard setup allows
        assert "Ann played c7c8" in out and "Bob played g4g5" in out, out
        assert WIN in out, out
    # the joiner keeps the whole game, its start included: it replays where no setup is stored
    shown = run_ludoteca(["saves", "show", "1"], tmp_path / "bob")
    assert shown.returncode == 0, shown.stderr
    assert '[Setup "Duel"]' in shown.stdout and "[Position " in shown.stdout
    record_text = shown.stdout[shown.stdout.index('[Game "khet"]') :]
    (tmp_path / "bob-game.txt").write_text(record_text)
    replayed = run_ludoteca(["replay", str(tmp_path / "bob-game.txt"), "--final"], tmp_path / "fresh")
    assert replayed.returncode == 0, replayed.stderr
    assert WIN in replayed.stdout


def test_the_setup_reaches_joiners_and_watchers_and_survives_a_restart(tmp_path: Path) -> None:
    with (
        Store(tmp_path / "ann.sqlite3") as ann_store,
        Store(tmp_path / "bob.sqlite3") as bob_store,
    ):
        ann_store.save_setup("khet", "Duel", DUEL)
        hosted = host_game(ann_store, KHET, KHET.options({"setup": "Duel"}), None, name="Ann", port=0)
        ann = hosted.match
        assert ann is not None
        try:
            address = f"127.0.0.1:{hosted.port}"
            bob = join_game(bob_store, address, "Bob")
            eve = join_game(None, address, "Eve", watch=True)
            for match in (ann, bob, eve):
                until(match, lambda match=match: match.playing)
                assert match.options["setup"] == "Duel"
                board = match.state.board
                assert colour_on(board, "c7") == SILVER and colour_on(board, "i7") == SILVER
                assert colour_on(board, "c4") is None and colour_on(board, "c2") == RED
            ann.play(GAME[0])
            until(bob, lambda: bob.to_move() == bob.seat)
            bob.play(GAME[1])
            until(ann, lambda: len(ann.moves) == 2)
        finally:
            hosted.close()
        bob.close()
        eve.close()
        # the host's program ends; started again, it resumes the table from the record it kept
        resumed = host_game(ann_store, None, {}, None, name="Ann", port=hosted.port, resume=True)
        try:
            ann = resumed.match
            assert ann is not None
            assert ann.options["setup"] == "Duel" and ann.moves == GAME[:2]
            assert colour_on(ann.state.board, "c8") == SILVER and colour_on(ann.state.board, "i7") == SILVER
            bob = join_game(bob_store, address, "Bob")  # his seat again, by the token he kept
            assert bob.seat == 1
            until(ann, lambda: ann.playing and ann.to_move() == ann.seat)
            ann.play(GAME[2])
            until(bob, lambda: bob.over)
            outcome = bob.outcome
            assert outcome is not None and str(outcome.reason) == WIN
            record = Record.loads(bob.record_text())
        finally:
            resumed.close()
    # the record the players keep names the setup and holds its board: it replays anywhere
    assert record.options["setup"] == "Duel" and record.position is not None
    again = Match.from_record(KHET, record)
    assert again.moves == GAME and again.outcome is not None and str(again.outcome.reason) == WIN


def test_a_clubs_lobby_names_the_setup_a_table_started_from(club: Running) -> None:
    specs = list(parse_seats("remote,remote"))
    options = {"setup": "Duel"}
    club.call(lambda: club.server.new_table("khet", options, specs, position=DUEL))
    raw = Raw(club.port, "Ann")
    try:
        tables = raw.ask({"type": "tables"})["tables"]
        assert [table["options"]["setup"] for table in tables] == ["Duel"]
        joined = raw.ask({"type": "join", "table": tables[0]["table"]})
        assert joined["type"] == "joined"
    finally:
        raw.close()


HOSTILE = {
    "three Pharaohs": DUEL + " S:K:d1",
    "the other edition": "S:K:e1 S:E:e4:/ R:K:f8 R:E:f5:/",
    "a terminal's escape codes": "\x1b[31mS:K:e1\x1b[0m \u202eR:K:f8 " + DUEL,
    "a token as long as a book": "S:" + "K" * 3000,
    "too long": DUEL + " " * MAX_POSITION,
    "nothing but a turn": "turn:S",
}


@pytest.mark.parametrize("position", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_start_position_is_refused_by_the_server_with_a_sentence(
    club: Running, position: str
) -> None:
    specs = list(parse_seats("remote,remote"))
    with pytest.raises(OptionError) as refused:
        club.call(lambda: club.server.new_table("khet", {"setup": "Evil"}, specs, position=position))
    sentence = str(refused.value)
    assert sentence.startswith(("the table cannot start from this position", "the start position is"))
    assert printable(sentence) == sentence and len(sentence) < 600
    # nothing was opened, and the server goes on serving
    assert club.call(lambda: len(club.server.tables)) == 0
    raw = Raw(club.port, "Ann")
    try:
        assert raw.ask({"type": "open", "game": "khet"})["type"] == "joined"
    finally:
        raw.close()


def test_a_setup_that_breaks_the_rules_is_refused_before_the_host_listens(tmp_path: Path) -> None:
    evil = "S:K:e1 S:K:e2 S:X:j1:N \x1b[2J R:K:f8 R:X:a8:S"
    with Store(tmp_path / "ann.sqlite3") as store:
        store.save_setup("khet", "Evil", evil)  # the store keeps any text; the setups command checks
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        with pytest.raises(OptionError) as refused:
            host_game(store, KHET, KHET.options({"setup": "Evil"}), None, name="Ann", port=port)
        sentence = str(refused.value)
        assert sentence.startswith("this setup cannot be used:") and printable(sentence) == sentence
        with socket.socket() as free:
            free.bind(("127.0.0.1", port))  # nothing listens there
    home = tmp_path / "cli"
    with Store(home / "ludoteca.sqlite3") as cli_store:
        cli_store.save_setup("khet", "Evil", evil)
    hosted = run_ludoteca(["host", "khet", "--setup", "Evil", "--port", "0"], home, timeout=30)
    assert hosted.returncode != 0
    assert "this setup cannot be used" in hosted.stderr and "Traceback" not in hosted.stderr
    assert "\x1b" not in hosted.stderr


def test_an_unknown_setup_name_is_refused_before_the_host_listens(tmp_path: Path) -> None:
    with (
        Store(tmp_path / "ann.sqlite3") as store,
        pytest.raises(OptionError, match="ludoteca setups khet list"),
    ):
        host_game(store, KHET, KHET.options({"setup": "Nowhere"}), None, name="Ann", port=0)


def test_a_joiner_sees_the_hosts_board_not_a_setup_of_his_own_with_that_name(tmp_path: Path) -> None:
    """Bob has a setup called Duel too, a different one: the table's board is the host's."""
    with Store(tmp_path / "ann.sqlite3") as ann_store, Store(tmp_path / "bob.sqlite3") as bob_store:
        ann_store.save_setup("khet", "Duel", DUEL)
        bob_store.save_setup("khet", "Duel", DUEL.replace("S:P:c7:NE", "S:P:d7:NE"))
        hosted = host_game(ann_store, KHET, KHET.options({"setup": "Duel"}), None, name="Ann", port=0)
        try:
            bob = join_game(bob_store, f"127.0.0.1:{hosted.port}", "Bob")
            until(bob, lambda: bob.playing)
            assert colour_on(bob.state.board, "c7") == SILVER and colour_on(bob.state.board, "d7") is None
            bob.close()
        finally:
            hosted.close()
