"""psycopg, asked for only when a PostgreSQL store is opened, and its failures as sentences."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from ludoteca.i18n import _
from ludoteca.store.errors import StoreError


class Target(Protocol):
    """Where a store connects, as its sentences name it (`address.Target`; described here, not
    imported, since the address reads `require_psycopg` from this module)."""

    @property
    def where(self) -> str: ...

    def scrub(self, text: str) -> str: ...


#: what to type when psycopg is missing: the extra that brings it
INSTALL = 'pip install "ludoteca[club]"'


def require_psycopg() -> None:
    """Make sure psycopg 3 and its pool can be imported, or say how to install them."""
    missing = [name for name in ("psycopg", "psycopg_pool") if importlib.util.find_spec(name) is None]
    if missing:
        raise StoreError(
            _(
                "a club on PostgreSQL needs {modules}, which is not installed here. "
                "Install it with: {command}"
            ).format(modules=" and ".join(missing), command=INSTALL)
        )


def _detail(target: Target, exc: BaseException) -> str:
    # libpq's messages run over several lines; a sentence keeps to one
    return target.scrub(" ".join(str(exc).split())) or type(exc).__name__


def cannot_connect(target: Target, exc: BaseException) -> StoreError:
    return StoreError(
        _(
            "cannot connect to the PostgreSQL server at {where} ({detail}). Check that it is running "
            "and that the URL's host, port, database, user and password are right."
        ).format(where=target.where, detail=_detail(target, exc))
    )


@contextmanager
def translated(target: Target) -> Iterator[None]:
    """Turn what psycopg raises inside the block into a StoreError naming the server."""
    import psycopg
    from psycopg_pool import PoolTimeout

    try:
        yield
    except StoreError:
        raise
    except PoolTimeout as exc:
        raise StoreError(
            _(
                "no connection to the PostgreSQL server at {where} could be had in time ({detail}); "
                "nothing was changed."
            ).format(where=target.where, detail=_detail(target, exc))
        ) from exc
    except psycopg.errors.QueryCanceled as exc:
        raise StoreError(
            _(
                "the PostgreSQL server at {where} took too long to answer ({detail}); nothing was changed."
            ).format(where=target.where, detail=_detail(target, exc))
        ) from exc
    except psycopg.OperationalError as exc:
        if isinstance(exc, psycopg.errors.TransactionRollback):
            raise _refused(target, exc) from exc  # a conflict the server rolled back, not a lost line
        # the connection broke: if it was during COMMIT, the write may or may not have landed, so
        # it is reported as not done (and never acknowledged); writes replace rows by id, so the
        # server's retry writes the same thing again
        raise StoreError(
            _(
                "the connection to the PostgreSQL server at {where} was lost ({detail}); "
                "what was being written is not counted as done."
            ).format(where=target.where, detail=_detail(target, exc))
        ) from exc
    except psycopg.Error as exc:
        raise _refused(target, exc) from exc


def _refused(target: Target, exc: BaseException) -> StoreError:
    return StoreError(
        _("the PostgreSQL server at {where} refused a request ({detail}); nothing was changed.").format(
            where=target.where, detail=_detail(target, exc)
        )
    )
