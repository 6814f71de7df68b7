"""`ludoteca` — the command line. Every command prints a clear sentence on bad input and exits 2."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import itertools
import logging
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca import __version__
from ludoteca.core.declaration import CommandContext, GameDeclaration
from ludoteca.core.errors import LudotecaError, OptionError
from ludoteca.core.game import Game
from ludoteca.core.perft import divide, perft
from ludoteca.core.registry import declaration, declarations, failures, game_keys, get_game
from ludoteca.core.rng import fresh_seed
from ludoteca.core.seats import SeatSpec, parse_seats
from ludoteca.core.text import (
    MAX_THINK_SECONDS,
    clean_line,
    has_undecodable,
    read_int,
    read_seed,
)
from ludoteca.core.think import read_think
from ludoteca.i18n import LANGUAGES, N_, _, ngettext, os_reason, set_language, system_language
from ludoteca.net.protocol import MAX_SEATS
from ludoteca.shells import listings
from ludoteca.shells.options import add_option_flags, argument_type, flag, given_options

USAGE_ERROR = 2


class UsageError(LudotecaError):
    pass


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=prog, description=description)


def _game_parser(prog: str, description: str, game: Game[Any, Any] | None) -> argparse.ArgumentParser:
    """The parser of a command played on one game (`play`, `host`): its usage names the game, and
    without one chosen its help says where each game's own options are listed."""
    epilog = None
    if game is None:
        epilog = _(
            "GAME is one of: {games}. Each game has options of its own: '{prog} GAME --help' lists "
            "them ('ludoteca games' lists every game's)."
        ).format(games=", ".join(game_keys()), prog=prog)
    return argparse.ArgumentParser(
        prog=prog,
        usage=_("{prog} GAME [options]").format(prog=prog)
        if game is None
        else _("{prog} [options]").format(prog=f"{prog} {game.info.key}"),
        description=description,
        epilog=epilog,
    )


VALUE_FLAGS = (
    "--resume",
    "--record",
    "--position",
    "--players",
    "--seats",
    "--seed",
    "--think",
    "--ui",
    "--name",
    "--port",
    "--bind",
    "--clock",
    "--id",
    "--file",
    "--out",
    "--count",
)


def _game_from(argv: Sequence[str], command: str) -> tuple[Game[Any, Any] | None, list[str]]:
    """Pick the game key out of `argv`: the first word that is neither a flag nor a flag's value.

    Only for commands whose other positionals are numbers (perft's DEPTH), so a word is a game.
    """
    rest = list(argv)
    i = 0
    while i < len(rest):
        word = rest[i]
        if word in VALUE_FLAGS:
            i += 2
            continue
        if not word.startswith("-") and not word.lstrip("-").isdigit():
            return get_game(word), rest[:i] + rest[i + 1 :]
        i += 1
    return None, rest


def _value_of(argv: Sequence[str], flag: str) -> str | None:
    """The value given to `flag` in `argv` (`--flag VALUE` or `--flag=VALUE`), before parsing."""
    for index, word in enumerate(argv):
        if word == flag and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
    return None


def _open_store() -> Any:
    from ludoteca.store import Store

    return Store()


def _open_store_quietly() -> Any:
    """The player's store, or None when it cannot be opened: for what only keeps a convenience
    (a review's cache), so the command works without it."""
    from ludoteca.store import StoreError

    try:
        return _open_store()
    except StoreError:
        return None


# ----- commands ------------------------------------------------------------------------------
def cmd_games(argv: list[str]) -> int:
    _parser("ludoteca games", _("List the games and their options.")).parse_args(argv)
    for declared in declarations():
        info = declared.game.info
        seats = (
            f"{info.min_seats}" if info.min_seats == info.max_seats else f"{info.min_seats}–{info.max_seats}"
        )
        line = _("{title} — {summary} [players: {seats}]")
        print(f"{info.key:<11} " + line.format(title=_(info.title), summary=_(info.summary), seats=seats))
        for spec in info.options:
            choices = f" ({spec.choices_text()})" if spec.choices else ""
            line = _("{flag}{choices}: {help}; default {value}")
            print(
                f"{'':<13}"
                + line.format(
                    flag=flag(spec.name),
                    choices=choices,
                    help=_(spec.help),
                    value=spec.value_text(spec.default),
                )
            )
    for failure in failures():
        print(failure.sentence(), file=sys.stderr)
    return 0


def _default_seats(game: Game[Any, Any]) -> tuple[SeatSpec, ...]:
    info = game.info
    if info.default_seats == 1:
        return (SeatSpec("human"),)
    return (SeatSpec("human"), *(SeatSpec("computer", 3) for _seat in range(info.default_seats - 1)))


def _has_remote_seat(argv: Sequence[str]) -> bool:
    """Whether `--players` (or `--players=…`) names a seat played over the network (then `play`
    hosts the game). Seats that do not read are left for `play`'s own parser to explain."""
    given = [value for word, value in itertools.pairwise(argv) if word == "--players"]
    given += [word.partition("=")[2] for word in argv if word.startswith("--players=")]
    for value in given:
        try:
            return any(seat.kind == "remote" for seat in parse_seats(value))
        except LudotecaError:
            return False
    return False


def _yes_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", action="store_true", help=_("do not ask before resigning (for scripts)"))


def _think_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--think",
        metavar=_("SECONDS|nodes:N"),
        type=argument_type(read_think),
        help=_(
            "how long the computer thinks per move: seconds (at most {n}), or nodes:N to search N "
            "positions, which plays the same game again on any machine"
        ).format(n=int(MAX_THINK_SECONDS)),
    )


def cmd_play(argv: list[str]) -> int:
    from ludoteca.shells import session

    game, rest = _game_from(argv, "play")
    if _has_remote_seat(argv):
        print(_("A remote seat is a player over the network, so this game is hosted."), file=sys.stderr)
        return cmd_host(argv)
    parser = _game_parser("ludoteca play", _("Play a game in the terminal (or the GUI with --ui gui)."), game)
    parser.add_argument(
        "--players", metavar=_("PLAYERS"), help=_("seats, e.g. human,computer:3 or Ann=human,Bob=human")
    )
    parser.add_argument(
        "--seed",
        type=argument_type(read_seed),
        metavar="N",
        help=_("seed for chance (tile bags, spawns, decks)"),
    )
    _think_flag(parser)
    parser.add_argument(
        "--resume", metavar=_("SAVE"), help=_("resume a saved game (number or name, see 'ludoteca saves')")
    )
    parser.add_argument("--record", metavar=_("FILE"), help=_("continue the game in a record file"))
    parser.add_argument("--ui", choices=("tui", "gui"), default="tui", help=_("front end"))
    _yes_flag(parser)
    if game is not None:
        add_option_flags(parser, game)
    args = parser.parse_args(rest)
    store = _open_store()
    slot = None
    if args.resume:
        match, slot = session.load_match(store, args.resume, think=args.think)
    elif args.record:
        match = session.match_from_text(_read_text(args.record), think=args.think)
    else:
        if game is None:
            raise UsageError(_("which game? choose one of: {games}").format(games=", ".join(game_keys())))
        options = game.options(given_options(game, args))
        seats = parse_seats(args.players) if args.players else _default_seats(game)
        seed = args.seed if args.seed is not None else fresh_seed()
        match = session.new_match(game, options, seats, seed, store, think=args.think)
    if args.ui == "gui" and _window_possible():
        from ludoteca.shells.window import run_gui

        return run_gui(store, match, slot)
    from ludoteca.shells.terminal.play import play_in_terminal

    return play_in_terminal(match, store, slot=slot, sure=args.yes)


