"""Attacks on a club's accounts over the network, each counted and printed (pytest -s shows the
counts): password guessing, a guest taking a member's seat with its token, a session token
replayed after signing out, SQL injection in every new text field, two clients of one account at
one table. A club server on SQLite, real sockets on 127.0.0.1."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.net.client import Client, NetError
from ludoteca.net.table import MEMBERS_SEAT, ONE_SEAT
from tests.accounts.club_players import PASSWORDS, member
from tests.accounts.test_club_server import Club

INJECTIONS = [
    "'; DROP TABLE accounts; --",
    "Robert'); DROP TABLE ratings;--",
    '" OR "1"="1',
    "' OR 1=1 --",
    "1; DELETE FROM account_sessions",
    "x' UNION SELECT password FROM accounts --",
    "%s%s%s",
    "?",
]


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    running = Club(tmp_path / "club.sqlite3")
    yield running
    running.stop()


def guest(port: int, name: str = "Mallory") -> Client:
    client = Client(f"127.0.0.1:{port}", name)
    client.connect()
    return client


def refused(action: object) -> NetError | None:
    try:
        action()  # type: ignore[operator]
    except NetError as err:
        return err
    return None


def test_password_guessing_is_throttled(club: Club) -> None:
    member(club.port, "Ann").close()
    mallory = guest(club.port)
    tried, checked, throttled = 12, 0, 0
    for number in range(tried):
        err = refused(
            lambda number=number: mallory.request("sign_in", name="Ann", password=f"guess-{number:04d}")
        )
        assert err is not None
        if "too many sign-in attempts" in str(err):
            throttled += 1
        else:
            checked += 1
    # the right password is refused too while the name is throttled: guessing it changes nothing
    err = refused(lambda: mallory.request("sign_in", name="Ann", password=PASSWORDS["Ann"]))
    print(f"password guessing: {checked} of {tried} guesses checked in a minute, {throttled} throttled")
    assert checked == 5 and throttled == tried - 5
    assert err is not None and "too many sign-in attempts" in str(err)
    mallory.close()


def test_a_guest_cannot_take_a_members_seat_even_with_its_token(club: Club) -> None:
    ann = member(club.port, "Ann")
    table = ann.request("open", game="khet", seats=["remote", "remote"])["table"]
    token = ann.token
    assert token is not None
    ann.close()  # Ann's connection drops: her seat waits for her
    member(club.port, "Bob").close()
    attempts, refusals = 0, 0
    for take in (False, True):
        for client in (guest(club.port), member(club.port, "Bob", new=False)):
            attempts += 1
            err = refused(
                lambda client=client, take=take: client.request("join", table=table, token=token, take=take)
            )
            refusals += err is not None and err.code == MEMBERS_SEAT
            client.close()
    mallory = guest(club.port)
    attempts += 1
    err = refused(lambda: mallory.request("join", table=table, seat=0))
    refusals += err is not None
    print(f"a member's seat: {refusals} of {attempts} attempts by a guest or another member refused")
    assert refusals == attempts
    # Ann, signed in again, takes her seat back with the token
    again = member(club.port, "Ann", new=False)
    assert again.request("join", table=table, token=token)["seat"] == 0
    mallory.close()
    again.close()


def test_a_session_token_replayed_after_sign_out_signs_nobody_in(club: Club) -> None:
    ann = member(club.port, "Ann")
    stolen = ann.session
    ann.request("sign_out")
    later = member(club.port, "Ann", new=False)
    old_after_change = later.session
    later.request("change_password", old=PASSWORDS["Ann"], new="another-passphrase")
    replays, refusals = 0, 0
    thief = guest(club.port)
    for token in (stolen, old_after_change) * 3:
        replays += 1
        err = refused(lambda token=token: thief.request("resume", session=token))
        refusals += err is not None and "session is over" in str(err)
    # a revoked session gives no seat binding either: the thief is still a guest
    err = refused(lambda: thief.request("change_password", old="another-passphrase", new="thief-passphrase"))
    refusals += err is not None
    replays += 1
    print(f"session replay: {refusals} of {replays} replays of revoked tokens refused")
    assert refusals == replays
    assert later.request("resume", session=later.session)["name"] == "Ann"  # the new one works
    for client in (ann, later, thief):
        client.close()


def test_sql_injection_in_every_text_field(club: Club) -> None:
    client = guest(club.port)
    sent, answered = 0, 0
    created = []
    for number, text in enumerate(INJECTIONS):
        name = text[:24]
        fields = [
            ("sign_up", {"name": name, "password": text + "-long-enough"}),
            ("sign_up", {"name": f"P{number}", "password": "long-enough-pw", "invitation": text}),
            ("sign_in", {"name": text, "password": text + "-long-enough"}),
            ("resume", {"session": text}),
            ("change_password", {"old": text + "-long-enough", "new": text + "-new-enough"}),
            ("player", {"name": text}),
            ("leaderboard", {"game": text}),
            ("replay", {"table": text[:32]}),
        ]
        for kind, given in fields:
            sent += 1
            try:
                answer = client.request(kind, **given)
            except NetError as err:
                assert "could not do that" not in str(err), (kind, text)  # a sentence, not a failure
                answered += 1
                continue
            answered += 1
            if kind == "sign_up":
                created.append(answer["name"])
            if kind == "leaderboard":
                assert answer["rows"] == []
    client.close()
    assert club.store is not None
    accounts = club.store.accounts()
    for name in created:  # each kept verbatim, findable, and the tables all still there
        found = accounts.find_account(name)
        assert found is not None and found.name == name
    assert accounts.leaderboard("qwirkle") == []
    print(
        f"SQL injection: {sent} requests with hostile text, {answered} answered with a sentence or a result, "
        f"{len(created)} accounts made with those names kept verbatim"
    )
    assert answered == sent


def test_two_clients_of_one_account_cannot_hold_two_seats(club: Club) -> None:
    first = member(club.port, "Ann")
    table = first.request("open", game="qwirkle", seats=["remote", "remote", "remote"])["table"]
    second = member(club.port, "Ann", new=False)
    attempts, refusals = 0, 0
    for seat in (None, 1, 2):
        attempts += 1
        err = refused(lambda seat=seat: second.request("join", table=table, seat=seat))
        refusals += err is not None and err.code == ONE_SEAT
    print(f"one account, one seat: {refusals} of {attempts} joins by a second client of the account refused")
    assert refusals == attempts
    first.close()
    second.close()


def test_no_password_or_session_token_in_any_log_or_record(
    club: Club, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("DEBUG", logger="ludoteca")
    ann = member(club.port, "Ann")
    bob = member(club.port, "Bob")
    refused(lambda: bob.request("sign_in", name="Bob", password="a-wrong-password"))
    secrets = [PASSWORDS["Ann"], PASSWORDS["Bob"], "a-wrong-password", ann.session, bob.session]
    ann.request("sign_out")
    ann.close()
    bob.close()
    club.stop()
    stored = (tmp_path / "club.sqlite3").read_bytes()
    with sqlite3.connect(tmp_path / "club.sqlite3") as conn:
        dumped = "\n".join(conn.iterdump())
    logged = caplog.text
    found = [s for s in secrets if s and (s.encode() in stored or s in dumped or s in logged)]
    print(
        f"secrets: {len(secrets)} passwords and session tokens looked for in the database and the log, "
        f"{len(found)} found"
    )
    assert found == []
    assert json.dumps(secrets)  # they were real strings
