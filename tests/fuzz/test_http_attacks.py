"""The HTTP side of the game port, attacked: hostile paths (traversal, encodings, long, binary),
methods, headers and sizes, sent raw on a socket. Counted in the fuzz table: a crash is the server
no longer answering (the page or the game protocol); a wrong state is any answer other than a
known file or a refusal, or a file's bytes under a path that is not its own.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.sync.client import connect

from ludoteca.net import web
from ludoteca.net.protocol import PROTOCOL_VERSION
from ludoteca.net.server import CLUB
from tests.fuzz.support import attack, check, fuzz
from tests.net.conftest import Running

TRAVERSALS = [
    "/../pyproject.toml",
    "/..%2fweb.py",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%252e%252e/etc/passwd",
    "/..\\..\\web.py",
    "/site/app.js",
    "/./app.js",
    "//app.js",
    "/app.js%00.html",
    "/app.js?../../web.py",
    "/t/../app.js",
    "/words/../site/app.js",
    "/words/fr.json/..",
    "/..;/app.js",
    "/%c0%ae%c0%ae/web.py",
    "/index.html/",
    "/INDEX.HTML",
    "/t/" + "a" * 33,
    "/" + "a/" * 150,
    "/\u00e9",
    "/app.js#x",
]
SEGMENT = st.text(st.sampled_from("./\\%2e0aA_-:;?#~\u00e9\x00 "), max_size=12)
PATHS = st.one_of(
    st.sampled_from(TRAVERSALS), st.lists(SEGMENT, max_size=8).map(lambda parts: "/" + "/".join(parts))
)
METHODS = st.sampled_from(
    ["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "get", "G\x00T", ""]
)


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    running = Running(CLUB).start()
    yield running
    running.stop()


def raw(port: int, request: bytes) -> bytes:
    """Send `request` as it is and read the answer until the server closes or stops talking."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        sock.settimeout(2)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
                if b"\r\n\r\n" in received and _complete(received):
                    break
        except (TimeoutError, ConnectionResetError):
            pass
    return received


def _complete(received: bytes) -> bool:
    head, _sep, body = received.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return True


def still_serving(port: int) -> bool:
    answer = raw(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    if not answer.startswith(b"HTTP/1.1 200"):
        return False
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as ws:
        ws.send(f'{{"type": "hello", "protocol": {PROTOCOL_VERSION}, "name": "probe"}}')
        return '"welcome"' in str(ws.recv(5))


def judge(port: int, path: str, answer: bytes) -> None:
    """An answer is a known file under its own path, or a refusal that serves nothing."""
    with attack("http: hostile requests") as row:
        status = answer[9:12]
        body = answer.partition(b"\r\n\r\n")[2]
        known = web.files().get("/index.html" if web.TABLE_PAGE.fullmatch(path) else path)
        if status == b"200":
            check(row, "wrong_state", known is not None and body == known.body, f"served {path!r}")
        else:
            files = [served.body for served in web.files().values() if len(served.body) > 40]
            check(row, "wrong_state", not any(f in body for f in files), f"a file's bytes under {path!r}")


@fuzz(1.0)
@given(path=PATHS, method=METHODS)
def test_hostile_paths_and_methods_serve_nothing_outside_the_list(
    server: Running, path: str, method: str
) -> None:
    request = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode("utf-8", "surrogatepass")
    answer = raw(server.port, request)
    if method == "GET" and answer:
        judge(server.port, path.partition("?")[0].partition("#")[0], answer)
    else:
        with attack("http: hostile requests") as row:
            check(
                row,
                "wrong_state",
                not answer.startswith(b"HTTP/1.1 200"),
                f"{method!r} {path!r} answered 200",
            )


def test_oversized_and_broken_requests_are_refused_and_the_server_goes_on(server: Running) -> None:
    hostile = [
        b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + b"X-Many: y\r\n" * 300 + b"\r\n",
        b"GET / HTTP/1.1\r\nHost: " + b"x" * 20000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n" + b"z" * 1000,
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),  # a TLS hello
        b"GET / HTTP/9.9\r\n\r\n",
        b"\r\n\r\n\r\n",
        b"GET / HTTP/1.1\r\nUpgrade: websocket\r\nOrigin: http://evil.example\r\nHost: 127.0.0.1\r\n\r\n",
    ]
    for request in hostile:
        with attack("http: hostile requests") as row:
            answer = raw(server.port, request)
            check(
                row, "wrong_state", not answer.startswith(b"HTTP/1.1 200"), f"{request[:40]!r} answered 200"
            )
    with attack("http: hostile requests") as row:
        check(row, "crashes", still_serving(server.port), "the server stopped answering")
