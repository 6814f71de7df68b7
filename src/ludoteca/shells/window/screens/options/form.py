"""The game's options (generated from its OptionSpecs), then its board's own preferences
(`GameBoard.settings`); an option the board offers as pictures (Khet's setups) shows them."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue, option_label
from ludoteca.i18n import _
from ludoteca.kits.window.board import BoardSetting, GameBoard, OptionPicture
from ludoteca.shells.options import capitalised
from ludoteca.shells.window.app import App
from ludoteca.shells.window.boards import board_settings, save_board_setting
from ludoteca.shells.window.picture_choice import PictureChoice
from ludoteca.shells.window.screens.options.captions import Captions
from ludoteca.shells.window.screens.options.draft import Draft
from ludoteca.shells.window.screens.options.rows import Row, RowStack
from ludoteca.shells.window.widgets import Segmented, Stepper, label_width
from ludoteca.store import StoreError


class OptionsForm:
    def __init__(
        self, app: App, game: Game[Any, Any], board: GameBoard | None, draft: Draft, captions: Captions
    ) -> None:
        self.app = app
        self.game = game
        self.board = board
        self.draft = draft
        self.captions = captions
        self._stack = RowStack(app, captions)
        # widgets, made again at each layout
        self.choice_widgets: dict[str, Segmented[Any]] = {}
        self.steppers: dict[str, Stepper] = {}
        self.custom_entries: dict[str, UITextEntryLine] = {}
        #: the board's own preferences, by key
        self.setting_widgets: dict[str, Segmented[bool]] = {}
        self.pictures: dict[str, PictureChoice] = {}
        #: the page of pictures each option shows (kept across layouts, as the values are)
        self.picture_pages: dict[str, int] = {}

    def lay_out(self, column: pygame.Rect, keep: int = 0) -> int:
        """The options down `column`, leaving `keep` pixels free under them; returns the y below."""
        self.choice_widgets, self.steppers, self.custom_entries = {}, {}, {}
        self.setting_widgets, self.pictures = {}, {}
        s = self.app.theme.sizes
        y = self.captions.block(_("Options"), "title", column.left, column.top, column.width) + s.gap
        rows = self._rows()
        if not rows:
            return self.captions.block(_("This game has no options."), "dim", column.left, y, column.width)
        return self._stack.place(rows, column, y, keep)

    def _rows(self) -> list[Row]:
        rows = []
        specs = self.game.info.options
        for spec in specs:
            if not spec.in_window or not spec.applies(self.draft.values, specs):
                continue  # Cascade's drop count in a classic game, say: it would mean nothing
            words = _(spec.window_help) if spec.window_help else ""
            pictures = self._pictures_for(spec)
            if pictures is not None:
                make = partial(self._picture_control, spec, pictures)
                rows.append(Row(option_label(spec), words, None, make))
            else:
                height_of = partial(self._control_height, spec)
                rows.append(Row(option_label(spec), words, height_of, partial(self._control, spec)))
        for setting in self.board.settings() if self.board is not None else ():
            make = partial(self._setting_control, setting)
            rows.append(Row(_(setting.label), _(setting.help), self._switch_height, make))
        return rows

    # ----- an option's control ----------------------------------------------------------------
    def _choice_labels(self, spec: OptionSpec) -> list[tuple[Any, str]]:
        if isinstance(spec.default, bool):
            return [(True, _("Yes")), (False, _("No"))]
        return [(choice, capitalised(_(spec.choice_label(choice)))) for choice in spec.choices or ()]

    def _entry_width(self, width: int) -> int:
        """An open-ended choice's own field: a third of the row, or what its hint needs."""
        return max(width // 3, label_width(self.app, _("or e.g. 12x8")))

    def _control_height(self, spec: OptionSpec, width: int) -> int:
        s, app = self.app.theme.sizes, self.app
        labels = [label for _value, label in self._choice_labels(spec)]
        if isinstance(spec.default, bool) or (spec.choices and not isinstance(spec.default, int)):
            if spec.open_ended:
                beside = width - self._entry_width(width) - s.gap
                if Segmented.height(app, labels, beside) <= s.button_height:
                    return s.button_height
                return Segmented.height(app, labels, width) + s.gap + s.button_height
            return Segmented.height(app, labels, width)
        return s.button_height

    def _control(self, spec: OptionSpec, area: pygame.Rect) -> None:
        """The control for `spec` filling `area` (as tall as `_control_height` says)."""
        app, manager, s = self.app, self.app.manager, self.app.theme.sizes
        bh = s.button_height
        value = self.draft.values[spec.name]
        row = pygame.Rect(area.left, area.top, area.width, bh)
        if isinstance(spec.default, bool):
            self.choice_widgets[spec.name] = Segmented(
                app, manager, row, self._choice_labels(spec), bool(value), partial(self._set, spec.name)
            )
        elif isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else max(low + 100, int(value))
            rect = pygame.Rect(row.left, row.top, min(row.width, app.theme.px(320)), bh)
            self.steppers[spec.name] = Stepper(
                app, manager, rect, int(value), low, high, partial(self._set, spec.name)
            )
        elif spec.choices:
            current = value if value in spec.choices else None
            choices_rect = row
            entry_rect = None
            if spec.open_ended:
                entry_w = self._entry_width(row.width)
                if area.height <= bh:  # the field beside the choices
                    choices_rect = pygame.Rect(row.left, row.top, row.width - entry_w - s.gap, bh)
                    entry_rect = pygame.Rect(choices_rect.right + s.gap, row.top, entry_w, bh)
                else:  # the field on a row of its own under them
                    entry_rect = pygame.Rect(row.left, area.bottom - bh, entry_w, bh)
            self.choice_widgets[spec.name] = Segmented(
                app, manager, choices_rect, self._choice_labels(spec), current, partial(self._set, spec.name)
            )
            if entry_rect is not None:
                initial = self.draft.custom.get(spec.name, "" if value in spec.choices else str(value))
                entry = UITextEntryLine(
                    entry_rect, manager, placeholder_text=_("or e.g. 12x8"), initial_text=initial
                )
                self.custom_entries[spec.name] = entry
        else:
            self.custom_entries[spec.name] = UITextEntryLine(row, manager, initial_text=str(value))

    # ----- options shown as pictures --------------------------------------------------------
    def _pictures_for(self, spec: OptionSpec) -> list[OptionPicture] | None:
        """The option's choices as pictures, when the game's board offers them (Khet's setups); the
        current value moves to the first picture when it is not among them (another edition)."""
        if self.board is None:
            return None
        values = self.draft.values
        try:
            offered = self.board.option_pictures(spec.name, values, self.app.store)
        except StoreError as err:
            self.draft.error = str(err)
            offered = self.board.option_pictures(spec.name, values, None)
        if offered is None:
            return None
        pictures = list(offered)
        if pictures and values[spec.name] not in [p.value for p in pictures]:
            values[spec.name] = pictures[0].value
        return pictures

    def _picture_control(self, spec: OptionSpec, pictures: list[OptionPicture], row: pygame.Rect) -> None:
        board = self.board
        assert board is not None

        def paint(surface: pygame.Surface, rect: pygame.Rect, value: str) -> None:
            board.draw_option_picture(surface, rect, spec.name, value, self.draft.values)

        def turn_page(page: int) -> None:
            self.picture_pages[spec.name] = page
            self.app.rebuild()

        self.pictures[spec.name] = PictureChoice(
            self.app,
            self.app.manager,
            row,
            pictures,
            str(self.draft.values[spec.name]),
            partial(self._set, spec.name),
            paint,
            self.picture_pages.get(spec.name, 0),
            turn_page,
        )

    # ----- the board's preferences ------------------------------------------------------------
    def _switch_height(self, width: int) -> int:
        return Segmented.height(self.app, [_("Yes"), _("No")], width)

    def _setting_control(self, setting: BoardSetting, row: pygame.Rect) -> None:
        """A preference of the game's board: kept for the next games, not part of the options."""
        assert self.board is not None
        value = board_settings(self.board, self.app.store)[setting.key]
        choices: list[tuple[bool, str]] = [(True, _("Yes")), (False, _("No"))]
        self.setting_widgets[setting.key] = Segmented(
            self.app, self.app.manager, row, choices, value, partial(self._set_setting, setting.key)
        )

    def _set_setting(self, key: str, value: bool) -> None:
        assert self.board is not None
        try:
            save_board_setting(self.board, self.app.store, key, value)
        except StoreError as err:
            self.draft.error = str(err)

    # ----- changes --------------------------------------------------------------------------
    def _set(self, name: str, value: OptionValue) -> None:
        self.draft.values[name] = value
        entry = self.custom_entries.get(name)
        if entry is not None and not isinstance(value, int):
            entry.set_text("")
            self.draft.custom[name] = ""
        self.draft.error = ""
        if self.pictures and name not in self.pictures:
            self.app.rebuild()  # the pictures may depend on this option (Khet's setups on the edition)
        elif any(name == other for spec in self.game.info.options for other, _v in spec.applies_when):
            self.app.rebuild()  # an option shows or hides with this one (Cascade's drop count)

    def read_entries(self) -> None:
        for name, entry in self.custom_entries.items():
            self.draft.custom[name] = entry.get_text()

    def draw(self, surface: pygame.Surface) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        for name, stepper in self.steppers.items():
            spec = next(sp for sp in self.game.info.options if sp.name == name)
            shown = _("usual") if stepper.value == 0 and spec.minimum == 0 else None
            stepper.draw(surface, fonts.body_bold, c.text, shown)
        for choice in self.pictures.values():
            choice.draw(surface)
