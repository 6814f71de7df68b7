# mypy: disable-error-code="no-untyped-call"
"""A network table before its game starts: hosting it (who may join, the addresses to give), the
seats as they fill, and for the table's opener "start now with computers". Once the game starts
the board screen takes over with the same match.

Made with `plan` (a game to host, from the options screen) or with `match` (a table joined).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.core.seats import MAX_LEVEL
from ludoteca.core.text import NumberError, clean_line
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.qr import draw_qr
from ludoteca.match.events import Event, News
from ludoteca.net.addresses import read_port
from ludoteca.net.clock import ClockSettings
from ludoteca.net.protocol import DEFAULT_PORT
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.network import HostedGame, HostPlan, host_game
from ludoteca.shells.options import options_in_words
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, button, button_width, label_width
from ludoteca.store import StoreError

LOCAL, LAN = "local", "lan"
#: the time controls offered when hosting: none, or (minutes, seconds added per move)
CLOCKS: tuple[tuple[int, int] | None, ...] = (None, (5, 3), (10, 5), (30, 0))


class TableScreen(Screen):
    def __init__(self, app: App, match: RemoteMatch | None = None, *, plan: HostPlan | None = None) -> None:
        super().__init__(app)
        self.plan = plan
        self.match = match
        self.hosted: HostedGame | None = None
        self.reach = LOCAL  # the network only when the player asks for it
        self.port_text = str(DEFAULT_PORT)
        self.level = 3
        self.clock: tuple[int, int] | None = None
        self.clock_widget: Segmented[tuple[int, int] | None] | None = None
        self.status = ""
        self.error = False
        self.reach_widget: Segmented[str] | None = None
        self.port_entry: UITextEntryLine | None = None
        self.level_widget: Segmented[int] | None = None
        self.buttons: dict[str, UIButton] = {}
        self._labels: list[tuple[str, str, pygame.Rect, bool]] = []  # (text, style, where, centred)
        #: where the table's words and the messages go, between the header and the buttons
        self._content = pygame.Rect(0, 0, 0, 0)
        self._unsubscribe = match.subscribe(self._listen) if match is not None else None

    @property
    def title(self) -> str:
        game = self.match.game if self.match is not None else self.plan.game if self.plan else None
        return _(game.info.title) if game is not None else ""

    # ----- building -------------------------------------------------------------------------
    def build(self) -> None:
        if self.port_entry is not None:
            self.port_text = self.port_entry.get_text()
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager, bh = app.manager, s.button_height
        x, y = s.margin * 2, header_height(app, self._subtitle()) + s.gap
        width = min(app.theme.px(720), app.size[0] - s.margin * 4)
        self.buttons, self.reach_widget, self.port_entry, self.level_widget = {}, None, None, None
        self._labels = []
        back = back_button(app, self.back, _("Leave"))
        self._content = pygame.Rect(x, y, app.size[0] - s.margin * 4, back.rect.top - s.gap - y)
        if self.match is None:
            y = self._label(_("Who may join?"), "title", x, y, width) + s.gap // 2
            choices = [(LOCAL, _("This computer only")), (LAN, _("My network (LAN)"))]
            rect = pygame.Rect(x, y, width, bh)
            self.reach_widget = Segmented(app, manager, rect, choices, self.reach, self._set_reach)
            y += Segmented.height(app, [label for _reach, label in choices], width) + s.gap * 2
            y = self._label(_("Clocks"), "title", x, y, width) + s.gap // 2
            clocks = [(choice, clock_label(choice)) for choice in CLOCKS]
            rect = pygame.Rect(x, y, width, bh)
            self.clock_widget = Segmented(app, manager, rect, clocks, self.clock, self._set_clock)
            y += Segmented.height(app, [label for _clock, label in clocks], width) + s.gap * 2
            y = self._label(_("Port"), "title", x, y, width) + s.gap // 2
            port_w = max(app.theme.px(160), label_width(app, "65535"))
            self.port_entry = UITextEntryLine(
                pygame.Rect(x, y, port_w, bh), manager, initial_text=self.port_text
            )
            self.port_entry.set_allowed_characters("numbers")
            # what the port is for, beside its field
            note = _("Players on your network join with this computer's address and this port.")
            beside = pygame.Rect(x + port_w + s.gap * 2, y, width - port_w - s.gap * 2, bh)
            lines = len(draw.wrap(fonts.small, note, beside.width))
            beside.height = max(bh, draw.lines_height(fonts.small, lines, 0))
            self._labels.append((note, "small", beside, True))
            y = beside.bottom + s.gap * 3
            label = _("Open the table")
            rect = pygame.Rect(x, y, button_width(app, label, 260, bold=True), bh)
            self.buttons["open"] = button(app, manager, rect, label, self.open_table, primary=True)
            y = rect.bottom + s.gap * 2
            self._content = pygame.Rect(x, y, self._content.width, self._content.bottom - y)
        elif self.match.creator and self.match.status == "waiting":
            # start now, the free seats taken by computers of the level chosen beside it
            bottom = back.rect.top
            label = _("Start with computers")
            start_w = button_width(app, label, 280, bold=True)
            start = pygame.Rect(app.size[0] - s.margin * 2 - start_w, bottom, start_w, bh)
            levels = [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]
            need = sum(label_width(app, text) for _level, text in levels) + 6 * (len(levels) - 1)
            level_w = max(app.theme.px(260), need)
            line = fonts.small.get_linesize()
            level_rect = pygame.Rect(start.left - s.gap * 2 - level_w, bottom, level_w, bh)
            if level_rect.left < back.rect.right + s.gap * 2:  # no room beside Leave: above Start
                level_rect = pygame.Rect(start.right - level_w, bottom - bh - s.gap * 2, level_w, bh)
            self.level_widget = Segmented(app, manager, level_rect, levels, self.level, self._set_level)
            heading = pygame.Rect(level_rect.left, level_rect.top - 4 - line, level_rect.width, line)
            self._labels.append((_("Computer level"), "small", heading, False))
            self.buttons["start"] = button(app, manager, start, label, self.start, primary=True)
            self._content.height = min(self._content.bottom, heading.top - s.gap) - self._content.top

    def _label(self, text: str, style: str, x: int, y: int, width: int) -> int:
        """A heading or a note of ours at (x, y), wrapped to `width`; returns the y under it."""
        font = self._font(style)
        height = draw.lines_height(font, len(draw.wrap(font, text, width)), 0)
        self._labels.append((text, style, pygame.Rect(x, y, width, height), False))
        return y + height

    def _font(self, style: str) -> Any:
        fonts = self.app.fonts
        return {"title": fonts.body_bold, "body": fonts.body, "small": fonts.small}[style]

    def _set_reach(self, reach: str) -> None:
        self.reach = reach

    def _set_clock(self, clock: tuple[int, int] | None) -> None:
        self.clock = clock

    def _set_level(self, level: int) -> None:
        self.level = level

    # ----- actions --------------------------------------------------------------------------
    def open_table(self) -> None:
        plan = self.plan
        assert plan is not None
        text = self.port_entry.get_text() if self.port_entry is not None else self.port_text
        try:
            port = read_port(text, listening=True)
        except NumberError as err:
            self._say(str(err), error=True)
            return
        name = ""
        with contextlib.suppress(StoreError):
            name = self.app.store.get_setting("net.name") or ""
        try:
            hosted = host_game(
                self.app.store,
                plan.game,
                plan.options,
                plan.seats,
                name=name or _("Host"),
                bind="0.0.0.0" if self.reach == LAN else "127.0.0.1",
                port=port,
                seed=plan.seed,
                clock=ClockSettings(*self.clock) if self.clock is not None else None,
            )
        except LudotecaError as err:
            self._say(str(err), error=True)
            return
        match = hosted.match
        if match is None:  # the host only serves (no seat of its own): nothing to show here
            hosted.close()
            self._say(_("Make one seat Human: it is yours at the table."), error=True)
            return
        self.hosted = hosted
        match.on_close.append(hosted.server.stop)
        self.match = match
        self._unsubscribe = match.subscribe(self._listen)
        self._say("")
        self.app.rebuild()

    def start(self) -> None:
        if self.match is None:
            return
        try:
            self.match.start_with_computers(self.level)
        except LudotecaError as err:
            self._say(str(err), error=True)

    def _listen(self, event: Event) -> None:
        if isinstance(event, News):
            self._say(str(event.info))

    def update(self, now: float) -> None:
        match = self.match
        if match is None:
            return
        match.poll()
        if match.playing or match.over:
            self.app.go("play", match)
        elif match.gone:
            self._say(_("The connection to the server is lost."), error=True)

    def _say(self, text: str, error: bool = False) -> None:
        self.status, self.error = text, error

    def back(self) -> None:
        if self.match is not None:
            self.match.close()
            self.match = None
        if self.hosted is None and self.plan is not None:
            self.app.go("options", self.plan.game)
        else:
            self.app.go("network")

    def leave(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def on_quit(self) -> None:
        if self.match is not None:
            self.match.close()

    # ----- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts = self.app, self.app.theme.colours, self.app.fonts
        header(app, surface, _("Network table: {title}").format(title=self.title), self._subtitle())
        colours = {"title": c.accent, "body": c.text, "small": c.text_dim}
        for text, style, rect, middle in self._labels:
            draw.block(surface, (self._font(style),), text, colours[style], rect, 0, middle=middle)
        area = self._content
        with fit.inside(area, "table"):
            y = area.top
            if self.match is not None:
                y = self._draw_table(surface, area)
            if self.status:
                colour = c.text_error if self.error else c.text
                rect = pygame.Rect(area.left, y, area.width, area.bottom - y)
                draw.block(surface, (fonts.body, fonts.small), draw.sentence(self.status), colour, rect, 0)

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """What to tell friends (when hosting), the seats, and whom the game waits for, down
        `area`; returns the y under them."""
        match = self.match
        assert match is not None
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        x, y, width = area.left, area.top, area.width
        body = fonts.body

        def text(content: str, font: pygame.font.Font, colour: Any, gap: int = 2) -> int:
            room = pygame.Rect(x, y, width, area.bottom - y)
            return y + draw.paragraph(surface, font, content, colour, room, 0) + gap

        if self.hosted is not None:
            link = self.hosted.page_link()
            if link is not None:  # a phone in the room opens the table's page from the code
                room = pygame.Rect(x, y, width, min(area.height // 2, self.app.theme.px(220)))
                width -= draw_qr(surface, link, room).width + s.gap * 2
            y = text(_("Tell your friends"), fonts.body_bold, c.accent, 4)
            opening = _("To let others on your network join, leave and choose My network (LAN).")
            for invitation in self.hosted.invitation(opening):
                y = text(invitation.strip(), body, c.text)
            y += s.gap * 2
            width = area.width
        y = text(_("Seats"), fonts.body_bold, c.accent, 4)
        for seat, place in enumerate(match.places):
            y = text(self._seat_line(seat, place, width), body, c.text, 4)
        waiting = match.waiting_for()
        if waiting:
            y += s.gap
            y = text(waiting, body, c.text_dim, s.gap)
        return y

    def _subtitle(self) -> str:
        if self.match is None:
            note = _("Open the table, then give the address to your friends.")
        else:
            note = _("The game starts when every seat is taken.")
        kind = self._kind()
        return f"{kind}\n{note}" if kind else note

    def _kind(self) -> str:
        """What the table is for, in words ("Khet 2.0, Setup: Duel": a host's own setup by its
        name), on one line; a name a player typed loses its end if it must."""
        chosen = self.match if self.match is not None else self.plan
        if chosen is None:
            return ""
        kind = clean_line(options_in_words(chosen.game, chosen.options))
        width = self.app.size[0] - 4 * self.app.theme.sizes.margin
        return draw.ellipsize(self.app.fonts.body, kind, width, may_cut=True) if kind else ""

    def _seat_line(self, seat: int, place: dict[str, Any], width: int) -> str:
        """A seat's line: its number, colour, player and state; the player's name (theirs, not
        ours) loses its end if the line would not fit `width` otherwise."""
        match = self.match
        assert match is not None
        colour = match.game.seat_name(match.state, seat)
        if place.get("kind") == "computer":
            status = _("computer, level {n}").format(n=place.get("level"))
        elif not place.get("taken"):
            status = _("free")
        elif place.get("connected"):
            status = _("connected")
        else:
            status = _("disconnected")
        you = " " + _("(you)") if seat == match.seat else ""

        def line(name: str) -> str:
            return _("{number}. {colour}: {name}{you} — {status}").format(
                number=seat + 1, colour=colour, name=name, you=you, status=status
            )

        font, name = self.app.fonts.body, match.place_name(seat)
        room = width - font.size(line(""))[0]
        if font.size(line(name))[0] > width and room > font.size("W…")[0]:
            name = draw.ellipsize(font, name, room, may_cut=True)
        return line(name)


def clock_label(clock: tuple[int, int] | None) -> str:
    if clock is None:
        return _("No clock")
    minutes, increment = clock
    if increment:
        return _("{minutes} min + {seconds} s").format(minutes=minutes, seconds=increment)
    return _("{minutes} min").format(minutes=minutes)
