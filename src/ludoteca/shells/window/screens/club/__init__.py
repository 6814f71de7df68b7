# mypy: disable-error-code="no-untyped-call"
"""A club's members in the window: signing in (or creating an account), a member's page (ratings
by game with their charts, recent games, opponents), a game's leaderboard, and any rated game's
replay. The terminal's `ludoteca join --account` and `ludoteca club` say the same things. An
admin also runs the club from here (`admin.py`).

The page is opened from the network page once connected to a club, on that connection: a seat
taken after signing in here belongs to the account. Passwords go to the club and are never kept;
the entry is emptied as soon as it is sent.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.net.client import Client
from ludoteca.shells import network, session
from ludoteca.shells.listings import rating_keys, rating_title
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.club.admin import AdminDialogs, is_admin
from ludoteca.shells.window.screens.club.errand import Errand
from ludoteca.shells.window.screens.club.page import PageView
from ludoteca.shells.window.screens.common import back_with_status, draw_status, header, header_height
from ludoteca.shells.window.screens.network.labels import Labels
from ludoteca.shells.window.widgets import button, button_width, set_enabled

#: the longest name and password the entries take (the server refuses longer ones anyway)
NAME_LIMIT, PASSWORD_LIMIT = 40, 200


class ClubScreen(Screen):
    def __init__(
        self,
        app: App,
        client: Client,
        address: str,
        tables: list[dict[str, Any]] | None = None,
        shown: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.client = client
        self.address = address
        #: the lobby's tables, given back to the network page on the way back
        self.tables = tables
        self.errand = Errand()
        self.labels = Labels(app)
        #: the account this connection is signed in as (its name), None for a guest
        self.member: str | None = client.name if client.session else None
        self.keys = rating_keys()
        self.board_key = 0
        #: what the right column shows: a member's page or a leaderboard, as the club sent it
        self.shown: dict[str, Any] | None = shown
        self.view = PageView(app, self.replay)
        self.admin = AdminDialogs(app, client, self._ask)
        self.entries: dict[str, UITextEntryLine] = {}
        self.buttons: dict[str, UIButton] = {}
        self.status, self.error = "", False
        #: handed to another page (the network page, a replay) with the connection open
        self._handing_over = False
        self._status_area = pygame.Rect(0, 0, 0, 0)
        self._typed: dict[str, str] = {}

    # ----- layout -------------------------------------------------------------------------------
    def _subtitle(self) -> str:
        if self.member:
            return _("Signed in as {name}: the seats you take are yours, and your games are rated.").format(
                name=self.member
            )
        return _("You are a guest here: sign in to have your games rated and kept on your page.")

    def build(self) -> None:
        self._keep_typed()
        app, s = self.app, self.app.theme.sizes
        manager, bh = app.manager, s.button_height
        top = header_height(app, self._subtitle()) + s.gap
        bottom = app.size[1] - s.margin * 2 - bh
        room = app.size[0] - s.margin * 5
        # two fifths of the window, or up to half of a small one, for the account's buttons
        left_w = max(min(app.theme.px(420), room * 2 // 5), min(app.theme.px(330), room // 2))
        left = pygame.Rect(s.margin * 2, top, left_w, bottom - top)
        right = pygame.Rect(
            left.right + s.margin * 2, top, app.size[0] - left.right - s.margin * 4, bottom - top
        )
        self.labels.clear()
        label = self.labels.add
        self.entries, self.buttons = {}, {}
        half = (left.width - s.gap) // 2
        y = left.top
        if self.member is None:
            y = label(_("Your account"), "title", pygame.Rect(left.left, y, left.width, 0)) + s.gap
            for key, hint, limit in (
                ("name", _("Name"), NAME_LIMIT),
                ("password", _("Password"), PASSWORD_LIMIT),
                ("invitation", _("Invitation code (if any)"), NAME_LIMIT),
            ):
                entry = UITextEntryLine(
                    pygame.Rect(left.left, y, left.width, bh),
                    manager,
                    placeholder_text=hint,
                    initial_text=self._typed.get(key, self.client.name if key == "name" else ""),
                )
                entry.set_text_length_limit(limit)
                if key == "password":
                    entry.set_text_hidden(True)
                self.entries[key] = entry
                y += bh + s.gap
            labels = (_("Sign in"), _("Create account"))
            if max(button_width(app, text) for text in labels) + 2 * s.gap <= half:
                first, second = (
                    pygame.Rect(left.left, y, half, bh),
                    pygame.Rect(left.right - half, y, half, bh),
                )
            else:  # one under the other when a language's words need the room
                first = pygame.Rect(left.left, y, left.width, bh)
                y += bh + s.gap
                second = pygame.Rect(left.left, y, left.width, bh)
            self.buttons["sign_in"] = button(app, manager, first, labels[0], self.sign_in, primary=True)
            self.buttons["sign_up"] = button(app, manager, second, labels[1], partial(self.sign_in, True))
        else:
            y = label(_("Your account"), "title", pygame.Rect(left.left, y, left.width, 0)) + s.gap
            y = label(self.member, "bold", pygame.Rect(left.left, y, left.width, 0)) + s.gap
            self.buttons["mine"] = button(
                app, manager, pygame.Rect(left.left, y, half, bh), _("My page"), self.my_page, primary=True
            )
            self.buttons["sign_out"] = button(
                app, manager, pygame.Rect(left.right - half, y, half, bh), _("Sign out"), self.sign_out
            )
            if is_admin(self.client):
                y += bh + s.gap
                run = pygame.Rect(left.left, y, left.width, bh)
                self.buttons["admin"] = button(app, manager, run, _("Run the club…"), self.admin.open)
        y += bh + s.gap * 2
        y = label(_("Find a member"), "title", pygame.Rect(left.left, y, left.width, 0)) + s.gap
        show_w = min(half, max(bh * 2, app.fonts.body.size(_("Show"))[0] + 2 * s.gap))
        find = UITextEntryLine(
            pygame.Rect(left.left, y, left.width - show_w - s.gap, bh),
            manager,
            placeholder_text=_("Their name"),
            initial_text=self._typed.get("find", ""),
        )
        find.set_text_length_limit(NAME_LIMIT)
        self.entries["find"] = find
        self.buttons["find"] = button(
            app, manager, pygame.Rect(left.right - show_w, y, show_w, bh), _("Show"), self.find
        )
        y += bh + s.gap * 2
        y = label(_("Leaderboards"), "title", pygame.Rect(left.left, y, left.width, 0)) + s.gap
        if self.keys:
            self.buttons["board_prev"] = button(
                app, manager, pygame.Rect(left.left, y, bh, bh), "‹", partial(self.turn_board, -1)
            )
            self.buttons["board_next"] = button(
                app, manager, pygame.Rect(left.right - bh, y, bh, bh), "›", partial(self.turn_board, 1)
            )
            middle = pygame.Rect(left.left + bh + s.gap, y, left.width - 2 * (bh + s.gap), bh)
            title = draw.ellipsize(app.fonts.body, rating_title(self.keys[self.board_key]), middle.width - 12)
            self.buttons["board"] = button(app, manager, middle, title, self.leaderboard)
        self.view.build(right, self.shown)
        self._status_area = back_with_status(app, self.back)
        self.refresh()

    def _keep_typed(self) -> None:
        """What was typed survives a rebuild (a resize), except a password."""
        for key, entry in self.entries.items():
            if key != "password":
                self._typed[key] = entry.get_text()

    def refresh(self) -> None:
        busy = self.errand.busy
        for widget in (*self.buttons.values(), *self.view.buttons):
            set_enabled(widget, not busy)

    # ----- requests -----------------------------------------------------------------------------
    def _ask(self, purpose: str, work: Any, saying: str) -> None:
        if self.errand.run(purpose, work):
            self.say(saying)
            self.refresh()

    def _text(self, key: str) -> str:
        entry = self.entries.get(key)
        return entry.get_text().strip() if entry is not None else ""

    def sign_in(self, new: bool = False) -> None:
        name, password = self._text("name"), self.entries["password"].get_text()
        invitation = self._text("invitation") or None
        if not name or not password:
            self.say(_("Type your name and your password first."), error=True)
            return
        self.entries["password"].set_text("")  # sent, never kept
        client = self.client
        if new:
            self._ask(
                "signed_in",
                lambda: network.sign_up(client, name, password, invitation),
                _("Creating the account {name}…").format(name=name),
            )
        else:
            self._ask("signed_in", lambda: network.sign_in(client, name, password), _("Signing in…"))

    def sign_out(self) -> None:
        client = self.client
        self._ask("signed_out", lambda: network.sign_out(client), _("Signing out…"))

    def my_page(self) -> None:
        if self.member:
            self.open_page(self.member)

    def find(self) -> None:
        name = self._text("find")
        if not name:
            self.say(_("Type the name of the member to look up."), error=True)
            return
        self.open_page(name)

    def open_page(self, name: str) -> None:
        client = self.client
        self._ask("shown", lambda: network.player_page(client, name), _("Asking the club…"))

    def turn_board(self, step: int) -> None:
        self.board_key = (self.board_key + step) % len(self.keys)
        self.leaderboard()

    def leaderboard(self) -> None:
        client, key = self.client, self.keys[self.board_key]
        self._ask("shown", lambda: network.leaderboard(client, key), _("Asking the club…"))

    def replay(self, table: str) -> None:
        client = self.client

        def fetch() -> Any:
            return table, session.match_from_text(network.finished_record(client, table))

        self._ask("replay", fetch, _("Fetching the game of table {table}…").format(table=table))

    def update(self, now: float) -> None:
        done = self.errand.take()
        if done is None:
            return
        purpose, answer, error = done
        self.refresh()
        if error is not None:
            self.say(error, error=True)
            return
        self.say("")
        if purpose == "signed_in":
            self.member = str(answer.get("name") or self.client.name)
            self.client.name = self.member
            self.say(_("Signed in as {name}.").format(name=self.member))
            self.open_page(self.member)
        elif purpose == "signed_out":
            self.member = None
            self.say(_("Signed out. You play on as a guest."))
        elif purpose == "shown":
            self.shown = answer
        elif purpose == "replay":
            self._open_replay(answer)
            return
        elif purpose == "admin":
            self.say(self.admin.answered(answer))
            return
        self.app.rebuild()

    def _open_replay(self, found: tuple[str, Any]) -> None:
        table, match = found
        if board_for(match.game, self.app.theme, self.app.fonts) is None:
            self.say(
                _("{title} is not in the window yet.").format(title=_(match.game.info.title)), error=True
            )
            return
        heading = _("Table {table} at {club}, {date}").format(table=table, club=self.address, date=match.date)
        self._handing_over = True
        back = ("club", self.client, self.address, self.tables, self.shown)
        self.app.go("replay", match, heading, back)

    # ----- leaving ------------------------------------------------------------------------------
    def back(self) -> None:
        self._handing_over = True
        self.app.go("network", club=(self.client, self.address, self.tables))

    def leave(self) -> None:
        if not self._handing_over and not self.errand.busy:
            self.client.close()

    def on_quit(self) -> None:
        self.client.close()

    def say(self, text: str, error: bool = False) -> None:
        self.status, self.error = text, error

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        header(app, surface, _("The club at {address}").format(address=self.address), self._subtitle())
        self.labels.draw(surface)
        self.view.draw(surface)
        draw_status(app, surface, self._status_area, self.status, self.error, "club status")
