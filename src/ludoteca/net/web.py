"""The web client, served on the game's own port: a guest opens `http://HOST:PORT/` in a browser.

The server speaks two things on one port. A WebSocket upgrade is the game protocol, as the
terminal and the window speak it; any other request is a plain GET for one of the web client's
files, all of them in this package (`net/site/`), answered here before websockets looks for an
upgrade (`process_request`). The browser runs no rules: it draws the scenes the server sends
(`net.scene`) and sends moves in the game's notation.

What is served is a fixed list made when the server starts — the files of `site/` and the
language catalogues — looked up by the exact path asked: nothing is read from a path a request
names, so `/../`, encoded dots and symlinks find nothing to serve. Every answer carries a strict
Content-Security-Policy (scripts and styles from this origin only, no inline script, no framing).
A browser's WebSocket always says where its page came from (`Origin`): an upgrade from a page of
another site is refused, so no other site can play in a visitor's name; our own clients send no
`Origin` and are let through.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from http import HTTPStatus
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any
from urllib.parse import urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ludoteca.core.registry import declarations
from ludoteca.i18n import LANGUAGES, catalogue
from ludoteca.ratings.games import VARIANT_OPTION

#: the content type of each kind of file the client is made of
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json; charset=utf-8",
}
#: longer paths are refused before any lookup
MAX_PATH = 200
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: a table's own page: the client reads the table from the path
TABLE_PAGE = re.compile(r"/t/[A-Za-z0-9_-]{1,32}")


@dataclass(frozen=True)
class Served:
    content_type: str
    body: bytes


@cache
def files() -> dict[str, Served]:
    """Every path the web client may ask for, and what it gets."""
    served: dict[str, Served] = {}
    _add_folder(served, resources.files("ludoteca.net").joinpath("site"), "/")
    # each game's own drawing, from its package's web/ folder (one game is still one folder)
    for declaration in declarations():
        folder = resources.files(declaration.package).joinpath("web")
        if folder.is_dir():
            _add_folder(served, folder, f"/games/{declaration.key}/")
    for lang in LANGUAGES:
        singles, plurals = catalogue(lang)
        words = json.dumps({"lang": lang, "singular": singles, "plural": plurals}, ensure_ascii=False)
        served[f"/words/{lang}.json"] = Served(CONTENT_TYPES[".json"], words.encode("utf-8"))
    rated = json.dumps({"games": rated_games()}, ensure_ascii=False)
    served["/rated.json"] = Served(CONTENT_TYPES[".json"], rated.encode("utf-8"))
    served["/"] = served["/index.html"]
    return served


def rated_games() -> list[dict[str, str]]:
    """The keys a club rates games under, for the games installed here (each game of two seats or
    more, its variants apart), with the words the page names them by in its player's language:
    the game's title and its variant's declared name ("Khet 2.0", "Connect Four (Cascade)")."""
    keys = []
    for declared in declarations():
        info = declared.game.info
        if info.max_seats < 2:
            continue
        variants = next((o for o in info.options if o.name == VARIANT_OPTION and o.choices), None)
        if variants is None or not variants.choices:
            keys.append({"key": info.key, "title": info.title, "variant": ""})
            continue
        for choice in variants.choices:
            words = variants.label_for(choice) or str(choice)
            keys.append({"key": f"{info.key}/{choice}", "title": info.title, "variant": words})
    return keys


def _add_folder(served: dict[str, Served], folder: Traversable, prefix: str) -> None:
    for entry in folder.iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in CONTENT_TYPES:
            served[prefix + entry.name] = Served(CONTENT_TYPES[suffix], entry.read_bytes())


def _headers(content_type: str, length: int) -> Headers:
    return Headers(
        [
            ("Content-Type", content_type),
            ("Content-Length", str(length)),
            ("Content-Security-Policy", POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cache-Control", "no-cache"),
        ]
    )


def _plain(status: HTTPStatus, text: str) -> Response:
    body = (text + "\n").encode("utf-8")
    return Response(status.value, status.phrase, _headers("text/plain; charset=utf-8", len(body)), body)


def answer(connection: Any, request: Request) -> Response | None:
    """websockets' `process_request`: a file for a plain GET, a refusal for an upgrade from a page
    of another site, None to let a WebSocket upgrade go on."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return None if origin_allowed(request) else _plain(HTTPStatus.FORBIDDEN, "Forbidden origin.")
    if request.method != "GET":
        return _plain(HTTPStatus.METHOD_NOT_ALLOWED, "Only GET is served here.")
    path = request.path.partition("?")[0]
    if len(path) > MAX_PATH:
        return _plain(HTTPStatus.REQUEST_URI_TOO_LONG, "Path too long.")
    served = files().get("/index.html" if TABLE_PAGE.fullmatch(path) else path)
    if served is None:
        return _plain(HTTPStatus.NOT_FOUND, "Not found.")
    return Response(200, "OK", _headers(served.content_type, len(served.body)), served.body)


def origin_allowed(request: Request) -> bool:
    """An upgrade with no `Origin` (our own clients) or from a page this server served."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def page_address(host: str, port: int, table: str | None = None) -> str:
    """The link a host gives a guest: the table's own page, or the club's lobby."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"t/{table}" if table else "")
