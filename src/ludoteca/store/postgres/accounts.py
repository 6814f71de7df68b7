"""A club's accounts and ratings in PostgreSQL: `ludoteca.store.accounts` in PostgreSQL's dialect.

The tables are schema step 4 (`migrations`), beside the club's tables and results, so a rating is
written in the transaction that writes its result (`record_rated_game_postgres`, in
`PostgresTableStore.save_tables` next to `add_result`). Several server processes rate games at
once: each locks the rating rows it updates (`SELECT … FOR UPDATE`, players in one order), so two
games of the same player are rated one after the other, never from the same old rating.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ludoteca.store.accounts import POSTGRES, Connection, SqlAccounts, _utc_now, record_rated_game_postgres
from ludoteca.store.credentials import Passwords

if TYPE_CHECKING:
    from ludoteca.store.postgres.club import PostgresTableStore

__all__ = ["POSTGRES", "PostgresAccounts", "record_rated_game_postgres"]


class PostgresAccounts(SqlAccounts):
    """The accounts of the club whose connections `connection()` lends (a connection of the
    club's pool, its errors turned into sentences, given back at the end of the block)."""

    def __init__(
        self,
        connection: Callable[[], AbstractContextManager[Any]],
        *,
        passwords: Passwords | None = None,
        clock: Callable[[], datetime] = _utc_now,
        owner: PostgresTableStore | None = None,
    ) -> None:
        self._connection = connection
        self._owner = owner

        @contextmanager
        def write() -> Iterator[Connection]:
            with connection() as conn, conn.transaction():
                yield conn

        super().__init__(write, connection, POSTGRES, passwords=passwords, clock=clock)

    @staticmethod
    def of(store: PostgresTableStore, *, passwords: Passwords | None = None) -> PostgresAccounts:
        """The accounts of a club store, on its pool of connections."""
        return PostgresAccounts(store.connection, passwords=passwords)

    @staticmethod
    def open(
        url: str, *, passwords: Passwords | None = None, clock: Callable[[], datetime] = _utc_now
    ) -> PostgresAccounts:
        """Open the club database at `url` (created or upgraded) for its accounts; `close()` when done."""
        from ludoteca.store.postgres.club import PostgresTableStore

        store = PostgresTableStore(url)
        return PostgresAccounts(store.connection, passwords=passwords, clock=clock, owner=store)

    def close(self) -> None:
        """Close the store `open` opened (a store lent by `of` stays open)."""
        if self._owner is not None:
            self._owner.close()
