"""A new game's options (generated from the game's OptionSpecs) and its players."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.match import Match
from ludoteca.shells.options import capitalised, option_label
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, Stepper, button, button_width, label_width
from ludoteca.store import StoreError

HUMAN, COMPUTER = "human", "computer"


@dataclass
class SeatChoice:
    name: str = ""
    kind: str = HUMAN
    level: int = 3

    def spec(self) -> SeatSpec:
        return SeatSpec(self.kind, self.level if self.kind == COMPUTER else None, self.name.strip() or None)


def _last_key(game: Game[Any, Any]) -> str:
    return f"gui.last.{game.info.key}"


class OptionsScreen(Screen):
    def __init__(self, app: App, game: Game[Any, Any]) -> None:
        super().__init__(app)
        self.game = game
        self.board = board_for(game, app.theme, app.fonts)
        info = game.info
        self.values: dict[str, OptionValue] = {spec.name: spec.default for spec in info.options}
        self.custom: dict[str, str] = {}
        self.count = info.default_seats
        self.seats = [SeatChoice() if i == 0 else SeatChoice(kind=COMPUTER) for i in range(info.max_seats)]
        self.seed_text = ""
        self.error = ""
        self._remembered()
        # widgets (rebuilt on resize)
        self.choice_widgets: dict[str, Segmented[Any]] = {}
        self.steppers: dict[str, Stepper] = {}
        self.custom_entries: dict[str, UITextEntryLine] = {}
        self.name_entries: list[UITextEntryLine] = []
        self.kind_widgets: list[Segmented[str]] = []
        self.level_widgets: list[Segmented[int]] = []
        self.count_widget: Segmented[int] | None = None
        self.seed_entry: UITextEntryLine | None = None
        self.start_button: UIButton | None = None
        self._labels: list[tuple[str, str, pygame.Rect]] = []  # (text, style, where)
        #: how much the page had to give up to fit (see `build`)
        self._crowded = 0
        #: the seats' markers: (centre, radius, seat)
        self._markers: list[tuple[tuple[float, float], float, int]] = []

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
                    kind = seat_spec.kind if seat_spec.kind != "remote" else HUMAN
                    self.seats[i] = SeatChoice(seat_spec.name or "", kind, seat_spec.level or 3)
        except (ValueError, LudotecaError, KeyError, TypeError):
            return

    def _remember(self, options: dict[str, OptionValue], seats: tuple[SeatSpec, ...]) -> None:
        data = {"options": options, "seats": [s.text() for s in seats]}
        with contextlib.suppress(StoreError):
            self.app.store.set_setting(_last_key(self.game), json.dumps(data))

    # ----- layout ---------------------------------------------------------------------------
    def summary(self) -> str:
        """The header's subtitle: the game's summary, unless the page is crowded."""
        return "" if self._crowded else _(self.game.info.summary)

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        app, s = self.app, self.app.theme.sizes
        top = header_height(app, self.summary()) + s.gap
        bottom = app.size[1] - s.margin * 2 - s.button_height
        width = (app.size[0] - s.margin * 5) // 2
        left = pygame.Rect(s.margin * 2, top, width, bottom - top)
        right = pygame.Rect(left.right + s.margin, top, width, bottom - top)
        return left, right

    def build(self) -> None:
        """The options and the players in two columns; when they do not fit (a small window,
        four players), the header leaves out the game's summary (its card on the page before
        showed it), then the note on levels becomes the level buttons' tooltip."""
        self._read_entries()
        for self._crowded in range(3):
            if self._crowded:
                self.app.manager.clear_and_reset()
            if self._lay_out() or self._crowded == 2:
                break

    def _lay_out(self) -> bool:
        """Make the widgets; False if the columns overflowed."""
        app, s = self.app, self.app.theme.sizes
        self._labels, self._markers = [], []
        self.choice_widgets, self.steppers, self.custom_entries = {}, {}, {}
        left, right = self._columns()
        # under the players: the note on levels and the seed; whichever does not fit there goes
        # under the options (which then stand closer together if they must)
        extras: list[tuple[str | None, int]] = []
        if self._crowded < 2:
            extras.append((self._note(), self._note_height(right.width)))
        if self.game.info.chance:
            extras.append((None, self._seed_height(right.width)))
        self.seed_entry = None
        y = self._players(right, keep=sum(h + s.gap for _what, h in extras))
        fits = y - s.gap <= right.bottom
        elsewhere = []
        for what, height in extras:
            if not elsewhere and y + height <= right.bottom:
                self._extra(what, pygame.Rect(right.left, y, right.width, height))
                y += height + s.gap
            else:
                elsewhere.append((what, height))
        y = self._options(left, keep=sum(h + s.gap for _what, h in elsewhere)) + s.gap
        for what, height in elsewhere:
            self._extra(what, pygame.Rect(left.left, y, left.width, height))
            y += height + s.gap
        fits = fits and y - s.gap <= left.bottom
        back_button(app, self.back)
        label = _("Start the game")
        width = button_width(app, label, 220, bold=True)
        start = pygame.Rect(
            app.size[0] - s.margin * 2 - width,
            app.size[1] - s.margin - s.button_height,
            width,
            s.button_height,
        )
        self.start_button = button(app, app.manager, start, label, self.start, primary=True)
        return fits

    def _text_block(self, text: str, style: str, left: int, y: int, width: int) -> int:
        """A label wrapped to `width` at (left, y); returns the y under it."""
        font = self._font(style)
        height = draw.lines_height(font, len(draw.wrap(font, text, width)), 0)
        self._label(text, style, pygame.Rect(left, y, width, height))
        return y + height

    def _font(self, style: str) -> Any:
        fonts = self.app.fonts
        return {"title": fonts.body_bold, "bold": fonts.body_bold, "small": fonts.small, "dim": fonts.body}[
            style
        ]

    # the game's options: each name, its help and its control, stacked; when they do not all fit
    # (a small window), each name beside its control where the control leaves room for it
    def _options(self, column: pygame.Rect, keep: int = 0) -> int:
        """The options down `column`, leaving `keep` pixels free under them; returns the y below."""
        s = self.app.theme.sizes
        y = self._text_block(_("Options"), "title", column.left, column.top, column.width) + s.gap
        specs = self.game.info.options
        if not specs:
            return self._text_block(_("This game has no options."), "dim", column.left, y, column.width)
        full = sum(self._option_height(spec, column.width, False) for spec in specs)
        compact = y + full + keep > column.bottom
        for spec in specs:
            y = self._option(spec, column, y, compact)
        return y

    def _name_width(self, width: int) -> int:
        """How much of the column a name beside its control takes: the longest name's room."""
        widest = max(
            (self.app.fonts.body_bold.size(option_label(spec))[0] for spec in self.game.info.options),
            default=0,
        )
        return min(width // 2, widest + self.app.theme.sizes.gap)

    def _beside(self, spec: OptionSpec, width: int) -> bool:
        name_w = self._name_width(width)
        return self._control_height(spec, width - name_w) <= self.app.theme.sizes.button_height

    def _option_height(self, spec: OptionSpec, width: int, compact: bool) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        help_h = draw.lines_height(fonts.small, len(draw.wrap(fonts.small, _(spec.help), width)), 0)
        if compact and self._beside(spec, width):
            return s.button_height + 2 + help_h + s.gap
        gaps = s.gap if compact else s.gap * 2
        return fonts.body_bold.get_linesize() + help_h + 4 + self._control_height(spec, width) + gaps

    def _option(self, spec: OptionSpec, column: pygame.Rect, y: int, compact: bool) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        bh = s.button_height
        if compact and self._beside(spec, column.width):
            name_w = self._name_width(column.width)
            self._label(
                option_label(spec),
                "bold",
                pygame.Rect(column.left, y + (bh - fonts.body_bold.get_linesize()) // 2, name_w, bh),
            )
            self._control(spec, pygame.Rect(column.left + name_w, y, column.width - name_w, bh))
            y = self._text_block(_(spec.help), "small", column.left, y + bh + 2, column.width)
            return y + s.gap
        y = self._text_block(option_label(spec), "bold", column.left, y, column.width)
        y = self._text_block(_(spec.help), "small", column.left, y, column.width) + 4
        height = self._control_height(spec, column.width)
        self._control(spec, pygame.Rect(column.left, y, column.width, height))
        return y + height + (s.gap if compact else s.gap * 2)

    def _choice_labels(self, spec: OptionSpec) -> list[tuple[Any, str]]:
        if isinstance(spec.default, bool):
            return [(True, _("Yes")), (False, _("No"))]
        return [(choice, capitalised(_(choice))) for choice in spec.choices or ()]

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
        value = self.values[spec.name]
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
                initial = self.custom.get(spec.name, "" if value in spec.choices else str(value))
                entry = UITextEntryLine(
                    entry_rect, manager, placeholder_text=_("or e.g. 12x8"), initial_text=initial
                )
                self.custom_entries[spec.name] = entry
        else:
            self.custom_entries[spec.name] = UITextEntryLine(row, manager, initial_text=str(value))

    # the players: how many, then for each a name, human or computer, and the computer's level
    def _players(self, column: pygame.Rect, keep: int) -> int:
        """The players down `column`, closer together if `keep` pixels must stay free under
        them; returns the y below."""
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager, bh = app.manager, s.button_height
        info = self.game.info
        y = self._text_block(_("Players"), "title", column.left, column.top, column.width) + s.gap
        self.count_widget = None
        if info.min_seats != info.max_seats:
            counts = [(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)]
            name = _("Number of players")
            name_w = min(column.width // 2, fonts.body_bold.size(name)[0] + s.gap)
            line = fonts.body_bold.get_linesize()
            self._label(name, "bold", pygame.Rect(column.left, y + (bh - line) // 2, name_w, line))
            rect = pygame.Rect(column.left + name_w, y, column.width - name_w, bh)
            self.count_widget = Segmented(app, manager, rect, counts, self.count, self._set_count)
            y += bh + s.gap
        # the seats closer together when the window is short
        level_h = self._level_height(column)
        room = column.bottom - y - keep
        seat_gap = s.gap * 2 if self.count * (bh + 6 + level_h + s.gap * 2) <= room else s.gap // 2
        self.name_entries, self.kind_widgets, self.level_widgets = [], [], []
        kinds = [(HUMAN, _("Human")), (COMPUTER, _("Computer"))]
        name_w, _kinds_w = self._seat_widths(column)
        for seat in range(self.count):
            choice = self.seats[seat]
            name_rect = pygame.Rect(column.left + bh + s.gap, y, name_w, bh)
            self._markers.append(((column.left + bh / 2, y + bh / 2), bh * 0.38, seat))
            entry = UITextEntryLine(
                name_rect, manager, placeholder_text=self._seat_name(seat), initial_text=choice.name
            )
            entry.set_text_length_limit(24)
            self.name_entries.append(entry)
            kind_rect = pygame.Rect(name_rect.right + s.gap, y, column.right - name_rect.right - s.gap, bh)
            self.kind_widgets.append(
                Segmented(app, manager, kind_rect, kinds, choice.kind, partial(self._set_kind, seat))
            )
            y += bh + 6
            label_h = self._level_label_height(name_rect.width)
            label = pygame.Rect(name_rect.left, y + (level_h - label_h) // 2, name_rect.width, label_h)
            self._label(_("Computer level"), "small", label)
            level_rect = pygame.Rect(kind_rect.left, y + (level_h - bh) // 2, kind_rect.width, bh)
            levels = [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]
            tip = self._note() if self._crowded >= 2 else None
            level = Segmented(
                app, manager, level_rect, levels, choice.level, partial(self._set_level, seat), tip=tip
            )
            level.set_enabled(choice.kind == COMPUTER)
            self.level_widgets.append(level)
            y += level_h + seat_gap
        return y - seat_gap + s.gap

    def _seat_widths(self, column: pygame.Rect) -> tuple[int, int]:
        """(name field, human/computer choice) widths of a seat's first row."""
        app, s = self.app, self.app.theme.sizes
        kinds_w = label_width(app, _("Human")) + label_width(app, _("Computer")) + 6
        name_left = column.left + s.button_height + s.gap
        name_w = min(max(app.theme.px(90), column.right - kinds_w - s.gap - name_left), column.width // 2)
        return name_w, column.right - name_left - name_w - s.gap

    def _level_label_height(self, width: int) -> int:
        small = self.app.fonts.small
        return draw.lines_height(small, len(draw.wrap(small, _("Computer level"), width)), 0)

    def _level_height(self, column: pygame.Rect) -> int:
        """A seat's second row: the level buttons, or the words beside them if they need two lines."""
        return max(self.app.theme.sizes.button_height, self._level_label_height(self._seat_widths(column)[0]))

    def _note(self) -> str:
        return _("Level 1 is for beginners; level 5 is the strongest and thinks longest.")

    def _note_height(self, width: int) -> int:
        small = self.app.fonts.small
        return draw.lines_height(small, len(draw.wrap(small, self._note(), width)), 0)

    def _extra(self, note: str | None, area: pygame.Rect) -> None:
        """The note on levels (`note`), or the seed (None), in `area`."""
        if note is not None:
            self._text_block(note, "small", area.left, area.top, area.width)
        else:
            self._seed(area)

    def _seed_height(self, width: int) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        help_lines = draw.wrap(fonts.small, self._seed_help(), width)
        return (
            fonts.body_bold.get_linesize()
            + draw.lines_height(fonts.small, len(help_lines), 0)
            + 4
            + s.button_height
        )

    def _seed_help(self) -> str:
        return _("Leave empty for a new game each time; the same seed deals the same game.")

    # chance: an optional seed, to replay the same game
    def _seed(self, area: pygame.Rect) -> None:
        y = self._text_block(_("Seed (optional)"), "bold", area.left, area.top, area.width)
        y = self._text_block(self._seed_help(), "small", area.left, y, area.width) + 4
        rect = pygame.Rect(area.left, y, area.width // 2, self.app.theme.sizes.button_height)
        self.seed_entry = UITextEntryLine(rect, self.app.manager, initial_text=self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")

    def _label(self, text: str, style: str, rect: pygame.Rect) -> None:
        self._labels.append((text, style, rect))

    def _seat_name(self, seat: int) -> str:
        names = self.game.info.seat_names
        return _(names[seat]) if seat < len(names) else _("Player {n}").format(n=seat + 1)

    # ----- changes --------------------------------------------------------------------------
    def _set(self, name: str, value: OptionValue) -> None:
        self.values[name] = value
        entry = self.custom_entries.get(name)
        if entry is not None and not isinstance(value, int):
            entry.set_text("")
            self.custom[name] = ""
        self.error = ""

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
            seed = int(self.seed_text) if self.seed_text.strip() else random.SystemRandom().randrange(1 << 31)
            match = Match(self.game, options, seats, seed)
        except (LudotecaError, ValueError) as err:
            self.error = str(err)
            self.app.sounds.play("error")
            return
        self._remember(dict(options), seats)
        self.app.go("play", match)

    def back(self) -> None:

        self.app.go("choose")

    # ----- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, c, fonts, s = self.app, self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        header(app, surface, _("New game: {title}").format(title=_(self.game.info.title)), self.summary())
        colours = {"title": c.accent, "bold": c.text, "small": c.text_dim, "dim": c.text_dim}
        for text, style, rect in self._labels:
            draw.paragraph(surface, self._font(style), text, colours[style], rect, 0)
        for name, stepper in self.steppers.items():
            spec = next(sp for sp in self.game.info.options if sp.name == name)
            shown = _("usual") if stepper.value == 0 and spec.minimum == 0 else None
            stepper.draw(surface, fonts.body_bold, c.text, shown)
        if self.board is not None:
            for center, radius, seat in self._markers:
                self.board.draw_seat_marker(surface, center, radius, seat)
        if self.error and self.start_button is not None:
            left = s.margin * 2 + self._back_width() + s.gap
            rect = pygame.Rect(
                left,
                app.size[1] - s.margin - s.button_height,
                self.start_button.rect.left - s.gap - left,
                s.button_height + s.margin,
            )
            with fit.inside(rect, "options error"):
                draw.block(surface, (fonts.small,), draw.sentence(self.error), c.text_error, rect, 0)

    def _back_width(self) -> int:
        return button_width(self.app, _("Back"), 160)
