"""Two people trying a club from one computer share its store, where a seat's token is
remembered: a remembered seat is only taken back by the person who held it, and a seat that
another connection plays right now is taken over only when the player says so."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ludoteca.net.client import Client, NetError
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.table import SEAT_IN_USE
from ludoteca.shells.network import join_game, open_table
from ludoteca.store import Store
from tests.net.conftest import Running


def connected(port: int, name: str) -> Client:
    client = Client(f"127.0.0.1:{port}", name, reconnect=1)
    client.connect()
    return client


def until(match: RemoteMatch, condition: Any) -> None:
    deadline = time.monotonic() + 10
    while not condition() and time.monotonic() < deadline:
        match.wait(0.05)
    assert condition()


def test_two_players_on_one_computer_each_take_their_own_seat(club: Running, tmp_path: Path) -> None:
    with Store(tmp_path / "shared.db") as store:
        ann = open_table(store, connected(club.port, "Ann"), "othello", {}, ["remote", "remote"])
        asked: list[str] = []
        bob = join_game(
            store,
            f"127.0.0.1:{club.port}",
            "Bob",
            table=ann.table,
            client=connected(club.port, "Bob"),
            take_over=lambda: asked.append("asked") or True,
        )
        try:
            assert (ann.seat, bob.seat) == (0, 1) and asked == []  # Ann's token was not Bob's to use
            until(ann, lambda: ann.to_move() is not None)  # both seats held: the game has begun
            table = club.call(lambda: club.server.tables[ann.table])
            assert [place.name for place in table.places] == ["Ann", "Bob"]
        finally:
            ann.client.close()
            bob.client.close()


@pytest.mark.parametrize("answer", [False, True])
def test_a_seat_played_elsewhere_is_taken_over_only_when_the_player_agrees(
    club: Running, tmp_path: Path, answer: bool
) -> None:
    with Store(tmp_path / "shared.db") as store:
        first = open_table(store, connected(club.port, "Ann"), "othello", {}, ["remote", "remote"])
        asked: list[bool] = []

        def take_over() -> bool:
            asked.append(answer)
            return answer

        # Ann again, in a second terminal, while the first still plays her seat
        second = join_game(
            store,
            f"127.0.0.1:{club.port}",
            "Ann",
            table=first.table,
            client=connected(club.port, "Ann"),
            take_over=take_over,
        )
        try:
            assert asked == [answer]
            if answer:
                assert second.seat == 0
                told: list[str] = []
                deadline = time.monotonic() + 10
                while not told and time.monotonic() < deadline:
                    message = first.client.next_message(0.05)
                    if message is not None and message.get("type") == "notice":
                        told.append(str(message.get("text")))
                assert told == ["You joined this seat from another connection."]
            else:  # she sits as a newcomer: the seat played elsewhere stays where it is
                assert second.seat == 1 and first.seat == 0
        finally:
            first.client.close()
            second.client.close()


def test_the_server_refuses_a_token_for_a_seat_in_use_unless_asked_to_take_it(club: Running) -> None:
    table = club.table("connect4", "remote,remote")
    ann = connected(club.port, "Ann")
    token = ann.request("join", table=table.id)["token"]
    other = connected(club.port, "Ann")
    with pytest.raises(NetError) as refused:
        other.request("join", table=table.id, token=token)
    assert refused.value.code == SEAT_IN_USE
    assert str(refused.value) == "this seat is being played from another connection right now"
    assert other.request("join", table=table.id, token=token, take=True)["seat"] == 0
    ann.close()
    other.close()
