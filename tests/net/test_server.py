"""The server as players meet it: handshake, seats, turns, versions, spectators, reconnection,
undo by consent, computers, chat, records. Real sockets on 127.0.0.1."""

from __future__ import annotations

import pytest
from websockets.exceptions import ConnectionClosed

from ludoteca.core.record import Record
from ludoteca.net.protocol import PROTOCOL_VERSION
from ludoteca.store import Store
from tests.net.conftest import Raw, Running, play_until


def seated(
    running: Running, game: str = "connect4", seats: str = "remote,remote", **options: object
) -> tuple[Raw, Raw]:
    running.table(game, seats, **options)
    a, b = Raw(running.port, "Ann"), Raw(running.port, "Bob")
    assert a.ask({"type": "join"})["seat"] == 0
    assert b.ask({"type": "join"})["seat"] == 1
    return a, b


def test_a_client_of_another_version_is_refused_with_both_versions(host: Running) -> None:
    raw = Raw(host.port, hello=False)
    raw.send({"type": "hello", "protocol": PROTOCOL_VERSION + 1, "name": "Zed"})
    answer = raw.recv()
    assert answer["type"] == "refused"
    assert f"version {PROTOCOL_VERSION}" in answer["reason"]
    assert f"version {PROTOCOL_VERSION + 1}" in answer["reason"]
    with pytest.raises(ConnectionClosed):
        raw.recv()


def test_hello_comes_first(host: Running) -> None:
    raw = Raw(host.port, hello=False)
    raw.send({"type": "tables"})
    assert "hello" in raw.recv()["reason"]


def test_turns_versions_and_stale_moves(host: Running) -> None:
    a, b = seated(host)
    state = play_until(a, lambda m: m["status"] == "playing")
    version = state["version"]
    assert b.ask({"type": "move", "version": version, "move": "4"})["reason"].startswith(
        "it is not your turn"
    )
    assert a.ask({"type": "move", "version": version, "move": "4"})["type"] == "ok"
    # the same move again, as a replay or a double click would send it: refused, nothing played
    replay = a.ask({"type": "move", "version": version, "move": "4"})
    assert replay["type"] == "error" and "nothing was played" in replay["reason"]
    after = play_until(b, lambda m: m["version"] > version)
    assert after["moves"] == ["4"] and after["to_move"] == 1
    assert b.ask({"type": "move", "version": after["version"], "move": "9"})["type"] == "error"
    assert b.ask({"type": "move", "version": after["version"], "move": "3"})["type"] == "ok"
    assert host.call(lambda: list(next(iter(host.server.tables.values())).match.moves)) == ["4", "3"]


def test_a_spectator_joining_mid_game_sees_the_same_position(host: Running) -> None:
    a, b = seated(host, "othello")
    play_until(a, lambda m: m["status"] == "playing")
    for ply, (move, mover) in enumerate((("d3", a), ("c5", b), ("f6", a))):
        state = play_until(mover, lambda m, ply=ply: m["status"] == "playing" and len(m["moves"]) == ply)
        assert mover.ask({"type": "move", "version": state["version"], "move": move})["type"] == "ok"
    watcher = Raw(host.port, "Eve")
    assert watcher.ask({"type": "watch"})["seat"] is None
    seen = watcher.next("state")
    player = play_until(b, lambda m: len(m["moves"]) == 3)
    assert seen["view"] == player["view"] and seen["moves"] == ["d3", "c5", "f6"]
    assert watcher.ask({"type": "move", "version": seen["version"], "move": "e6"})["reason"].startswith(
        "spectators cannot play"
    )


def test_reconnecting_with_the_token_restores_the_seat_and_the_view(host: Running) -> None:
    host.table("connect4", "remote,remote")
    a, b = Raw(host.port, "Ann"), Raw(host.port, "Bob")
    a.ask({"type": "join"})
    token = b.ask({"type": "join"})["token"]
    state = play_until(a, lambda m: m["status"] == "playing")
    a.ask({"type": "move", "version": state["version"], "move": "4"})
    b.close()
    left = play_until(a, lambda m: not m["seats"][1]["connected"])
    assert left["to_move"] == 1  # the game waits for Bob
    again = Raw(host.port, "Bob")
    assert again.ask({"type": "join", "token": "not-a-token"})["type"] == "error"
    assert again.ask({"type": "join", "token": token})["seat"] == 1
    back = again.next("state")
    assert back["moves"] == ["4"] and back["seat"] == 1
    assert again.ask({"type": "move", "version": back["version"], "move": "4"})["type"] == "ok"


def test_a_third_person_finds_no_seat_and_cannot_act_for_another(host: Running) -> None:
    a, _b = seated(host)
    intruder = Raw(host.port, "Mallory")
    assert "watch instead" in intruder.ask({"type": "join"})["reason"]
    state = play_until(a, lambda m: m["status"] == "playing")
    assert intruder.ask({"type": "move", "version": state["version"], "move": "4"})["type"] == "error"
    assert "seat" in intruder.ask({"type": "join", "seat": 0})["reason"]


