"""Passwords, names and throttling: the parts of accounts that need no database."""

from __future__ import annotations

import pytest

from ludoteca.store.credentials import (
    PASSWORD_PARAMETERS,
    SESSION_PREFIX,
    NameRefused,
    PasswordRefused,
    Passwords,
    Throttle,
    Throttled,
    clean_account_name,
    digest,
    name_key,
    new_secret,
)


def test_password_hash_round_trip_with_the_clubs_parameters() -> None:
    passwords = Passwords()
    stored = passwords.hash("correct horse battery")
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert "correct horse" not in stored
    assert passwords.verify(stored, "correct horse battery")
    assert not passwords.verify(stored, "correct horse batterY")
    assert not passwords.verify(None, "correct horse battery")  # an unknown name: the decoy
    assert not passwords.verify("not a hash", "correct horse battery")
    assert passwords.hash("correct horse battery") != stored  # salted
    assert not passwords.needs_rehash(stored)
    assert PASSWORD_PARAMETERS["memory_cost"] == 19 * 1024


def test_an_older_hash_still_verifies_and_asks_for_a_rehash() -> None:
    older = Passwords(time_cost=1, memory_cost=8, parallelism=1, hash_len=16, salt_len=16)
    stored = older.hash("an old password")
    club = Passwords()
    assert club.verify(stored, "an old password")
    assert club.needs_rehash(stored)


@pytest.mark.parametrize("password", ["short", "x" * 257])
def test_passwords_too_short_or_too_long(password: str) -> None:
    with pytest.raises(PasswordRefused):
        Passwords(time_cost=1, memory_cost=8, parallelism=1).hash(password)
    assert not Passwords(time_cost=1, memory_cost=8, parallelism=1).verify("$argon2id$x", password)


def test_names_equal_without_regard_to_case_or_look_alike_letters() -> None:
    cyrillic = "\u0410nn"  # А, CYRILLIC CAPITAL LETTER A
    assert cyrillic != "Ann"
    assert name_key("Ann") == name_key("ANN") == name_key(cyrillic) == name_key("ann")
    assert name_key("Ｂｏｂ") == name_key("bob")  # fullwidth
    assert name_key("Ann\u200b") == name_key("Ann")  # a zero-width space
    assert name_key("paypaI") == name_key("paypal")  # capital I and small l
    assert name_key("B0b") == name_key("BOb")  # zero and O
    assert name_key("Ann") != name_key("Anne")
    print("keys:", {name: name_key(name) for name in ("Ann", "ANN", cyrillic, "Ｂｏｂ", "B0b")})


@pytest.mark.parametrize(
    "name", ["", "   ", "\u200b", "a\nb", "x" * 25, "Computer", "GUEST", "c\u043emputer"]
)
def test_names_refused(name: str) -> None:
    with pytest.raises(NameRefused):
        clean_account_name(name)


def test_a_name_is_kept_as_typed() -> None:
    assert clean_account_name("  Zoë  ") == ("Zoë", name_key("Zoë"))


def test_tokens_are_random_and_kept_as_digests() -> None:
    first, second = new_secret(SESSION_PREFIX), new_secret(SESSION_PREFIX)
    assert first != second and first.startswith(SESSION_PREFIX) and len(first) > 40
    assert len(digest(first)) == 64 and first not in digest(first)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guess(throttle: Throttle, clock: Clock, names: list[str], addresses: list[str], seconds: int) -> int:
    """A guesser trying once a second, each try a wrong password; returns the tries let through."""
    allowed = 0
    for second in range(seconds):
        clock.now += 1
        name, address = names[second % len(names)], addresses[second % len(addresses)]
        try:
            throttle.check(name, address)
        except Throttled:
            continue
        allowed += 1
        throttle.failed(name, address)
    return allowed


def test_throttling_per_name_from_many_addresses() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock)
    addresses = [f"10.0.{i // 250}.{i % 250}" for i in range(600)]
    # the same name in every spelling: its look-alikes share its count
    names = ["Ann", "ANN", "\u0410nn", "ann"]
    allowed = guess(throttle, clock, names, addresses, 600)
    print(
        f"one name, 600 addresses, 10 minutes at 1 try/s: {allowed} tries let through, {allowed / 10:.1f}/min"
    )
    assert allowed == 50  # 5 a minute


def test_throttling_per_address_over_many_names() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock)
    names = [f"player{i}" for i in range(600)]
    allowed = guess(throttle, clock, names, ["192.0.2.7"], 600)
    print(
        f"one address, 600 names, 10 minutes at 1 try/s: {allowed} tries let through, {allowed / 10:.1f}/min"
    )
    assert allowed == 200  # 20 a minute


def test_a_success_forgets_the_names_failures_and_the_wait_is_told() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock)
    for _ in range(4):
        throttle.failed("Ann", "a")
    throttle.check("Ann", "a")
    throttle.succeeded("Ann")
    for _ in range(5):
        throttle.failed("Ann", "a")
    with pytest.raises(Throttled) as refused:
        throttle.check("ANN", "b")
    assert refused.value.wait == 60
    clock.now += 60
    throttle.check("Ann", "b")


def test_the_throttles_memory_is_bounded() -> None:
    clock = Clock()
    throttle = Throttle(clock=clock, max_keys=100)
    for i in range(1000):
        throttle.failed(f"n{i}", f"a{i}")
    assert len(throttle._failures) <= 100