def _player_name(given: str | None, store: Any) -> str:
    """The name others see: --name, else the one used last time, else the login name."""
    if given and given.strip():
        name = given.strip()[:40]
        store.set_setting("net.name", name)
        return name
    return (
        store.get_setting("net.name") or os.environ.get("USER") or os.environ.get("USERNAME") or _("Player")
    )


def _listen_flags(parser: argparse.ArgumentParser) -> None:
    from ludoteca.net.addresses import read_port
    from ludoteca.net.protocol import DEFAULT_PORT

    parser.add_argument(
        "--port",
        type=argument_type(lambda text: read_port(text, listening=True)),
        default=DEFAULT_PORT,
        help=_("port to listen on (0: any free port)"),
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help=_("address to listen on (default: this computer only)"),
    )
    where.add_argument("--lan", action="store_true", help=_("let other computers join (listen on 0.0.0.0)"))


def cmd_host(argv: list[str]) -> int:
    """`ludoteca host GAME`: serve one table and play at it (the others join by address)."""
    from ludoteca.net.clock import ClockSettings
    from ludoteca.shells.network import host_game
    from ludoteca.shells.terminal.netplay import play_networked

    game, rest = _game_from(argv, "host")
    parser = _game_parser("ludoteca host", _("Host a game others join over the network."), game)
    parser.add_argument(
        "--seats", "--players", dest="seats", help=_("seats: human (you), remote (a friend), computer:LEVEL")
    )
    parser.add_argument("--name", help=_("your name at the table"))
    parser.add_argument(
        "--seed", type=argument_type(read_seed), help=_("seed for chance (tile bags, spawns, decks)")
    )
    _think_flag(parser)
    parser.add_argument("--clock", help=_("a clock for each player: MINUTES or MINUTES+SECONDS (e.g. 10+5)"))
    parser.add_argument(
        "--clock-runs-away", action="store_true", help=_("a disconnected player's clock keeps running")
    )
    parser.add_argument("--resume", action="store_true", help=_("resume the unfinished game this host kept"))
    _yes_flag(parser)
    _listen_flags(parser)
    if game is not None:
        add_option_flags(parser, game)
    args = parser.parse_args(rest)
    store = _open_store()
    options = game.options(given_options(game, args)) if game is not None else {}
    seats = parse_seats(args.seats) if args.seats else None
    clock = ClockSettings.parse(args.clock, args.clock_runs_away) if args.clock else None
    hosted = host_game(
        store,
        game,
        options,
        seats,
        name=_player_name(args.name, store),
        bind="0.0.0.0" if args.lan else args.bind,
        port=args.port,
        seed=args.seed,
        think=args.think,
        clock=clock,
        resume=args.resume,
    )
    try:
        print(_("Hosting on port {port}.").format(port=hosted.port), flush=True)
        for line in hosted.invitation():
            print(line, flush=True)
        assert hosted.match is not None
        return play_networked(hosted.match, store, sure=args.yes)
    finally:
        hosted.close()


def cmd_join(argv: list[str]) -> int:
    """`ludoteca join HOST[:PORT]`: sit at a host's table, or at a club's."""
    from ludoteca.kits.terminal.console import Console
    from ludoteca.net.client import Client
    from ludoteca.net.clock import ClockSettings
    from ludoteca.shells.network import join_game, open_table
    from ludoteca.shells.terminal.netplay import choose_table, play_networked

    parser = _parser("ludoteca join", _("Join a game hosted on another computer (or a club server)."))
    parser.add_argument("address", metavar="HOST[:PORT]")
    parser.add_argument("--name", help=_("your name at the table"))
    which = parser.add_mutually_exclusive_group()
    # read as every number a person types is, so "٣" is not seat 3
    which.add_argument(
        "--seat",
        type=argument_type(lambda text: read_int(text, _("the seat"), low=1, high=MAX_SEATS)),
        help=_("the seat to take (1, 2…)"),
    )
    which.add_argument("--watch", action="store_true", help=_("watch instead of playing"))
    parser.add_argument("--table", help=_("at a club server: the table to join"))
    parser.add_argument("--open", metavar="GAME", help=_("at a club server: open a new table for GAME"))
    parser.add_argument("--seats", help=_("with --open: the seats, e.g. remote,remote,computer:3"))
    parser.add_argument("--clock", help=_("with --open: MINUTES or MINUTES+SECONDS"))
    parser.add_argument(
        "--account",
        metavar="NAME",
        help=_("at a club server: sign in as NAME (the password is asked) and play rated games"),
    )
    parser.add_argument(
        "--sign-up", action="store_true", help=_("with --account: create the account at this club first")
    )
    parser.add_argument("--invitation", metavar="CODE", help=_("with --sign-up: the club's invitation code"))
    _yes_flag(parser)
    # with --open GAME, the game's own options too (--setup for Khet…), as `host` takes them
    opening = _value_of(argv, "--open")
    opened = get_game(opening) if opening else None
    if opened is not None:
        add_option_flags(parser, opened)
    args = parser.parse_args(argv)
    store = _open_store()
    if args.sign_up and not args.account:
        raise UsageError(_("--sign-up needs --account NAME: the name of the account to create"))
    name = args.account.strip() if args.account else _player_name(args.name, store)
    if opened is not None:
        from ludoteca.shells.session import start_position

        options = opened.options(given_options(opened, args))
        position = start_position(opened, options, store)  # checked before anything connects
    client = Client(args.address, name)
    welcome = client.connect()
    if args.account:
        from ludoteca.shells.terminal.club import sign_in_here

        try:
            signed = sign_in_here(client, name, sign_up=args.sign_up, invitation=args.invitation)
        except BaseException:
            client.close()
            raise
        name = str(signed.get("name") or name)
    seat = args.seat - 1 if args.seat else None
    if opened is not None:
        game = opened
        seats = args.seats.split(",") if args.seats else None
        clock = ClockSettings.parse(args.clock) if args.clock else None
        default_seats = ["remote"] * max(2, game.info.default_seats)
        match = open_table(store, client, game.info.key, options, seats or default_seats, clock, position)
        print(
            _("Table {id} is open; others join it with: ludoteca join {address} --table {id}").format(
                id=match.table, address=args.address
            )
        )
        return play_networked(match, store, sure=args.yes)
    table, watch = args.table, args.watch
    if welcome.get("mode") == "club" and table is None:
        picked = choose_table(list(welcome.get("tables") or []), Console(), watching=watch)
        if picked is None:
            client.close()
            return 0
        table, watch = picked[0], picked[1] or watch

    def take_over() -> bool:
        question = _(
            "Your seat at this table is being played from another connection (another terminal, "
            "window or computer?). Take it over here? [y/N] "
        )
        return Console().confirm(question)

    match = join_game(
        store, args.address, name, table=table, seat=seat, watch=watch, client=client, take_over=take_over
    )
    return play_networked(match, store, sure=args.yes)


