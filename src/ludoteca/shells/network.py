"""Hosting and joining a networked game, shared by the terminal and the window.

`host_game` starts a server for one table in a background thread and joins it over loopback like
any other player (the host's front end is just a client); `join_game` connects to a host or a
club. Both remember what a player will want next time in the store's settings: the hosts they
joined recently, and the seat token of the game they were playing, so joining the same address
again after a crash or a dropped connection takes their seat back.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game
from ludoteca.core.options import Options
from ludoteca.core.seats import SeatSpec
from ludoteca.core.think import Think
from ludoteca.i18n import _, os_reason
from ludoteca.net.addresses import addresses_to_share, connect_address, is_loopback
from ludoteca.net.client import Client, NetError
from ludoteca.net.clock import ClockSettings
from ludoteca.net.protocol import DEFAULT_PORT
from ludoteca.net.remote import RemoteMatch
from ludoteca.net.server import HOST, Server, ServerThread
from ludoteca.net.table import ONE_SEAT, SEAT_IN_USE
from ludoteca.net.web import page_address
from ludoteca.shells.session import start_position
from ludoteca.store import Store, StoreError

RECENT_HOSTS = "net.recent_hosts"
MAX_RECENT = 8


@dataclass(frozen=True)
class HostPlan:
    """A game to host, as chosen on the window's options screen."""

    game: Game[Any, Any]
    options: Options
    seats: tuple[SeatSpec, ...]
    seed: int | None = None


@dataclass
class HostedGame:
    """A table this process serves, and the host's own seat at it (None: the host only serves)."""

    server: ServerThread
    match: RemoteMatch | None
    port: int
    bind: str
    addresses: list[str] = field(default_factory=list)
    resumed: bool = False

    def invitation(self, how_to_open: str | None = None) -> list[str]:
        """What to tell friends, line by line; `how_to_open` says how to let the network in
        when the table listens on this computer only (the terminal's flag by default)."""
        if not self.addresses and not is_loopback(self.bind):
            return [
                _(
                    "Listening on every network of this computer, but its address could not be found: "
                    "look it up (ip addr, ipconfig) and tell your friends: ludoteca join ADDRESS:{port}"
                ).format(port=self.port)
            ]
        if not self.addresses:
            return [
                _("This table only accepts players on this computer (it listens on {bind}).").format(
                    bind=self.bind
                ),
                how_to_open or _("To let others on your network join, host with --lan."),
                _("Join from another window here with: ludoteca join 127.0.0.1:{port}").format(
                    port=self.port
                ),
                _("Or from a browser here: {link}").format(link=page_address("127.0.0.1", self.port)),
            ]
        lines = [_("Tell your friends to join with one of:")]
        lines += [f"    ludoteca join {address}:{self.port}" for address in self.addresses]
        lines.append(_("Or to open in a browser (nothing to install):"))
        lines += [f"    {page_address(address, self.port)}" for address in self.addresses]
        return lines

    def page_link(self) -> str | None:
        """The web client's link to give (its table's page), when others can reach this table."""
        if not self.addresses:
            return None
        table = self.match.table if self.match is not None else None
        return page_address(self.addresses[0], self.port, table)

    def close(self) -> None:
        if self.match is not None:
            self.match.leave()
        self.server.stop()


def host_seats(game: Game[Any, Any], given: Sequence[SeatSpec] | None) -> list[SeatSpec]:
    """The table's seats: as given, or the host and enough open seats for the game's default."""
    if given:
        return list(given)
    count = max(2, game.info.default_seats)
    return [SeatSpec("human"), *(SeatSpec("remote") for _seat in range(count - 1))]


