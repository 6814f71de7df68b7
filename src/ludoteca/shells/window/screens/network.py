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
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.net import protocol
from ludoteca.net.client import Client
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.network import join_game, recent_hosts
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import button, button_width, label_width, set_enabled
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
        #: which page of a club's tables is shown, and where each shown table's words go
        self.table_page = 0
        #: ‹ (-1) and › (1), when the tables take more than a page
        self.page_buttons: dict[int, UIButton] = {}
        self._table_rows: list[tuple[dict[str, Any], pygame.Rect]] = []
        self._labels: list[tuple[str, str, pygame.Rect, bool]] = []  # (text, style, where, centred)
        self._status_area = pygame.Rect(0, 0, 0, 0)

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
        self._labels = []
        y = self._label(_("Join a game"), "title", pygame.Rect(left.left, left.top, left.width, 0)) + s.gap
        # the fields' names in the room the longest of them needs (a third of the column at most)
        names = (_("Your name"), _("Address"))
        label_w = min(left.width // 3, max(fonts.body.size(name)[0] for name in names) + s.gap)
        field = pygame.Rect(left.left + label_w, y, left.width - label_w, bh)
        self.name_entry = UITextEntryLine(
            field, manager, placeholder_text=_("Your name"), initial_text=self.name
        )
        self.name_entry.set_text_length_limit(40)
        self._label(names[0], "field", pygame.Rect(left.left, y, label_w, bh), middle=True)
        y += bh + s.gap
        self.address_entry = UITextEntryLine(
            field.move(0, y - field.top),
            manager,
            placeholder_text=self._address_hint(field.width),
            initial_text=self.address,
        )
        self.address_entry.set_text_length_limit(100)
        self._label(names[1], "field", pygame.Rect(left.left, y, label_w, bh), middle=True)
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
            y = self._label(_("Recent hosts"), "bold", pygame.Rect(left.left, y, left.width, 0)) + s.gap
        for address in recent[: max(0, (left.bottom - y + s.gap) // (bh + s.gap))]:
            rect = pygame.Rect(field.left, y, field.width, bh)
            self.recent_buttons.append(
                button(app, manager, rect, address, partial(self.use_address, address))
            )
            y += bh + s.gap
        # hosting: how it goes, and the way to the games
        ry = self._label(_("Host a game"), "title", pygame.Rect(right.left, right.top, right.width, 0))
        ry = self._label(self._host_note(), "small", pygame.Rect(right.left, ry + s.gap, right.width, 0))
        label = _("Host a game…")
        rect = pygame.Rect(right.left, ry + s.gap, min(right.width, button_width(app, label, 320)), bh)
        self.buttons["host"] = button(app, manager, rect, label, self.host)
        self.table_buttons = []
        self._table_rows = []
        self.page_buttons = {}
        if self.tables is not None:
            top = rect.bottom + s.gap * 3
            self._lobby(pygame.Rect(right.left, top, right.width, right.bottom - top))
        back = back_button(app, self.back)
        # what is happening, beside the way back: a long message takes a line above and below it
        spill = fonts.small.get_linesize()
        self._status_area = pygame.Rect(
            back.rect.right + s.gap * 2,
            back.rect.top - spill,
            app.size[0] - s.margin * 2 - back.rect.right - s.gap * 2,
            bh + 2 * spill,
        )
        self._refresh()

    def _lobby(self, area: pygame.Rect) -> None:
        """A club's tables in `area`, a page at a time: each its game and free
        seats, the players at it (whose names may be shortened), and Join and Watch."""
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager, bh = app.manager, s.button_height
        tables = self.tables or []
        row_h = max(bh, fonts.body_bold.get_linesize() + fonts.small.get_linesize())
        heading_h = max(bh, fonts.body_bold.get_linesize())
        per_page = max(1, (area.height - heading_h) // (row_h + s.gap))
        pages = max(1, -(-len(tables) // per_page))
        self.table_page = min(self.table_page, pages - 1)
        heading = pygame.Rect(area.left, area.top, area.width, heading_h)
        if pages > 1:  # ‹ and › beside the heading turn the pages
            for step, text in ((1, "›"), (-1, "‹")):
                right = heading.right if step > 0 else heading.right - bh - s.gap
                arrow = button(
                    app,
                    manager,
                    pygame.Rect(right - bh, heading.top, bh, bh),
                    text,
                    partial(self._turn, step),
                )
                target = self.table_page + step
                set_enabled(arrow, 0 <= target < pages)
                self.page_buttons[step] = arrow
            heading.width -= 2 * (bh + s.gap)
        self._label(_("Tables at this club"), "title", heading, middle=True)
        y = heading.bottom + s.gap
        if not tables:
            self._label(_("No table is open yet."), "dim", pygame.Rect(area.left, y, area.width, 0))
            return
        join_w = button_width(app, _("Join"), 100)
        watch_w = button_width(app, _("Watch"), 100)
        shown = tables[self.table_page * per_page : (self.table_page + 1) * per_page]
        for table in shown:
            watch_rect = pygame.Rect(area.right - watch_w, y + (row_h - bh) // 2, watch_w, bh)
            join_rect = pygame.Rect(watch_rect.left - s.gap - join_w, watch_rect.top, join_w, bh)
            join = button(app, manager, join_rect, _("Join"), partial(self.pick, str(table["table"]), False))
            watch = button(
                app, manager, watch_rect, _("Watch"), partial(self.pick, str(table["table"]), True)
            )
            set_enabled(join, any(not seat.get("taken") for seat in table.get("seats", [])))
            self.table_buttons.append((join, watch))
            self._table_rows.append(
                (table, pygame.Rect(area.left, y, join_rect.left - s.gap - area.left, row_h))
            )
            y += row_h + s.gap

    def _turn(self, step: int) -> None:
        self.table_page += step
        self.app.rebuild()

    def _address_hint(self, width: int) -> str:
        """The address field's example: with a port when the field has room for it."""
        long = _("e.g. 192.168.1.20 or 192.168.1.20:7373")
        return long if label_width(self.app, long) <= width else _("e.g. 192.168.1.20:7373")

    def _label(self, text: str, style: str, rect: pygame.Rect, *, middle: bool = False) -> int:
        """A text of ours at `rect` (wrapped to its width; a height of 0: as tall as it needs);
        returns the y under it."""
        font = self._font(style)
        if rect.height == 0:
            rect = pygame.Rect(
                rect.left,
                rect.top,
                rect.width,
                draw.lines_height(font, len(draw.wrap(font, text, rect.width)), 0),
            )
        self._labels.append((text, style, rect, middle))
        return rect.bottom

    def _font(self, style: str) -> Any:
        fonts = self.app.fonts
        return {
            "title": fonts.body_bold,
            "bold": fonts.body_bold,
            "field": fonts.body,
            "dim": fonts.body,
            "small": fonts.small,
        }[style]

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
            self.table_page = 0
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
        app, c, fonts = self.app, self.app.theme.colours, self.app.fonts
        header(app, surface, _("Play over the network"), self._subtitle())
        colours = {"title": c.accent, "bold": c.text, "field": c.text, "dim": c.text_dim, "small": c.text_dim}
        for text, style, rect, middle in self._labels:
            draw.block(surface, (self._font(style),), text, colours[style], rect, 0, middle=middle)
        for table, rect in self._table_rows:
            self._draw_table(surface, table, rect)
        if self.status:
            with fit.inside(self._status_area, "network status"):
                colour = c.text_error if self.error else c.text
                draw.block(
                    surface, (fonts.body, fonts.small), self.status, colour, self._status_area, 0, middle=True
                )

    def _draw_table(self, surface: pygame.Surface, table: dict[str, Any], rect: pygame.Rect) -> None:
        """A table of the lobby: its game on the first line; how many seats are free and the
        players already there on the second (their names shortened if they must)."""
        c, fonts = self.app.theme.colours, self.app.fonts
        seats = table.get("seats") or []
        free = sum(1 for seat in seats if not seat.get("taken"))
        title = _(str(table.get("title") or table.get("game") or ""))
        line, small = fonts.body_bold.get_linesize(), fonts.small
        with fit.inside(rect, "lobby table"):
            top = rect.top + (rect.height - line - small.get_linesize()) // 2
            heading = pygame.Rect(rect.left, top, rect.width, line)
            draw.block(surface, (fonts.body_bold, fonts.small_bold), title, c.text, heading, 0, middle=True)
            count = ngettext("{n} seat free", "{n} seats free", free).format(n=free)
            x = draw.text(surface, small, count, c.text, (rect.left, top + line)).right
            taken = [protocol.seat_name(seat) for seat in seats if seat.get("taken")]
            names = ", ".join(name for name in taken if name)
            room = rect.right - x - small.size(" · ")[0]
            if names and room >= small.size("Wi…")[0]:  # too little room: the count alone
                shown = " · " + draw.ellipsize(small, names, room, may_cut=True)
                draw.text(surface, small, shown, c.text_dim, (x, top + line))
