"""The web client's files on the game port: what is served, with which headers, and what is not."""

from __future__ import annotations

import http.client

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from ludoteca.net import web
from tests.net.conftest import Running


def get(
    port: int, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(method, path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def test_the_page_and_its_files_are_served_with_a_strict_policy(host: Running) -> None:
    status, headers, body = get(host.port, "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b'<script src="/app.js"' in body and b"<script>" not in body  # no inline script
    policy = headers["content-security-policy"]
    assert (
        "script-src 'self'" in policy
        and "default-src 'none'" in policy
        and "frame-ancestors 'none'" in policy
    )
    assert headers["x-content-type-options"] == "nosniff"
    for path, kind in (
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/words/fr.json", "application/json"),
    ):
        status, headers, body = get(host.port, path)
        assert status == 200 and headers["content-type"].startswith(kind), path
        assert int(headers["content-length"]) == len(body)
    # a table's own page is the same page, which reads the table from the address
    assert get(host.port, "/t/abc_12")[2] == get(host.port, "/")[2]


def test_the_french_words_come_from_the_programs_catalogue(host: Running) -> None:
    import json

    words = json.loads(get(host.port, "/words/fr.json")[2])
    assert words["lang"] == "fr" and words["singular"]["Claim a draw"] == "Réclamer la nulle"
    assert json.loads(get(host.port, "/words/en.json")[2])["singular"] == {}


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/web.py",
        "/site/app.js",
        "/web.py",
        "/app.js/",
        "//app.js",
        "/t/",
        "/t/a/b",
        "/words/de.json",
        "/.git/config",
        "/index.html%00.js",
    ],
)
def test_nothing_else_is_served(host: Running, path: str) -> None:
    status, headers, body = get(host.port, path)
    assert status == 404 and body == b"Not found.\n" and "content-security-policy" in headers


def test_a_websocket_from_a_page_of_another_site_is_refused(host: Running) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{host.port}/", origin="http://evil.example", open_timeout=5)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    # the page's own origin, and our own clients (no Origin), are let in
    with connect(f"ws://127.0.0.1:{host.port}/", origin=f"http://127.0.0.1:{host.port}", open_timeout=5):  # type: ignore[arg-type]
        pass
    with connect(f"ws://127.0.0.1:{host.port}/", open_timeout=5):
        pass


def test_the_link_to_give_names_the_table() -> None:
    assert web.page_address("192.168.1.20", 7373, "k3x") == "http://192.168.1.20:7373/t/k3x"
    assert web.page_address("::1", 7373) == "http://[::1]:7373/"


def test_a_games_own_drawing_names_its_stylesheet_when_it_has_one() -> None:
    from ludoteca.core.registry import get_game
    from ludoteca.net.scene import scene

    for key in ("khet", "qwirkle", "turtles", "connect4", "othello"):
        game = get_game(key)
        start = game.start(game.options({}), 1, 2)
        drawn = scene(game, game.view(start, 0), 0, 0)
        assert drawn["drawer"] == key and drawn["stylesheet"] is True
        assert f"/games/{key}/draw.css" in web.files()
    # a game without a drawing of its own (a plug-in's, say) is drawn by the page's generic one
    solo = get_game("fiveormore")
    drawn = scene(solo, solo.start(solo.options({}), 1, 1), 0, 0)
    assert "drawer" not in drawn and drawn["form"] in ("grid", "text") and drawn["legal"]
