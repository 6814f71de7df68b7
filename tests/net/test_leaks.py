"""Nothing secret leaves the server: every byte each client receives during a whole 3-seat
Qwirkle game and a whole 4-seat Robot Turtles game is searched for the other seats' hands,
decks and face-down programs, the bag's order, the seed and the generator's state; and every
view a client receives is exactly `view(state, seat)` of the server's state at that moment."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca.ai.base import Budget
from ludoteca.ai.levels import computer_for
from ludoteca.core.rng import Rng
from ludoteca.net.client import Client
from ludoteca.net.codec import encode
from ludoteca.net.protocol import PROTOCOL_VERSION, state_from_update
from ludoteca.net.remote import RemoteMatch
from tests.net.conftest import Raw, Running

SEED = 8_675_309_123_456_789


class Recording(Client):
    """A client that keeps every frame it receives, byte for byte."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []

    def _received(self, frame: str | bytes) -> None:
        self.frames.append(frame if isinstance(frame, str) else frame.decode("latin-1"))
        super()._received(frame)


def text(value: Any) -> str:
    return json.dumps(encode(value), separators=(",", ":"), ensure_ascii=False)


def secrets_of(game_key: str, state: Any, seat: int | None) -> set[str]:
    """What `seat` must never receive about `state` (as the codec would write it)."""
    found: set[str] = set()
    if game_key == "qwirkle":
        for other, hand in enumerate(state.hands):
            if other != seat and len(hand) >= 3:
                found.add(text(hand))
        if len(state.bag) >= 3:
            found.add(text(state.bag))
            found.add(text(state.bag[-6:])[1:-1])  # the next draws, in order
    else:
        for other, player in enumerate(state.players):
            piles = [player.deck] if other == seat else [player.deck, player.hand, player.discard]
            if other != seat or not state.show_program:
                piles.append(player.program)
            found.update(text(pile) for pile in piles if len(pile) >= 3)
    if isinstance(state.rng, Rng):
        found.add(str(state.rng.state))
    return found


def play_out(
    running: Running, game_key: str, seats: int, web: Raw | None = None
) -> tuple[Any, list[Recording], list[RemoteMatch]]:
    table = running.table(game_key, ",".join(["remote"] * seats), seed=SEED)
    if web is not None:  # a browser watching: it is sent scenes (net/scene.py), not views
        web.ask({"type": "watch", "table": table.id})
    clients = [Recording(f"127.0.0.1:{running.port}", f"P{i}") for i in range(seats + 1)]
    matches = []
    for number, client in enumerate(clients):
        client.connect()
        client.request("watch" if number == seats else "join")
        matches.append(RemoteMatch(client, RemoteMatch.wait_for_first_state(client)))
    players = matches[:seats]
    chooser = computer_for(players[0].game, 1, None).player
    for _step in range(5000):
        for match in matches:
            match.poll()
        if all(m.over for m in matches):
            break
        for match in players:
            if match.to_move() == match.seat:
                move = chooser.choose(match.game, match.state, match.seat, Budget(1.0), None)
                match.play(match.game.format_move(match.state, move))
        players[0].wait(0.01)
        if web is not None:
            web.state(timeout=0.0)  # keep reading, so its frames are all kept
    assert all(m.over for m in matches)
    for match in matches:
        match.leave()
    return table, clients, matches


@pytest.mark.parametrize(("game_key", "seats"), [("qwirkle", 3), ("turtles", 4)])
def test_no_client_receives_another_seats_secrets(host: Running, game_key: str, seats: int) -> None:
    table, clients, matches = play_out(host, game_key, seats)
    game, states = table.match.game, table.match.states
    for client, match in zip(clients, matches, strict=True):
        seat = match.seat
        assert str(SEED) not in "".join(client.frames)
        # an update holds only pieces of the state it stands for (a patch of this seat's views),
        # so the search reads the states rebuilt whole: a piece cut out of a public list could
        # otherwise look like a secret that happens to be written the same way
        received = "".join(json.dumps(message, separators=(",", ":")) for message in whole(client.frames))
        # what this seat may legitimately see at some point, for secrets that happen to be equal
        allowed = "".join(text(game.view(state, seat)) for state in states)
        leaked = {
            secret
            for state in states
            for secret in secrets_of(game_key, state, seat)
            if secret in received and secret not in allowed
        }
        assert not leaked, f"seat {seat} received {sorted(leaked)[:3]}"
        # and every view it received is exactly its view of the server's state at that moment
        for message in whole(client.frames):
            if message["type"] == "state":
                position = states[len(message["moves"])]
                assert message["view"] == encode(game.view(position, seat))
                # the moves as this seat may read them: what another seat keeps secret is "?"
                assert message["moves"] == table.match.public_moves(seat)[: len(message["moves"])]


def test_a_browser_watching_a_qwirkle_game_receives_no_hand_nor_the_bag(host: Running) -> None:
    web = Raw(host.port, hello=False)
    web.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "browser", "scene": True})
    web.next("welcome")
    table, _clients, _matches = play_out(host, "qwirkle", 3, web)
    web.state(timeout=1.0)
    received = "".join(web.received)
    game = table.match.game
    secrets: set[str] = set()
    for state in table.match.states:
        # the position text names every tile ("hand R5 E5 L3…", "bag …"); a spectator sees none
        for part in game.position_text(state).split(";"):
            words = part.split()
            if words and words[0] in ("hand", "bag") and len(words) >= 4:
                secrets.add(" ".join(words[1:4]))
    assert secrets and str(SEED) not in received
    leaked = {secret for secret in secrets if secret in received}
    assert not leaked, f"the browser received {sorted(leaked)[:3]}"
    assert '"form"' in received and '"@"' not in received  # scenes, with no Python class names


def whole(frames: list[str]) -> list[dict[str, Any]]:
    """The messages received, each update rebuilt into the state it stands for."""
    messages: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    for frame in frames:
        message = json.loads(frame)
        if message["type"] == "update":
            assert last is not None, "an update before any state"
            message = state_from_update(last, message)
        if message["type"] == "state":
            last = message
        messages.append(message)
    return messages


def test_the_search_finds_a_leak_when_there_is_one() -> None:
    """The searcher itself: a frame holding another hand is caught."""
    from ludoteca.core.registry import get_game

    game = get_game("qwirkle")
    state = game.start(game.options({}), SEED, 3)
    frame = json.dumps({"view": encode(state)}, separators=(",", ":"))  # the full state: a leak
    allowed = text(game.view(state, 0))
    leaked = {s for s in secrets_of("qwirkle", state, 0) if s in frame and s not in allowed}
    assert text(state.hands[1]) in leaked and str(state.rng.state) in leaked
