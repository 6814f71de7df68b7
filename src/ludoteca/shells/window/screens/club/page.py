"""The club page's right-hand column: a member's page or a game's leaderboard, as the club sent it.

A member's page lists their ratings by game, each with its chart over time, then their recent
rated games (each with Replay), then how they fare against each opponent; what does not fit the
column is left out from the bottom, the newest first kept.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.net import protocol
from ludoteca.shells.listings import rating_title
from ludoteca.shells.terminal.club import chart_values, placing, rating_text
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.club.chart import draw_chart
from ludoteca.shells.window.widgets import button, button_width


class PageView:
    def __init__(self, app: App, replay: Callable[[str], None]) -> None:
        self.app = app
        self._replay = replay
        self.shown: dict[str, Any] | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        #: a Replay button for each recent game shown, by its table
        self.replay_buttons: dict[str, UIButton] = {}
        #: what is drawn where: (kind, the row's data, its rectangle)
        self._rows: list[tuple[str, Any, pygame.Rect]] = []

    @property
    def buttons(self) -> list[UIButton]:
        return list(self.replay_buttons.values())

    def build(self, area: pygame.Rect, shown: dict[str, Any] | None) -> None:
        self.area, self.shown = area, shown
        self.replay_buttons, self._rows = {}, []
        if shown is None:
            return
        if shown.get("type") == "leaderboard":
            self._lay_out_leaderboard(shown)
        else:
            self._lay_out_page(shown)

    # ----- laying out ---------------------------------------------------------------------------
    def _add(self, kind: str, data: Any, height: int, y: int) -> int:
        """One row at `y` if it fits the column; returns the y under it (or past the bottom)."""
        if y + height > self.area.bottom:
            return self.area.bottom + 1
        self._rows.append((kind, data, pygame.Rect(self.area.left, y, self.area.width, height)))
        return y + height

    def _heading(self, text: str, y: int) -> int:
        fonts, gap = self.app.fonts, self.app.theme.sizes.gap
        return self._add("heading", text, fonts.body_bold.get_linesize() + gap, y)

    def _lay_out_page(self, page: dict[str, Any]) -> None:
        app = self.app
        fonts, s = app.fonts, app.theme.sizes
        y = self._add(
            "name", page, fonts.title.get_linesize() + fonts.small.get_linesize() + s.gap, self.area.top
        )
        ratings = list(page.get("ratings") or [])
        two_lines = fonts.body_bold.get_linesize() + fonts.small.get_linesize() + s.gap
        y = self._heading(_("Ratings"), y + s.gap)
        if not ratings:
            y = self._add("note", _("No rated game yet."), fonts.body.get_linesize() + s.gap, y)
        for row in ratings:
            y = self._add("rating", row, two_lines, y)
        games = list(page.get("games") or [])
        if games:
            y = self._heading(_("Recent games"), y + s.gap)
            replay_w = button_width(app, _("Replay"), 90)
            row_h = max(two_lines, s.button_height + s.gap)
            for game in games:
                before = len(self._rows)
                y = self._add("game", game, row_h, y)
                table = game.get("table")
                if len(self._rows) > before and table:
                    rect = self._rows[-1][2]
                    where = pygame.Rect(rect.right - replay_w, rect.top, replay_w, s.button_height)
                    self.replay_buttons[str(table)] = button(
                        app, app.manager, where, _("Replay"), partial(self._replay, str(table))
                    )
        opponents = list(page.get("opponents") or [])
        if opponents:
            y = self._heading(_("Against each opponent (wins, losses, draws):"), y + s.gap)
            for other in opponents:
                y = self._add("opponent", other, fonts.body.get_linesize() + 2, y)

    def _lay_out_leaderboard(self, board: dict[str, Any]) -> None:
        fonts, s = self.app.fonts, self.app.theme.sizes
        title = _("Leaderboard of {game}").format(game=rating_title(str(board.get("game", ""))))
        y = self._add("title", title, fonts.title.get_linesize() + s.gap, self.area.top)
        rows = list(board.get("rows") or [])
        if not rows:
            self._add("note", _("No rated game yet."), fonts.body.get_linesize(), y)
        for row in rows:
            y = self._add("ranked", row, fonts.body.get_linesize() + 6, y)

    # ----- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        c, fonts = app.theme.colours, app.fonts
        if self.shown is None:
            hint = _("Sign in to see your own page, look a member up, or open a game's leaderboard.")
            draw.paragraph(surface, fonts.body, hint, c.text_dim, self.area)
            return
        with fit.inside(self.area, "club page"):
            for kind, data, rect in self._rows:
                getattr(self, f"_draw_{kind}")(surface, data, rect)

    def _draw_name(self, surface: pygame.Surface, page: dict[str, Any], rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        name = draw.ellipsize(fonts.title, str(page.get("name", "")), rect.width, may_cut=True)
        draw.text(surface, fonts.title, name, c.text, rect.topleft)
        since = _("Member since {date}").format(date=str(page.get("since") or "")[:10])
        draw.text(surface, fonts.small, since, c.text_dim, (rect.left, rect.top + fonts.title.get_linesize()))

    def _draw_title(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        # a smaller font rather than a cut title in a narrow column
        draw.block(surface, (fonts.title, fonts.body_bold), text, c.text, rect, 0)

    def _draw_heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        draw.text(
            surface,
            fonts.body_bold,
            draw.ellipsize(fonts.body_bold, text, rect.width),
            c.accent,
            rect.topleft,
        )

    def _draw_note(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        draw.text(surface, fonts.body, text, c.text_dim, rect.topleft)

    def _draw_rating(self, surface: pygame.Surface, row: dict[str, Any], rect: pygame.Rect) -> None:
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        chart_w = min(rect.width // 3, self.app.theme.px(220))
        words_w = rect.width - chart_w - s.gap
        title = draw.ellipsize(fonts.body_bold, rating_title(str(row.get("game", ""))), words_w)
        draw.text(surface, fonts.body_bold, title, c.text, rect.topleft)
        count = int(row.get("games", 0))
        detail = (
            rating_text(row) + " · " + ngettext("{n} rated game", "{n} rated games", count).format(n=count)
        )
        detail = draw.ellipsize(fonts.small, detail, words_w)
        draw.text(
            surface, fonts.small, detail, c.text_dim, (rect.left, rect.top + fonts.body_bold.get_linesize())
        )
        chart = pygame.Rect(rect.right - chart_w, rect.top, chart_w, rect.height - s.gap)
        draw_chart(surface, chart, chart_values(row), c.accent, c.status)

    def _draw_game(self, surface: pygame.Surface, game: dict[str, Any], rect: pygame.Rect) -> None:
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        button = self.replay_buttons.get(str(game.get("table") or ""))
        width = int((button.relative_rect.left - s.gap if button is not None else rect.right) - rect.left)
        date = str(game.get("date") or "")[:10]
        first = f"{date}  {rating_title(str(game.get('game', '')))}"
        draw.text(
            surface, fonts.body_bold, draw.ellipsize(fonts.body_bold, first, width), c.text, rect.topleft
        )
        change = f"({round(float(game.get('before', 0)))} → {round(float(game.get('after', 0)))})"
        second = draw.ellipsize(fonts.small, f"{placing(game)}  {change}", width, may_cut=True)
        draw.text(
            surface, fonts.small, second, c.text_dim, (rect.left, rect.top + fonts.body_bold.get_linesize())
        )

    def _draw_opponent(self, surface: pygame.Surface, other: dict[str, Any], rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        text = _("{name}: {wins}, {losses}, {draws}").format(
            name=other.get("name", ""),
            wins=other.get("wins", 0),
            losses=other.get("losses", 0),
            draws=other.get("draws", 0),
        )
        draw.text(
            surface,
            fonts.body,
            draw.ellipsize(fonts.body, text, rect.width, may_cut=True),
            c.text,
            rect.topleft,
        )

    def _draw_ranked(self, surface: pygame.Surface, row: dict[str, Any], rect: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        level = row.get("computer")
        name = str(protocol.computer_name(int(level))) if isinstance(level, int) else str(row.get("name", ""))
        count = int(row.get("games", 0))
        right = f"{rating_text(row)}   " + ngettext("{n} game", "{n} games", count).format(n=count)
        right_w = fonts.body.size(right)[0]
        draw.text(surface, fonts.body, right, c.text_dim, (rect.right, rect.top), "topright")
        left = f"{row.get('rank', '')}. {name}"
        shown = draw.ellipsize(fonts.body_bold, left, rect.width - right_w - 12, may_cut=True)
        draw.text(surface, fonts.body_bold, shown, c.text, rect.topleft)
