# mypy: disable-error-code="no-untyped-call"
"""Playing over the network: join a host by its address (recent hosts remembered), pick a table
at a club's lobby, or go and host a game (choose it, then make a seat a network player).

Connecting happens in a background thread so the window keeps drawing; the screen picks up the
result at its next frame. The page is split by part: its words (`labels`), a club's tables
(`lobby`) and the connecting (`connecting`); this class lays out the two columns, the way back
and the status line, and acts on what a connection brings.
"""

from __future__ import annotations

import contextlib
import os
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.i18n import _
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.network import recent_hosts
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_with_status, draw_status, header, header_height
from ludoteca.shells.window.screens.network.connecting import Connector
from ludoteca.shells.window.screens.network.labels import Labels
from ludoteca.shells.window.screens.network.lobby import Lobby
from ludoteca.shells.window.widgets import Choice, Dialog, button, button_width, label_width, set_enabled
from ludoteca.store import StoreError

NAME_SETTING = "net.name"


class NetworkScreen(Screen):
    def __init__(self, app: App, club: tuple[Client, str, list[dict[str, Any]] | None] | None = None) -> None:
        """`club`: a club's connection, its address and its tables, when coming back from its
        members' page (the connection stays open, and signed in if it was)."""
        super().__init__(app)
        self.name = self._setting(NAME_SETTING) or os.environ.get("USER") or ""
        recent = recent_hosts(app.store)
        self.address = recent[0] if recent else ""
        self.status = ""
        self.error = False
        self.labels = Labels(app)
        self.connector = Connector(app.store, started=self.refresh)
        self.lobby = Lobby(app, self.labels, self.connector, self.say, lambda: self.address)
        self.name_entry: UITextEntryLine | None = None
        self.address_entry: UITextEntryLine | None = None
        self.buttons: dict[str, UIButton] = {}
        self.recent_buttons: list[UIButton] = []
        self._status_area = pygame.Rect(0, 0, 0, 0)
        #: the club's connection is handed to its members' page, not closed on leaving
        self._handing_over = False
        if club is not None:
            client, self.address, tables = club
            self.connector.client = client
            self.lobby.show(list(tables or []))
            if client.session:
                self.status = _("Signed in as {name}.").format(name=client.name)

    # ----- what the tests read ------------------------------------------------------------------
    @property
    def tables(self) -> list[dict[str, Any]] | None:
        return self.lobby.tables

    @property
    def table_buttons(self) -> list[tuple[UIButton, UIButton]]:
        return self.lobby.table_buttons

    @property
    def page_buttons(self) -> dict[int, UIButton]:
        return self.lobby.page_buttons

    @property
    def table_page(self) -> int:
        return self.lobby.page

    def _setting(self, key: str) -> str | None:
        try:
            return self.app.store.get_setting(key)
        except StoreError:
            return None

    # ----- layout ---------------------------------------------------------------------------
    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app, self._subtitle()) + s.gap
        bottom = app.size[1] - s.margin * 2 - s.button_height
        width = (app.size[0] - s.margin * 5) // 2
        left = pygame.Rect(s.margin * 2, top, width, bottom - top)
        return left, pygame.Rect(left.right + s.margin, top, width, bottom - top)

    def build(self) -> None:
        self._read_entries()
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager, bh = app.manager, s.button_height
        left, right = self._columns()
        self.labels.clear()
        label = self.labels.add
        y = label(_("Join a game"), "title", pygame.Rect(left.left, left.top, left.width, 0)) + s.gap
        # the fields' names in the room the longest of them needs (a third of the column at most)
        names = (_("Your name"), _("Address"))
        label_w = min(left.width // 3, max(fonts.body.size(name)[0] for name in names) + s.gap)
        field = pygame.Rect(left.left + label_w, y, left.width - label_w, bh)
        self.name_entry = UITextEntryLine(
            field, manager, placeholder_text=_("Your name"), initial_text=self.name
        )
        self.name_entry.set_text_length_limit(40)
        label(names[0], "field", pygame.Rect(left.left, y, label_w, bh), middle=True)
        y += bh + s.gap
        self.address_entry = UITextEntryLine(
            field.move(0, y - field.top),
            manager,
            placeholder_text=self._address_hint(field.width),
            initial_text=self.address,
        )
        self.address_entry.set_text_length_limit(100)
        label(names[1], "field", pygame.Rect(left.left, y, label_w, bh), middle=True)
        y += bh + s.gap
        half = (field.width - s.gap) // 2
        self.buttons = {
            "join": button(
                app, manager, pygame.Rect(field.left, y, half, bh), _("Join"), self.join, primary=True
            ),
            "watch": button(
                app,
                manager,
                pygame.Rect(field.right - half, y, half, bh),
                _("Watch"),
                partial(self.join, True),
            ),
        }
        y += bh + s.gap * 3
        self.recent_buttons = []
        recent = recent_hosts(app.store)
        if recent:
            y = label(_("Recent hosts"), "bold", pygame.Rect(left.left, y, left.width, 0)) + s.gap
        for address in recent[: max(0, (left.bottom - y + s.gap) // (bh + s.gap))]:
            rect = pygame.Rect(field.left, y, field.width, bh)
            self.recent_buttons.append(
                button(app, manager, rect, address, partial(self.use_address, address))
            )
            y += bh + s.gap
        # hosting: how it goes, and the way to the games
        ry = label(_("Host a game"), "title", pygame.Rect(right.left, right.top, right.width, 0))
        ry = label(self._host_note(), "small", pygame.Rect(right.left, ry + s.gap, right.width, 0))
        host = _("Host a game…")
        rect = pygame.Rect(right.left, ry + s.gap, min(right.width, button_width(app, host, 320)), bh)
        self.buttons["host"] = button(app, manager, rect, host, self.host)
        if self.connector.client is not None and self.lobby.tables is not None:
            members = _("Members and ratings…")
            width = min(right.width, button_width(app, members, 240))
            beside = rect.right + s.gap + width <= right.right
            where = (
                pygame.Rect(rect.right + s.gap, rect.top, width, bh)
                if beside
                else (pygame.Rect(right.left, rect.bottom + s.gap, width, bh))
            )
            self.buttons["club"] = button(app, manager, where, members, self.members)
            rect = rect.union(where)
        top = rect.bottom + s.gap * 3
        self.lobby.build(pygame.Rect(right.left, top, right.width, right.bottom - top))
        self._status_area = back_with_status(app, self.back)
        self.refresh()

    def _address_hint(self, width: int) -> str:
        """The address field's example: with a port when the field has room for it."""
        long = _("e.g. 192.168.1.20 or 192.168.1.20:7373")
        return long if label_width(self.app, long) <= width else _("e.g. 192.168.1.20:7373")

    def refresh(self) -> None:
        """One attempt at a time: the ways to start another wait for the one under way."""
        busy = self.connector.busy
        for widget in (*self.buttons.values(), *self.recent_buttons):
            set_enabled(widget, not busy)

    def _read_entries(self) -> None:
        if self.name_entry is not None:
            self.name = self.name_entry.get_text()
        if self.address_entry is not None:
            self.address = self.address_entry.get_text()

    # ----- actions --------------------------------------------------------------------------
    def use_address(self, address: str) -> None:
        self.address = address
        if self.address_entry is not None:
            self.address_entry.set_text(address)

    def join(self, watch: bool = False) -> None:
        self._read_entries()
        name, address = self.name.strip(), self.address.strip()
        if not name:
            self.say(_("Type your name first: the others see it at the table."), error=True)
            return
        if not address:
            self.say(_("Type the address the host gave you, e.g. 192.168.1.20:7373."), error=True)
            return
        with contextlib.suppress(StoreError):
            self.app.store.set_setting(NAME_SETTING, name[:40])
        self.say(_("Connecting to {address}…").format(address=address))
        self.connector.join(address, name, watch)

    def update(self, now: float) -> None:
        if self.connector.asking and self.app.dialog is None:
            self._ask_take_over()
        if not self.connector.finished():
            return
        result = self.connector.take()
        self.refresh()
        if result is None:
            return
        kind, value = result
        if kind == "error":
            self.say(str(value), error=True)
        elif kind == "lobby":
            self.connector.client, tables = value
            self.lobby.show(tables)
            self.say(_("Connected. Choose a table."))
            self.app.rebuild()
        else:
            self.connector.client = None  # the match owns it now
            self._open(value)

    def _ask_take_over(self) -> None:
        """The player's seat at the table is played from another connection right now (their
        terminal, another window, another computer): take it over here, or not."""

        def answer(take: bool) -> None:
            self.app.close_dialog()
            self.connector.answer(take)
            if not take:
                self.say(_("Your seat stays where it is played."))

        self.app.open_dialog(
            Dialog(
                _("Your seat is played elsewhere"),
                _(
                    "Your seat at this table is being played from another connection (another "
                    "terminal, window or computer?). Take it over here? The other connection is told."
                ),
                [
                    Choice(_("Take it over here"), lambda: answer(True), primary=True),
                    Choice(_("Not now"), lambda: answer(False)),
                ],
            )
        )

    def _open(self, match: RemoteMatch) -> None:
        if board_for(match.game, self.app.theme, self.app.fonts) is None:
            address = f"{match.client.host}:{match.client.port}"
            match.close()
            self.say(
                _("{title} is not in the window yet; join from a terminal: ludoteca join {address}").format(
                    title=_(match.game.info.title), address=address
                ),
                error=True,
            )
            return
        self.app.go("play" if match.playing or match.over else "table", match)

    def members(self) -> None:
        """The club's members' page, on this connection (sign in there, then pick a table here)."""
        client = self.connector.client
        if client is None:
            return
        self._handing_over = True
        self.app.go("club", client, self.address.strip(), self.lobby.tables)

    def host(self) -> None:
        self.connector.drop()
        self.app.go("choose")

    def say(self, text: str, error: bool = False) -> None:
        self.status, self.error = text, error

    def back(self) -> None:
        self.connector.drop()
        self.app.go("menu")

    def leave(self) -> None:
        self.connector.answer(False)  # a question left unanswered lets its attempt end
        # an attempt under way may be sitting at a table through the club's connection: not closed under it
        if not self.connector.busy and not self._handing_over:
            self.connector.drop()

    # ----- drawing --------------------------------------------------------------------------
    @staticmethod
    def _host_note() -> str:
        return _(
            "Choose a game, then make one or more seats Network players. Your friends join with the "
            "address shown once the table is open."
        )

    def _subtitle(self) -> str:
        return _("Join a friend's game by its address, or host one.")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        header(app, surface, _("Play over the network"), self._subtitle())
        self.labels.draw(surface)
        self.lobby.draw(surface)
        draw_status(app, surface, self._status_area, self.status, self.error, "network status")
