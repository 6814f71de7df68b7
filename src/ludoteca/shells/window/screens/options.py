"""A new game's options (generated from the game's OptionSpecs) and its players."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue, option_label
from ludoteca.core.registry import declaration_of
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.core.text import SEED_DIGITS, read_seed
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.kits.window.board import BoardSetting, OptionPicture
from ludoteca.shells import session
from ludoteca.shells.network import HostPlan
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for, board_settings, save_board_setting
from ludoteca.shells.window.picture_choice import PictureChoice
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, Stepper, button
from ludoteca.store import StoreError

HUMAN, COMPUTER, NETWORK = "human", "computer", "remote"


@dataclass
class SeatChoice:
    name: str = ""
    kind: str = HUMAN
    level: int = 3

    def spec(self) -> SeatSpec:
        return SeatSpec(self.kind, self.level if self.kind == COMPUTER else None, self.name.strip() or None)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _last_key(game: Game[Any, Any]) -> str:
    return f"gui.last.{game.info.key}"


class OptionsScreen(Screen):
    def __init__(
        self, app: App, game: Game[Any, Any], preset: Mapping[str, OptionValue] | None = None
    ) -> None:
        """`preset`: options chosen before the screen opens (the setup a game's editor just saved)."""
        super().__init__(app)
        self.game = game
        self.board = board_for(game, app.theme, app.fonts, app.store)
        info = game.info
        self.values: dict[str, OptionValue] = {spec.name: spec.default for spec in info.options}
        self.custom: dict[str, str] = {}
        self.count = info.default_seats
        self.seats = [SeatChoice() if i == 0 else SeatChoice(kind=COMPUTER) for i in range(info.max_seats)]
        self.seed_text = ""
        self.error = ""
        self._remembered()
        for name, value in (preset or {}).items():
            if name in self.values:
                self.values[name] = value
        # widgets (rebuilt on resize)
        self.choice_widgets: dict[str, Segmented[Any]] = {}
        #: the board's own preferences (`GameBoard.settings`), by key
        self.setting_widgets: dict[str, Segmented[bool]] = {}
        #: options offered as pictures (`GameBoard.option_pictures`), and the page each shows
        self.pictures: dict[str, PictureChoice] = {}
        self.picture_pages: dict[str, int] = {}
        self.steppers: dict[str, Stepper] = {}
        self.custom_entries: dict[str, UITextEntryLine] = {}
        self.name_entries: list[UITextEntryLine] = []
        self.kind_widgets: list[Segmented[str]] = []
        self.level_widgets: list[Segmented[int]] = []
        self.count_widget: Segmented[int] | None = None
        self.seed_entry: UITextEntryLine | None = None
        self.start_button: UIButton | None = None
        self.swap_button: UIButton | None = None
        #: the game's own pages (`GameDeclaration.window_tools`), by label
        self.tool_buttons: dict[str, UIButton] = {}
        self._tools_right = 0
        self._labels: list[tuple[str, str, tuple[int, int]]] = []  # (text, font, pos)

    # ----- remembering the last choices -----------------------------------------------------
    def _remembered(self) -> None:
        try:
            text = self.app.store.get_setting(_last_key(self.game))
        except StoreError:
            return
        if not text:
            return
        try:
            data = json.loads(text)
            for spec in self.game.info.options:
                if spec.name in data.get("options", {}):
                    self.values[spec.name] = spec.parse(data["options"][spec.name])
            seats = data.get("seats", [])
            info = self.game.info
            if info.min_seats <= len(seats) <= info.max_seats:
                self.count = len(seats)
                for i, seat in enumerate(seats):
                    seat_spec = SeatSpec.parse(seat)
                    kind = seat_spec.kind
                    self.seats[i] = SeatChoice(seat_spec.name or "", kind, seat_spec.level or 3)
        except (ValueError, LudotecaError, KeyError, TypeError):
            return

    def _remember(self, options: dict[str, OptionValue], seats: tuple[SeatSpec, ...]) -> None:
        data = {"options": options, "seats": [s.text() for s in seats]}
        with contextlib.suppress(StoreError):
            self.app.store.set_setting(_last_key(self.game), json.dumps(data))

    # ----- layout ---------------------------------------------------------------------------
    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app, subtitle=True) + s.gap
        bottom = app.size[1] - s.margin * 2 - s.button_height
        width = (app.size[0] - s.margin * 5) // 2
        left = pygame.Rect(s.margin * 2, top, width, bottom - top)
        right = pygame.Rect(left.right + s.margin, top, width, bottom - top)
        return left, right

    def build(self) -> None:
        self._read_entries()
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager = app.manager
        self._labels = []
        self.choice_widgets, self.steppers, self.custom_entries = {}, {}, {}
        self.setting_widgets = {}
        left, right = self._columns()
        bh = s.button_height
        # the game's options
        y = left.top
        self._label(_("Options"), "title", (left.left, y))
        y += fonts.title.get_linesize() + s.gap
        # (name, help, control maker, whether the control is a row of pictures)
        rows: list[tuple[str, str, Any, bool]] = []
        self.pictures = {}
        for spec in self.game.info.options:
            pictures = self._pictures_for(spec)
            if pictures is not None:
                rows.append(
                    (option_label(spec), _(spec.help), partial(self._picture_control, spec, pictures), True)
                )
            else:
                rows.append((option_label(spec), _(spec.help), partial(self._control, spec), False))
        settings = self.board.settings() if self.board is not None else ()
        rows += [
            (_(setting.label), _(setting.help), partial(self._setting_control, setting), False)
            for setting in settings
        ]
        if not rows:
            self._label(_("This game has no options."), "dim", (left.left, y))

        def height(help_text: str, compact: bool) -> int:
            if compact:
                return bh + 2 + fonts.small.get_linesize() + s.gap
            lines = len(draw.wrap(fonts.small, help_text, left.width)[:2])
            return fonts.body.get_linesize() + lines * fonts.small.get_linesize() + 4 + bh + s.gap * 2

        full = sum(height(help_text, False) for _label, help_text, _make, _pictures in rows)
        compact = y + full > left.bottom
        # pictures take the room the other rows leave (between a small card and a large one)
        plain = sum(height(help_text, compact) for _label, help_text, _make, pictured in rows if not pictured)
        pictured_rows = sum(1 for row in rows if row[3])
        picture_h = 0
        if pictured_rows:
            extra = fonts.body.get_linesize() + fonts.small.get_linesize() + 4 + s.gap * 2
            room = (left.bottom - y - plain) // pictured_rows - extra
            picture_h = max(bh * 2, min(round(bh * 4.2), room))
        # small window: each name beside its control (as wide as the longest name, up to half),
        # the help on one line below
        widest = max((fonts.body_bold.size(label)[0] for label, _help, _make, _p in rows), default=0)
        label_w = min(left.width // 2, max(left.width * 3 // 10, widest + s.gap))
        for label, help_text, make, pictured in rows:
            if pictured:
                self._label(label, "bold", (left.left, y))
                y += fonts.body.get_linesize()
                self._label(draw.ellipsize(fonts.small, help_text, left.width), "small", (left.left, y))
                y += fonts.small.get_linesize() + 4
                make(pygame.Rect(left.left, y, left.width, picture_h))
                y += picture_h + s.gap * 2
                continue
            if compact:
                self._label(label, "bold", (left.left, y + (bh - fonts.body.get_linesize()) // 2))
                make(pygame.Rect(left.left + label_w, y, left.width - label_w, bh))
                y += bh + 2
                self._label(draw.ellipsize(fonts.small, help_text, left.width), "small", (left.left, y))
                y += fonts.small.get_linesize() + s.gap
                continue
            self._label(label, "bold", (left.left, y))
            y += fonts.body.get_linesize()
            for line in draw.wrap(fonts.small, help_text, left.width)[:2]:
                self._label(line, "small", (left.left, y))
                y += fonts.small.get_linesize()
            y += 4
            make(pygame.Rect(left.left, y, left.width, bh))
            y += bh + s.gap * 2
        # the players
        y = right.top
        self._label(_("Players"), "title", (right.left, y))
        self.swap_button = None
        if self.count == 2:
            # who starts: the first seat moves first (Khet's Silver), so trading seats decides it
            label = _("Swap seats")
            width = fonts.body.size(label)[0] + 40
            rect = pygame.Rect(right.right - width, y - 6, width, bh)
            self.swap_button = button(app, manager, rect, label, self.swap_seats)
        y += fonts.title.get_linesize() + s.gap
        info = self.game.info
        self.count_widget = None
        if info.min_seats != info.max_seats:
            counts = [(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)]
            self._label(_("Number of players"), "bold", (right.left, y))
            rect = pygame.Rect(right.left + right.width // 2, y - 6, right.width // 2, bh)
            self.count_widget = Segmented(app, manager, rect, counts, self.count, self._set_count)
            y += bh + s.gap
        self.name_entries, self.kind_widgets, self.level_widgets = [], [], []
        marker = bh
        for seat in range(self.count):
            choice = self.seats[seat]
            name_w = max(right.width * 2 // 5, right.width - marker - s.gap * 2 - 260)
            name_rect = pygame.Rect(
                right.left + marker + s.gap, y, min(name_w, right.width // 2) - marker - s.gap, bh
            )
            entry = UITextEntryLine(
                name_rect, manager, placeholder_text=self._seat_name(seat), initial_text=choice.name
            )
            entry.set_text_length_limit(24)
            self.name_entries.append(entry)
            kind_rect = pygame.Rect(name_rect.right + s.gap, y, right.right - name_rect.right - s.gap, bh)
            kinds = [(HUMAN, _("Human")), (COMPUTER, _("Computer")), (NETWORK, _("Network"))]
            self.kind_widgets.append(
                Segmented(app, manager, kind_rect, kinds, choice.kind, partial(self._set_kind, seat))
            )
            y += bh + 6
            self._label(
                _("Computer level"), "small", (name_rect.left, y + bh // 2 - fonts.small.get_linesize() // 2)
            )
            level_rect = pygame.Rect(kind_rect.left, y, kind_rect.width, bh)
            levels = [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]
            level = Segmented(app, manager, level_rect, levels, choice.level, partial(self._set_level, seat))
            level.set_enabled(choice.kind == COMPUTER)
            self.level_widgets.append(level)
            y += bh + s.gap * 2
        self._label(
            draw.ellipsize(
                fonts.small,
                _("Level 1 is for beginners; level 5 is the strongest and thinks longest."),
                right.width,
            ),
            "small",
            (right.left, y),
        )
        y += fonts.small.get_linesize() + s.gap * 2
        # chance: an optional seed, to replay the same game
        self.seed_entry = None
        if info.chance:
            self._label(_("Seed (optional)"), "bold", (right.left, y))
            y += fonts.body.get_linesize()
            self._label(
                draw.ellipsize(
                    fonts.small,
                    _("Leave empty for a new game each time; the same seed deals the same game."),
                    right.width,
                ),
                "small",
                (right.left, y),
            )
            y += fonts.small.get_linesize() + 4
            self.seed_entry = UITextEntryLine(
                pygame.Rect(right.left, y, right.width // 2, bh), manager, initial_text=self.seed_text
            )
            self.seed_entry.set_allowed_characters("numbers")
            self.seed_entry.set_text_length_limit(SEED_DIGITS)
        back_button(app, self.back)
        # the game's own pages (Khet's setup editor), beside the way back
        self.tool_buttons = {}
        x = s.margin * 2 + 160 + s.gap
        for label in declaration_of(self.game).window_tools:
            text = _(label)
            rect = pygame.Rect(x, app.size[1] - s.margin - bh, fonts.body.size(text)[0] + 40, bh)
            self.tool_buttons[label] = button(app, manager, rect, text, partial(self.open_tool, label))
            x = rect.right + s.gap
        self._tools_right = x
        start = pygame.Rect(app.size[0] - s.margin * 2 - 220, app.size[1] - s.margin - bh, 220, bh)
        self.start_button = button(app, manager, start, _("Start the game"), self.start, primary=True)

    def _label(self, text: str, style: str, pos: tuple[int, int]) -> None:
        self._labels.append((text, style, pos))

    def _seat_name(self, seat: int) -> str:
        names = self.game.info.seat_names
        return _(names[seat]) if seat < len(names) else _("Player {n}").format(n=seat + 1)

    def _control(self, spec: OptionSpec, row: pygame.Rect) -> None:
        app, manager, s = self.app, self.app.manager, self.app.theme.sizes
        value = self.values[spec.name]
        if isinstance(spec.default, bool):
            choices: list[tuple[Any, str]] = [(True, _("Yes")), (False, _("No"))]
            self.choice_widgets[spec.name] = Segmented(
                app, manager, row, choices, bool(value), partial(self._set, spec.name)
            )
        elif isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else max(low + 100, int(value))
            width = min(row.width, 320)
            rect = pygame.Rect(row.left, row.top, width, row.height)
            self.steppers[spec.name] = Stepper(
                app, manager, rect, int(value), low, high, partial(self._set, spec.name)
            )
        elif spec.choices:
            choices = [(choice, capitalised(_(spec.choice_label(choice)))) for choice in spec.choices]
            width = row.width
            if spec.open_ended:
                width = row.width * 2 // 3
            current = value if value in spec.choices else None
            rect = pygame.Rect(row.left, row.top, width, row.height)
            self.choice_widgets[spec.name] = Segmented(
                app, manager, rect, choices, current, partial(self._set, spec.name)
            )
            if spec.open_ended:
                entry_rect = pygame.Rect(
                    rect.right + s.gap, row.top, row.right - rect.right - s.gap, row.height
                )
                initial = self.custom.get(spec.name, "" if value in spec.choices else str(value))
                entry = UITextEntryLine(
                    entry_rect, manager, placeholder_text=_("or e.g. 12x8"), initial_text=initial
                )
                self.custom_entries[spec.name] = entry
        else:
            entry = UITextEntryLine(row, manager, initial_text=str(value))
            self.custom_entries[spec.name] = entry

    def _pictures_for(self, spec: OptionSpec) -> list[OptionPicture] | None:
        """The option's choices as pictures, when the game's board offers them (Khet's setups); the
        current value moves to the first picture when it is not among them (another edition)."""
        if self.board is None:
            return None
        try:
            offered = self.board.option_pictures(spec.name, self.values, self.app.store)
        except StoreError as err:
            self.error = str(err)
            offered = self.board.option_pictures(spec.name, self.values, None)
        if offered is None:
            return None
        pictures = list(offered)
        if pictures and self.values[spec.name] not in [p.value for p in pictures]:
            self.values[spec.name] = pictures[0].value
        return pictures

    def _picture_control(self, spec: OptionSpec, pictures: list[OptionPicture], row: pygame.Rect) -> None:
        board = self.board
        assert board is not None

        def paint(surface: pygame.Surface, rect: pygame.Rect, value: str) -> None:
            board.draw_option_picture(surface, rect, spec.name, value, self.values)

        def turn_page(page: int) -> None:
            self.picture_pages[spec.name] = page
            self.app.rebuild()

        self.pictures[spec.name] = PictureChoice(
            self.app,
            self.app.manager,
            row,
            pictures,
            str(self.values[spec.name]),
            partial(self._set, spec.name),
            paint,
            self.picture_pages.get(spec.name, 0),
            turn_page,
        )

    def _setting_control(self, setting: BoardSetting, row: pygame.Rect) -> None:
        """A preference of the game's board (kept for the next games, not part of the options)."""
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
            self.error = str(err)

    # ----- changes --------------------------------------------------------------------------
    def _set(self, name: str, value: OptionValue) -> None:
        self.values[name] = value
        entry = self.custom_entries.get(name)
        if entry is not None and not isinstance(value, int):
            entry.set_text("")
            self.custom[name] = ""
        self.error = ""
        if self.pictures and name not in self.pictures:
            self.app.rebuild()  # the pictures may depend on this option (Khet's setups on the edition)

    def swap_seats(self) -> None:
        """The two players trade seats (names, human or computer, levels)."""
        self._read_entries()
        self.seats[0], self.seats[1] = self.seats[1], self.seats[0]
        for seat, entry in enumerate(self.name_entries):  # (read again when the screen is rebuilt)
            entry.set_text(self.seats[seat].name)
        self.app.rebuild()

    def _set_count(self, count: int) -> None:
        self.count = count
        self.app.rebuild()

    def _set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat].kind = kind
        self.level_widgets[seat].set_enabled(kind == COMPUTER)

    def _set_level(self, seat: int, level: int) -> None:
        self.seats[seat].level = level

    def _read_entries(self) -> None:
        """Keep what was typed before the widgets are rebuilt or read."""
        for seat, entry in enumerate(self.name_entries):
            self.seats[seat].name = entry.get_text()
        for name, entry in self.custom_entries.items():
            self.custom[name] = entry.get_text()
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()

    # ----- actions --------------------------------------------------------------------------
    def given_options(self) -> dict[str, OptionValue]:
        self._read_entries()
        given = dict(self.values)
        for name, text in self.custom.items():
            if text.strip():
                given[name] = text.strip()
        return given

    def start(self) -> None:

        try:
            options = self.game.options(self.given_options())
            seats = tuple(self.seats[i].spec() for i in range(self.count))
            seed = (
                read_seed(self.seed_text)
                if self.seed_text.strip()
                else random.SystemRandom().randrange(1 << 31)
            )
            # a player's own start position (a Khet setup of theirs) comes from the store
            match = session.new_match(self.game, options, seats, seed, self.app.store)
        except (LudotecaError, ValueError) as err:
            self.error = str(err)
            self.app.sounds.play("error")
            return
        self._remember(dict(options), seats)
        if any(seat.kind == NETWORK for seat in seats):
            # someone plays over the network: this window hosts the game and sits at it
            self.app.go("table", plan=HostPlan(self.game, options, seats, seed))
            return
        self.app.go("play", match)

    def open_tool(self, label: str) -> None:
        self.app.go("tool", self.game, label, back=("options", self.game))

    def back(self) -> None:

        self.app.go("choose")

    # ----- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(
            app,
            surface,
            _("New game: {title}").format(title=_(self.game.info.title)),
            draw.ellipsize(fonts.body, _(self.game.info.summary), app.size[0] - 4 * s.margin),
        )
        styles = {
            "title": (fonts.body_bold, c.accent),
            "bold": (fonts.body_bold, c.text),
            "small": (fonts.small, c.text_dim),
            "dim": (fonts.body, c.text_dim),
        }
        for text, style, pos in self._labels:
            font, colour = styles[style]
            draw.text(surface, font, text, colour, pos)
        for choice in self.pictures.values():
            choice.draw(surface)
        for name, stepper in self.steppers.items():
            spec = next(sp for sp in self.game.info.options if sp.name == name)
            shown = _("usual") if stepper.value == 0 and spec.minimum == 0 else None
            stepper.draw(surface, fonts.body_bold, c.text, shown)
        if self.board is not None:
            _left, right = self._columns()
            bh = s.button_height
            y = right.top + fonts.title.get_linesize() + s.gap
            if self.count_widget is not None:
                y += bh + s.gap
            for seat in range(self.count):
                self.board.draw_seat_marker(surface, (right.left + bh / 2, y + bh / 2), bh * 0.38, seat)
                y += bh + 6 + bh + s.gap * 2
        if self.error:
            left = max(s.margin * 2 + 180, self._tools_right)
            rect = pygame.Rect(
                left,
                app.size[1] - s.margin - s.button_height,
                app.size[0] - s.margin * 2 - 240 - left,
                s.button_height,
            )
            draw.paragraph(surface, fonts.small, self.error, c.text_error, rect, 0)
