"""Running a club: what `ludoteca club-admin` does on the server's machine, straight on the
club's store (the SQLite file or the PostgreSQL database `ludoteca serve` uses), and what
`ludoteca club CLUB --account NAME admin …` asks of a running club as a signed-in admin.

On the store: invitation codes, the club's settings, who is an admin, a member's standing
(muted, banned, restored). A running server sees a new standing at the member's next chat line
or sign-in, and signs a banned member out within its sweep (30 s); a ban over the network
(`admin ban NAME`) does it at once. Every function returns the sentences to print.
"""

from __future__ import annotations

from typing import Any

from ludoteca.i18n import _, ngettext
from ludoteca.net import protocol
from ludoteca.net.client import Client
from ludoteca.store.accounts import Account, AccountStore, ClubSettings
from ludoteca.store.credentials import AccountError

#: seconds an admin's request may take (a ban writes to the store, then signs people out)
ADMIN_SECONDS = 30.0
#: what `club-admin settings` calls each setting, as in `ClubSettings`
SETTING_FLAGS = {"open_sign_up": "--open-sign-up", "rated": "--rated", "computers_count": "--computers-count"}


# ----- on the store ---------------------------------------------------------------------------------
def member(accounts: AccountStore, name: str) -> Account:
    """The member called `name` (case and look-alike letters folded); AccountError otherwise."""
    account = accounts.find_account(name)
    if account is None:
        raise AccountError(_("no member of this club is called {name}").format(name=name))
    return account


def invite(accounts: AccountStore, count: int = 1) -> list[str]:
    """`count` new invitation codes, each good for one sign-up."""
    codes = [accounts.create_invitation() for _n in range(count)]
    lines = [
        ngettext(
            "{n} invitation code, good for one sign-up:",
            "{n} invitation codes, each good for one sign-up:",
            count,
        ).format(n=count),
        *(f"  {code}" for code in codes),
    ]
    if accounts.club_settings().open_sign_up:
        lines.append(
            _(
                "Sign-up is open at this club, so nobody needs a code yet; "
                "'ludoteca club-admin settings --open-sign-up no' asks for one."
            )
        )
    return lines


def settings(accounts: AccountStore, changes: dict[str, bool]) -> list[str]:
    """Change the settings named in `changes` (the others are kept); the settings as they are now."""
    current = accounts.club_settings()
    if changes:
        values = {key: changes.get(key, getattr(current, key)) for key in SETTING_FLAGS}
        current = ClubSettings(**values)
        accounts.set_club_settings(current)
    return settings_lines(current, changed=bool(changes))


def settings_lines(current: ClubSettings, changed: bool = False) -> list[str]:
    yes, no = _("yes"), _("no")
    return [
        _("The club's settings are now:") if changed else _("The club's settings:"),
        "  "
        + _("open sign-up (no invitation code needed): {value}").format(
            value=yes if current.open_sign_up else no
        ),
        "  " + _("rated games: {value}").format(value=yes if current.rated else no),
        "  "
        + _("games with a computer seat are rated: {value}").format(
            value=yes if current.computers_count else no
        ),
    ]


def set_role(accounts: AccountStore, name: str, role: str) -> list[str]:
    account = member(accounts, name)
    accounts.set_role(account.id, role)
    if role == "admin":
        said = _("{name} is an admin of the club now (signed in, they can close tables, mute and ban).")
    else:
        said = _("{name} is a player of the club now, not an admin.")
    return [said.format(name=account.name)]


def set_standing(accounts: AccountStore, name: str, standing: str) -> list[str]:
    account = member(accounts, name)
    accounts.set_standing(account.id, standing)
    said = {
        "muted": _("{name} is muted: their chat lines are refused."),
        "banned": _("{name} is banned: every session is revoked, and sign-in is refused."),
        "active": _("{name} is restored: a member in good standing again."),
    }[standing]
    lines = [said.format(name=account.name)]
    if standing == "banned":
        lines.append(_("A running club server signs them out within half a minute."))
    return lines


# ----- over the network, as a signed-in admin --------------------------------------------------------
def admin_request(
    client: Client,
    action: str,
    *,
    table: str | None = None,
    name: str | None = None,
    count: int | None = None,
) -> dict[str, Any]:
    """Ask the club `client` is signed in at, as an admin, to `action` (one of
    `protocol.ADMIN_ACTIONS`): close `table`, mute/ban/restore `name`, or make `count` invitation
    codes. Returns the server's `admin` answer (its `text`, and `codes` for an invitation);
    NetError with the server's sentence when refused. The window can call this too."""
    return client.request("admin", timeout=ADMIN_SECONDS, action=action, table=table, name=name, count=count)


def admin_lines(answer: dict[str, Any]) -> list[str]:
    """What an admin's answer says, in this player's language, then any codes it made."""
    lines = [protocol.said(answer, "text")]
    lines += [f"  {code}" for code in answer.get("codes") or [] if isinstance(code, str)]
    return lines


def read_yes_no(text: str) -> bool:
    """A setting's value as typed: yes or no (in English, or in the player's language)."""
    import argparse

    word = text.strip().casefold()
    if word in ("yes", "y", "on", "true", _("yes").casefold()):
        return True
    if word in ("no", "n", "off", "false", _("no").casefold()):
        return False
    raise argparse.ArgumentTypeError(_("say yes or no, not {text!r}").format(text=text))
