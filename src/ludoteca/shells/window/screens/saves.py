"""Resuming a saved game: the games that can be resumed, newest first; click one to play on, or
delete it. Finished games are kept apart, one click away: they are history, not work in progress.

A record file (one a friend sent, or one written by `ludoteca saves export`) is opened here too:
its path typed in, or the file dropped on the window. It is checked move by move, kept as a save,
and opened: a finished game at its end, where it can be reviewed or stepped through."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.shells import listings, session
from ludoteca.shells.dates import when
from ludoteca.shells.files import read_record_text
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.screens.common import back_button, header, header_height, not_in_window
from ludoteca.shells.window.widgets import Choice, Dialog, button, button_width
from ludoteca.store import SavedGame, StoreError


def save_details(saved: SavedGame) -> str:
    """What a save holds, under its name: "Connect Four · 12 moves · today 04:24"."""
    return "   ·   ".join((listings.game_title(saved.game), listings.save_status(saved), when(saved.updated)))


class SavesScreen(Screen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.saves: list[SavedGame] = []
        #: showing the finished games instead of the ones to resume
        self.finished = False
        #: how many saves the other list holds (its button says so)
        self.others = 0
        self.rows: dict[int, UIButton] = {}
        self.switch_button: UIButton | None = None
        self.error = ""

    def subtitle(self) -> str:
        if self.finished:
            return _("Click a game to see how it ended.")
        return _("Click a game to play on from where it was saved.")

    def title(self) -> str:
        return _("Finished games") if self.finished else _("Resume a saved game")

    def _switch_label(self) -> str:
        if self.finished:
            return _("Games to resume ({n})").format(n=self.others)
        return _("Finished games ({n})").format(n=self.others)

    def _row_height(self) -> int:
        fonts = self.app.fonts
        return max(
            self.app.theme.sizes.button_height, fonts.body.get_linesize() + fonts.small.get_linesize() + 12
        )

    def _per_page(self) -> int:
        s = self.app.theme.sizes
        space = (
            self.app.size[1] - header_height(self.app, self.subtitle()) - 2 * s.button_height - 4 * s.margin
        )
        return max(1, space // (self._row_height() + s.gap))

    def _row_rects(self) -> list[tuple[SavedGame, pygame.Rect]]:
        app, s = self.app, self.app.theme.sizes
        per = self._per_page()
        top = header_height(app, self.subtitle()) + s.gap
        width = app.size[0] - 4 * s.margin - self._delete_width() - s.gap
        shown = self.saves[self.page * per : (self.page + 1) * per]
        return [
            (
                saved,
                pygame.Rect(2 * s.margin, top + i * (self._row_height() + s.gap), width, self._row_height()),
            )
            for i, saved in enumerate(shown)
        ]

    def _delete_width(self) -> int:
        return button_width(self.app, _("Delete"), 120)

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        try:
            going, finished = listings.split_saves(app.store.list_saves())
        except StoreError as err:
            going, finished, self.error = [], [], str(err)
        if self.finished and not finished:
            self.finished = False  # the last one was deleted: back to the games to resume
        self.saves, others = (finished, going) if self.finished else (going, finished)
        self.others = len(others)
        per = self._per_page()
        pages = max(1, -(-len(self.saves) // per))
        self.page = min(self.page, pages - 1)
        self.rows = {}
        for saved, rect in self._row_rects():
            # the row's words are drawn by the screen; the button is the frame that takes the click
            self.rows[saved.id] = button(
                app, app.manager, rect, "", partial(self.open, saved.id), object_id="#card"
            )
            delete = pygame.Rect(rect.right + s.gap, rect.top, self._delete_width(), rect.height)
            button(app, app.manager, delete, _("Delete"), partial(self.ask_delete, saved))
        bottom = app.size[1] - s.margin - s.button_height
        self.error_right = app.size[0] - 2 * s.margin
        if pages > 1:
            turn_w = max(button_width(app, _("Previous"), 140), button_width(app, _("Next"), 140))
            prev = pygame.Rect(
                app.size[0] - 2 * s.margin - 2 * turn_w - s.gap, bottom, turn_w, s.button_height
            )
            nxt = prev.move(turn_w + s.gap, 0)
            self.error_right = prev.left - s.gap
            button(app, app.manager, prev, _("Previous"), partial(self.turn, -1), enabled=self.page > 0)
            button(app, app.manager, nxt, _("Next"), partial(self.turn, 1), enabled=self.page < pages - 1)
        self.back_button = back_button(app)
        self.switch_button = None
        if self.others or self.finished:
            label = self._switch_label()
            rect = pygame.Rect(
                self.back_button.rect.right + s.gap, bottom, button_width(app, label, 160), s.button_height
            )
            self.switch_button = button(app, app.manager, rect, label, self.switch)
        # a row of its own, above Back: the list leaves room for it, and the bottom row is full
        # once the pages turn
        label = _("Open a record file…")
        rect = pygame.Rect(
            2 * s.margin, bottom - s.gap - s.button_height, button_width(app, label, 160), s.button_height
        )
        self.open_file_button = button(app, app.manager, rect, label, self.ask_file)

    def switch(self) -> None:
        self.finished, self.page = not self.finished, 0
        self.app.rebuild()

    def turn(self, delta: int) -> None:
        self.page += delta
        self.app.rebuild()

    def open(self, save_id: int) -> None:
        try:
            match, slot = session.load_match(self.app.store, save_id)
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

    def ask_file(self) -> None:
        """The path of a record file to open (or the file dropped on the window meanwhile)."""

        def open_typed() -> None:
            dialog = self.app.dialog
            path = dialog.text.strip().strip("'\"") if dialog is not None else ""
            if not path:
                if dialog is not None:
                    dialog.error = _("Type the path of the record file first.")
                return
            self.app.close_dialog()
            self.open_file(path)

        self.app.open_dialog(
            Dialog(
                _("Open a record file"),
                _(
                    "Type or paste the path of a game's record file (one written by Ludoteca, or "
                    "sent by a friend), or drop the file on this window. It is checked move by move "
                    "and kept with your saved games."
                ),
                [Choice(_("Open"), open_typed, primary=True), Choice(_("Cancel"), self.app.close_dialog)],
                entry="",
            )
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.app.close_dialog()
            self.open_file(event.file)

    def open_file(self, path: str) -> None:
        """Check the record at `path`, keep it as a save and open it; a file that is not a
        record, or not one of an installed game, is refused with a sentence and nothing kept."""
        try:
            text = read_record_text(path)
            written = session.import_record(self.app.store, text, Path(path).stem)
        except (StoreError, LudotecaError) as err:
            self.app.open_dialog(
                Dialog(
                    _("This file cannot be opened"),
                    draw.sentence(str(err)),
                    [Choice(_("OK"), self.app.close_dialog, primary=True)],
                )
            )
            return
        self.error = ""
        self.open(written.slot.id)

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
        header(app, surface, self.title(), self.subtitle())
        if not self.saves:
            y = header_height(app, self.subtitle()) + s.margin
            empty = (
                _("No game to resume: every saved game is finished.")
                if self.others
                else _("No saved games yet. In a game, click Save.")
            )
            draw.text(surface, fonts.body, empty, c.text_dim, (2 * s.margin, y))
        for saved, rect in self._row_rects():
            draw.card(surface, rect, c.button, None, s.corner)
            inner = rect.inflate(-2 * s.gap - 8, -8)
            with fit.inside(rect, "saved game"):
                name = draw.ellipsize(fonts.body_bold, saved.name, inner.width, may_cut=True)
                draw.text(surface, fonts.body_bold, name, c.text, (inner.left, inner.top))
                details = save_details(saved)
                y = inner.top + fonts.body.get_linesize()
                draw.text(
                    surface,
                    fonts.small,
                    draw.ellipsize(fonts.small, details, inner.width),
                    c.text_dim,
                    (inner.left, y),
                )
        if self.error:
            left = (self.switch_button or self.back_button).rect.right + s.gap
            rect = pygame.Rect(
                left,
                app.size[1] - s.margin - s.button_height,
                self.error_right - left,
                s.button_height + s.margin,
            )
            draw.block(surface, (fonts.small,), draw.sentence(self.error), c.text_error, rect, 0)
