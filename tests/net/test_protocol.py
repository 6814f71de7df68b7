"""Every field of every request is checked, and every refusal is a sentence."""

from __future__ import annotations

import json

import pytest

from ludoteca.net.protocol import (
    MAX_CHAT,
    PROTOCOL_VERSION,
    REQUESTS,
    ProtocolError,
    parse_request,
    version_refusal,
)


def test_a_good_request_is_read_with_its_id() -> None:
    request = parse_request(json.dumps({"type": "move", "id": 4, "version": 3, "move": "d3"}))
    assert (request.type, request.id, request.get("version"), request.get("move")) == ("move", 4, 3, "d3")


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (b'{"type": "ping"}', "text frames"),
        ('{"type": "fly"}', "unknown message type 'fly'"),
        ('{"type": "move", "version": 1}', "needs 'move'"),
        ('{"type": "move", "version": "1", "move": "d3"}', "'version' must be a whole number"),
        ('{"type": "move", "version": true, "move": "d3"}', "'version' must be a whole number"),
        ('{"type": "move", "version": -1, "move": "d3"}', "between 0 and"),
        ('{"type": "move", "version": 1, "move": "d3", "seat": 1}', "has no field seat"),
        ('{"type": "chat", "text": "' + "x" * (MAX_CHAT + 1) + '"}', "the limit is 200"),
        ('{"type": "chat", "text": "   "}', "cannot be empty"),
        ('{"type": "chat", "text": "a\\u0007b"}', "control character U+0007"),
        ('{"type": "join", "seat": 9}', "'seat' must lie between 0 and 3"),
        ('{"type": "open", "game": "khet", "seats": []}', "1 to 4 seats"),
        ('{"type": "open", "game": "khet", "options": {"a": [1]}}', "option 'a'"),
        ('{"type": "open", "game": "khet", "clock": {"minutes": 0}}', "between 1 and 180"),
        ('{"type": "answer", "accept": "yes"}', "true or false"),
        ('{"type": "ping", "id": "x"}', "'id' must be a whole number"),
        ("[" * 100000 + "]" * 100000, "JSON"),
    ],
)
def test_bad_requests_get_a_sentence(frame: str | bytes, words: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_request(frame)
    assert words in str(caught.value)


def test_the_version_refusal_names_both_versions() -> None:
    sentence = version_refusal(PROTOCOL_VERSION + 1)
    assert f"version {PROTOCOL_VERSION}" in sentence and f"version {PROTOCOL_VERSION + 1}" in sentence


def test_every_request_type_has_an_example_in_the_protocol_page() -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    for kind in [*REQUESTS, "welcome", "refused", "joined", "state", "ok", "error", "undo_asked", "notice"]:
        assert f'{{"type":"{kind}"' in text, kind
    assert text.rstrip().endswith("their notation.") and "## Beyond one machine" in text
