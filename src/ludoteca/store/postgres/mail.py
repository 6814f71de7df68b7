"""Mail between the server processes of one club, carried by PostgreSQL itself.

Each process has a mailbox: the rows of `ludoteca_mail` addressed to its owner number. Posting
inserts rows and, in the same statement, `NOTIFY`s the channel `ludoteca_mail_<number>` of each
recipient, so the recipient wakes at once; the notification carries no body (a payload is limited
to about 8 kB and a table's state can be bigger), only the news that there is mail. The recipient
reads and deletes its mail in one statement, oldest first, and also looks every `POLL_SECONDS`
in case a notification was missed while its listening connection was being replaced.

Order: one process posts through one connection, one statement after another, so the mail it
sends to another process is numbered, committed and read in the order it was posted. That is
what keeps a client's requests, and the answers to them, in order across processes.

Three connections of its own, all asynchronous on the server's loop: one posting, one listening,
one reading. Mail is not made durable (an unlogged table, `synchronous_commit` off): if the
database crashes, every server loses its connections and every relayed client reconnects anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from psycopg import AsyncConnection

    from ludoteca.store.postgres.address import Target

log = logging.getLogger("ludoteca.store.postgres.mail")

#: seconds between two looks at the mailbox when no notification came
POLL_SECONDS = 1.0
#: seconds before trying a broken connection again: the first pause, and the longest
RETRY_SECONDS = (0.2, 5.0)

_POST = (
    "WITH sent AS (INSERT INTO ludoteca_mail (to_process, body)"
    " SELECT * FROM unnest(%s::text[], %s::text[]) RETURNING to_process)"
    " SELECT pg_notify('ludoteca_mail_' || to_process, '') FROM (SELECT DISTINCT to_process FROM sent) AS d"
)
_READ = "DELETE FROM ludoteca_mail WHERE to_process = %s RETURNING id, body"


def channel(owner: str) -> str:
    if not owner.isdigit():  # an owner is a number the database handed out; it names a channel
        raise ValueError(f"not an owner number: {owner!r}")
    return f"ludoteca_mail_{owner}"


class PostOffice:
    """The mail of the process whose owner number is `me`. `deliver` gets the bodies of the mail
    that came, oldest first, on the loop that called `start`."""

    def __init__(self, target: Target, me: str, deliver: Callable[[list[str]], None]) -> None:
        self.target = target
        self.me = me
        self._channel = channel(me)
        self._deliver = deliver
        #: bodies waiting to be posted, by recipient, in the order they were given
        self._outbox: dict[str, list[str]] = {}
        self._to_post = asyncio.Event()
        self._news = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        #: mail posted and read, for the operator and the benchmarks
        self.posted = 0
        self.read = 0

    async def start(self) -> None:
        # the mailbox must be listened to before anyone learns this process exists
        listening = await self._connect()
        await listening.execute(f"LISTEN {self._channel}")
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(listening)),
            loop.create_task(self._read()),
            loop.create_task(self._post()),
        ]
        self._news.set()  # mail may have come before we listened

    def post(self, to: str, body: str) -> None:
        """Send `body` to the process `to` (from the loop; never blocks)."""
        self._outbox.setdefault(to, []).append(body)
        self._to_post.set()

    async def close(self) -> None:
        """Post what is waiting (for a few seconds at most), then stop."""
        self._closing = True
        self._to_post.set()
        poster = self._tasks[2] if len(self._tasks) == 3 else None
        if poster is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(poster), 5)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # ----- the three connections ----------------------------------------------------------------
    async def _connect(self) -> AsyncConnection[Any]:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(
            self.target.url,
            autocommit=True,
            connect_timeout=10,
            application_name=f"ludoteca mail ({self.me})",
        )
        await conn.execute("SET synchronous_commit = off")
        return conn

    async def _again(self, pause: float, what: str, err: BaseException) -> float:
        log.warning("the club's mail could not be %s (%s); trying again", what, " ".join(str(err).split()))
        await asyncio.sleep(pause)
        return min(max(2 * pause, RETRY_SECONDS[0]), RETRY_SECONDS[1])

    async def _listen(self, conn: AsyncConnection[Any] | None) -> None:
        import psycopg

        pause = RETRY_SECONDS[0]
        while True:
            try:
                if conn is None:
                    conn = await self._connect()
                    await conn.execute(f"LISTEN {self._channel}")
                    self._news.set()  # what came while nobody listened
                async for _notice in conn.notifies():
                    self._news.set()
                    pause = RETRY_SECONDS[0]
            except psycopg.Error as err:
                with contextlib.suppress(psycopg.Error):
                    if conn is not None:
                        await conn.close()
                conn = None
                pause = await self._again(pause, "listened to", err)

    async def _read(self) -> None:
        import psycopg

        conn: AsyncConnection[Any] | None = None
        pause = RETRY_SECONDS[0]
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._news.wait(), POLL_SECONDS)
            self._news.clear()
            try:
                if conn is None:
                    conn = await self._connect()
                cursor = await conn.execute(_READ, (self.me,))
                rows = await cursor.fetchall()
            except psycopg.Error as err:
                with contextlib.suppress(psycopg.Error):
                    if conn is not None:
                        await conn.close()
                conn = None
                pause = await self._again(pause, "read", err)
                self._news.set()
                continue
            pause = RETRY_SECONDS[0]
            if rows:
                rows.sort(key=lambda row: int(row[0]))
                self.read += len(rows)
                try:
                    self._deliver([str(body) for _id, body in rows])
                except Exception:  # one bad letter must not stop the mail
                    log.exception("mail from another server process could not be handled")

    async def _post(self) -> None:
        import psycopg

        conn: AsyncConnection[Any] | None = None
        pause = RETRY_SECONDS[0]
        while True:
            if not self._outbox:
                if self._closing:
                    return
                await self._to_post.wait()
                self._to_post.clear()
                continue
            batch, self._outbox = self._outbox, {}
            recipients = list(batch)
            bodies = ["[" + ",".join(items) + "]" for items in batch.values()]
            try:
                if conn is None:
                    conn = await self._connect()
                await conn.execute(_POST, (recipients, bodies))
            except psycopg.Error as err:
                with contextlib.suppress(psycopg.Error):
                    if conn is not None:
                        await conn.close()
                conn = None
                # put it back in front of what came meanwhile, so the order holds
                for to, items in self._outbox.items():
                    batch.setdefault(to, []).extend(items)
                self._outbox = batch
                if self._closing:
                    return
                pause = await self._again(pause, "posted", err)
                continue
            pause = RETRY_SECONDS[0]
            self.posted += len(bodies)
