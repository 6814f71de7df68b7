"""Resuming a saved game: the saves, newest first; click one to play on, or delete it."""

from __future__ import annotations

from datetime import datetime
from functools import partial

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.core.record import Record
from ludoteca.core.registry import get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells import session
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.screens.common import back_button, header, header_height, not_in_window
from ludoteca.shells.window.widgets import Choice, Dialog, button
from ludoteca.store import SavedGame, StoreError


def describe_save(saved: SavedGame) -> str:
    try:
        record = Record.loads(saved.record_text)
        title = _(get_game(saved.game).info.title)
        status = _("finished") if record.result else _("{n} moves").format(n=len(record.moves))
    except (LudotecaError, ValueError):  # ValueError: a number a damaged record holds
        title, status = saved.game, _("unreadable")
    return f"{saved.name}   ·   {title}   ·   {status}   ·   {local_time(saved.updated)}"


def local_time(stamp: str) -> str:
    """An ISO time from the store (UTC) as the player's clock shows it."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16].replace("T", " ")


class SavesScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.saves: list[SavedGame] = []
        self.rows: dict[int, UIButton] = {}
        self.error = ""

    def _per_page(self) -> int:
        s = self.app.theme.sizes
        space = self.app.size[1] - header_height(self.app, True) - 3 * s.button_height - 4 * s.margin
        return max(1, space // (s.button_height + s.gap))

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        try:
            self.saves = app.store.list_saves()
        except StoreError as err:
            self.saves, self.error = [], str(err)
        per = self._per_page()
        pages = max(1, -(-len(self.saves) // per))
        self.page = min(self.page, pages - 1)
        top = header_height(app, True) + s.gap
        width = app.size[0] - 4 * s.margin
        self.rows = {}
        for i, saved in enumerate(self.saves[self.page * per : (self.page + 1) * per]):
            y = top + i * (s.button_height + s.gap)
            rect = pygame.Rect(2 * s.margin, y, width - 130, s.button_height)
            self.rows[saved.id] = button(
                app, app.manager, rect, describe_save(saved), partial(self.open, saved), object_id="#row"
            )
            delete = pygame.Rect(rect.right + s.gap, y, 120, s.button_height)
            button(app, app.manager, delete, _("Delete"), partial(self.ask_delete, saved))
        bottom = app.size[1] - s.margin - s.button_height
        if pages > 1:
            prev = pygame.Rect(app.size[0] - 2 * s.margin - 2 * 140 - s.gap, bottom, 140, s.button_height)
            nxt = prev.move(140 + s.gap, 0)
            button(app, app.manager, prev, _("Previous"), partial(self.turn, -1), enabled=self.page > 0)
            button(app, app.manager, nxt, _("Next"), partial(self.turn, 1), enabled=self.page < pages - 1)
        back_button(app)

    def turn(self, delta: int) -> None:
        self.page += delta
        self.app.rebuild()

    def open(self, saved: SavedGame) -> None:
        try:
            match, slot = session.load_match(self.app.store, saved.id)
        except (StoreError, LudotecaError) as err:
            self.error = _("This save cannot be opened: {err}").format(err=err)
            return
        if not has_board(match.game):
            not_in_window(self.app, match.game)
            return
        if match.over:
            self.app.go("end", match, slot, saved_dirty=False, recorded=True)
        else:
            self.app.go("play", match, slot)

    def ask_delete(self, saved: SavedGame) -> None:
        def delete() -> None:
            self.app.close_dialog()
            try:
                self.app.store.delete_save(saved.id)
            except StoreError as err:
                self.error = str(err)
            self.app.rebuild()

        self.app.open_dialog(
            Dialog(
                _("Delete this save?"),
                saved.name,
                [Choice(_("Delete"), delete, primary=True), Choice(_("Cancel"), self.app.close_dialog)],
            )
        )

    def back(self) -> None:

        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(app, surface, _("Resume a saved game"), _("Click a game to play on from where it was saved."))
        if not self.saves:
            y = header_height(app, True) + s.margin
            draw.text(
                surface,
                fonts.body,
                _("No saved games yet. In a game, click Save."),
                c.text_dim,
                (2 * s.margin, y),
            )
        if self.error:
            rect = pygame.Rect(
                2 * s.margin + 180,
                app.size[1] - s.margin - s.button_height,
                app.size[0] - 600,
                s.button_height,
            )
            draw.paragraph(surface, fonts.small, self.error, c.text_error, rect, 0)
