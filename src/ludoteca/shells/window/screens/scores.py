"""The score history: every finished game, newest first, for all games or one; or every player's
score in every game, best first (the Qwirkle brief's score list, sorted)."""

from __future__ import annotations

import pygame

from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells import listings
from ludoteca.shells.dates import when
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.table import Column, Table
from ludoteca.shells.window.widgets import Segmented, button, button_width, label_width
from ludoteca.store import ResultRow, StoreError

ALL = ""
NEWEST, BEST = "newest", "best"
#: (score, player, game key, variant, date) for one player of one finished game
Entry = tuple[int, str, str, str, str]


def best_first(rows: list[ResultRow]) -> list[Entry]:
    """Every player's score of every scored game, highest first (ties keep the rows' order)."""
    entries = [
        (score, player, row.game, row.variant, row.date)
        for row in rows
        if row.scores is not None
        for player, score in zip(listings.players_in_words(row), row.scores, strict=True)
    ]
    return sorted(entries, key=lambda entry: -entry[0])


class ScoresScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.key = ALL
        self.order = NEWEST
        self.page = 0
        self.rows: list[ResultRow] = []
        self.error = ""
        self.table: Table | None = None
        self.cells: list[list[str]] = []
        self._top = 0

    def _area(self) -> pygame.Rect:
        """The card that holds the table."""
        app, s = self.app, self.app.theme.sizes
        bottom = app.size[1] - s.button_height - 2 * s.margin
        return pygame.Rect(2 * s.margin, self._top, app.size[0] - 4 * s.margin, bottom - self._top)

    def _inner(self) -> pygame.Rect:
        """Where the table goes, below the sentence about damaged rows when there is one."""
        s = self.app.theme.sizes
        inner = self._area().inflate(-2 * s.margin, -2 * s.gap)
        notice = self._notice_height(inner.width)
        return pygame.Rect(inner.left, inner.top + notice, inner.width, max(0, inner.height - notice))

    def _notice_height(self, width: int) -> int:
        if not (self.error and self.rows):
            return 0
        small = self.app.fonts.small
        lines = draw.wrap(small, draw.sentence(self.error), width)
        return draw.lines_height(small, len(lines)) + self.app.theme.sizes.gap

    def _per_page(self) -> int:
        if self.table is None:
            return 1
        fonts = self.app.fonts
        space = self._inner().height - fonts.small_bold.get_linesize() - 8
        return max(1, space // self.table.row_height(fonts.body))

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        try:
            rows = app.store.results(self.key or None)
            self.rows, self.error = list(reversed(rows)), " ".join(rows.damaged)
        except StoreError as err:
            self.rows, self.error = [], str(err)
        width = app.size[0] - 4 * s.margin
        y = header_height(app)
        choices = [(ALL, _("All games")), *((key, _(get_game(key).info.title)) for key in game_keys())]
        labels = [label for _key, label in choices]
        Segmented(
            app,
            app.manager,
            pygame.Rect(2 * s.margin, y, width, s.button_height),
            choices,
            self.key,
            self.pick,
        )
        y += Segmented.height(app, labels, width) + s.gap
        orders = [(NEWEST, _("Newest first")), (BEST, _("Best scores first"))]
        order_w = min(width, sum(label_width(app, label) for _o, label in orders) + 6)
        rect = pygame.Rect(2 * s.margin, y, order_w, s.button_height)
        self.order_choice = Segmented(app, app.manager, rect, orders, self.order, self.sort)
        self._top = y + Segmented.height(app, [label for _o, label in orders], order_w) + s.gap
        self._plan()
        per = self._per_page()
        pages = max(1, -(-len(self.cells) // per))
        self.page = min(self.page, pages - 1)
        if pages > 1:
            bottom = app.size[1] - s.margin - s.button_height
            turn_w = max(button_width(app, _("Newer"), 140), button_width(app, _("Older"), 140))
            prev = pygame.Rect(
                app.size[0] - 2 * s.margin - 2 * turn_w - s.gap, bottom, turn_w, s.button_height
            )
            button(app, app.manager, prev, _("Newer"), lambda: self.turn(-1), enabled=self.page > 0)
            button(
                app,
                app.manager,
                prev.move(turn_w + s.gap, 0),
                _("Older"),
                lambda: self.turn(1),
                enabled=self.page < pages - 1,
            )
        back_button(app)

    def _plan(self) -> None:
        """The cells of every row in the chosen order, and the columns' widths for them."""
        fonts, s = self.app.fonts, self.app.theme.sizes
        if self.order == BEST:
            columns = (
                Column("#"),
                Column(_("Player").upper(), may_cut=True),
                Column(_("Score").upper()),
                Column(_("Game").upper()),
                Column(_("Variant").upper()),
                Column(_("Date").upper()),
            )
            self.cells = [
                [
                    str(i + 1),
                    player,
                    str(score),
                    listings.game_title(key),
                    listings.options_words(key, variant),
                    when(date),
                ]
                for i, (score, player, key, variant, date) in enumerate(best_first(self.rows))
            ]
        else:
            columns = (
                Column(_("Date").upper()),
                Column(_("Game").upper()),
                Column(_("Variant").upper()),
                Column(_("Players").upper(), may_cut=True),
                Column(_("Scores").upper()),
                Column(_("Result").upper(), may_cut=True),
            )
            self.cells = [
                [
                    when(row.date),
                    listings.game_title(row.game),
                    listings.options_words(row.game, row.variant),
                    ", ".join(listings.players_in_words(row)),
                    " – ".join(str(v) for v in row.scores) if row.scores is not None else "",
                    listings.result_text(row),
                ]
                for row in self.rows
            ]
        self.table = Table.plan(
            fonts.body,
            fonts.small_bold,
            columns,
            self.cells,
            self._inner().width,
            s.gap * 2,
            self.app.theme.px(130),
        )

    def pick(self, key: str) -> None:
        self.key, self.page = key, 0
        self.app.rebuild()

    def sort(self, order: str) -> None:
        self.order, self.page = order, 0
        self.app.rebuild()

    def turn(self, delta: int) -> None:
        self.page += delta
        self.app.rebuild()

    def back(self) -> None:
        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(app, surface, _("Score history"))
        area, inner = self._area(), self._inner()
        draw.card(surface, area, c.panel, c.panel_edge, s.corner + 4)
        if self.error and not self.rows:
            draw.block(surface, (fonts.small,), draw.sentence(self.error), c.text_error, inner, 0)
            return
        if self.error:
            height = self._notice_height(inner.width)
            notice = pygame.Rect(
                inner.left, inner.top - height, inner.width, height - self.app.theme.sizes.gap
            )
            draw.block(surface, (fonts.small,), draw.sentence(self.error), c.text_error, notice, 0)
        if not self.cells or self.table is None:
            draw.text(surface, fonts.body, _("No finished games yet."), c.text_dim, inner.topleft)
            return
        table, gap = self.table, s.gap * 2
        table.draw_headings(surface, fonts.small_bold, c.accent, inner.left, inner.top, gap)
        line = table.row_height(fonts.body)
        per = self._per_page()
        top = inner.top + fonts.small_bold.get_linesize() + 8
        for i, cells in enumerate(self.cells[self.page * per : (self.page + 1) * per]):
            y = top + i * line
            if i % 2 == 0:
                pygame.draw.rect(
                    surface, c.background, (inner.left - 8, y - 4, inner.width + 16, line), border_radius=6
                )
            table.draw_row(surface, fonts.body, c.text, cells, inner.left, y, gap)
