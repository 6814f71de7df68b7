"""After its first state, a member is sent what changed (`update`): a patch of its view and the
moves added, which rebuild exactly the state a whole message would have held."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.net.codec import encode
from ludoteca.net.protocol import PROTOCOL_VERSION, patch, patched
from ludoteca.net.server import CLUB
from tests.net.conftest import Raw, Running, play_until, seated_pair

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300)
@given(before=JSON, after=JSON)
def test_a_patch_turns_any_value_into_any_other(before: Any, after: Any) -> None:
    change = json.loads(json.dumps(patch(before, after)))  # as it travels
    assert patched(before, change) == after


def test_a_small_change_travels_small() -> None:
    board = {"@": "Board", "f": {"cells": [0] * 100, "history": [[1] * 100], "turn": 0}}
    moved = {
        "@": "Board",
        "f": {"cells": [0] * 50 + [2] + [0] * 49, "history": [[1] * 100, [0] * 100], "turn": 1},
    }
    assert len(json.dumps(patch(board, moved))) < len(json.dumps(moved)) / 2


def test_members_receive_updates_that_rebuild_the_whole_state() -> None:
    running = Running(CLUB).start()
    try:
        ann, bob, table_id = seated_pair(running.port, "othello")
        players = (ann, bob)
        for ply, move in enumerate(["d3", "c5", "f6", "f5"], start=1):
            state = play_until(ann, lambda m, n=ply - 1: len(m["moves"]) == n)
            mover = players[state["to_move"]]
            assert mover.ask({"type": "move", "version": state["version"], "move": move})["type"] == "ok"
        play_until(ann, lambda m: len(m["moves"]) == 4)
        kinds = [json.loads(frame)["type"] for frame in ann.received]
        assert kinds.count("state") == 1 and kinds.count("update") >= 4  # whole once, then changes
        table = running.server.tables[table_id]
        whole = running.call(lambda: table.state_message(0))
        assert ann.last_state == json.loads(json.dumps(whole))
    finally:
        running.stop()


def test_a_client_of_the_first_protocol_is_told_to_update(club: Running) -> None:
    old = Raw(club.port, hello=False)
    old.send({"type": "hello", "protocol": PROTOCOL_VERSION - 1, "name": "Old"})
    refused = old.next("refused")["reason"]
    assert f"version {PROTOCOL_VERSION}" in refused and f"version {PROTOCOL_VERSION - 1}" in refused


def test_the_bytes_bench_prints_whole_states_and_updates() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "bench", "net", "--bytes"],
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "LANG": "C"},
    )
    assert done.returncode == 0, done.stderr
    found = re.search(r"median (\d+); an update is .* median (\d+)", done.stdout)
    assert found, done.stdout
    assert int(found.group(2)) < int(found.group(1))


def test_spectators_share_one_patch_per_change(monkeypatch: Any) -> None:
    """A patch is made once per view that changed, not once per member: a table watched by many
    costs what a table watched by one does."""
    from ludoteca.net import protocol

    made: list[int] = []
    depth = [0]
    real = protocol.patch

    def counted(before: Any, after: Any) -> Any:  # the patch of a whole view, not of its parts
        made.extend([1] if depth[0] == 0 else [])
        depth[0] += 1
        try:
            return real(before, after)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(protocol, "patch", counted)
    running = Running(CLUB).start()
    try:
        ann, bob, table_id = seated_pair(running.port, "othello")
        watchers = [Raw(running.port, f"W{n}") for n in range(5)]
        for watcher in watchers:
            watcher.ask({"type": "watch", "table": table_id})
        state = play_until(ann, lambda m: m["status"] == "playing")
        assert ann.ask({"type": "move", "version": state["version"], "move": "d3"})["type"] == "ok"
        # from then on every spectator holds the same state: the next change is patched once for them
        state = play_until(bob, lambda m: m["moves"] == ["d3"])
        made.clear()
        assert bob.ask({"type": "move", "version": state["version"], "move": "c5"})["type"] == "ok"
        for watcher in watchers:
            assert play_until(watcher, lambda m: m["moves"] == ["d3", "c5"])["view"] == json.loads(
                json.dumps(running.call(lambda: encode(running.server.tables[table_id].match.view(None))))
            )
        assert len(made) == 3  # the spectators' view, Ann's, Bob's
    finally:
        running.stop()
