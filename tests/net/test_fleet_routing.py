"""How a server process of a club finds the process running a table while that table changes
hands (net/fleet.py): a table whose process died and which another process is adopting right
now, or which a process adopted and has not reopened yet, is looked for again, never said not to
exist (a player told "no table" gives up a game that goes on: seen in the failover test).

The store here is a script of what the database answers, in order, so that each moment of a
takeover can be set up exactly; tests/net/test_failover.py plays the same on a real PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from ludoteca.net import fleet as fleet_module
from ludoteca.net import protocol
from ludoteca.net.fleet import Fleet
from ludoteca.net.member import Member
from ludoteca.net.protocol import Request
from ludoteca.store import StoreError
from ludoteca.store.tables import TableRow


@dataclass(frozen=True)
class Where:
    owner: str | None
    status: str
    alive: bool


class Office:
    def __init__(self) -> None:
        self.letters: list[tuple[str, dict[str, Any]]] = []

    async def start(self) -> None:
        pass

    def post(self, to: str, body: str) -> None:
        self.letters.extend((to, letter) for letter in json.loads(f"[{body}]"))

    async def close(self) -> None:
        pass


@dataclass
class ScriptedStore:
    """Answers `table_owner` from `owners`, one after the other (the last one for ever)."""

    owners: list[Where | None]
    asked: int = 0
    adoptions: int = 0
    office: Office = field(default_factory=Office)
    #: the processes the store says are alive (`live_owners`)
    alive: set[str] = field(default_factory=lambda: {"1"})

    def table_owner(self, table_id: str) -> Where | None:
        found = self.owners[min(self.asked, len(self.owners) - 1)]
        self.asked += 1
        return found

    def adopt_orphans(
        self, owner: str, mode: str | None = None, only: Sequence[str] = (), limit: int = 1000
    ) -> tuple[set[str], list[TableRow]]:
        self.adoptions += 1
        return {owner}, []  # another process holds the row: skipped

    def post_office(self, me: str, deliver: Callable[[list[str]], None]) -> Office:
        return self.office

    def live_owners(self) -> set[str]:
        return set(self.alive)


class Limits:
    chat_lines = 5
    chat_window = 10.0


class FakeServer:
    limits = Limits()

    def __init__(self) -> None:
        self.tables: dict[str, Any] = {}
        #: the requests run here, and whether their table was here when they ran
        self.ran: list[tuple[str, bool]] = []
        self.taken: list[str] = []

    def take(self, conn: Member, frame: str | bytes) -> None:
        self.taken.append(str(frame))

    def run(self, conn: Member, request: Request) -> None:
        self.ran.append((request.type, request.get("table") in self.tables))

    def leave(self, conn: Member) -> None:
        pass

    def reopen(self, rows: Sequence[TableRow]) -> list[Any]:
        return []


class Client(Member):
    def __init__(self) -> None:
        super().__init__("Ann", "test", 1.0, 5)
        self.heard: list[Mapping[str, Any]] = []

    def send(self, message: Mapping[str, Any]) -> None:
        self.heard.append(message)

    def hang_up(self, code: int = 1008, reason: str = "") -> None:
        self.closing = True


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_sleep = asyncio.sleep
    monkeypatch.setattr(fleet_module.asyncio, "sleep", lambda seconds: real_sleep(0))
    yield


def settled(fleet: Fleet, start: Callable[[], object]) -> None:
    """Call `start` on a loop, then wait for every task of `fleet` it set going, and theirs."""

    async def go() -> None:
        start()
        while fleet._tasks:
            await asyncio.gather(*list(fleet._tasks))

    asyncio.run(go())


def route(store: ScriptedStore, server: FakeServer | None = None) -> tuple[Fleet, Client]:
    """A join of table "t1" by a client of process "1" with its token, carried to its end."""
    server = server or FakeServer()
    fleet = Fleet(server, store, "1")  # type: ignore[arg-type]
    client = Client()
    frame = protocol.request("join", 7, table="t1", token="x" * 32, take=True)

    def join() -> None:
        assert fleet.takes(client, protocol.parse_request(frame), frame)

    settled(fleet, join)
    return fleet, client


def test_a_table_being_adopted_by_another_process_is_found_there_once_adopted() -> None:
    dead = Where("9", "playing", alive=False)
    store = ScriptedStore([dead, dead, dead, dead, Where("2", "playing", alive=True)])
    _fleet, client = route(store)
    assert client.heard == []  # no error: the player is not told the table is gone
    assert store.adoptions >= 1
    requests = [(to, letter) for to, letter in store.office.letters if letter["k"] == "req"]
    assert [to for to, _letter in requests] == ["2"]
    assert json.loads(requests[0][1]["q"])["type"] == "join"


def test_a_table_this_process_adopted_but_has_not_reopened_yet_is_waited_for() -> None:
    server = FakeServer()
    mine = Where("1", "playing", alive=True)

    class Reopening(ScriptedStore):
        def table_owner(self, table_id: str) -> Where | None:
            if self.asked == 3:
                server.tables["t1"] = object()  # the loop reopened it meanwhile
            return super().table_owner(table_id)

    _fleet, client = route(Reopening([mine]), server)
    assert server.ran == [("join", True)]
    assert client.heard == []


def test_a_table_that_never_settles_gets_a_try_again_answer_not_no_table() -> None:
    dead = Where("9", "playing", alive=False)
    store = ScriptedStore([dead])
    server = FakeServer()
    _fleet, client = route(store, server)
    assert server.ran == []
    assert [m["type"] for m in client.heard] == ["error"]
    reason = str(client.heard[0]["reason"])
    assert "moving to another server" in reason and "no table" not in reason
    assert store.asked >= fleet_module.PATIENCE


def test_a_finished_table_is_said_to_be_over() -> None:
    server = FakeServer()
    _fleet, client = route(ScriptedStore([Where("9", "over", alive=False)]), server)
    assert server.ran == []
    assert "is over" in str(client.heard[0]["reason"])


def test_a_table_that_does_not_exist_is_refused_by_the_server_itself() -> None:
    server = FakeServer()
    _fleet, _client = route(ScriptedStore([None]), server)
    assert server.ran == [("join", False)]  # which answers "there is no table t1 here"


def test_the_owner_sends_a_join_for_a_table_it_does_not_run_back_however_often_it_came() -> None:
    server = FakeServer()
    store = ScriptedStore([None])
    fleet = Fleet(server, store, "2")  # type: ignore[arg-type]
    frame = protocol.request("join", 3, table="t1")
    for tries in (0, 4, 9):
        fleet._letter({"k": "req", "r": 5, "f": "1", "n": "Ann", "q": frame, "t": tries})
    assert server.taken == []
    assert [letter["t"] for _to, letter in store.office.letters] == [1, 5, 10]


def test_a_ban_is_told_to_every_process_the_store_says_is_alive_now() -> None:
    """Not only to those of the last tick's look: process 3 started since (or the look failed),
    and its clients must hear of the ban too (seen as a flaky two-process admin test)."""
    store = ScriptedStore([None], alive={"1", "2", "3"})
    fleet = Fleet(FakeServer(), store, "1")  # type: ignore[arg-type]
    fleet.alive = {"1", "2"}
    settled(fleet, lambda: fleet.tell_standing(42, "banned"))
    told = sorted(
        to for to, letter in store.office.letters if letter == {"k": "standing", "a": 42, "s": "banned"}
    )
    assert told == ["2", "3"]


def test_a_ban_is_told_to_the_last_look_when_the_store_cannot_say() -> None:
    class Unreachable(ScriptedStore):
        def live_owners(self) -> set[str]:
            raise StoreError("the club's database cannot be reached")

    store = Unreachable([None], alive={"1", "2", "3"})
    fleet = Fleet(FakeServer(), store, "1")  # type: ignore[arg-type]
    fleet.alive = {"1", "2"}
    settled(fleet, lambda: fleet.tell_standing(42, "muted"))
    assert [to for to, letter in store.office.letters if letter["k"] == "standing"] == ["2"]
