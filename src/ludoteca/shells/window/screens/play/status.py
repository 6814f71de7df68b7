"""The board screen's words: the status bar under the board, and the banner over it.

The status bar says the latest message while it is fresh (what a move did, why a click was
refused), then what is happening — whose turn it is, who is thinking and how deep.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.shells import session
from ludoteca.shells.window.screens.play.host import BoardScreen


class StatusBar:
    def __init__(
        self, screen: BoardScreen, depth: Callable[[], int], widgets: Callable[[], list[UIButton]]
    ) -> None:
        self.screen = screen
        #: how deep the computer's search has got
        self._depth = depth
        #: the buttons sharing the status bar, whose room the words leave free
        self._widgets = widgets
        self.message = ""
        self.message_error = False
        self.message_until = 0.0
        #: a few words over the board after a move (a pass, a Qwirkle), until `banner_until`
        self.banner = ""
        self.banner_until = 0.0

    def say(self, text: str, error: bool = False) -> None:
        app = self.screen.app
        self.message = text
        self.message_error = error
        self.message_until = app.now() + app.theme.motion.message

    def announce(self, text: str) -> None:
        """Show `text` over the board for as long as the theme's pass banner lasts."""
        if not text:
            return
        app = self.screen.app
        speed = app.settings.speed
        self.banner = text
        self.banner_until = app.now() + (app.theme.motion.pass_banner / speed if speed > 0 else 0)

    def expire(self, now: float) -> None:
        if self.banner and now >= self.banner_until:
            self.banner = ""

    def parts(self, now: float) -> tuple[list[str], bool]:
        """What the status bar says, as sentences, and whether it is an error."""
        screen = self.screen
        match = screen.match
        fresh = bool(self.message) and now < self.message_until
        if fresh and self.message_error:
            return [draw.sentence(self.message)], True
        parts = [self.message] if fresh else []
        state = screen.view()
        seat = match.to_move()
        if match.over:
            parts = [session.describe_outcome(match)]
        elif seat is not None and screen.elsewhere(seat):
            parts.append(_("Waiting for {name}…").format(name=screen.seat_label(seat)))
        elif seat is not None and match.is_computer(seat):
            depth = self._depth()
            if depth:
                parts.append(_("{name} is thinking… depth {d}").format(name=screen.seat_label(seat), d=depth))
            else:
                parts.append(_("{name} is thinking…").format(name=screen.seat_label(seat)))
        elif seat is not None:
            if screen.board.forced_pass(state) is not None:
                parts.append(_("{name} must pass: click Pass.").format(name=screen.seat_label(seat)))
            else:
                parts.append(screen.board.prompt(state, screen.seat_label(seat)))
        return [draw.sentence(p) for p in parts if p], False

    def text(self, now: float) -> tuple[str, bool]:
        parts, error = self.parts(now)
        return "  ".join(parts), error

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> None:
        app = self.screen.app
        c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
        status = self.screen.layout.status
        draw.card(surface, status, c.status, None, s.corner)
        parts, error = self.parts(now)
        room = self._room()
        sizes = (fonts.body, fonts.small)
        text = "  ".join(parts)
        # too much to say in a narrow window: the newest news alone (what just happened)
        if len(parts) > 1 and not draw.fits(sizes, text, room.width, room.height, 0):
            text = parts[0]
        with fit.inside(status, "status bar"):
            draw.block(surface, sizes, text, c.text_error if error else c.text, room, 0, middle=True)

    def _room(self) -> pygame.Rect:
        """The status bar's part left for words (beside the buttons when they share it)."""
        screen = self.screen
        s = screen.app.theme.sizes
        status = screen.layout.status
        room = status.inflate(-2 * s.gap - 8, -4)
        if screen.layout.actions == status:
            widgets = self._widgets()
            if widgets:
                room.width = min(w.rect.left for w in widgets) - s.gap - room.left
        return room

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner after a move, or the one saying the person to move can only pass."""
        screen = self.screen
        if self.banner:
            self._banner(surface, self.banner)
        elif (
            (seat := screen.human_to_move()) is not None
            and screen.board.forced_pass(screen.view()) is not None
            and screen.transition is None
        ):
            self._banner(surface, _("{name} has no legal move").format(name=screen.seat_label(seat)))

    def _banner(self, surface: pygame.Surface, text: str) -> None:
        app = self.screen.app
        c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
        area = self.screen.layout.board
        room = area.width - 2 * s.margin - 2 * s.gap
        sizes = (fonts.title, fonts.body_bold)
        font, lines = draw.fitting(sizes, text, room, 2 * fonts.title.get_linesize(), 0)
        width = min(area.width - 2 * s.margin, max(font.size(line)[0] for line in lines) + 2 * s.margin)
        height = draw.lines_height(font, len(lines), 0)
        rect = pygame.Rect(0, 0, width, height + 2 * s.gap + 10)
        rect.center = area.center
        draw.translucent_rect(surface, c.status, rect, 225, s.corner + 4)
        draw.outline(surface, c.accent, rect, 2, s.corner + 4)
        with fit.inside(rect, "banner"):
            inner = rect.inflate(-2 * s.gap, -2 * s.gap)
            for i, line in enumerate(lines):
                y = inner.centery - height / 2 + i * font.get_linesize()
                draw.text(surface, font, line, c.text, (inner.centerx, y), "midtop")
