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
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.match import events
from ludoteca.match.events import Event
from ludoteca.net.clock import ClockSettings
from ludoteca.net.protocol import DEFAULT_PORT
from ludoteca.net.remote import RemoteMatch
from ludoteca.shells.network import HostedGame, HostPlan, host_game
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, button
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
        self._unsubscribe = match.subscribe(self._listen) if match is not None else None

    @property
    def title(self) -> str:
        game = self.match.game if self.match is not None else self.plan.game if self.plan else None
        return _(game.info.title) if game is not None else ""

    # ----- building -------------------------------------------------------------------------
    def build(self) -> None:
        if self.port_entry is not None:
            self.port_text = self.port_entry.get_text()
        app, s = self.app, self.app.theme.sizes
        manager, bh = app.manager, s.button_height
        x, y = s.margin * 2, header_height(app, self._subtitle()) + s.gap
        width = min(720, app.size[0] - s.margin * 4)
        self.buttons, self.reach_widget, self.port_entry, self.level_widget = {}, None, None, None
        if self.match is None:
            y += self.app.fonts.body_bold.get_linesize() + s.gap
            choices = [(LOCAL, _("This computer only")), (LAN, _("My network (LAN)"))]
            self.reach_widget = Segmented(
                app, manager, pygame.Rect(x, y, width, bh), choices, self.reach, self._set_reach
            )
            y += bh + s.gap * 2 + self.app.fonts.body_bold.get_linesize()
            clocks = [(choice, clock_label(choice)) for choice in CLOCKS]
            self.clock_widget = Segmented(
                app, manager, pygame.Rect(x, y, width, bh), clocks, self.clock, self._set_clock
            )
            y += bh + s.gap * 2 + self.app.fonts.body_bold.get_linesize()
            self.port_entry = UITextEntryLine(
                pygame.Rect(x, y, 160, bh), manager, initial_text=self.port_text
            )
            self.port_entry.set_allowed_characters("numbers")
            y += bh + s.gap * 3
            self.buttons["open"] = button(
                app, manager, pygame.Rect(x, y, 260, bh), _("Open the table"), self.open_table, primary=True
            )
        elif self.match.creator and self.match.status == "waiting":
            bottom = app.size[1] - s.margin - bh
            label = _("Start with computers")
            start_w = max(280, self.app.fonts.body_bold.size(label)[0] + 48)
            start = pygame.Rect(app.size[0] - s.margin * 2 - start_w, bottom, start_w, bh)
            levels = [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]
            level_rect = pygame.Rect(start.left - s.gap * 2 - 260, bottom, 260, bh)
            if level_rect.left < s.margin * 2 + 160 + s.gap * 2:  # no room beside Leave: above Start
                above = bottom - bh - s.gap * 2 - self.app.fonts.small.get_linesize()
                level_rect = pygame.Rect(start.right - 260, above, 260, bh)
            self.level_widget = Segmented(app, manager, level_rect, levels, self.level, self._set_level)
            self.buttons["start"] = button(app, manager, start, label, self.start, primary=True)
        back_button(app, self.back, _("Leave"))

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
        if not text.isdigit() or not 0 <= int(text) < 65536:
            self._say(_("'{port}' is not a port number (1–65535)").format(port=text), error=True)
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
                port=int(text),
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
        if event.kind == events.NEWS:
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
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        bh = s.button_height
        header(app, surface, _("Network table: {title}").format(title=self.title), self._subtitle())
        x, y = s.margin * 2, header_height(app, self._subtitle()) + s.gap
        width = app.size[0] - s.margin * 4
        if self.match is None:
            draw.text(surface, fonts.body_bold, _("Who may join?"), c.accent, (x, y))
            y += fonts.body_bold.get_linesize() + s.gap + bh + s.gap * 2
            draw.text(surface, fonts.body_bold, _("Clocks"), c.accent, (x, y))
            y += fonts.body_bold.get_linesize() + s.gap + bh + s.gap * 2
            draw.text(surface, fonts.body_bold, _("Port"), c.accent, (x, y))
            note = _("Players on your network join with this computer's address and this port.")
            draw.text(
                surface,
                fonts.small,
                note,
                c.text_dim,
                (x + 180, y + fonts.body_bold.get_linesize() + bh // 2),
                "midleft",
            )
        else:
            if self.hosted is not None:
                draw.text(surface, fonts.body_bold, _("Tell your friends"), c.accent, (x, y))
                y += fonts.body_bold.get_linesize() + 4
                opening = _("To let others on your network join, leave and choose My network (LAN).")
                for line in self.hosted.invitation(opening):
                    draw.text(surface, fonts.body, line.strip(), c.text, (x, y))
                    y += fonts.body.get_linesize() + 2
                y += s.gap * 2
            draw.text(surface, fonts.body_bold, _("Seats"), c.accent, (x, y))
            y += fonts.body_bold.get_linesize() + 4
            for seat, place in enumerate(self.match.places):
                draw.text(surface, fonts.body, self._seat_line(seat, place), c.text, (x, y))
                y += fonts.body.get_linesize() + 4
            waiting = self.match.waiting_for()
            if waiting:
                draw.text(
                    surface,
                    fonts.body,
                    draw.ellipsize(fonts.body, waiting, width),
                    c.text_dim,
                    (x, y + s.gap),
                )
            if self.level_widget is not None:
                rect = self.level_widget.buttons[0][1].rect
                draw.text(
                    surface,
                    fonts.small,
                    _("Computer level"),
                    c.text_dim,
                    (rect.left, rect.top - 4),
                    "bottomleft",
                )
        if self.status:
            area = pygame.Rect(
                s.margin * 2 + 180,
                app.size[1] - s.margin - bh - fonts.small.get_linesize() * 2 - s.gap,
                width - 180,
                fonts.small.get_linesize() * 2,
            )
            draw.paragraph(surface, fonts.small, self.status, c.text_error if self.error else c.text, area, 0)

    def _subtitle(self) -> str:
        if self.match is None:
            return _("Open the table, then give the address to your friends.")
        return _("The game starts when every seat is taken.")

    def _seat_line(self, seat: int, place: dict[str, Any]) -> str:
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
        return _("{number}. {colour}: {name}{you} — {status}").format(
            number=seat + 1, colour=colour, name=match.place_name(seat), you=you, status=status
        )


def clock_label(clock: tuple[int, int] | None) -> str:
    if clock is None:
        return _("No clock")
    minutes, increment = clock
    if increment:
        return _("{minutes} min + {seconds} s").format(minutes=minutes, seconds=increment)
    return _("{minutes} min").format(minutes=minutes)
