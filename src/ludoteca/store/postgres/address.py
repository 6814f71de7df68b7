"""A PostgreSQL URL as Ludoteca reads it, and as it may be shown: never with its password."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError
from ludoteca.store.postgres.driver import require_psycopg

SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(text: str) -> bool:
    return text.strip().lower().startswith(SCHEMES)


def redacted(url: str) -> str:
    """`url` with its password, if any, replaced by stars: the form that may reach a log or a screen."""
    scheme, found, rest = url.partition("://")
    if not found:
        return url
    authority, slash, path = rest.partition("/")
    userinfo, at, hostport = authority.rpartition("@")
    user, colon, _password = userinfo.partition(":")
    if not at or not colon:
        return _without_query_password(url)
    return _without_query_password(f"{scheme}://{user}:***@{hostport}{slash}{path}")


def _without_query_password(url: str) -> str:
    base, mark, query = url.partition("?")
    if not mark:
        return url
    fields = [
        "password=***" if field.lower().startswith("password=") else field for field in query.split("&")
    ]
    return f"{base}?{'&'.join(fields)}"


@dataclass(frozen=True, slots=True)
class Target:
    """Where a store connects: the URL for psycopg, and how to name the server in a sentence."""

    url: str
    #: HOST:PORT/DATABASE, as an operator would recognise it; no user, no password
    where: str
    password: str | None

    def scrub(self, text: str) -> str:
        """`text` (a driver's message) with the password taken out, should it ever be quoted."""
        return text.replace(self.password, "***") if self.password else text


def target(url: str) -> Target:
    """Read `url`, or say what is wrong with it (a StoreError that does not show the password)."""
    require_psycopg()
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    url = url.strip()
    if not is_postgres_url(url):
        raise StoreError(
            _("{url} is not a PostgreSQL URL; write it as postgresql://USER@HOST:PORT/DATABASE.").format(
                url=redacted(url)
            )
        )
    try:
        fields = conninfo_to_dict(url)
    except ProgrammingError as exc:
        raise StoreError(
            _(
                "{url} is not a PostgreSQL URL Ludoteca can use ({detail}); "
                "write it as postgresql://USER@HOST:PORT/DATABASE."
            ).format(url=redacted(url), detail=str(exc).strip())
        ) from None
    host = str(fields.get("host") or os.environ.get("PGHOST") or "localhost")
    port = str(fields.get("port") or os.environ.get("PGPORT") or "5432")
    database = str(fields.get("dbname") or os.environ.get("PGDATABASE") or fields.get("user") or "")
    password = fields.get("password")
    return Target(url, f"{host}:{port}/{database}", str(password) if password else None)