def host_game(
    store: Store,
    game: Game[Any, Any] | None,
    options: Options,
    seats: Sequence[SeatSpec] | None,
    *,
    name: str,
    bind: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    seed: int | None = None,
    think: Think | float | None = None,
    clock: ClockSettings | None = None,
    resume: bool = False,
    position: str | None = None,
) -> HostedGame:
    """Start serving one table (a new one, or with `resume` the unfinished one the store kept) and
    join it as the host. The first `human` seat is the host's; other people join the rest.

    A start position of the host's own (a Khet setup from their store, named by the options) is
    looked up here, before anything listens, and travels inside the table: the table's record
    holds its board, so the joiners, the watchers, a restarted server and every saved copy of the
    game start from it, and the lobby shows the setup's name from the options."""
    if position is None and game is not None and not resume:
        position = start_position(game, options, store)
    server = Server(store, HOST, think=think)
    chosen: dict[str, Any] = {}

    def setup(running: Server) -> None:
        if resume:
            tables = running.resume_tables()
            if not tables:
                raise OptionError(_("there is no unfinished network game to resume"))
            table = tables[0]
            host_seat = table.creator
            chosen["token"] = table.reissue(host_seat) if host_seat is not None else None
            return
        if game is None:
            raise OptionError(_("which game? give its key, e.g. ludoteca host connect4"))
        specs = host_seats(game, seats)
        host_seat = next((s for s, spec in enumerate(specs) if spec.kind == "human"), None)
        table = running.new_table(game.info.key, options, specs, seed=seed, clock=clock, position=position)
        chosen["token"] = (
            table.reserve(host_seat, specs[host_seat].name or name) if host_seat is not None else None
        )

    try:
        thread = ServerThread(server, bind, port).start(setup)
    except OSError as err:
        raise NetError(
            _(
                "cannot listen on {bind}:{port} ({reason}); is another game already hosted there? Try --port."
            ).format(bind=bind, port=port, reason=os_reason(err))
        ) from None
    hosted = HostedGame(thread, None, thread.port, bind, addresses_to_share(bind), resumed=resume)
    token = chosen.get("token")
    try:
        client = Client(f"{connect_address(bind)}:{thread.port}", name)
        client.connect()
        if token is not None:
            client.request("join", token=token)
        else:
            client.request("watch")
        hosted.match = RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
    except BaseException:
        thread.stop()
        raise
    return hosted


def _token_key(host: str, port: int) -> str:
    return f"net.seat.{host}:{port}"


def join_game(
    store: Store | None,
    address: str,
    name: str,
    *,
    table: str | None = None,
    seat: int | None = None,
    watch: bool = False,
    client: Client | None = None,
    take_over: Callable[[], bool] | None = None,
) -> RemoteMatch:
    """Sit at a table (the only one of a host, or `table` at a club), or watch it. A seat this
    player (by name) held at that table is taken back with its remembered token; when another
    connection plays it right now, `take_over()` is asked whether to take it here (without it,
    or when it says no, the player sits as a newcomer)."""
    if client is None:
        client = Client(address, name)
        client.connect()
    host, port = client.host, client.port
    remember_host(store, f"{host}:{port}")
    try:
        joined = _join(store, client, table, seat, watch, take_over)
        if joined.get("token"):
            _remember_seat(store, client, joined)
        return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))
    except BaseException:
        client.close()
        raise


def _remember_seat(store: Store | None, client: Client, joined: dict[str, Any]) -> None:
    """Keep the seat's token for next time, with the name it was taken under: everyone who uses
    this computer's account shares the store."""
    held = {"table": joined["table"], "token": joined["token"], "name": client.name}
    _set(store, _token_key(client.host, client.port), json.dumps(held))


def _held_seat(store: Store | None, client: Client, table: str | None) -> dict[str, Any] | None:
    """The remembered seat of this player (by name) at `table` (any, for a host's one table)."""
    saved = _get(store, _token_key(client.host, client.port))
    try:
        held = json.loads(saved) if saved else None
    except ValueError:
        return None
    if not isinstance(held, dict) or held.get("name") != client.name:
        return None
    return held if table is None or held.get("table") == table else None


