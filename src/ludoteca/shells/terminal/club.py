"""A club's members in the terminal: signing in before a game (`ludoteca join CLUB --account
NAME`), and the pages `ludoteca club CLUB player|leaderboard|games` prints.

What the server sends is made safe to show by the client (`net.client.shown_safe`); this module
only lays it out. Passwords are read without echo on a terminal (`getpass`), and from a pipe as
a bare line that is never written back (scripts and tests); they are never kept.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ludoteca.core.registry import get_game
from ludoteca.i18n import _
from ludoteca.kits.terminal.console import Console, EndOfInput
from ludoteca.net import protocol
from ludoteca.net.client import Client, NetError
from ludoteca.shells import network

#: the marks of a rating chart, lowest to highest
BARS = "▁▂▃▄▅▆▇█"
#: the widest chart printed (its latest points)
CHART_WIDTH = 40


# ----- signing in ---------------------------------------------------------------------------------
def read_password(prompt: str, stdin: TextIO | None = None, stdout: TextIO | None = None) -> str:
    """A password typed after `prompt`: without echo on a terminal; from a pipe, one line that is
    not written back. EndOfInput when the input ends."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if getattr(stdin, "isatty", lambda: False)():
        try:
            return getpass.getpass(prompt)
        except EOFError:
            raise EndOfInput from None
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline()
    stdout.write("\n")
    if not line:
        raise EndOfInput
    return line.rstrip("\r\n")


def sign_in_here(
    client: Client,
    name: str,
    *,
    sign_up: bool = False,
    invitation: str | None = None,
    console: Console | None = None,
    password: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """Sign `client` in as `name`, asking the password; with `sign_up`, create the account
    (the password asked twice). A sign-in that fails offers to create the account instead.
    Returns the server's `signed_in`; NetError with the server's sentence otherwise."""
    console = console or Console()
    try:
        return _sign_in(client, name, sign_up, invitation, console, password)
    except EndOfInput:
        raise NetError(_("the input ended before a password was typed; nobody signed in.")) from None


def _sign_in(
    client: Client,
    name: str,
    sign_up: bool,
    invitation: str | None,
    console: Console,
    password: Callable[[str], str] | None,
) -> dict[str, Any]:
    ask = password or (lambda prompt: read_password(prompt, console.stdin, console.stdout))
    if not sign_up:
        typed = ask(_("Password for {name}: ").format(name=name))
        try:
            answer = network.sign_in(client, name, typed)
        except NetError as err:
            console.say(str(err))
            question = _("Create the account '{name}' at this club? [y/N] ").format(name=name)
            if not console.confirm(question):
                raise
            return _new_account(client, name, ask, invitation)
        console.say(_("Signed in as {name}.").format(name=answer.get("name", name)))
        return answer
    return _new_account(client, name, ask, invitation)


def _new_account(
    client: Client, name: str, ask: Callable[[str], str], invitation: str | None
) -> dict[str, Any]:
    first = ask(_("Choose a password for {name}: ").format(name=name))
    if ask(_("The same password again: ")) != first:
        raise NetError(_("the two passwords differ; nothing was created."))
    answer = network.sign_up(client, name, first, invitation)
    print(_("Account {name} created; you are signed in.").format(name=answer.get("name", name)))
    return answer


# ----- pages --------------------------------------------------------------------------------------
def game_title(key: str) -> str:
    """A rating key as people read it: "Khet (khet2)", "Qwirkle"."""
    base, _sep, variant = key.partition("/")
    try:
        title = _(get_game(base).info.title)
    except Exception:  # a game this Ludoteca does not have: its key stands for it
        return key
    return f"{title} ({variant})" if variant else title


def chart(values: Sequence[float], width: int = CHART_WIDTH) -> str:
    """A one-line chart of a rating over time (its latest `width` points)."""
    shown = list(values)[-width:]
    if not shown:
        return ""
    low, high = min(shown), max(shown)
    if high - low < 1e-9:
        return BARS[len(BARS) // 2] * len(shown)
    return "".join(BARS[round((v - low) / (high - low) * (len(BARS) - 1))] for v in shown)


def rating_text(row: dict[str, Any]) -> str:
    """ "1523 ± 87": a rating as the club shows it, with its uncertainty."""
    return f"{round(float(row.get('value', 0)))} ± {round(float(row.get('margin', 0)))}"


def chart_values(row: dict[str, Any]) -> list[float]:
    """A rating's values over time, from the club's [date, value] points."""
    return [float(p[1]) for p in row.get("chart") or [] if isinstance(p, list) and len(p) == 2]


def placing(game: dict[str, Any]) -> str:
    """ "1. Ann, 2. Cy, 3. Bob": who finished where in a rated game."""
    names = [str(name) for name in game.get("names") or []]
    ranks = [int(rank) for rank in game.get("ranks") or []]
    return ", ".join(f"{rank}. {name}" for rank, name in sorted(zip(ranks, names, strict=False)))


def player_lines(page: dict[str, Any]) -> list[str]:
    """A member's page: ratings by game with their charts, recent games, opponents."""
    lines = [_("{name}, member since {date}").format(name=page.get("name", ""), date=_day(page.get("since")))]
    ratings = list(page.get("ratings") or [])
    lines.append("")
    if not ratings:
        lines.append(_("No rated game yet."))
    else:
        lines.append(_("Ratings:"))
        for row in ratings:
            points = chart_values(row)
            count = int(row.get("games", 0))
            lines.append(
                "  "
                + _("{game}: {rating} after {n} rated games").format(
                    game=game_title(str(row.get("game", ""))), rating=rating_text(row), n=count
                )
                + f"   {chart(points)}"
            )
    games = list(page.get("games") or [])
    if games:
        lines += ["", _("Recent games:")]
        for game in games:
            lines.append("  " + game_line(game))
    opponents = list(page.get("opponents") or [])
    if opponents:
        lines += ["", _("Against each opponent (wins, losses, draws):")]
        for other in opponents:
            lines.append(
                "  "
                + _("{name}: {wins}, {losses}, {draws}").format(
                    name=other.get("name", ""),
                    wins=other.get("wins", 0),
                    losses=other.get("losses", 0),
                    draws=other.get("draws", 0),
                )
            )
    return lines


def game_line(game: dict[str, Any]) -> str:
    """One rated game: when, which, who finished where, the rating's change and its table."""
    before, after = float(game.get("before", 0)), float(game.get("after", 0))
    return _("{date}  {game}: {placing}  ({before} → {after})  table {table}").format(
        date=_day(game.get("date")),
        game=game_title(str(game.get("game", ""))),
        placing=placing(game),
        before=round(before),
        after=round(after),
        table=game.get("table") or "?",
    )


def leaderboard_lines(board: dict[str, Any]) -> list[str]:
    rows = list(board.get("rows") or [])
    lines = [_("Leaderboard of {game}").format(game=game_title(str(board.get("game", ""))))]
    if not rows:
        lines.append(_("No rated game yet."))
    for row in rows:
        level = row.get("computer")
        name = str(protocol.computer_name(int(level))) if isinstance(level, int) else str(row.get("name", ""))
        lines.append(
            "  "
            + _("{rank}. {name}: {rating} ({n} games)").format(
                rank=row.get("rank", ""), name=name, rating=rating_text(row), n=row.get("games", 0)
            )
        )
    return lines


def _day(date: Any) -> str:
    return str(date or "")[:10]
