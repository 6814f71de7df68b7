"""A network match wraps what the server sent: it is not a `Match`, keeps no history it could
parse, shows each move as the server wrote it for this seat, and still gives its player hints."""

from __future__ import annotations

import random

from ludoteca.match import Match
from ludoteca.match.events import Moved
from ludoteca.net.remote import RemoteMatch
from tests.net.conftest import Running
from tests.net.test_robustness import joined, until


def test_a_network_qwirkle_game_shows_the_servers_texts_and_holds_no_history(host: Running) -> None:
    table = host.table("qwirkle", "remote,remote")
    ann, bob = joined(host.port, "Ann"), joined(host.port, "Bob")
    try:
        assert not isinstance(bob, Match) and not hasattr(bob, "states")
        heard: list[Moved] = []
        bob.subscribe(lambda e: heard.append(e) if isinstance(e, Moved) else None)
        until(ann, lambda: ann.playing and ann.to_move() is not None)
        chooser = random.Random(5)
        for _turn in range(4):
            mover = ann if ann.to_move() == ann.seat else bob
            moves = mover.game.legal_moves(mover.state)
            mover.play(chooser.choice(moves))
            played = host.call(lambda: table.match.ply)
            until(ann, lambda n=played: ann.ply == n)
            until(bob, lambda n=played: bob.ply == n)
        for remote in (ann, bob):
            # what the server lets this seat read, never parsed back against a view lacking it
            assert remote.public_moves(None) == host.call(lambda s=remote.seat: table.match.public_moves(s))
            assert remote.describe_last() == remote.describe_last(remote.view(None))
        assert [e.move for e in heard] == bob.public_moves(None)[: len(heard)]
        assert all(text for text in bob.public_moves(None))
    finally:
        ann.leave()
        bob.leave()


def test_a_hint_is_thought_on_the_seats_own_view(host: Running) -> None:
    host.table("connect4", "remote,remote")
    ann, bob = joined(host.port, "Ann"), joined(host.port, "Bob")
    try:
        until(ann, lambda: ann.playing)
        assert isinstance(ann, RemoteMatch) and ann.computer_to_move() is None
        thinker = ann.think(ann.seat, level=2)
        move = thinker.result()
        assert move in ann.game.legal_moves(ann.state)
        ann.play(move)
        until(bob, lambda: bob.ply == 1)
    finally:
        ann.leave()
        bob.leave()