def cmd_club(argv: list[str]) -> int:
    """`ludoteca club CLUB player NAME | leaderboard GAME | games NAME`: a club's members;
    `ludoteca club CLUB --account NAME admin close TABLE | mute NAME | ban NAME | restore NAME |
    invite`: an admin running it."""
    from ludoteca.net.client import Client
    from ludoteca.net.protocol import ADMIN_ACTIONS
    from ludoteca.shells import network
    from ludoteca.shells.terminal import club, club_admin

    parser = _parser(
        "ludoteca club",
        _(
            "A club's players: their pages, a game's leaderboard, their games; "
            "and, for an admin (--account), closing tables, muting, banning, invitations."
        ),
    )
    parser.add_argument("address", metavar="HOST[:PORT]")
    parser.add_argument("what", choices=("player", "leaderboard", "games", "admin"))
    parser.add_argument("subject", metavar=_("NAME|GAME|ACTION"))
    parser.add_argument(
        "target",
        nargs="?",
        metavar=_("TABLE|NAME"),
        help=_("with admin close: the table; with mute, ban, restore: the name"),
    )
    parser.add_argument("--table", help=_("with games: the table whose record to show or write"))
    parser.add_argument("--out", metavar=_("FILE"), help=_("with games --table: write the record to FILE"))
    parser.add_argument(
        "--count",
        type=argument_type(lambda t: read_int(t, _("the count"), low=1, high=100)),
        help=_("how many games or rows; with admin invite: how many codes (at most 20)"),
    )
    parser.add_argument(
        "--account", metavar="NAME", help=_("sign in as NAME first (the password is asked); admin needs it")
    )
    args = parser.parse_args(argv)
    if args.out and not args.table:
        raise UsageError(_("--out needs --table ID: the game whose record to write"))
    if args.what == "admin":
        if args.subject not in ADMIN_ACTIONS:
            raise UsageError(
                _("admin takes one of: {actions}; not {given!r}").format(
                    actions=", ".join(ADMIN_ACTIONS), given=args.subject
                )
            )
        if not args.account:
            raise UsageError(_("admin needs --account NAME: an admin of the club, who signs in"))
        if args.subject != "invite" and not args.target:
            needs = (
                _("admin {action} needs a table")
                if args.subject == "close"
                else _("admin {action} needs a name")
            )
            raise UsageError(needs.format(action=args.subject))
        if args.subject == "invite" and args.count is not None and args.count > 20:
            raise UsageError(_("admin invite makes at most 20 codes at a time"))
    client = Client(args.address, args.account.strip() if args.account else _("visitor"))
    client.connect()
    try:
        if args.account:
            password = club.read_password(_("Password for {name}: ").format(name=args.account.strip()))
            network.sign_in(client, args.account.strip(), password)
        if args.what == "admin":
            answer = club_admin.admin_request(
                client,
                args.subject,
                table=args.target if args.subject == "close" else None,
                name=args.target if args.subject in ("mute", "ban", "restore") else None,
                count=args.count if args.subject == "invite" else None,
            )
            lines = club_admin.admin_lines(answer)
        elif args.what == "leaderboard":
            lines = club.leaderboard_lines(network.leaderboard(client, args.subject, args.count or 50))
        elif args.what == "games" and args.table:
            text = network.finished_record(client, args.table)
            if args.out:
                Path(args.out).write_text(text, encoding="utf-8")
                lines = [
                    _(
                        "The record of table {table} is in {file}; "
                        "step through it with: ludoteca replay {file}"
                    ).format(table=args.table, file=args.out)
                ]
            else:
                lines = text.splitlines()
        else:
            page = network.player_page(client, args.subject, args.count or 20)
            if args.what == "games":
                lines = [club.game_line(game) for game in page.get("games") or []] or [
                    _("No rated game yet.")
                ]
            else:
                lines = club.player_lines(page)
    finally:
        client.close()
    for line in lines:
        print(line)
    return 0


def cmd_club_admin(argv: list[str]) -> int:
    """`ludoteca club-admin [--store STORE] ACTION`: run a club from its server's machine, on
    its store directly (shells/terminal/club_admin.py)."""
    from ludoteca.shells.terminal import club_admin
    from ludoteca.store.credentials import AccountError

    parser = _parser(
        "ludoteca club-admin",
        _(
            "Run a club from its server's machine: invitation codes, the club's settings, admins, "
            "and muting, banning or restoring members."
        ),
    )
    parser.add_argument(
        "--store",
        metavar=_("STORE"),
        help=_(
            "the club's store: a PostgreSQL URL (postgresql://USER@HOST:PORT/DATABASE) or a SQLite "
            "file; without it, the one 'ludoteca serve' uses (LUDOTECA_STORE, else this computer's "
            "data folder)"
        ),
    )
    parser.add_argument(
        "action", choices=("invite", "settings", "make-admin", "make-player", "mute", "ban", "restore")
    )
    parser.add_argument(
        "name", nargs="?", metavar=_("NAME"), help=_("the member, for every action but invite and settings")
    )
    parser.add_argument(
        "--count",
        type=argument_type(lambda t: read_int(t, _("the count"), low=1, high=100)),
        default=1,
        help=_("with invite: how many codes"),
    )
    for key, flag_name in club_admin.SETTING_FLAGS.items():
        parser.add_argument(
            flag_name,
            dest=key,
            metavar=_("yes|no"),
            type=club_admin.read_yes_no,
            help=_("with settings: change this setting"),
        )
    args = parser.parse_args(argv)
    needs_name = args.action not in ("invite", "settings")
    if needs_name and not args.name:
        raise UsageError(_("{action} needs the member's NAME").format(action=args.action))
    changes = {key: getattr(args, key) for key in club_admin.SETTING_FLAGS if getattr(args, key) is not None}
    if changes and args.action != "settings":
        raise UsageError(_("--open-sign-up, --rated and --computers-count go with settings"))
    store = _admin_store(args.store)
    try:
        accounts = store.accounts()
        if args.action == "invite":
            lines = club_admin.invite(accounts, args.count)
        elif args.action == "settings":
            lines = club_admin.settings(accounts, changes)
        elif args.action in ("make-admin", "make-player"):
            lines = club_admin.set_role(
                accounts, args.name, "admin" if args.action == "make-admin" else "player"
            )
        else:
            standing = {"mute": "muted", "ban": "banned", "restore": "active"}[args.action]
            lines = club_admin.set_standing(accounts, args.name, standing)
    except AccountError as err:
        raise UsageError(str(err)) from None
    finally:
        store.close()
    for line in lines:
        print(line)
    return 0


