# mypy: disable-error-code="no-untyped-call"
"""A new game's options (generated from the game's OptionSpecs) and its players."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionSpec, OptionValue, option_label
from ludoteca.core.registry import declaration_of
from ludoteca.core.rng import fresh_seed
from ludoteca.core.seats import MAX_LEVEL, SeatSpec
from ludoteca.core.text import SEED_DIGITS, read_seed
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.board import BoardSetting, OptionPicture
from ludoteca.shells import session
from ludoteca.shells.network import HostPlan
from ludoteca.shells.options import capitalised
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for, board_settings, save_board_setting
from ludoteca.shells.window.picture_choice import PictureChoice
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, Stepper, button, button_width, label_width
from ludoteca.store import StoreError

HUMAN, COMPUTER, NETWORK = "human", "computer", "remote"

# how much the page gives up to fit a small window, one step after another (see `OptionsScreen.build`)
NO_SUMMARY, NOTE_AS_TIP, COMPACT_SEATS, COMPACT_SEED = 1, 2, 3, 4


@dataclass(frozen=True)
class _Row:
    """One line of the options column: a name, its help, and its control (`height_of` the
    control's height in a width; None for a row of pictures, which takes the room left)."""

    name: str
    help: str
    height_of: Callable[[int], int] | None
    make: Callable[[pygame.Rect], None]


@dataclass
class SeatChoice:
    name: str = ""
    kind: str = HUMAN
    level: int = 3

    def spec(self) -> SeatSpec:
        return SeatSpec(self.kind, self.level if self.kind == COMPUTER else None, self.name.strip() or None)


def _levels() -> list[tuple[int, str]]:
    return [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]


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
        self._labels: list[tuple[str, str, pygame.Rect]] = []  # (text, style, where)
        #: how much the page had to give up to fit (see `build`)
        self._crowded = 0
        #: whether the players' column is widened (see `build`)
        self._wide = False
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
                    kind = seat_spec.kind
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
        both = app.size[0] - s.margin * 5
        # the players take up to three fifths when a seat's choices need it to stay on one row
        width = both // 2
        if self._wide:
            width = min(max(width, self._seat_row_width()), both * 3 // 5)
        left = pygame.Rect(s.margin * 2, top, both - width, bottom - top)
        right = pygame.Rect(left.right + s.margin, top, width, bottom - top)
        return left, right

    def _seat_row_width(self) -> int:
        """How wide a seat's rows must be: marker, name field, human/computer/network (or, when
        the seats are compact, the level buttons beside the name and the kinds under it)."""
        s = self.app.theme.sizes
        if self._crowded >= COMPACT_SEATS:
            beside = self._least_name_width() + s.gap + self._levels_width()
            return s.button_height + s.gap + max(beside, self._kinds_width())
        return s.button_height + s.gap + self._least_name_width() + s.gap + self._kinds_width()

    def _least_name_width(self) -> int:
        """A name field shows its placeholder (the seat's name) whole."""
        names = [self._seat_name(seat) for seat in range(self.count)]
        return max(self.app.theme.px(90), *(label_width(self.app, name) for name in names))

    def _kinds_width(self) -> int:
        kinds = self._kinds()
        return sum(label_width(self.app, label) for _kind, label in kinds) + 6 * (len(kinds) - 1)

    def _levels_width(self) -> int:
        return sum(label_width(self.app, label) for _level, label in _levels()) + 6 * (MAX_LEVEL - 1)

    def build(self) -> None:
        """The options and the players in two columns; when they do not fit (a small window,
        four players), the header leaves out the game's summary (its card on the page before
        showed it), then the note on levels becomes the level buttons' tooltip, then the seats
        take two rows of buttons each (`_compact_seats`), then the seed's help becomes its field's
        tooltip; at each step the players' column may first widen so that a seat's choices stay
        on their rows."""
        self._read_entries()
        tries = [(crowded, wide) for crowded in range(COMPACT_SEED + 1) for wide in (False, True)]
        overflows = []
        for number, (self._crowded, self._wide) in enumerate(tries):
            if number:
                self.app.manager.clear_and_reset()
            overflows.append(self._lay_out())
            if not overflows[-1]:
                return
        # nothing fits: the try that overflows least
        best = min(range(len(tries)), key=overflows.__getitem__)
        if best != len(tries) - 1:
            self.app.manager.clear_and_reset()
            self._crowded, self._wide = tries[best]
            self._lay_out()

    def _lay_out(self) -> int:
        """Make the widgets; how many pixels the columns overflowed (0: all fit)."""
        app, s = self.app, self.app.theme.sizes
        self._labels, self._markers = [], []
        self.choice_widgets, self.steppers, self.custom_entries = {}, {}, {}
        self.setting_widgets, self.pictures = {}, {}
        left, right = self._columns()
        # under the players: the note on levels and the seed; whichever does not fit there goes
        # under the options (which then stand closer together if they must)
        extras: list[tuple[str | None, int]] = []
        if self._crowded < NOTE_AS_TIP:
            extras.append((self._note(), self._note_height(right.width)))
        if self.game.info.chance:
            extras.append((None, self._seed_height(right.width)))
        self.seed_entry = None
        y = self._players(right, keep=sum(h + s.gap for _what, h in extras))
        overflow = max(0, y - s.gap - right.bottom)
        elsewhere: list[tuple[str | None, int]] = []
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
        overflow = max(overflow, y - s.gap - left.bottom)
        back_button(app, self.back)
        # the game's own pages (Khet's setup editor), beside the way back
        self.tool_buttons = {}
        x = s.margin * 2 + self._back_width() + s.gap
        for tool in declaration_of(self.game).window_tools:
            text = _(tool)
            rect = pygame.Rect(
                x, app.size[1] - s.margin - s.button_height, button_width(app, text), s.button_height
            )
            self.tool_buttons[tool] = button(app, app.manager, rect, text, partial(self.open_tool, tool))
            x = rect.right + s.gap
        self._tools_right = x
        label = _("Start the game")
        width = button_width(app, label, 220, bold=True)
        start = pygame.Rect(
            app.size[0] - s.margin * 2 - width,
            app.size[1] - s.margin - s.button_height,
            width,
            s.button_height,
        )
        self.start_button = button(app, app.manager, start, label, self.start, primary=True)
        return overflow

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
    # (a small window), each name beside its control where the control leaves room for it. An
    # option the board offers as pictures (Khet's setups) takes the room the others leave; the
    # board's own preferences (`GameBoard.settings`) follow the options.
    def _rows(self) -> list[_Row]:
        rows = []
        for spec in self.game.info.options:
            pictures = self._pictures_for(spec)
            if pictures is not None:
                rows.append(
                    _Row(
                        option_label(spec), _(spec.help), None, partial(self._picture_control, spec, pictures)
                    )
                )
            else:
                rows.append(
                    _Row(
                        option_label(spec),
                        _(spec.help),
                        partial(self._control_height, spec),
                        partial(self._control, spec),
                    )
                )
        for setting in self.board.settings() if self.board is not None else ():
            rows.append(
                _Row(
                    _(setting.label),
                    _(setting.help),
                    self._switch_height,
                    partial(self._setting_control, setting),
                )
            )
        return rows

    def _options(self, column: pygame.Rect, keep: int = 0) -> int:
        """The options down `column`, leaving `keep` pixels free under them; returns the y below."""
        s = self.app.theme.sizes
        y = self._text_block(_("Options"), "title", column.left, column.top, column.width) + s.gap
        rows = self._rows()
        if not rows:
            return self._text_block(_("This game has no options."), "dim", column.left, y, column.width)
        pictured = [row for row in rows if row.height_of is None]
        smallest = 2 * s.button_height
        names_w = self._name_width(rows, column.width)

        def needs(compact: bool) -> int:
            return sum(self._row_height(row, column.width, names_w, compact, smallest) for row in rows)

        compact = y + needs(False) + keep > column.bottom
        picture_h = smallest
        if pictured:
            room = column.bottom - keep - y - needs(compact)
            picture_h = max(smallest, min(round(s.button_height * 4.2), smallest + room // len(pictured)))
        for row in rows:
            y = self._row(row, column, y, compact, names_w, picture_h)
        return y

    def _name_width(self, rows: list[_Row], width: int) -> int:
        """How much of the column a name beside its control takes: the room of the longest name
        that fits in half the column (a longer one stays above its control)."""
        gap = self.app.theme.sizes.gap
        needs = [self.app.fonts.body_bold.size(row.name)[0] + gap for row in rows]
        return max((need for need in needs if need <= width // 2), default=width // 2)

    def _beside(self, row: _Row, width: int, names_w: int) -> bool:
        """Whether the row's name goes beside its control: the name on one line in `names_w`,
        the control on one row in the rest."""
        s = self.app.theme.sizes
        return (
            row.height_of is not None
            and self.app.fonts.body_bold.size(row.name)[0] + s.gap <= names_w
            and row.height_of(width - names_w) <= s.button_height
        )

    def _row_height(self, row: _Row, width: int, names_w: int, compact: bool, picture_h: int) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        help_h = draw.lines_height(fonts.small, len(draw.wrap(fonts.small, row.help, width)), 0)
        if compact and self._beside(row, width, names_w):
            return s.button_height + 2 + help_h + s.gap
        gaps = s.gap if compact else s.gap * 2
        control_h = row.height_of(width) if row.height_of is not None else picture_h
        return fonts.body_bold.get_linesize() + help_h + 4 + control_h + gaps

    def _row(
        self, row: _Row, column: pygame.Rect, y: int, compact: bool, names_w: int, picture_h: int
    ) -> int:
        s, fonts = self.app.theme.sizes, self.app.fonts
        bh = s.button_height
        if compact and self._beside(row, column.width, names_w):
            line = fonts.body_bold.get_linesize()
            self._label(row.name, "bold", pygame.Rect(column.left, y + (bh - line) // 2, names_w, bh))
            row.make(pygame.Rect(column.left + names_w, y, column.width - names_w, bh))
            y = self._text_block(row.help, "small", column.left, y + bh + 2, column.width)
            return y + s.gap
        y = self._text_block(row.name, "bold", column.left, y, column.width)
        y = self._text_block(row.help, "small", column.left, y, column.width) + 4
        height = row.height_of(column.width) if row.height_of is not None else picture_h
        row.make(pygame.Rect(column.left, y, column.width, height))
        return y + height + (s.gap if compact else s.gap * 2)

    def _switch_height(self, width: int) -> int:
        return Segmented.height(self.app, [_("Yes"), _("No")], width)

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
        compact = self._crowded >= COMPACT_SEATS
        title_y = column.top
        self.swap_button = None
        self.count_widget = None
        counts = [(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)]
        title_w = fonts.body_bold.size(_("Players"))[0]
        if self.count == 2:
            # who starts: the first seat moves first (Khet's Silver), so trading seats decides it
            swap_label = _("Swap seats")
            width = button_width(app, swap_label)
            rect = pygame.Rect(column.right - width, column.top, width, bh)
            self.swap_button = button(app, manager, rect, swap_label, self.swap_seats)
            title_y += (bh - fonts.body_bold.get_linesize()) // 2
        elif compact and len(counts) > 1:
            # crowded: how many players beside the column's title, as Swap seats is for two
            left = column.left + title_w + s.gap
            rect = pygame.Rect(left, column.top, column.right - left, bh)
            self.count_widget = Segmented(
                app, manager, rect, counts, self.count, self._set_count, tip=_("Number of players")
            )
            title_y += (bh - fonts.body_bold.get_linesize()) // 2
        beside = self.swap_button is not None or self.count_widget is not None
        y = self._text_block(
            _("Players"), "title", column.left, title_y, column.width - button_width(app, _("Swap seats"))
        )
        y = max(y, column.top + bh if beside else y) + s.gap
        if len(counts) > 1 and self.count_widget is None:
            name = _("Number of players")
            name_w = min(column.width // 2, fonts.body_bold.size(name)[0] + s.gap)
            line = fonts.body_bold.get_linesize()
            self._label(name, "bold", pygame.Rect(column.left, y + (bh - line) // 2, name_w, line))
            rect = pygame.Rect(column.left + name_w, y, column.width - name_w, bh)
            self.count_widget = Segmented(app, manager, rect, counts, self.count, self._set_count)
            y += bh + s.gap
        self.name_entries, self.kind_widgets, self.level_widgets = [], [], []
        if compact:
            return self._compact_seats(column, y, keep)
        # the seats closer together when the window is short
        level_h = self._level_height(column)
        room = column.bottom - y - keep
        name_w, kinds_w = self._seat_widths(column)
        # human / computer / network: on two rows when a narrow window has no room for one
        kinds_h = Segmented.height(app, [label for _kind, label in self._kinds()], kinds_w)
        seat_gap = s.gap * 2 if self.count * (kinds_h + 6 + level_h + s.gap * 2) <= room else s.gap // 2
        for seat in range(self.count):
            name_rect = pygame.Rect(column.left + bh + s.gap, y, name_w, bh)
            self._seat_name_entry(seat, name_rect)
            kind_rect = pygame.Rect(name_rect.right + s.gap, y, column.right - name_rect.right - s.gap, bh)
            y += kinds_h + 6
            label_h = self._level_label_height(name_rect.width)
            label = pygame.Rect(name_rect.left, y + (level_h - label_h) // 2, name_rect.width, label_h)
            self._label(_("Computer level"), "small", label)
            level_rect = pygame.Rect(kind_rect.left, y + (level_h - bh) // 2, kind_rect.width, bh)
            self._seat_choices(seat, kind_rect, level_rect)
            y += level_h + seat_gap
        return y - seat_gap + s.gap

    def _compact_seats(self, column: pygame.Rect, y: int, keep: int) -> int:
        """The seats of a crowded page, two rows of buttons each: the name with the level buttons
        beside it, then human / computer / network under both (which need the width a row
        gives). "Computer level" is said once, over the first seat's levels, as a table's
        heading; the buttons' tooltip says it again with the note on levels."""
        app, s, small = self.app, self.app.theme.sizes, self.app.fonts.small
        bh = s.button_height
        name_left = column.left + bh + s.gap
        room = column.right - s.gap - self._levels_width() - name_left
        name_w = min(max(self._least_name_width(), room), column.width // 2)
        levels_left = name_left + name_w + s.gap
        levels_w = column.right - levels_left
        levels_h = Segmented.height(app, [label for _level, label in _levels()], levels_w)
        kinds_w = column.right - name_left
        kinds_h = Segmented.height(app, [label for _kind, label in self._kinds()], kinds_w)
        heading = _("Computer level")
        heading_w = min(levels_w, small.size(heading)[0])
        heading_h = draw.lines_height(small, len(draw.wrap(small, heading, levels_w)), 0)
        heading_left = levels_left + (levels_w - heading_w) // 2
        self._label(heading, "small", pygame.Rect(heading_left, y, heading_w, heading_h))
        y += heading_h + 2
        first_h = max(bh, levels_h)
        seat_h = first_h + 6 + kinds_h
        room = column.bottom - y - keep
        seat_gap = s.gap if self.count * (seat_h + s.gap) <= room + s.gap else s.gap // 2
        for seat in range(self.count):
            self._seat_name_entry(seat, pygame.Rect(name_left, y, name_w, bh))
            level_rect = pygame.Rect(levels_left, y, levels_w, bh)
            kind_rect = pygame.Rect(name_left, y + first_h + 6, kinds_w, bh)
            self._seat_choices(seat, kind_rect, level_rect)
            y += seat_h + seat_gap
        return y - seat_gap + s.gap

    def _seat_name_entry(self, seat: int, rect: pygame.Rect) -> None:
        """The seat's marker at the left of `rect`'s row and its name field in `rect`."""
        s = self.app.theme.sizes
        bh = s.button_height
        self._markers.append(((rect.left - s.gap - bh / 2, rect.top + bh / 2), bh * 0.38, seat))
        entry = UITextEntryLine(
            rect, self.app.manager, placeholder_text=self._seat_name(seat), initial_text=self.seats[seat].name
        )
        entry.set_text_length_limit(24)
        self.name_entries.append(entry)

    def _seat_choices(self, seat: int, kind_rect: pygame.Rect, level_rect: pygame.Rect) -> None:
        """Human / computer / network in `kind_rect`, and the computer's level in `level_rect`."""
        app, choice = self.app, self.seats[seat]
        self.kind_widgets.append(
            Segmented(app, app.manager, kind_rect, self._kinds(), choice.kind, partial(self._set_kind, seat))
        )
        tip = self._note() if self._crowded >= NOTE_AS_TIP else None
        level = Segmented(
            app, app.manager, level_rect, _levels(), choice.level, partial(self._set_level, seat), tip=tip
        )
        level.set_enabled(choice.kind == COMPUTER)
        self.level_widgets.append(level)

    def _seat_widths(self, column: pygame.Rect) -> tuple[int, int]:
        """(name field, human/computer choice) widths of a seat's first row."""
        s = self.app.theme.sizes
        name_left = column.left + s.button_height + s.gap
        room = column.right - self._kinds_width() - s.gap - name_left
        name_w = min(max(self._least_name_width(), room), column.width // 2)
        return name_w, column.right - name_left - name_w - s.gap

    def _kinds(self) -> list[tuple[str, str]]:
        kinds = [(HUMAN, _("Human")), (COMPUTER, _("Computer"))]
        if self.game.info.max_seats > 1:  # a solitaire has no one to play with over the network
            kinds.append((NETWORK, _("Network")))
        return kinds

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
        if self._crowded >= COMPACT_SEED:
            return s.button_height
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
        s, bh = self.app.theme.sizes, self.app.theme.sizes.button_height
        if self._crowded >= COMPACT_SEED:
            # crowded: the name beside the field, the help in the field's tooltip
            name = _("Seed (optional)")
            line = self.app.fonts.body_bold.get_linesize()
            name_w = min(area.width // 2, self.app.fonts.body_bold.size(name)[0] + s.gap)
            self._label(name, "bold", pygame.Rect(area.left, area.top + (bh - line) // 2, name_w, line))
            rect = pygame.Rect(area.left + name_w, area.top, min(area.width - name_w, area.width // 2), bh)
        else:
            y = self._text_block(_("Seed (optional)"), "bold", area.left, area.top, area.width)
            y = self._text_block(self._seed_help(), "small", area.left, y, area.width) + 4
            rect = pygame.Rect(area.left, y, area.width // 2, bh)
        self.seed_entry = UITextEntryLine(rect, self.app.manager, initial_text=self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        if self._crowded >= COMPACT_SEED:
            self.seed_entry.set_tooltip(self._seed_help())

    def _label(self, text: str, style: str, rect: pygame.Rect) -> None:
        self._labels.append((text, style, rect))

    def _seat_name(self, seat: int) -> str:
        names = self.game.info.seat_names
        return _(names[seat]) if seat < len(names) else _("Player {n}").format(n=seat + 1)

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
            seed = read_seed(self.seed_text) if self.seed_text.strip() else fresh_seed()
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
        for choice in self.pictures.values():
            choice.draw(surface)
        if self.error and self.start_button is not None:
            left = max(s.margin * 2 + self._back_width() + s.gap, self._tools_right)
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
