# mypy: disable-error-code="no-untyped-call"
"""Playing over the network: join a host by its address (recent hosts remembered), pick a table
at a club's lobby, or go and host a game (choose it, then make a seat a network player).

Connecting happens in a background thread so the window keeps drawing; the screen picks up the
result at its next frame.
"""

from __future__ import annotations

import contextlib
import os
import threading
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.network import join_game, recent_hosts
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import button, set_enabled
from ludoteca.store import StoreError

NAME_SETTING = "net.name"


class NetworkScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.name = self._setting(NAME_SETTING) or os.environ.get("USER") or ""
        recent = recent_hosts(app.store)
        self.address = recent[0] if recent else ""
        self.status = ""
        self.error = False
        #: a club's tables once connected to one, and the connection that listed them
        self.tables: list[dict[str, Any]] | None = None
        self.client: Client | None = None
        self._pending: threading.Thread | None = None
        self._result: tuple[str, Any] | None = None
        self.name_entry: UITextEntryLine | None = None
        self.address_entry: UITextEntryLine | None = None
        self.buttons: dict[str, UIButton] = {}
        self.recent_buttons: list[UIButton] = []
        self.table_buttons: list[tuple[UIButton, UIButton]] = []

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
        y = left.top + fonts.body_bold.get_linesize() + s.gap
        label_w = min(160, left.width // 3)
        self.name_entry = UITextEntryLine(
            pygame.Rect(left.left + label_w, y, left.width - label_w, bh),
            manager,
            placeholder_text=_("Your name"),
            initial_text=self.name,
        )
        self.name_entry.set_text_length_limit(40)
        y += bh + s.gap
        self.address_entry = UITextEntryLine(
            pygame.Rect(left.left + label_w, y, left.width - label_w, bh),
            manager,
            placeholder_text=_("e.g. 192.168.1.20 or 192.168.1.20:7373"),
            initial_text=self.address,
        )
        self.address_entry.set_text_length_limit(100)
        y += bh + s.gap
        half = (left.width - label_w - s.gap) // 2
        self.buttons = {
            "join": button(
                app,
                manager,
                pygame.Rect(left.left + label_w, y, half, bh),
                _("Join"),
                self.join,
                primary=True,
            ),
            "watch": button(
                app,
                manager,
                pygame.Rect(left.left + label_w + half + s.gap, y, half, bh),
                _("Watch"),
                partial(self.join, True),
            ),
        }
        y += bh + s.gap * 3 + fonts.body_bold.get_linesize()
        self.recent_buttons = []
        for address in recent_hosts(app.store)[: max(0, (left.bottom - y) // (bh + s.gap))]:
            rect = pygame.Rect(left.left + label_w, y, left.width - label_w, bh)
            self.recent_buttons.append(
                button(app, manager, rect, address, partial(self.use_address, address))
            )
            y += bh + s.gap
        note_lines = len(draw.wrap(fonts.small, self._host_note(), right.width))
        ry = (
            right.top
            + fonts.body_bold.get_linesize()
            + s.gap
            + note_lines * (fonts.small.get_linesize() + 2)
            + s.gap
        )
        self.buttons["host"] = button(
            app, manager, pygame.Rect(right.left, ry, min(right.width, 320), bh), _("Host a game…"), self.host
        )
        self.table_buttons = []
        if self.tables is not None:
            ty = ry + bh + s.gap * 3 + fonts.body_bold.get_linesize()
            for table in self.tables:
                if ty + bh > right.bottom:
                    break
                join = button(
                    app,
                    manager,
                    pygame.Rect(right.right - 200 - s.gap, ty, 100, bh),
                    _("Join"),
                    partial(self.pick, str(table["table"]), False),
                )
                watch = button(
                    app,
                    manager,
                    pygame.Rect(right.right - 100, ty, 100, bh),
                    _("Watch"),
                    partial(self.pick, str(table["table"]), True),
                )
                set_enabled(join, any(not seat.get("taken") for seat in table.get("seats", [])))
                self.table_buttons.append((join, watch))
                ty += bh + s.gap
        back_button(app, self.back)
        self._refresh()

    def _refresh(self) -> None:
        busy = self._pending is not None
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
            self._say(_("Type your name first: the others see it at the table."), error=True)
            return
        if not address:
            self._say(_("Type the address the host gave you, e.g. 192.168.1.20:7373."), error=True)
            return
        with contextlib.suppress(StoreError):
            self.app.store.set_setting(NAME_SETTING, name[:40])
        self._say(_("Connecting to {address}…").format(address=address))
        self._start(partial(self._connect, address, name, watch))

    def pick(self, table: str, watch: bool) -> None:
        """A table of the club's lobby."""
        if self.client is None:
            return
        client, address = self.client, self.address.strip()
        self._say(_("Joining the table…"))
        self._start(
            lambda: (
                "match",
                join_game(self.app.store, address, client.name, table=table, watch=watch, client=client),
            )
        )

    def _connect(self, address: str, name: str, watch: bool) -> tuple[str, Any]:
        client = Client(address, name)
        welcome = client.connect()
        if welcome.get("mode") == "club":
            return "lobby", (client, list(welcome.get("tables") or []))
        return "match", join_game(self.app.store, address, name, watch=watch, client=client)

    def _start(self, work: Any) -> None:
        def run() -> None:
            try:
                self._result = work()
            except LudotecaError as err:
                self._result = ("error", str(err))
            except Exception as err:  # a network surprise must not take the window down
                self._result = ("error", _("Could not connect: {err}").format(err=err))

        self._result = None
        self._pending = threading.Thread(target=run, name="ludoteca-join", daemon=True)
        self._pending.start()
        self._refresh()

    def update(self, now: float) -> None:
        if self._pending is None or self._pending.is_alive():
            return
        self._pending = None
        result, self._result = self._result, None
        self._refresh()
        if result is None:
            return
        kind, value = result
        if kind == "error":
            self._say(str(value), error=True)
        elif kind == "lobby":
            self.client, self.tables = value
            self._say(_("Connected. Choose a table."))
            self.app.rebuild()
        else:
            self.client = None  # the match owns it now
            self._open(value)

    def _open(self, match: RemoteMatch) -> None:
        if board_for(match.game, self.app.theme, self.app.fonts) is None:
            address = f"{match.client.host}:{match.client.port}"
            match.close()
            self._say(
                _("{title} is not in the window yet; join from a terminal: ludoteca join {address}").format(
                    title=_(match.game.info.title), address=address
                ),
                error=True,
            )
            return
        self.app.go("play" if match.playing or match.over else "table", match)

    def host(self) -> None:
        self._drop_client()
        self.app.go("choose")

    def _say(self, text: str, error: bool = False) -> None:
        self.status, self.error = text, error

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def back(self) -> None:
        self._drop_client()
        self.app.go("menu")

    def leave(self) -> None:
        if self._pending is None:
            self._drop_client()

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
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(app, surface, _("Play over the network"), self._subtitle())
        left, right = self._columns()
        bh = s.button_height
        draw.text(surface, fonts.body_bold, _("Join a game"), c.accent, left.topleft)
        y = left.top + fonts.body_bold.get_linesize() + s.gap
        for label in (_("Your name"), _("Address")):
            draw.text(surface, fonts.body, label, c.text, (left.left, y + bh // 2), "midleft")
            y += bh + s.gap
        y += bh + s.gap * 3
        if self.recent_buttons:
            draw.text(surface, fonts.body_bold, _("Recent hosts"), c.text, (left.left, y))
        draw.text(surface, fonts.body_bold, _("Host a game"), c.accent, right.topleft)
        note = self._host_note()
        rect = pygame.Rect(
            right.left,
            right.top + fonts.body_bold.get_linesize() + s.gap,
            right.width,
            self.buttons["host"].rect.top - right.top,
        )
        draw.paragraph(surface, fonts.small, note, c.text_dim, rect)
        if self.tables is not None:
            ty = self.buttons["host"].rect.bottom + s.gap * 3
            draw.text(surface, fonts.body_bold, _("Tables at this club"), c.accent, (right.left, ty))
            ty += fonts.body_bold.get_linesize()
            if not self.tables:
                draw.text(
                    surface,
                    fonts.body,
                    _("No table is open yet."),
                    c.text_dim,
                    (right.left, ty + bh // 2),
                    "midleft",
                )
            for table, (join, _watch) in zip(self.tables, self.table_buttons, strict=False):
                seats = table.get("seats") or []
                free = sum(1 for seat in seats if not seat.get("taken"))
                names = ", ".join(seat.get("name") or _("free seat") for seat in seats)
                line = f"{table.get('title')} — {names} ({_('{n} free').format(n=free)})"
                width = join.rect.left - right.left - s.gap
                draw.text(
                    surface,
                    fonts.body,
                    draw.ellipsize(fonts.body, line, width),
                    c.text,
                    (right.left, join.rect.centery),
                    "midleft",
                )
        if self.status:
            area = pygame.Rect(
                s.margin * 2 + 180, app.size[1] - s.margin - bh, app.size[0] - s.margin * 4 - 180, bh
            )
            draw.paragraph(surface, fonts.small, self.status, c.text_error if self.error else c.text, area, 0)