def _admin_store(given: str | None) -> Any:
    """The store `club-admin` works on: a PostgreSQL URL or a SQLite file that exists (a typo
    must not make an empty club), else the one `serve` uses."""
    from ludoteca.store import Store
    from ludoteca.store.postgres import is_postgres_url

    if given is None or is_postgres_url(given):
        return _open_club_store(given)

    path = Path(given).expanduser()
    if not path.is_file():
        raise UsageError(
            _("{path} is not a club's store: give the SQLite file of the club, or a PostgreSQL URL").format(
                path=given
            )
        )
    return Store(path)


def _say_server_trouble() -> None:
    """A server's operator sees what goes wrong (a store that cannot be written, tables another
    server took) on its console, not only in the log file."""
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.WARNING)
    console.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    # the server, and in a club of several processes their relays, takeovers and mail
    for name in ("ludoteca.net.server", "ludoteca.net.fleet", "ludoteca.store.postgres.mail"):
        logging.getLogger(name).addHandler(console)


#: where `ludoteca serve` keeps its tables when --store is not given (a PostgreSQL URL)
STORE_VARIABLE = "LUDOTECA_STORE"


def _open_club_store(given: str | None) -> Any:
    """The store of a club server's tables: the PostgreSQL database of --store, else of
    $LUDOTECA_STORE, else the SQLite file of this computer's data folder."""
    source = "--store" if given is not None else STORE_VARIABLE
    url = given if given is not None else os.environ.get(STORE_VARIABLE, "")
    if not url.strip():
        return _open_store()
    from ludoteca.store.postgres import PostgresTableStore, is_postgres_url
    from ludoteca.store.postgres.address import redacted

    if not is_postgres_url(url):
        raise UsageError(
            _(
                "{source} takes the URL of a PostgreSQL database (postgresql://USER@HOST:PORT/DATABASE), "
                "not {given!r}; without it the club's tables stay in this computer's data folder."
            ).format(source=source, given=redacted(url))
        )
    return PostgresTableStore(url)


def cmd_serve(argv: list[str]) -> int:
    """`ludoteca serve`: a club server whose lobby lists tables players open, join and watch."""
    import asyncio

    from ludoteca.net.server import CLUB, Limits, Server
    from ludoteca.store import Store

    parser = _parser("ludoteca serve", _("Run a club server: a lobby of tables for every game."))
    _think_flag(parser)
    _listen_flags(parser)
    parser.add_argument(
        "--store",
        metavar="URL",
        help=_(
            "keep the club's tables in this PostgreSQL database (postgresql://USER@HOST:PORT/DATABASE) "
            "instead of this computer's data folder; LUDOTECA_STORE gives one too"
        ),
    )
    parser.add_argument(
        "--processes",
        type=argument_type(_read_processes),
        default=1,
        metavar="N",
        help=_(
            "serve the club with N processes of this computer, all on one port, to use every core "
            "(needs --store postgresql://…); one that dies is replaced and its tables go on"
        ),
    )
    parser.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help=_(
            "a reverse proxy's address: connections from it are counted as coming from the address "
            "its X-Forwarded-For header names (may be given several times)"
        ),
    )
    # one of the processes of `--processes N`: it shares the port and says when it listens
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    bind = "0.0.0.0" if args.lan else args.bind
    store = _open_club_store(args.store)
    if args.processes > 1:
        return _serve_with_workers(argv, args.processes, bind, store)
    limits = Limits(trusted_proxies=frozenset(a.strip() for a in args.trust_proxy if a.strip()))
    server = Server(store, CLUB, think=args.think, limits=limits)
    _say_server_trouble()

    async def run() -> None:
        await server.start(bind, args.port, reuse_port=args.worker)
        resumed = server.resume_tables()
        if args.worker:
            from ludoteca.net.workers import READY

            print(f"{READY} {server.port}", flush=True)
        else:
            _say_listening(bind, server.port, getattr(store, "where", None))
        if resumed and not args.worker:
            reopened = ngettext(
                "{n} unfinished table reopened.", "{n} unfinished tables reopened.", len(resumed)
            )
            print(reopened.format(n=len(resumed)), flush=True)
        if server.kept_elsewhere and server.fleet is not None and not args.worker:
            print(
                ngettext(
                    "{n} unfinished table of the club is run by another server process; this one lists "
                    "it and relays its players.",
                    "{n} unfinished tables of the club are run by other server processes; this one lists "
                    "them and relays their players.",
                    server.kept_elsewhere,
                ).format(n=server.kept_elsewhere),
                flush=True,
            )
        elif server.kept_elsewhere and server.fleet is None:
            print(
                ngettext(
                    "{n} unfinished table of this data folder is run by another server, which keeps it; "
                    "this server leaves it alone.",
                    "{n} unfinished tables of this data folder are run by another server, which keeps them; "
                    "this server leaves them alone.",
                    server.kept_elsewhere,
                ).format(n=server.kept_elsewhere),
                flush=True,
            )
        if not args.worker:
            _say_how_to_join(bind, server.port)
        try:
            await server.serve_forever()
        finally:
            await server.stop()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        if not args.worker:
            print(_("Server stopped; its unfinished tables reopen at the next start."), file=sys.stderr)
    except OSError as err:
        raise UsageError(
            _("cannot listen on {bind}:{port} ({reason}); try another --port.").format(
                bind=bind, port=args.port, reason=os_reason(err)
            )
        ) from None
    finally:
        if not isinstance(store, Store):  # PostgreSQL's: its pool's threads, its owner's lock
            store.close()
    return 0


