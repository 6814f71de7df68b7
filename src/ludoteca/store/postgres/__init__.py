"""The club's tables in PostgreSQL: what `ludoteca serve --store postgresql://…` runs on.

The player's own data stays in the SQLite `Store`; a club that outgrows one process or one machine
keeps its tables and results here instead. psycopg (the `club` extra) is imported only when one of
these stores is opened, so nothing else in Ludoteca needs it.
"""

from __future__ import annotations

from ludoteca.store.postgres.address import is_postgres_url
from ludoteca.store.postgres.club import PostgresTableStore

__all__ = ["PostgresTableStore", "is_postgres_url"]