def _join(
    store: Store | None,
    client: Client,
    table: str | None,
    seat: int | None,
    watch: bool,
    take_over: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    if watch:
        return client.request("watch", table=table)
    held = _held_seat(store, client, table) if seat is None else None
    if held is not None:
        try:
            return client.request("join", table=held.get("table"), token=held.get("token"))
        except NetError as err:
            if err.code == SEAT_IN_USE and take_over is not None and take_over():
                return client.request("join", table=held.get("table"), token=held.get("token"), take=True)
            if err.code != SEAT_IN_USE:
                _set(store, _token_key(client.host, client.port), None)
    try:
        return client.request("join", table=table, seat=seat)
    except NetError as err:
        # a member's own seat, played from another computer right now: taken here if they say so
        if err.code == ONE_SEAT and take_over is not None and take_over():
            return client.request("join", table=table, seat=seat, take=True)
        raise


def open_table(
    store: Store | None,
    client: Client,
    game_key: str,
    options: Options,
    seats: Sequence[str],
    clock: ClockSettings | None = None,
    position: str | None = None,
) -> RemoteMatch:
    """Open a table at a club server and sit at its first seat; `position`: a start of the
    player's own (a Khet setup of theirs, looked up by the caller), which the table keeps."""
    joined = client.request(
        "open",
        game=game_key,
        options=dict(options),
        seats=list(seats),
        clock=clock.as_dict() if clock else None,
        position=position,
    )
    _remember_seat(store, client, joined)
    return RemoteMatch(client, RemoteMatch.wait_for_first_state(client))


def forget_seat(store: Store | None, match: RemoteMatch) -> None:
    """The game is over: the remembered token is of no more use."""
    _set(store, _token_key(match.client.host, match.client.port), None)


# ----- a club's members (the terminal's `join --account` and `club`; the window's screens later) ---
#: hashing a password takes a while at a busy club: its answers are waited for longer
ACCOUNT_SECONDS = 30.0


def sign_in(client: Client, name: str, password: str) -> dict[str, Any]:
    """Sign `client` in at its club; the answer (`signed_in`) names the account. The session
    token stays in the client's memory (it signs a reconnection in again) and is never kept."""
    return client.request("sign_in", timeout=ACCOUNT_SECONDS, name=name, password=password)


def sign_up(client: Client, name: str, password: str, invitation: str | None = None) -> dict[str, Any]:
    """Create the account `name` at the club, and sign `client` in as it."""
    return client.request(
        "sign_up", timeout=ACCOUNT_SECONDS, name=name, password=password, invitation=invitation
    )


def sign_out(client: Client) -> None:
    client.request("sign_out", timeout=ACCOUNT_SECONDS)
    client.session = client.role = None


def player_page(client: Client, name: str, games: int = 20) -> dict[str, Any]:
    """A member's page: ratings by game with their charts, recent games, opponents."""
    return client.request("player", timeout=ACCOUNT_SECONDS, name=name, games=games)


def leaderboard(client: Client, game: str, limit: int = 50) -> dict[str, Any]:
    return client.request("leaderboard", timeout=ACCOUNT_SECONDS, game=game, limit=limit)


def finished_record(client: Client, table: str) -> str:
    """The full record of a finished game of the club (`ludoteca replay` steps through it)."""
    return str(client.request("replay", timeout=ACCOUNT_SECONDS, table=table).get("text", ""))


def recent_hosts(store: Store | None) -> list[str]:
    raw = _get(store, RECENT_HOSTS)
    try:
        hosts = json.loads(raw) if raw else []
    except ValueError:
        return []
    return [h for h in hosts if isinstance(h, str)][:MAX_RECENT]


def remember_host(store: Store | None, address: str) -> None:
    hosts = [h for h in recent_hosts(store) if h != address]
    _set(store, RECENT_HOSTS, json.dumps([address, *hosts][:MAX_RECENT]))


def _get(store: Store | None, key: str) -> str | None:
    if store is None:
        return None
    try:
        return store.get_setting(key)
    except StoreError:
        return None


def _set(store: Store | None, key: str, value: str | None) -> None:
    if store is None:
        return
    # remembering is a convenience; the game goes on without it
    with contextlib.suppress(StoreError):
        store.set_setting(key, value)


__all__ = [
    "HostPlan",
    "HostedGame",
    "finished_record",
    "host_game",
    "join_game",
    "leaderboard",
    "open_table",
    "player_page",
    "recent_hosts",
    "remember_host",
    "sign_in",
    "sign_out",
    "sign_up",
]