def _read_processes(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not 1 <= count <= 64:
        raise OptionError(
            _("--processes takes a number of processes from 1 to 64, not {text!r}").format(text=text)
        )
    return count


def _say_listening(bind: str, port: int, where: str | None, processes: int = 1) -> None:
    if processes > 1:
        line = _("Club server listening on {bind}:{port}, with {n} processes.")
    else:
        line = _("Club server listening on {bind}:{port}.")
    print(line.format(bind=bind, port=port, n=processes), flush=True)
    if where is not None:
        kept = _("The club's tables are kept in the PostgreSQL database {where}.")
        print(kept.format(where=where), flush=True)


def _say_how_to_join(bind: str, port: int) -> None:
    from ludoteca.net.addresses import addresses_to_share
    from ludoteca.net.web import page_address

    shared = addresses_to_share(bind)
    for address in shared:
        print(f"    ludoteca join {address}:{port}", flush=True)
    if not shared:
        # as `ludoteca host` says it: the one line to type in another terminal
        here = _("Join from another window here with: ludoteca join 127.0.0.1:{port}")
        print(here.format(port=port), flush=True)
        print(_("Or from a browser here: {link}").format(link=page_address("127.0.0.1", port)), flush=True)
    else:
        print(_("Or to open in a browser (nothing to install):"), flush=True)
    for address in shared:
        print(f"    {page_address(address, port)}", flush=True)


def _serve_with_workers(argv: list[str], processes: int, bind: str, store: Any) -> int:
    """`serve --processes N`: start N workers on one port and keep them running (net/workers.py)."""
    from ludoteca.net import workers
    from ludoteca.store import Store

    if isinstance(store, Store):
        raise UsageError(
            _(
                "--processes needs the club in PostgreSQL (--store postgresql://USER@HOST/DATABASE, or "
                "LUDOTECA_STORE): one data folder is written by one process."
            )
        )
    where = store.where
    store.close()  # the workers open their own
    if not workers.supported():
        raise UsageError(_("--processes needs a system where several processes can listen on one port."))
    _say_server_trouble()
    arguments = workers.without_flag(argv, "--processes")
    crew = workers.Workers(arguments, processes, lambda line: print(line, file=sys.stderr, flush=True))
    try:
        port = crew.start()
        _say_listening(bind, port, where, processes)
        _say_how_to_join(bind, port)
        crew.watch()
    except workers.WorkerError as err:
        raise UsageError(str(err)) from None
    except KeyboardInterrupt:
        print(_("Server stopped; its unfinished tables reopen at the next start."), file=sys.stderr)
    finally:
        crew.stop()
    return 0


def _read_text(path: str) -> str:
    """A record file's text (`shells.files.read_record_text`), its refusal a usage error."""
    from ludoteca.shells.files import FileUnreadable, read_record_text

    try:
        return read_record_text(path)
    except FileUnreadable as err:
        raise UsageError(str(err)) from None


def _record_or_save(given: str) -> str:
    """The record in the file `given`, or, when no such file exists, of the save it names."""
    if not Path(given).exists():
        from ludoteca.store import StoreError

        try:
            return str(_open_store().load_save(given).record_text)
        except StoreError:
            pass  # neither a file nor a save: the file's sentence says what is missing
    return _read_text(given)


def _list_saves(saves: Sequence[Any]) -> None:
    """The games to resume, then the finished ones (history, to step through), each with the
    command that does what a player wants with it."""
    if not saves:
        print(_("No saved games yet. In a game, type 'save'."))
        return
    going, finished = listings.split_saves(saves)
    if going:
        print(_("Games to resume:"))
        print("\n".join(listings.saves_table(going)))
        print(_("Resume with: ludoteca play --resume NUMBER"))
    else:
        print(_("No game to resume: every saved game is finished."))
    if finished:
        print()
        print(_("Finished games:"))
        print("\n".join(listings.saves_table(finished)))
        print(_("Step through one with: ludoteca replay NUMBER"))
    for sentence in listings.unreadable_saves(saves):
        print(sentence)


def cmd_rules(argv: list[str]) -> int:
    parser = _parser("ludoteca rules", _("Show the rules of a game."))
    parser.add_argument("game", metavar=_("GAME"), help=", ".join(game_keys()))
    args = parser.parse_args(argv)
    print(get_game(args.game).rules_text())
    return 0


def cmd_saves(argv: list[str]) -> int:
    from ludoteca.shells import session

    parser = _parser("ludoteca saves", _("List, show, rename, delete, export or import saved games."))
    sub = parser.add_subparsers(dest="action")
    sub.add_parser("list", help=_("list the saved games (default)"))
    show = sub.add_parser("show", help=_("print a saved game's record"))
    show.add_argument("save", metavar=_("SAVE"))
    ren = sub.add_parser("rename", help=_("rename a saved game"))
    ren.add_argument("save", metavar=_("SAVE"))
    ren.add_argument("name", metavar=_("NAME"))
    dele = sub.add_parser("delete", help=_("delete a saved game"))
    dele.add_argument("save", metavar=_("SAVE"))
    exp = sub.add_parser("export", help=_("write a saved game's record to a file"))
    exp.add_argument("save", metavar=_("SAVE"))
    exp.add_argument("file", metavar=_("FILE"))
    exp.add_argument("--force", action="store_true", help=_("overwrite FILE if it exists"))
    imp = sub.add_parser("import", help=_("save a record file (checked by replaying it)"))
    imp.add_argument("file", metavar=_("FILE"))
    imp.add_argument("--name")
    args = parser.parse_args(argv)
    store = _open_store()
    action = args.action or "list"
    if action == "list":
        _list_saves(store.list_saves())
    elif action == "show":
        print(session.record_to_show(store.load_save(args.save))[0], end="")
    elif action == "rename":
        store.rename_save(args.save, args.name)
        print(_("Renamed."))
    elif action == "delete":
        store.delete_save(args.save)
        print(_("Deleted."))
    elif action == "export":
        text, note = session.record_to_show(store.load_save(args.save))
        if _export(Path(args.file), text, args.force):
            print(_("Written to {file}.").format(file=args.file))
            if note:
                print(note)
    elif action == "import":
        written = session.import_record(store, _read_text(args.file), args.name or Path(args.file).stem)
        print(_("Imported as number {id}.").format(id=written.slot.id))
    return 0


def _export(path: Path, text: str, force: bool) -> bool:
    """Write an exported record; an existing file is overwritten only with --force or a yes."""
    from ludoteca.kits.terminal.console import Console
    from ludoteca.shells.files import FileExists, write_text

    try:
        write_text(path, text, overwrite=force)
        return True
    except FileExists:
        if not sys.stdin.isatty():
            raise UsageError(
                _("{path} already exists; add --force to overwrite it, or choose another name").format(
                    path=path
                )
            ) from None
    if not Console().confirm(_("{path} already exists. Overwrite it? [y/N] ").format(path=path)):
        print(_("Nothing was written."))
        return False
    write_text(path, text, overwrite=True)
    return True


def cmd_scores(argv: list[str]) -> int:
    parser = _parser("ludoteca scores", _("Show the history of finished games."))
    parser.add_argument("game", nargs="?", metavar=_("GAME"), help=", ".join(game_keys()))
    parser.add_argument("--sorted", action="store_true", help=_("best scores first"))
    args, extra = parser.parse_known_args(argv)
    if args.game:
        own = declaration(args.game).command("scores")
        if own is not None:
            return int(own(argv[1:], _context()))
    if extra:
        parser.error(_("unrecognised arguments: {args}").format(args=" ".join(extra)))
    rows = _open_store().results(args.game)
    damaged = list(rows.damaged)
    if not rows:
        print(_("No finished games yet."))
    else:
        shown = sorted(rows, key=lambda r: -(max(r.scores) if r.scores else 0)) if args.sorted else rows
        print("\n".join(listings.scores_table(shown)))
    for sentence in damaged:
        print(sentence)
    return 0


def cmd_replay(argv: list[str]) -> int:
    from ludoteca.kits.terminal.style import detect_style
    from ludoteca.shells import session
    from ludoteca.shells.terminal.boards import terminal_board_for

    parser = _parser(
        "ludoteca replay",
        _(
            "Check a record by replaying it, and show each position. "
            "FILE may also be a saved game's number or name."
        ),
    )
    parser.add_argument("file", metavar=_("FILE"))
    parser.add_argument("--final", action="store_true", help=_("show only the final position"))
    args = parser.parse_args(argv)
    text = _record_or_save(args.file)
    match = session.match_from_text(text)
    adapter, style, game = terminal_board_for(match.game), detect_style(), match.game
    start = len(match.states) - 1 if args.final else 0
    for ply in range(start, len(match.states)):
        state = game.view(match.states[ply], None)
        if ply:
            print(f"{ply}. {match.moves[ply - 1]}   {match.describe_last(state)}")
        print(adapter.render(game, state, None, style))
    print(
        session.describe_outcome(match)
        or ngettext(
            "The game is not finished ({n} move).", "The game is not finished ({n} moves).", len(match.moves)
        ).format(n=len(match.moves))
    )
    return 0


def cmd_review(argv: list[str]) -> int:
    from ludoteca.shells import session
    from ludoteca.shells.terminal import review

    parser = _parser(
        "ludoteca review",
        _(
            "Review a game: each move weighed by the game's engine, marked, with the better move. "
            "RECORD may also be a saved game's number or name."
        ),
    )
    parser.add_argument("record", metavar=_("RECORD"))
    move_number = argument_type(lambda text: read_int(text, _("the move number"), low=1, high=10_000))
    parser.add_argument("--from", dest="first", type=move_number, default=1, help=_("first move to review"))
    parser.add_argument("--to", dest="last", type=move_number, default=None, help=_("last move to review"))
    args = parser.parse_args(argv)
    match = session.match_from_text(_record_or_save(args.record))
    with match.named():  # the players as the record names them: "Ann", not "Yellow"
        return review.run(match, args.first, args.last, sys.stdout, _open_store_quietly())


def cmd_puzzles(argv: list[str]) -> int:
    """`ludoteca puzzles [GAME] [--id ID] [--file F]`: solve the game's puzzles;
    `ludoteca puzzles build GAME --count N --seed S [--out F]`: make a set with its solvers."""
    from ludoteca.kits.terminal.console import Console
    from ludoteca.shells.terminal import puzzles

    if argv[:1] == ["build"]:
        game, rest = _game_from(argv[1:], "puzzles build")
        parser = _parser(
            "ludoteca puzzles build",
            _("Make puzzles with the game's solvers, each with a unique solution, graded."),
        )
        count = argument_type(lambda text: read_int(text, _("the count"), low=1, high=10_000))
        parser.add_argument("--count", type=count, default=20, help=_("how many puzzles"))
        seed = argument_type(lambda text: read_int(text, _("the seed"), low=0, high=2**63 - 1))
        parser.add_argument("--seed", type=seed, default=1, help=_("the same seed makes the same puzzles"))
        parser.add_argument("--out", metavar=_("FILE"), help=_("write them to FILE (else print them)"))
        if game is None:
            raise UsageError(
                _("which game? games with puzzles: {games}").format(
                    games=", ".join(puzzles.games_with_puzzles())
                )
            )
        args = parser.parse_args(rest)
        return puzzles.build(game, args.count, args.seed, args.out, Console())
    game, rest = _game_from(argv, "puzzles")
    parser = _parser("ludoteca puzzles", _("Solve puzzles made by the game's own solvers."))
    parser.add_argument("--id", dest="ident", metavar="ID", help=_("this puzzle only"))
    parser.add_argument("--file", metavar=_("FILE"), help=_("puzzles from FILE (made by 'puzzles build')"))
    if game is None:
        raise UsageError(
            _("which game? games with puzzles: {games}").format(games=", ".join(puzzles.games_with_puzzles()))
        )
    args = parser.parse_args(rest)
    maker = puzzles.maker_for(game)
    found = puzzles.puzzles_of(game, args.file)
    if not found:
        raise UsageError(_("there are no puzzles of {game} to solve").format(game=_(game.info.title)))
    trainer = puzzles.Trainer(game, maker, found, _open_store(), Console(), random.Random())
    return trainer.run(args.ident)


def cmd_perft(argv: list[str]) -> int:
    game, rest = _game_from(argv, "perft")
    parser = _parser(
        "ludoteca perft", _("Count the positions at exactly DEPTH plies (last line: the count).")
    )
    parser.add_argument(
        "depth",
        type=argument_type(lambda text: read_int(text, _("the depth"), low=0, high=64)),
        metavar=_("DEPTH"),
    )
    parser.add_argument("--position", help=_("start from this position (the game's position format)"))
    parser.add_argument("--divide", action="store_true", help=_("count per first move"))
    if game is None and any(word in ("-h", "--help") for word in rest):
        parser.print_help()
        return 0
    if game is None:
        raise UsageError(_("which game? choose one of: {games}").format(games=", ".join(game_keys())))
    add_option_flags(parser, game)
    args = parser.parse_args(rest)
    options = game.options(given_options(game, args))
    finder = declaration(game.info.key).part("start_position")  # not the session: perft needs no match
    position = args.position or (finder(options, _open_store()) if finder is not None else None)
    if position:
        state = game.parse_position(position, options)
    else:
        state = game.start(options, 0, game.info.default_seats)
    started = time.perf_counter()
    if args.divide:
        total = 0
        for move, count in divide(game, state, args.depth):
            print(f"{move}: {count}")
            total += count
    else:
        total = perft(game, state, args.depth)
    elapsed = time.perf_counter() - started
    print(
        _("{n} leaves in {t:.2f} s ({rate:,.0f}/s)").format(
            n=total, t=elapsed, rate=total / max(elapsed, 1e-9)
        ),
        file=sys.stderr,
    )
    print(total)
    return 0


def _context() -> CommandContext:
    return CommandContext(_open_store)


def _offering(verb: str) -> list[GameDeclaration]:
    return [d for d in declarations() if verb in d.commands]


def game_verbs() -> list[str]:
    """The commands games add (`solve`, `setups`, `bench`…), besides `scores`, which extends
    the generic one."""
    return sorted({verb for d in declarations() for verb in d.commands if verb not in COMMANDS})


def cmd_game_command(verb: str, argv: list[str]) -> int:
    """`ludoteca VERB GAME …` for a command a game declares (`solve`, `setups`…)."""
    available = ", ".join(d.key for d in _offering(verb))
    if not argv or argv[0] in ("-h", "--help"):
        print(_("usage: ludoteca {verb} GAME …   (games: {games})").format(verb=verb, games=available))
        return 0 if argv else USAGE_ERROR
    command = declaration(argv[0]).command(verb)
    if command is None:
        raise UsageError(
            _("'{verb}' is not available for {key}; it is for: {games}").format(
                verb=verb, key=argv[0], games=available or _("no game yet")
            )
        )
    return int(command(argv[1:], _context()))


#: benchmarks about every game at once: `ludoteca bench budget [GAME …] [ARGS]`
SHELF_BENCHES = {
    "budget": ("ludoteca.ai.overshoot", "time beyond the computer's budget, under load"),
    "club": ("ludoteca.net.clubbench", "a club of several server processes on PostgreSQL, and failover"),
    "review": ("ludoteca.shells.terminal.review_bench", "time to review a long game of each reviewed game"),
}


def cmd_bench(argv: list[str]) -> int:
    """`ludoteca bench [GAME …] [ARGS]`: every game's benchmark, or the named ones (`gui`: the
    window's frame times); `ludoteca bench budget …`: a benchmark across the shelf."""
    benches = {d.key: d for d in _offering("bench")}
    if argv and argv[0] in SHELF_BENCHES:
        module = importlib.import_module(SHELF_BENCHES[argv[0]][0])
        return int(module.main(argv[1:]))
    # a game's key after --game or --vs is that option's value, not a bench to run
    keys: list[str] = []
    rest: list[str] = []
    before = ""
    for word in argv:
        named = (word in benches or word in ("gui", "net")) and before not in ("--game", "--vs")
        (keys if named else rest).append(word)
        before = word
    if argv and argv[0] in ("-h", "--help"):
        print(
            _("usage: ludoteca bench [GAME …] [ARGS]; games with a benchmark: {games}").format(
                games=", ".join([*benches, "gui", "net"])
            )
        )
        for name, (_module, summary) in SHELF_BENCHES.items():
            print(f"  ludoteca bench {name} [GAME …]   {summary}")
        return 0
    status = 0
    for key in keys or list(benches):
        print(f"== {key} ==")
        if key == "gui":
            from ludoteca.shells.window.bench import main as bench_gui

            status |= int(bench_gui(rest))
        elif key == "net":
            from ludoteca.net.bench import main as bench_net

            status |= int(bench_net(rest))
        else:
            bench = benches[key].command("bench")
            assert bench is not None  # `benches` lists the games that offer one
            status |= int(bench(rest, _context()))
    return status


def cmd_menu(argv: list[str]) -> int:
    """`ludoteca menu` (every game) or `ludoteca menu GAME` (the menu of one game: the Qwirkle
    brief's console is `ludoteca menu qwirkle`)."""
    from ludoteca.shells.terminal.menu import run_menu

    if len(argv) > 1:
        raise UsageError(_("'ludoteca menu' takes at most one game"))
    only = declaration(argv[0]) if argv else None
    return run_menu(_open_store(), only=only)


def cmd_start(argv: list[str]) -> int:
    """`ludoteca` alone: the window when there is a display, the terminal menu otherwise."""
    parser = _parser("ludoteca", _("Open the window, or the terminal menu when there is no display."))
    parser.add_argument("--ui", choices=("tui", "gui"), help=_("front end"))
    args = parser.parse_args(argv)
    from ludoteca.shells.window import display_available, run_gui

    if (args.ui == "gui" and _window_possible()) or (args.ui is None and display_available()):
        return run_gui(_open_store())
    return cmd_menu([])


def _window_possible() -> bool:
    """Whether `--ui gui` can show a window; when not, say so and let the terminal take over
    (without a display SDL would open an invisible window and wait forever)."""
    from ludoteca.shells.window import display_available

    if display_available() or os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return True
    print(
        _("There is no display here (DISPLAY is not set), so the game opens in the terminal."),
        file=sys.stderr,
    )
    return False


def cmd_catalogue(argv: list[str]) -> int:
    from ludoteca.shells.catalogue import main as catalogue

    return catalogue(argv)


def cmd_check(argv: list[str]) -> int:
    """`ludoteca check GAME`: the conformance, fuzz, catalogue and text-fit checks of an installed game."""
    from ludoteca.shells.check import main as check

    return check(argv)


def cmd_new_game(argv: list[str]) -> int:
    """`ludoteca new-game NAME`: a game package to start from, installable and playable at once."""
    from ludoteca.shells.new_game import main as new_game

    return new_game(argv)


def cmd_ladder(argv: list[str]) -> int:
    """`ludoteca ladder GAME`: a benchmark of the computer levels, each against the one below."""
    from ludoteca.ai.ladder import main as ladder

    return ladder(argv)


def cmd_help(argv: list[str]) -> int:
    """`ludoteca help [CHAPTER]`: the user manual in the player's language, whole or one chapter;
    `--list` lists the chapters. On a terminal it is paged (the system's pager)."""
    import pydoc

    from ludoteca import manual

    parser = _parser("ludoteca help", _("Show the user manual, or one of its chapters."))
    parser.add_argument(
        "chapter", nargs="*", metavar=_("CHAPTER"), help=_("a chapter's number, or a word of its title")
    )
    parser.add_argument("--list", action="store_true", help=_("list the chapters"))
    args = parser.parse_args(argv)
    text = manual.manual_text()
    chapters = manual.sections(text)
    if args.list:
        print(manual.title(text))
        for chapter in chapters:
            print(f"{chapter.number:>3}. {chapter.title}")
        print(_("Read one with: ludoteca help NUMBER (or a word of its title)"))
        return 0
    if args.chapter:
        asked = " ".join(args.chapter)
        found = manual.find_section(text, asked)
        if found is None:
            sentence = _("the manual has no chapter {asked!r}; 'ludoteca help --list' lists them")
            raise UsageError(sentence.format(asked=asked))
        text = found.text
    shown = manual.for_reading(text, _("[picture: {text}]"))
    if sys.stdout.isatty():
        pydoc.pager(shown)
    else:
        print(shown, end="" if shown.endswith("\n") else "\n")
    return 0


def cmd_screenshot(argv: list[str]) -> int:
    from ludoteca.shells.window.screenshot import main as screenshot

    return screenshot(argv)


def cmd_theme(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ludoteca.shells.window.theme_command import main as theme

    return theme(argv)


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "rules": cmd_rules,
    "saves": cmd_saves,
    "scores": cmd_scores,
    "replay": cmd_replay,
    "review": cmd_review,
    "puzzles": cmd_puzzles,
    "perft": cmd_perft,
    "bench": cmd_bench,
    "menu": cmd_menu,
    "help": cmd_help,
    "screenshot": cmd_screenshot,
    "theme": cmd_theme,
    "host": cmd_host,
    "join": cmd_join,
    "club": cmd_club,
    "club-admin": cmd_club_admin,
    "serve": cmd_serve,
    "catalogue": cmd_catalogue,
    "check": cmd_check,
    "new-game": cmd_new_game,
    "ladder": cmd_ladder,
}

HELP = N_("""usage: ludoteca [COMMAND] [ARGS]

With no command, opens the window (or the terminal menu when there is no display;
`ludoteca --ui tui` or `--ui gui` chooses).

commands:
  games                      list the games and their options
  play GAME [options]        play (--players human,computer:3 --seed N --resume SAVE …)
  rules GAME                 show the rules
  saves [list|show|rename|delete|export|import]
  scores [GAME] [--sorted]   history of finished games
  host GAME [options]        host a network game (--seats human,remote --lan --port 7373 --resume)
  join HOST[:PORT]           join a network game (--name N, --seat K or --watch; --table/--open at a club)
  serve [--port P] [--lan]   run a club server: a lobby of tables for every game
  club HOST[:PORT] player NAME  a club's pages: player NAME, leaderboard GAME, games NAME (--account at join)
  club-admin ACTION          run a club from its server: invite, settings, make-admin, mute, ban, restore
  replay FILE                check a record and show its positions
  review RECORD              each move of a game weighed and marked (--from N --to N)
  puzzles GAME               puzzles made by the game's solvers (puzzles build GAME: a new set)
  perft GAME DEPTH           count positions (rule check)
{game_commands}  bench [GAME …]             benchmarks
  menu [GAME]                the terminal menu (of one game: `menu qwirkle` is the Qwirkle console)
  screenshot GAME --out F.png  draw a position as the window shows it (--record FILE, --size WxH)
  theme export GAME [--out DIR]  the pieces as an editable sheet (theme list, theme check DIR)
  catalogue LANG [--package DIR]  update the translation catalogues (of a game package with --package)
  new-game NAME [--dir DIR]  write a game package to start from (docs/adding-a-game.md)
  check GAME                 run the game contract's checks on an installed game
  ladder GAME                each computer level against the one below (a benchmark)
  help [CHAPTER]             the user manual, or one chapter (--list: the chapters)

'ludoteca COMMAND --help' tells more. Every command takes --lang en or --lang fr; without it
the language is the system's (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else the window's setting.
""")

#: argparse's own words (usage lines, headings, errors): it looks each up through gettext at the
#: moment it prints it, so `_argparse_speaks_our_language` points that lookup at our catalogues.
#: Listed here so `ludoteca catalogue` collects them; words of other Python versions stay English.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)


def _argparse_speaks_our_language() -> None:
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _choose_language(asked: str | None) -> None:
    """`--lang` first, then the environment (LUDOTECA_LANG, LC_ALL, LC_MESSAGES, LANG, LANGUAGE),
    then the language chosen in the window's settings."""
    if asked is not None or system_language() is not None:
        set_language(asked)
        return
    try:
        from ludoteca.store import Store

        with Store() as store:
            chosen = store.get_setting("language")
    except Exception:  # an unreadable store must not stop the program from starting
        chosen = None
    set_language(chosen)


#: the log, beside the data file: games that fail to load, with their tracebacks
LOG_FILENAME = "ludoteca.log"


class _LogFile(logging.FileHandler):
    """The log file, opened at the first message; a log that cannot be written (the folder went
    away, the disk is full) must never stop the program that is only trying to note something."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(OSError):
            super().emit(record)


def _open_log() -> None:
    """Send Ludoteca's log to a file in the data folder (the terminal keeps its one-line
    messages); with no writable folder, nowhere."""
    logger = logging.getLogger("ludoteca")
    logger.propagate = False
    if logger.handlers:
        return
    try:
        from ludoteca.store.paths import data_home

        folder = data_home()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _LogFile(folder / LOG_FILENAME, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        handler = logging.NullHandler()
    logger.addHandler(handler)


def _taken_language(args: list[str]) -> tuple[str | None, list[str]]:
    """`--lang LANG` (or `--lang=LANG`) wherever it stands, and the arguments without it: every
    command takes it. Raises OptionError for a language there is no catalogue of."""
    rest: list[str] = []
    asked: str | None = None
    words = iter(args)
    for arg in words:
        if arg == "--lang":
            asked = next(words, "")
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    if asked is not None and asked not in LANGUAGES:
        raise OptionError(
            _("there is no language {lang!r}; the languages are: {langs}").format(
                lang=asked, langs=", ".join(LANGUAGES)
            )
        )
    return asked, rest


def main(argv: Sequence[str] | None = None) -> int:
    _open_log()
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        asked, args = _taken_language(args)
    except OptionError as err:
        _choose_language(None)
        print(_("ludoteca: {error}").format(error=err), file=sys.stderr)
        return USAGE_ERROR
    _choose_language(asked)
    _argparse_speaks_our_language()
    undecodable = next((arg for arg in args if has_undecodable(arg)), None)
    if undecodable is not None:
        # Python hands such bytes over as stand-in characters that nothing downstream (names,
        # records, the store) can keep: refuse them here, once, for every command
        print(
            _("ludoteca: the argument '{arg}' holds bytes that are not text (UTF-8); type it again").format(
                arg=clean_line(undecodable.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
            ),
            file=sys.stderr,
        )
        return USAGE_ERROR
    if not args or args[0] == "--ui":
        return _guarded(cmd_start, args)
    command, rest = args[0], args[1:]
    if command in ("-h", "--help"):
        offered = "".join(
            f"  {verb + ' ' + _('GAME') + ' …':<27}{', '.join(d.key for d in _offering(verb))}\n"
            for verb in game_verbs()
        )
        print(_(HELP).replace("{game_commands}", offered), end="")
        return 0
    if command in ("-V", "--version"):
        print(f"ludoteca {__version__}")
        return 0
    handler = COMMANDS.get(command)
    if handler is None and command in game_verbs():
        return _guarded(lambda a: cmd_game_command(command, a), rest)
    if handler is None:
        print(
            _("unknown command {cmd!r}; the commands are: {cmds}").format(
                cmd=command, cmds=", ".join([*COMMANDS, *game_verbs()])
            ),
            file=sys.stderr,
        )
        return USAGE_ERROR
    return _guarded(handler, rest)


def _guarded(handler: Any, argv: list[str]) -> int:
    from ludoteca.shells.terminal.signals import Stopped
    from ludoteca.store import StoreError

    try:
        return int(handler(argv))
    except (LudotecaError, StoreError) as err:
        print(_("ludoteca: {error}").format(error=err), file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Stopped:
        # SIGHUP or SIGTERM during a game: the game loop has saved it already
        return 0
    except BrokenPipeError:
        # output piped into `head`: not an error worth a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
