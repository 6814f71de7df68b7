"""Issue 23, item 7: an address is read with the one number reader, and a bad one gets a sentence.

`ludoteca join 127.0.0.1:²` and `ludoteca join 'a[b'` used to end in a traceback, and
`join 127.0.0.1:٣` quietly went to port 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.errors import LudotecaError, OptionError
from ludoteca.net.addresses import parse_address
from ludoteca.net.client import Client
from ludoteca.net.server import HOST, Server, ServerThread
from ludoteca.net.tablestore import MemoryTableStore
from tests.cli_runner import run_ludoteca

GOOD = {
    "192.168.1.20": ("192.168.1.20", 7373),
    " 192.168.1.20:7000 ": ("192.168.1.20", 7000),
    "myhost.local:80": ("myhost.local", 80),
    "ws://game-box:7373/": ("game-box", 7373),
    "127.0.0.1:": ("127.0.0.1", 7373),
    "[::1]:7374": ("::1", 7374),
    "[::1]": ("::1", 7373),
    "::1": ("::1", 7373),
    "ws://[fe80::1]:9000": ("fe80::1", 9000),
}

#: each bad address, and a piece of the sentence that says what is wrong with it
BAD = {
    "127.0.0.1:²": "the port must be a whole number written with the digits 0 to 9, not '²'",
    "127.0.0.1:٣": "the port must be a whole number written with the digits 0 to 9, not '٣'",
    "127.0.0.1:99999": "the port must be from 1 to 65535, not 99999",
    "127.0.0.1:0": "the port must be from 1 to 65535, not 0",
    "127.0.0.1:12345678901234567890123": "the port is too long",
    "a[b": "'a[b' is not an address",
    "host:port:x": "'host:port:x' is not an address",
    "[::1": "'[::1' is not an address",
    "[::1]x": "'[::1]x' is not an address",
    "[nonsense]:80": "'[nonsense]:80' is not an address",
    "two words": "'two words' is not an address",
    "évora.local": "'évora.local' is not an address",
    "ws://host/path": "'ws://host/path' is not an address",
    "\x1b[2Jhost": "'[2Jhost' is not an address",
    "": "give the host's address",
}


@pytest.mark.parametrize("text", list(GOOD))
def test_addresses_people_type_are_read(text: str) -> None:
    assert parse_address(text) == GOOD[text]


@pytest.mark.parametrize("text", list(BAD))
def test_a_bad_address_gets_a_sentence(text: str) -> None:
    with pytest.raises(LudotecaError) as refused:
        parse_address(text)
    assert isinstance(refused.value, OptionError)
    assert BAD[text] in str(refused.value)


def test_join_says_what_is_wrong_with_the_address_instead_of_a_traceback(tmp_path: Path) -> None:
    for address, sentence in [
        ("127.0.0.1:²", "not '²'"),
        ("a[b", "'a[b' is not an address"),
        ("127.0.0.1:٣", "not '٣'"),  # not port 3
    ]:
        result = run_ludoteca(["join", address], tmp_path)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("ludoteca: ") and sentence in result.stderr, result.stderr
        assert "Traceback" not in result.stderr and "127.0.0.1:3" not in result.stderr


def test_an_ipv6_address_in_brackets_still_reaches_a_server() -> None:
    server = ServerThread(Server(MemoryTableStore(), HOST), "::1", 0)
    try:
        server.start()
    except OSError:
        pytest.skip("this computer has no IPv6 loopback")
    try:
        client = Client(f"[::1]:{server.port}", "Ann")
        assert client.connect()["type"] == "welcome"
        client.close()
    finally:
        server.stop()


def test_the_port_to_listen_on_is_read_by_the_same_reader(tmp_path: Path) -> None:
    result = run_ludoteca(["host", "connect4", "--port", "٣"], tmp_path)  # never port 3
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "the port must be a whole number written with the digits 0 to 9, not '٣'" in result.stderr
