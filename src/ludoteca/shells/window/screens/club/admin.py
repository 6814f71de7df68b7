"""What a club's admin does from the window, as `ludoteca club ADDRESS --account NAME admin …` does
from the terminal: mute, ban or restore a member, close a table (its game ends unrated), make an
invitation code. The club checks the role again on every request; the window only offers the
actions to an account the club signed in as an admin.

One dialog asks for a member's name or a table's number and the action; closing a table, the only
action that cannot be undone, asks once more.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ludoteca.i18n import _
from ludoteca.net.client import Client
from ludoteca.shells.terminal.club_admin import admin_lines, admin_request
from ludoteca.shells.window.app import App
from ludoteca.shells.window.widgets import Choice, Dialog

#: the actions on a member, by the label of their button
MEMBER_ACTIONS = ("mute", "ban", "restore")

#: run a request in the page's background errand: (purpose, work, what the status says meanwhile)
Ask = Callable[[str, Callable[[], Any], str], None]


def is_admin(client: Client) -> bool:
    return client.session is not None and client.role == "admin"


class AdminDialogs:
    def __init__(self, app: App, client: Client, ask: Ask) -> None:
        self.app = app
        self.client = client
        self._ask = ask

    def open(self) -> None:
        """The admin's dialog: a name or a table, then the action."""
        labels = {"mute": _("Mute"), "ban": _("Ban"), "restore": _("Restore")}
        choices = [Choice(labels[action], partial(self._on_member, action)) for action in MEMBER_ACTIONS]
        choices += [
            Choice(_("Close the table"), self._on_close),
            Choice(_("New invitation code"), self._invite),
            Choice(_("Cancel"), self.app.close_dialog),
        ]
        dialog = Dialog(
            _("Run the club"),
            _(
                "Type a member's name to mute, ban or restore them, or a table's number to close it "
                "(its game ends unrated). The club checks that you are an admin."
            ),
            choices,
            entry="",
        )
        self.app.open_dialog(dialog)

    def _typed(self, missing: str) -> str | None:
        dialog = self.app.dialog
        text = dialog.text.strip() if dialog is not None else ""
        if not text and dialog is not None:
            dialog.error = missing
        return text or None

    def _on_member(self, action: str) -> None:
        name = self._typed(_("Type the member's name first."))
        if name is None:
            return
        self.app.close_dialog()
        client = self.client
        self._ask(
            "admin",
            lambda: admin_request(client, action, name=name),
            _("Asking the club…"),
        )

    def _on_close(self) -> None:
        table = self._typed(_("Type the table's number first."))
        if table is None:
            return
        self.app.close_dialog()
        self.app.open_dialog(
            Dialog(
                _("Close table {table}?").format(table=table),
                _("Its game ends here, unrated, and its players are told. This cannot be undone."),
                [
                    Choice(_("Close it"), lambda: self._close(table), primary=True),
                    Choice(_("Keep it"), self.app.close_dialog),
                ],
            )
        )

    def _close(self, table: str) -> None:
        self.app.close_dialog()
        client = self.client
        self._ask(
            "admin",
            lambda: admin_request(client, "close", table=table),
            _("Closing table {table}…").format(table=table),
        )

    def _invite(self) -> None:
        self.app.close_dialog()
        client = self.client
        self._ask("admin", lambda: admin_request(client, "invite", count=1), _("Asking the club…"))

    def answered(self, answer: dict[str, Any]) -> str:
        """The club's answer in the player's words; an invitation code is also shown in a dialog,
        so that it can be read out or copied down."""
        lines = admin_lines(answer)
        codes = [code for code in answer.get("codes") or [] if isinstance(code, str)]
        if codes:
            self.app.open_dialog(
                Dialog(
                    _("Invitation code"),
                    "\n".join([_("Give this code to the person you invite; it works once."), "", *codes]),
                    [Choice(_("OK"), self.app.close_dialog, primary=True)],
                )
            )
        return lines[0]
