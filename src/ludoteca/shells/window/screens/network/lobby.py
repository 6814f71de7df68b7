"""A club's lobby on the network page: its tables a page at a time, each with its game, its free
seats and the players already there, and Join and Watch to pick one."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import get_game
from ludoteca.core.text import clean_line
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.net import protocol
from ludoteca.shells.options import options_in_words
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.network.connecting import Connector
from ludoteca.shells.window.screens.network.labels import Labels
from ludoteca.shells.window.widgets import button, button_width, set_enabled


class Lobby:
    def __init__(
        self,
        app: App,
        labels: Labels,
        connector: Connector,
        say: Callable[[str], None],
        address: Callable[[], str],
    ) -> None:
        self.app = app
        self.labels = labels
        self.connector = connector
        self._say = say
        #: the club's address, as the page's field says it
        self._address = address
        #: the club's tables as its welcome listed them; None until connected to a club
        self.tables: list[dict[str, Any]] | None = None
        self.page = 0
        self.table_buttons: list[tuple[UIButton, UIButton]] = []
        #: ‹ (-1) and › (1), when the tables take more than a page
        self.page_buttons: dict[int, UIButton] = {}
        #: each shown table, and where its words go
        self._rows: list[tuple[dict[str, Any], pygame.Rect]] = []

    def show(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables
        self.page = 0

    def build(self, area: pygame.Rect) -> None:
        """The tables in `area`, a page at a time (nothing before joining a club)."""
        self.table_buttons = []
        self._rows = []
        self.page_buttons = {}
        if self.tables is None:
            return
        app = self.app
        s, fonts = app.theme.sizes, app.fonts
        manager, bh = app.manager, s.button_height
        tables = self.tables
        row_h = max(bh, fonts.body_bold.get_linesize() + fonts.small.get_linesize())
        heading_h = max(bh, fonts.body_bold.get_linesize())
        per_page = max(1, (area.height - heading_h) // (row_h + s.gap))
        pages = max(1, -(-len(tables) // per_page))
        # a resize may leave fewer pages than the one shown
        self.page = min(self.page, pages - 1)
        heading = pygame.Rect(area.left, area.top, area.width, heading_h)
        if pages > 1:  # ‹ and › beside the heading turn the pages
            for step, text in ((1, "›"), (-1, "‹")):
                right = heading.right if step > 0 else heading.right - bh - s.gap
                arrow = button(
                    app, manager, pygame.Rect(right - bh, heading.top, bh, bh), text, partial(self.turn, step)
                )
                set_enabled(arrow, 0 <= self.page + step < pages)
                self.page_buttons[step] = arrow
            heading.width -= 2 * (bh + s.gap)
        labels = self.labels
        labels.add(_("Tables at this club"), "title", heading, middle=True)
        y = heading.bottom + s.gap
        if not tables:
            labels.add(_("No table is open yet."), "dim", pygame.Rect(area.left, y, area.width, 0))
            return
        join_w = button_width(app, _("Join"), 100)
        watch_w = button_width(app, _("Watch"), 100)
        for table in tables[self.page * per_page : (self.page + 1) * per_page]:
            key = str(table["table"])
            watch_rect = pygame.Rect(area.right - watch_w, y + (row_h - bh) // 2, watch_w, bh)
            join_rect = pygame.Rect(watch_rect.left - s.gap - join_w, watch_rect.top, join_w, bh)
            join = button(app, manager, join_rect, _("Join"), partial(self.pick, key, False))
            watch = button(app, manager, watch_rect, _("Watch"), partial(self.pick, key, True))
            set_enabled(join, any(not seat.get("taken") for seat in table.get("seats", [])))
            self.table_buttons.append((join, watch))
            self._rows.append((table, pygame.Rect(area.left, y, join_rect.left - s.gap - area.left, row_h)))
            y += row_h + s.gap

    def turn(self, step: int) -> None:
        self.page += step
        self.app.rebuild()

    def pick(self, table: str, watch: bool) -> None:
        client = self.connector.client
        if client is None:
            return
        self._say(_("Joining the table…"))
        self.connector.sit(client, self._address().strip(), table, watch)

    def draw(self, surface: pygame.Surface) -> None:
        for table, rect in self._rows:
            self._draw_table(surface, table, rect)

    def _draw_table(self, surface: pygame.Surface, table: dict[str, Any], rect: pygame.Rect) -> None:
        """A table: its game on the first line; how many seats are free and the players already
        there on the second (their names shortened if they must)."""
        app = self.app
        c, fonts = app.theme.colours, app.fonts
        seats = table.get("seats") or []
        free = sum(1 for seat in seats if not seat.get("taken"))
        title = _(str(table.get("title") or table.get("game") or ""))
        line, small = fonts.body_bold.get_linesize(), fonts.small
        with fit.inside(rect, "lobby table"):
            top = rect.top + (rect.height - line - small.get_linesize()) // 2
            heading = pygame.Rect(rect.left, top, rect.width, line)
            draw.block(surface, (fonts.body_bold, fonts.small_bold), title, c.text, heading, 0, middle=True)
            kind = table_kind(table)
            gap = small.size(" · ")[0]
            left = heading.left + min(heading.width, fonts.body_bold.size(title)[0]) + gap
            # what kind of game (a host's own setup by its name), beside it when it fits whole:
            # the table's page says it in full
            if kind and small.size(kind)[0] <= heading.right - left:
                draw.text(surface, small, kind, c.text_dim, (left, heading.centery), "midleft")
            count = ngettext("{n} seat free", "{n} seats free", free).format(n=free)
            x = draw.text(surface, small, count, c.text, (rect.left, top + line)).right
            taken = [protocol.seat_name(seat) for seat in seats if seat.get("taken")]
            names = ", ".join(name for name in taken if name)
            room = rect.right - x - small.size(" · ")[0]
            if names and room >= small.size("Wi…")[0]:  # too little room: the count alone
                shown = " · " + draw.ellipsize(small, names, room, may_cut=True)
                draw.text(surface, small, shown, c.text_dim, (x, top + line))


def table_kind(table: dict[str, Any]) -> str:
    """What kind of game a table of the lobby is for, in words ("Khet 2.0, Setup: Duel": a
    host's own setup by its name); "" for a game this computer does not have."""
    try:
        game = get_game(str(table.get("game") or ""))
    except LudotecaError:
        return ""
    options = table.get("options")
    return clean_line(options_in_words(game, options if isinstance(options, dict) else {}))