def test_undo_needs_everyones_consent(host: Running) -> None:
    a, b = seated(host)
    state = play_until(a, lambda m: m["status"] == "playing")
    a.ask({"type": "move", "version": state["version"], "move": "4"})
    state = play_until(a, lambda m: m["moves"] == ["4"])
    assert a.ask({"type": "undo", "version": state["version"]})["type"] == "ok"
    assert b.next("undo_asked")["by"] == 0
    assert b.ask({"type": "answer", "accept": False})["type"] == "ok"
    assert "declined" in a.next("notice")["text"]
    a.ask({"type": "undo", "version": state["version"]})
    b.ask({"type": "answer", "accept": True})
    assert play_until(a, lambda m: m["moves"] == [])["to_move"] == 0


def test_undo_is_refused_where_draws_are_hidden(host: Running) -> None:
    a, _b = seated(host, "qwirkle")
    state = play_until(a, lambda m: m["status"] == "playing")
    mover = a if state["to_move"] == 0 else _b
    answer = mover.ask({"type": "undo", "version": state["version"]})
    assert "hidden draws" in answer["reason"] or "nothing to take back" in answer["reason"]


def test_the_creator_starts_with_computers_and_gives_a_vanished_seat_to_one(club: Running) -> None:
    ann = Raw(club.port, "Ann")
    opened = ann.ask({"type": "open", "game": "connect4", "seats": ["remote", "remote"]})
    assert opened["seat"] == 0
    bob = Raw(club.port, "Bob")
    assert bob.ask({"type": "start", "level": 1})["reason"].startswith("join or watch")
    assert ann.ask({"type": "start", "level": 1})["type"] == "ok"
    state = play_until(ann, lambda m: m["status"] == "playing")
    assert state["seats"][1]["kind"] == "computer"
    # named by default: each client names it in its own language (`protocol.seat_name`)
    assert state["seats"][1]["default_name"] is True and state["seats"][0]["default_name"] is False
    ann.ask({"type": "move", "version": state["version"], "move": "4"})
    # the computer (on the server) answers by itself
    assert len(play_until(ann, lambda m: len(m["moves"]) == 2)["moves"]) == 2


def test_a_vanished_player_is_replaced_by_a_computer_and_the_game_goes_on(host: Running) -> None:
    a, b = seated(host)
    state = play_until(a, lambda m: m["status"] == "playing")
    a.ask({"type": "move", "version": state["version"], "move": "4"})
    b.close()
    play_until(a, lambda m: not m["seats"][1]["connected"])
    assert a.ask({"type": "computer", "seat": 1, "level": 1})["type"] == "ok"
    moved = play_until(a, lambda m: len(m["moves"]) == 2)
    assert moved["seats"][1]["kind"] == "computer" and moved["to_move"] == 0


def test_chat_is_shared_and_rate_limited(host: Running) -> None:
    a, b = seated(host)
    assert a.ask({"type": "chat", "text": "good luck"})["type"] == "ok"
    line = b.next("chat")
    assert (line["from"], line["text"]) == ("Ann", "good luck")
    answers = [a.ask({"type": "chat", "text": f"spam {i}"})["type"] for i in range(8)]
    assert "error" in answers


def test_a_record_during_a_game_without_secrets_replays_without_the_seed(host: Running) -> None:
    from ludoteca.core.record import replay
    from ludoteca.core.registry import get_game

    a, _b = seated(host, "connect4", seed=987654321)
    state = play_until(a, lambda m: m["status"] == "playing")
    a.ask({"type": "move", "version": state["version"], "move": "4"})
    text = a.ask({"type": "record"})["text"]
    assert "987654321" not in text and text.rstrip().endswith("1. 4")
    record = Record.loads(text)
    assert len(replay(get_game("connect4"), record, text)) == 2


def test_records_during_the_game_hold_no_seed_and_the_full_record_comes_at_the_end(host: Running) -> None:
    a, b = seated(host, "qwirkle", seed=123456789)
    a.state()
    during = a.ask({"type": "record"})["text"]
    assert "123456789" not in during and "[Seed" not in during
    a.ask({"type": "resign"})
    play_until(b, lambda m: m["status"] == "over")
    after = b.ask({"type": "record"})["text"]
    assert Record.loads(after).seed == 123456789


def test_a_finished_game_goes_to_the_servers_store(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = Store(tmp_path / "server.sqlite3")
    running = Running(store=store).start()
    try:
        a, b = seated(running)
        state = play_until(a, lambda m: m["status"] == "playing")
        b.ask({"type": "resign"})
        play_until(a, lambda m: m["status"] == "over")
        rows = store.results("connect4")
        assert len(rows) == 1 and rows[0].winner == "Ann" and rows[0].players == ("Ann", "Bob")
        assert store.open_tables() == []
        del state
    finally:
        running.stop()
