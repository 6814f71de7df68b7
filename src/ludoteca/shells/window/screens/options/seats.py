"""The players: how many, then for each a name, human, computer or network, and the computer's
level; with two, Swap seats decides who starts."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.game import Game
from ludoteca.core.seats import MAX_LEVEL
from ludoteca.i18n import _
from ludoteca.kits.window.board import GameBoard
from ludoteca.shells.window.app import App
from ludoteca.shells.window.screens.options.captions import Captions
from ludoteca.shells.window.screens.options.draft import COMPUTER, HUMAN, NETWORK, Draft
from ludoteca.shells.window.widgets import Segmented, button, button_width, label_width


def _levels() -> list[tuple[int, str]]:
    return [(n, str(n)) for n in range(1, MAX_LEVEL + 1)]


def level_note() -> str:
    return _("Level 1 is for beginners; level 5 is the strongest and thinks longest.")


class SeatsEditor:
    def __init__(
        self, app: App, game: Game[Any, Any], board: GameBoard | None, draft: Draft, captions: Captions
    ) -> None:
        self.app = app
        self.game = game
        self.board = board
        self.draft = draft
        self.captions = captions
        # widgets, made again at each layout
        self.name_entries: list[UITextEntryLine] = []
        self.kind_widgets: list[Segmented[str]] = []
        self.level_widgets: list[Segmented[int]] = []
        self.count_widget: Segmented[int] | None = None
        self.swap_button: UIButton | None = None
        #: the seats' markers in the game's colours: (centre, radius, seat)
        self._markers: list[tuple[tuple[float, float], float, int]] = []

    def lay_out(self, column: pygame.Rect, keep: int, compact: bool, note_as_tip: bool) -> int:
        """The players down `column`, closer together if `keep` pixels must stay free under them;
        returns the y below. `compact`: two rows of buttons a seat (see `_compact_seats`);
        `note_as_tip`: the note on levels is the level buttons' tooltip."""
        self._markers = []
        y = self._heading(column, compact)
        self.name_entries, self.kind_widgets, self.level_widgets = [], [], []
        tip = level_note() if note_as_tip else None
        if compact:
            return self._compact_seats(column, y, keep, tip)
        return self._seats(column, y, keep, tip)

    def _heading(self, column: pygame.Rect, compact: bool) -> int:
        """The column's title, Swap seats or the number of players; returns the y below."""
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager, bh = app.manager, s.button_height
        info = self.game.info
        title_y = column.top
        self.swap_button = None
        self.count_widget = None
        counts = [(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)]
        title_w = fonts.body_bold.size(_("Players"))[0]
        if self.draft.count == 2:
            # who starts: the first seat moves first (Khet's Silver), so trading seats decides it
            swap_label = _("Swap seats")
            width = button_width(app, swap_label)
            rect = pygame.Rect(column.right - width, column.top, width, bh)
            self.swap_button = button(app, manager, rect, swap_label, self.swap)
            title_y += (bh - fonts.body_bold.get_linesize()) // 2
        elif compact and len(counts) > 1:
            # crowded: how many players beside the column's title, as Swap seats is for two
            left = column.left + title_w + s.gap
            rect = pygame.Rect(left, column.top, column.right - left, bh)
            self.count_widget = Segmented(
                app, manager, rect, counts, self.draft.count, self.set_count, tip=_("Number of players")
            )
            title_y += (bh - fonts.body_bold.get_linesize()) // 2
        beside = self.swap_button is not None or self.count_widget is not None
        y = self.captions.block(
            _("Players"), "title", column.left, title_y, column.width - button_width(app, _("Swap seats"))
        )
        y = max(y, column.top + bh if beside else y) + s.gap
        if len(counts) > 1 and self.count_widget is None:
            name = _("Number of players")
            name_w = min(column.width // 2, fonts.body_bold.size(name)[0] + s.gap)
            line = fonts.body_bold.get_linesize()
            self.captions.add(name, "bold", pygame.Rect(column.left, y + (bh - line) // 2, name_w, line))
            rect = pygame.Rect(column.left + name_w, y, column.width - name_w, bh)
            self.count_widget = Segmented(app, manager, rect, counts, self.draft.count, self.set_count)
            y += bh + s.gap
        return y

    def _seats(self, column: pygame.Rect, y: int, keep: int, tip: str | None) -> int:
        """Each seat on two rows: its name and human / computer / network, then "Computer level"
        and the level buttons."""
        s, bh = self.app.theme.sizes, self.app.theme.sizes.button_height
        # the seats closer together when the window is short
        level_h = self._level_height(column)
        room = column.bottom - y - keep
        name_w, kinds_w = self._seat_widths(column)
        # human / computer / network: on two rows when a narrow window has no room for one
        kinds_h = Segmented.height(self.app, [label for _kind, label in self._kinds()], kinds_w)
        needs = self.draft.count * (kinds_h + 6 + level_h + s.gap * 2)
        seat_gap = s.gap * 2 if needs <= room else s.gap // 2
        for seat in range(self.draft.count):
            name_rect = pygame.Rect(column.left + bh + s.gap, y, name_w, bh)
            self._name_entry(seat, name_rect)
            kind_rect = pygame.Rect(name_rect.right + s.gap, y, column.right - name_rect.right - s.gap, bh)
            y += kinds_h + 6
            label_h = self._level_label_height(name_rect.width)
            label = pygame.Rect(name_rect.left, y + (level_h - label_h) // 2, name_rect.width, label_h)
            self.captions.add(_("Computer level"), "small", label)
            level_rect = pygame.Rect(kind_rect.left, y + (level_h - bh) // 2, kind_rect.width, bh)
            self._choices(seat, kind_rect, level_rect, tip)
            y += level_h + seat_gap
        return y - seat_gap + s.gap

    def _compact_seats(self, column: pygame.Rect, y: int, keep: int, tip: str | None) -> int:
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
        heading_h = self.captions.height(heading, "small", levels_w)
        heading_left = levels_left + (levels_w - heading_w) // 2
        self.captions.add(heading, "small", pygame.Rect(heading_left, y, heading_w, heading_h))
        y += heading_h + 2
        first_h = max(bh, levels_h)
        seat_h = first_h + 6 + kinds_h
        room = column.bottom - y - keep
        seat_gap = s.gap if self.draft.count * (seat_h + s.gap) <= room + s.gap else s.gap // 2
        for seat in range(self.draft.count):
            self._name_entry(seat, pygame.Rect(name_left, y, name_w, bh))
            level_rect = pygame.Rect(levels_left, y, levels_w, bh)
            kind_rect = pygame.Rect(name_left, y + first_h + 6, kinds_w, bh)
            self._choices(seat, kind_rect, level_rect, tip)
            y += seat_h + seat_gap
        return y - seat_gap + s.gap

    def _name_entry(self, seat: int, rect: pygame.Rect) -> None:
        """The seat's marker at the left of `rect`'s row and its name field in `rect`."""
        s = self.app.theme.sizes
        bh = s.button_height
        self._markers.append(((rect.left - s.gap - bh / 2, rect.top + bh / 2), bh * 0.38, seat))
        entry = UITextEntryLine(
            rect,
            self.app.manager,
            placeholder_text=self._seat_name(seat),
            initial_text=self.draft.seats[seat].name,
        )
        entry.set_text_length_limit(24)
        self.name_entries.append(entry)

    def _choices(self, seat: int, kind_rect: pygame.Rect, level_rect: pygame.Rect, tip: str | None) -> None:
        """Human / computer / network in `kind_rect`, and the computer's level in `level_rect`."""
        app, choice = self.app, self.draft.seats[seat]
        self.kind_widgets.append(
            Segmented(app, app.manager, kind_rect, self._kinds(), choice.kind, partial(self._set_kind, seat))
        )
        level = Segmented(
            app, app.manager, level_rect, _levels(), choice.level, partial(self._set_level, seat), tip=tip
        )
        level.set_enabled(choice.kind == COMPUTER)
        self.level_widgets.append(level)

    # ----- widths and heights -----------------------------------------------------------------
    def row_width(self, compact: bool) -> int:
        """How wide a seat's rows must be: marker, name field, human/computer/network (or, when
        the seats are compact, the level buttons beside the name and the kinds under it)."""
        s = self.app.theme.sizes
        if compact:
            beside = self._least_name_width() + s.gap + self._levels_width()
            return s.button_height + s.gap + max(beside, self._kinds_width())
        return s.button_height + s.gap + self._least_name_width() + s.gap + self._kinds_width()

    def _least_name_width(self) -> int:
        """A name field shows its placeholder (the seat's name) whole."""
        names = [self._seat_name(seat) for seat in range(self.draft.count)]
        return max(self.app.theme.px(90), *(label_width(self.app, name) for name in names))

    def _kinds_width(self) -> int:
        kinds = self._kinds()
        return sum(label_width(self.app, label) for _kind, label in kinds) + 6 * (len(kinds) - 1)

    def _levels_width(self) -> int:
        return sum(label_width(self.app, label) for _level, label in _levels()) + 6 * (MAX_LEVEL - 1)

    def _seat_widths(self, column: pygame.Rect) -> tuple[int, int]:
        """(name field, human/computer choice) widths of a seat's first row."""
        s = self.app.theme.sizes
        name_left = column.left + s.button_height + s.gap
        room = column.right - self._kinds_width() - s.gap - name_left
        name_w = min(max(self._least_name_width(), room), column.width // 2)
        return name_w, column.right - name_left - name_w - s.gap

    def _level_label_height(self, width: int) -> int:
        return self.captions.height(_("Computer level"), "small", width)

    def _level_height(self, column: pygame.Rect) -> int:
        """A seat's second row: the level buttons, or the words beside them if they need two lines."""
        return max(self.app.theme.sizes.button_height, self._level_label_height(self._seat_widths(column)[0]))

    def note_height(self, width: int) -> int:
        return self.captions.height(level_note(), "small", width)

    def place_note(self, area: pygame.Rect) -> None:
        self.captions.block(level_note(), "small", area.left, area.top, area.width)

    def _kinds(self) -> list[tuple[str, str]]:
        kinds = [(HUMAN, _("Human")), (COMPUTER, _("Computer"))]
        if self.game.info.max_seats > 1:  # a solitaire has no one to play with over the network
            kinds.append((NETWORK, _("Network")))
        return kinds

    def _seat_name(self, seat: int) -> str:
        names = self.game.info.seat_names
        return _(names[seat]) if seat < len(names) else _("Player {n}").format(n=seat + 1)

    # ----- changes --------------------------------------------------------------------------
    def swap(self) -> None:
        """The two players trade seats (names, human or computer, levels)."""
        self.read_entries()
        seats = self.draft.seats
        seats[0], seats[1] = seats[1], seats[0]
        for seat, entry in enumerate(self.name_entries):  # (read again when the screen is rebuilt)
            entry.set_text(seats[seat].name)
        self.app.rebuild()

    def set_count(self, count: int) -> None:
        self.draft.count = count
        self.app.rebuild()

    def _set_kind(self, seat: int, kind: str) -> None:
        self.draft.seats[seat].kind = kind
        self.level_widgets[seat].set_enabled(kind == COMPUTER)

    def _set_level(self, seat: int, level: int) -> None:
        self.draft.seats[seat].level = level

    def read_entries(self) -> None:
        for seat, entry in enumerate(self.name_entries):
            self.draft.seats[seat].name = entry.get_text()

    def draw(self, surface: pygame.Surface) -> None:
        if self.board is not None:
            for center, radius, seat in self._markers:
                self.board.draw_seat_marker(surface, center, radius, seat)
