"""Behind a reverse proxy every client comes from the proxy's address: a proxy the server is told
to trust (`ludoteca serve --trust-proxy`) names the client in X-Forwarded-For, so the limits per
address count each client's own; anybody else's X-Forwarded-For is ignored."""

from __future__ import annotations

import json

from websockets.sync.client import connect

from ludoteca.net.protocol import PROTOCOL_VERSION
from ludoteca.net.server import CLUB, Limits
from tests.net.conftest import Running


def addresses_seen(limits: Limits) -> set[str]:
    running = Running(CLUB, limits=limits).start()
    try:
        headers = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}
        with connect(f"ws://127.0.0.1:{running.port}/", additional_headers=headers) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Ann"}))
            ws.recv(5)
            return set(running.call(lambda: {c.address for c in running.server.connections}))
    finally:
        running.stop()


def test_a_trusted_proxy_names_the_client_and_anyone_else_does_not() -> None:
    # the last address is the one the proxy added; the first, the client may have made up
    assert addresses_seen(Limits(trusted_proxies=frozenset({"127.0.0.1"}))) == {"198.51.100.7"}
    assert addresses_seen(Limits()) == {"127.0.0.1"}
