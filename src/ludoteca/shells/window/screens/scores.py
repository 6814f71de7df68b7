"""The score history: every finished game, newest first, for all games or one; or every player's
score in every game, best first (the Qwirkle brief's score list, sorted)."""

from __future__ import annotations

import pygame

from ludoteca.core.registry import game_keys, get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, button
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
        for player, score in zip(row.players, row.scores, strict=True)
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

    def _table(self) -> pygame.Rect:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app) + s.button_height + s.gap * 2
        return pygame.Rect(
            2 * s.margin, top, app.size[0] - 4 * s.margin, app.size[1] - top - s.button_height - 2 * s.margin
        )

    def _per_page(self) -> int:
        line = self.app.fonts.body.get_linesize() + 8
        return max(1, self._table().height // line - 1)

    def _count(self) -> int:
        return len(best_first(self.rows)) if self.order == BEST else len(self.rows)

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        try:
            rows = app.store.results(self.key or None)
            self.rows, self.error = list(reversed(rows)), " ".join(rows.damaged)
        except StoreError as err:
            self.rows, self.error = [], str(err)
        choices = [(ALL, _("All games")), *((key, _(get_game(key).info.title)) for key in game_keys())]
        rect = pygame.Rect(2 * s.margin, header_height(app), app.size[0] - 4 * s.margin, s.button_height)
        Segmented(app, app.manager, rect, choices, self.key, self.pick)
        per = self._per_page()
        pages = max(1, -(-self._count() // per))
        self.page = min(self.page, pages - 1)
        if pages > 1:
            bottom = app.size[1] - s.margin - s.button_height
            prev = pygame.Rect(app.size[0] - 2 * s.margin - 2 * 140 - s.gap, bottom, 140, s.button_height)
            button(app, app.manager, prev, _("Newer"), lambda: self.turn(-1), enabled=self.page > 0)
            button(
                app,
                app.manager,
                prev.move(140 + s.gap, 0),
                _("Older"),
                lambda: self.turn(1),
                enabled=self.page < pages - 1,
            )
        back = back_button(app)
        orders = [(NEWEST, _("Newest first")), (BEST, _("Best scores first"))]
        width = min(440, app.size[0] - 4 * s.margin - back.rect.width - s.gap - 2 * 140 - s.gap * 2)
        rect = pygame.Rect(back.rect.right + s.gap, back.rect.top, width, s.button_height)
        self.order_choice = Segmented(app, app.manager, rect, orders, self.order, self.sort)

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
        app, c, fonts = self.app, self.app.theme.colours, self.app.fonts
        header(app, surface, _("Score history"))
        table = self._table()
        draw.card(surface, table, c.panel, c.panel_edge, app.theme.sizes.corner + 4)
        inner = table.inflate(-32, -24)
        if self.error:
            error = draw.ellipsize(fonts.small, self.error, inner.width)
            draw.text(surface, fonts.small, error, c.text_error, (inner.left, table.bottom + 8))
        if not self.rows:
            draw.text(surface, fonts.body, _("No finished games yet."), c.text_dim, inner.topleft)
            return
        if self.order == BEST:
            self._draw_best(surface, inner)
            return
        # date, game, variant, players, scores, result
        widths = (0.14, 0.14, 0.16, 0.28, 0.1, 0.18)
        headings = (_("Date"), _("Game"), _("Variant"), _("Players"), _("Scores"), _("Result"))
        line = fonts.body.get_linesize() + 8
        xs = [inner.left + round(sum(widths[:i]) * inner.width) for i in range(len(widths))]
        for x, title in zip(xs, headings, strict=True):
            draw.text(surface, fonts.small_bold, title.upper(), c.accent, (x, inner.top))
        per = self._per_page()
        for i, row in enumerate(self.rows[self.page * per : (self.page + 1) * per]):
            y = inner.top + (i + 1) * line
            if i % 2 == 0:
                pygame.draw.rect(
                    surface, c.background, (inner.left - 8, y - 4, inner.width + 16, line), border_radius=6
                )
            title = _game_title(row.game)
            if row.winner:
                result = _("{name} won").format(name=row.winner)
            elif len(row.players) > 1:
                result = _("draw")
            else:
                result = ""
            cells = (
                row.date[:16].replace("T", " "),
                title,
                row.variant,
                ", ".join(row.players),
                " – ".join(str(v) for v in row.scores) if row.scores is not None else "",
                result,
            )
            for k, (x, value) in enumerate(zip(xs, cells, strict=True)):
                width = round(widths[k] * inner.width) - 12
                draw.text(surface, fonts.body, draw.ellipsize(fonts.body, value, width), c.text, (x, y))

    def _draw_best(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        # rank, player, score, game, variant, date
        widths = (0.08, 0.26, 0.1, 0.18, 0.2, 0.18)
        headings = ("#", _("Player"), _("Score"), _("Game"), _("Variant"), _("Date"))
        line = fonts.body.get_linesize() + 8
        xs = [inner.left + round(sum(widths[:i]) * inner.width) for i in range(len(widths))]
        for x, title in zip(xs, headings, strict=True):
            draw.text(surface, fonts.small_bold, title.upper(), c.accent, (x, inner.top))
        per = self._per_page()
        first = self.page * per
        for i, (score, player, key, variant, date) in enumerate(best_first(self.rows)[first : first + per]):
            y = inner.top + (i + 1) * line
            if i % 2 == 0:
                pygame.draw.rect(
                    surface, c.background, (inner.left - 8, y - 4, inner.width + 16, line), border_radius=6
                )
            cells = (
                str(first + i + 1),
                player,
                str(score),
                _game_title(key),
                variant,
                date[:16].replace("T", " "),
            )
            for k, (x, value) in enumerate(zip(xs, cells, strict=True)):
                width = round(widths[k] * inner.width) - 12
                draw.text(surface, fonts.body, draw.ellipsize(fonts.body, value, width), c.text, (x, y))


def _game_title(key: str) -> str:
    try:
        return _(get_game(key).info.title)
    except Exception:  # a game uninstalled since: its key still names it
        return key
