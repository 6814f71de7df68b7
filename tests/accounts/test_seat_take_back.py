"""A signed-in member takes back their own seat from another computer, without the seat's token:
a `join` naming the table (and maybe the seat) from a client signed in as the account the seat is
bound to. Nobody else can: a guest and another member are refused, with and without `take`, and
the counts are printed. A club server on SQLite, real sockets on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ludoteca.net.client import Client, NetError
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.table import ONE_SEAT, digest
from tests.accounts.club_players import member, wait_for
from tests.accounts.test_club_server import Club, open_table, sit


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def notices(client: Client, seconds: float = 5.0, containing: str = "") -> list[str]:
    """The notices `client` was sent (waiting up to `seconds` for one `containing` that text)."""
    found: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = client.next_message(0.1)
        if message is not None and message.get("type") == "notice":
            found.append(str(message.get("text", "")))
            if containing in found[-1]:
                break
    return found


def refused(action: Any) -> NetError | None:
    try:
        action()
    except NetError as err:
        return err
    return None


def seat_peer(club: Club, table: str, seat: int) -> Any:
    assert club.running is not None
    server = club.running.server
    return club.running.call(lambda: server.tables[table].places[seat].peer)


def test_a_member_takes_their_seat_back_from_another_computer(club: Club) -> None:
    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    bob_match = sit(bob, table)
    old_token = ann.token
    # Ann at another computer: signed in as Ann, no token remembered
    laptop = member(club.port, "Ann", new=False)
    assert laptop.token is None
    err = refused(lambda: laptop.request("join", table=table))
    assert err is not None and err.code == ONE_SEAT  # her seat is played from her first computer
    joined = laptop.request("join", table=table, take=True)
    assert joined["seat"] == 0 and joined["token"] and joined["token"] != old_token
    said = notices(ann, containing="took this seat back")
    assert any("took this seat back" in text for text in said), said
    laptop_match = RemoteMatch(laptop, RemoteMatch.wait_for_first_state(laptop))
    assert laptop_match.seat == 0
    laptop_peer = seat_peer(club, table, 0)
    # the first computer lost the seat: it cannot play it, and its token holds nothing any more
    laptop_match.wait(0.3)
    assert refused(lambda: ann.request("move", version=laptop_match.version, move="4")) is not None
    assert old_token is not None and club.running is not None
    server = club.running.server
    kept = club.running.call(lambda: server.tables[table].places[0].token)
    assert kept is not None and kept != digest(old_token)
    # the old computer comes back with its old token (as a client reconnecting does, with
    # `take`): refused, the seat stays with the laptop
    err = refused(lambda: ann.request("join", table=table, token=old_token, take=True))
    assert err is not None and err.code == ONE_SEAT
    assert seat_peer(club, table, 0) is laptop_peer
    if laptop_match.to_move() == 0:
        laptop_match.play("4")
    # the laptop goes; a third computer of Ann's gets the seat at once (nobody plays it now)
    laptop.close()
    wait_for(lambda: seat_peer(club, table, 0) is None)
    phone = member(club.port, "Ann", new=False)
    assert phone.request("join", table=table, seat=0)["seat"] == 0
    phone_match = RemoteMatch(phone, RemoteMatch.wait_for_first_state(phone))
    assert phone_match.seat == 0
    for match in (phone_match, bob_match, ann_match):
        match.leave()
    for client in (ann, bob, phone):
        client.close()


def test_a_guest_or_another_member_cannot_take_a_members_seat(club: Club) -> None:
    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    bob_match = sit(bob, table)
    ann.close()  # Ann's seat waits for her
    wait_for(lambda: seat_peer(club, table, 0) is None)
    guest = Client(f"127.0.0.1:{club.port}", "Ann")  # a guest typing her name
    guest.connect()
    cy = member(club.port, "Cy")
    attempts = 0
    refusals = 0
    for client in (guest, cy):
        for fields in ({}, {"seat": 0}, {"take": True}, {"seat": 0, "take": True}):
            attempts += 1
            err = refused(lambda client=client, fields=fields: client.request("join", table=table, **fields))
            refusals += err is not None
    print(f"seat take-back by a guest or another member: {refusals} of {attempts} joins refused")
    assert refusals == attempts
    assert seat_peer(club, table, 0) is None
    # and Ann, from anywhere, still can
    again = member(club.port, "Ann", new=False)
    assert again.request("join", table=table)["seat"] == 0
    print("seat take-back by the member: 1 of 1 granted")
    for client in (guest, cy, again, bob):
        client.close()
    del ann_match, bob_match


def test_the_front_ends_take_a_members_seat_back_when_the_member_says_so(club: Club) -> None:
    """`join_game` (the terminal's `ludoteca join --account`, the window's lobby): at another
    computer, with no token remembered, the member is asked, and the seat is theirs on yes."""
    from ludoteca.shells.network import join_game

    ann, bob = member(club.port, "Ann"), member(club.port, "Bob")
    table, ann_match = open_table(ann, "connect4", 2)
    bob_match = sit(bob, table)
    address = f"127.0.0.1:{club.port}"
    asked: list[bool] = []

    def say(answer: bool) -> Any:
        def take_over() -> bool:
            asked.append(answer)
            return answer

        return take_over

    refusing = member(club.port, "Ann", new=False)
    err = refused(lambda: join_game(None, address, "Ann", table=table, client=refusing, take_over=say(False)))
    assert err is not None and err.code == ONE_SEAT and asked == [False]
    laptop = member(club.port, "Ann", new=False)
    taken = join_game(None, address, "Ann", table=table, client=laptop, take_over=say(True))
    assert taken.seat == 0 and asked == [False, True]
    assert any("took this seat back" in text for text in notices(ann, containing="took this seat back"))
    for match in (taken, bob_match, ann_match):
        match.leave()
    for client in (ann, bob, laptop):
        client.close()
