# mypy: disable-error-code="no-untyped-call"
"""The Khet setup editor, a page of the window (declared in `window_tools`, opened from the Khet
options screen and the main menu).

Open any setup of either edition (or an empty board), take pieces from the box — each colour's
pieces with the counts left — and click or drag them onto the board; drag a piece to move it, off
the board to put it back; turn it with the wheel, a right click or the Turn buttons. "Mirror" gives
the other side a half-turned copy of one side, "Test fire" shows both lasers' beams, and the rules'
checks of a start position are shown as you go. Setups are saved in the player's store (the same
table `ludoteca setups khet` uses), renamed, duplicated, deleted, and imported or exported as
positions as text; "Play this setup" opens the options screen with it chosen.

The decisions are `setup_draft.SetupDraft`'s; this page draws and listens.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame
from pygame_gui.core.utility import clipboard_copy
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError, NotationError
from ludoteca.games.khet import GAME, window_art
from ludoteca.games.khet.beam_art import doomed, draw_faint_beam
from ludoteca.games.khet.beam_path import beam_path
from ludoteca.games.khet.board import RED, SILVER, Square, square
from ludoteca.games.khet.board_art import MARGIN, draw_cloth, draw_pieces, square_rect
from ludoteca.games.khet.position import COLOUR_NAMES, EDITION_NAMES, format_position
from ludoteca.games.khet.setup_draft import PALETTE, SetupDraft, fresh_piece
from ludoteca.games.khet.setups import GAME_KEY, setup_variant, standard_setups
from ludoteca.games.khet.setups_command import check_new_name
from ludoteca.games.khet.window_look import Look, palette_for
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.grid import Grid
from ludoteca.kits.window.page import Host, Page
from ludoteca.kits.window.piece_art import ThemeArt, art_of
from ludoteca.kits.window.widgets import (
    Choice,
    Dialog,
    Segmented,
    button,
    button_width,
    label_width,
    set_enabled,
    spread,
)

DRAG_SLOP: Final = 6
EMPTY: Final = ""


@dataclass(frozen=True)
class Source:
    """Something the editor can open: an empty board, a standard setup, or one of the player's."""

    label: str
    variant: str
    text: str  # "" for an empty board
    #: the player's setup's name (None for the others)
    own: str | None = None


@dataclass
class Held:
    """What the mouse holds: a piece from the box (`kind`, `colour`) or one on the board (`square`)."""

    start: tuple[int, int]
    kind: int = 0
    colour: int = 0
    square: Square | None = None


class SetupEditor(Page):
    def __init__(self, app: Host, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.leave_to = back
        self.draft = SetupDraft("khet2")
        #: the player's setup being edited (None: not saved yet)
        self.loaded: str | None = None
        self.dirty = False
        self.selected: Square | None = None
        #: the box piece clicked, to put down with the next click on the board
        self.picked: tuple[int, int] | None = None
        self.held: Held | None = None
        self.pointer: tuple[int, int] | None = None
        self.test_fire = False
        self.message = ""
        self.message_error = False
        self.source_index = 0
        self.sources: list[Source] = []
        self.buttons: dict[str, UIButton] = {}
        self.name_entry: UITextEntryLine | None = None
        self.text_entry: UITextEntryLine | None = None
        self.name_text = ""
        self.position_text = ""
        self.grid = Grid(10, 8, 0, 0, 1)
        self.palette_tiles: list[tuple[pygame.Rect, int, int]] = []
        self._refresh_sources()
        self.open_source(self.sources[0])

    # ----- what can be opened ------------------------------------------------------------------------
    def _refresh_sources(self) -> None:
        found = [
            Source(_("Empty board, {edition}").format(edition=_(EDITION_NAMES[v])), v, EMPTY)
            for v in ("khet2", "horus")
        ]
        found += [
            Source(f"{_(s.title)} ({_(EDITION_NAMES[s.variant])})", s.variant, s.text)
            for s in standard_setups()
        ]
        try:
            rows = self.app.store.list_setups(GAME_KEY)
        except LudotecaError as err:
            rows = []
            self.say(str(err), error=True)
        for row in rows:
            try:
                variant = setup_variant(row.text)
            except NotationError:
                continue
            found.append(Source(_("{name} (yours)").format(name=row.name), variant, row.text, row.name))
        self.sources = found
        self.source_index = min(self.source_index, len(found) - 1)

    def open_source(self, source: Source) -> None:
        self.draft = (
            SetupDraft.from_text(source.text, source.variant) if source.text else SetupDraft(source.variant)
        )
        self.loaded = source.own
        self.name_text = source.own or ""
        if self.name_entry is not None:
            self.name_entry.set_text(self.name_text)
        self.dirty = False
        self.selected, self.picked, self.held = None, None, None

    # ----- layout -----------------------------------------------------------------------------------
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The board, the status line under it, and the tools column (as wide as its rows of
        buttons need, up to nearly half the window; the board takes the rest)."""
        w, h = self.app.size
        s, fonts = self.app.theme.sizes, self.app.fonts
        top = s.margin + fonts.title.get_linesize() + fonts.body.get_linesize() + s.gap
        bottom = h - s.margin * 2 - s.button_height
        tools_w = min(max(self._tools_need(), self.app.theme.px(300)), round(w * 0.45))
        tools = pygame.Rect(w - s.margin - tools_w, top, tools_w, bottom - top)
        # two lines of the small font when a message needs them
        status_h = max(s.status_height, 2 * fonts.small.get_linesize() + 4)
        board = pygame.Rect(s.margin, top, tools.left - 2 * s.margin, bottom - top - status_h - s.gap)
        status = pygame.Rect(s.margin, board.bottom + s.gap, board.width, status_h)
        return board, status, tools

    def _rows(self) -> list[list[tuple[str, str, Callable[[], None]]]]:
        """The rows of buttons under the box: what to do with the chosen piece, with the board,
        and (after the name) with the saved setup."""
        fire = _("Hide beams") if self.test_fire else _("Test fire")
        return [
            [
                ("turn_left", _("Turn left"), lambda: self.turn(False)),
                ("turn_right", _("Turn right"), lambda: self.turn(True)),
            ],
            [
                ("mirror_silver", _("Silver to Red"), lambda: self.mirror(SILVER)),
                ("mirror_red", _("Red to Silver"), lambda: self.mirror(RED)),
            ],
            [
                ("remove", _("Remove"), self.remove_selected),
                ("clear", _("Clear"), self.clear),
                ("test_fire", fire, self.toggle_test_fire),
            ],
            [
                ("rename", _("Rename"), self.rename),
                ("duplicate", _("Duplicate"), self.duplicate),
                ("delete", _("Delete"), self.ask_delete),
            ],
        ]

    def _row_need(self, labels: list[str]) -> int:
        gap = self.app.theme.sizes.gap
        return sum(label_width(self.app, label) for label in labels) + gap * (len(labels) - 1)

    def _tools_need(self) -> int:
        """How wide the tools column must be for each row of buttons to stay on one row."""
        app, s = self.app, self.app.theme.sizes
        bh, gap = s.button_height, s.gap
        needs = [self._row_need([label for _key, label, _action in row]) for row in self._rows()]
        needs.append(self._row_need([_("Remove"), _("Clear"), _("Hide beams")]))
        needs.append(2 * (bh + gap) + app.theme.px(120) + label_width(app, _("Open")))
        needs.append(
            app.fonts.body.size(_("Name"))[0]
            + app.theme.px(120)
            + label_width(app, _("Save"), bold=True)
            + 2 * gap
        )
        needs.append(
            label_width(app, _("Position as text")) + gap + self._row_need([_("Import"), _("Export")])
        )
        return max(needs)

    def build(self) -> None:
        self._read_entries()  # what was typed stays through a rebuild
        app, s, fonts = self.app, self.app.theme.sizes, self.app.fonts
        manager = app.manager
        board, _status, tools = self._areas()
        self.grid = Grid.fit(board, 10, 8, margin=MARGIN, max_cell=96)
        bh = s.button_height
        line = fonts.small.get_linesize()
        x, width = tools.left, tools.width
        rows = self._rows()
        # a row of buttons too wide for the column goes onto two
        split = [Segmented.rows(app, [label for _key, label, _action in row], width, s.gap) for row in rows]
        count = 3 + sum(len(parts) for parts in split)  # with the source, the name and the import rows
        # the rows of buttons and the box's two rows of pieces: on a small window the gaps shrink
        # first, then the pieces (never below a readable size)
        smallest_box = 2 * (28 + line + 4)
        extra = max(0, 2 * line + 4 - bh)  # the source's row, when two lines of its name need more
        gap = max(4, min(s.gap, (tools.height - count * bh - extra - smallest_box) // (count + 2)))
        self.buttons = {}

        def row(keys: list[tuple[str, str, Callable[[], None]]], parts: list[range], y: int) -> int:
            for part in parts:
                labels = [keys[i][1] for i in part]
                for i, (left, w) in zip(part, spread(app, labels, x, width, gap), strict=True):
                    key, label, action = keys[i]
                    self.buttons[key] = button(app, manager, pygame.Rect(left, y, w, bh), label, action)
                y += bh + gap
            return y

        y = tools.top
        # open: ‹ source › Open, the source's name on two lines if it must
        open_w = button_width(app, _("Open"), 90)
        source_h = max(bh, 2 * line + 4)
        mid = y + (source_h - bh) // 2
        self.buttons["previous"] = button(
            app, manager, pygame.Rect(x, mid, bh, bh), "‹", lambda: self.step_source(-1)
        )
        self.buttons["next"] = button(
            app,
            manager,
            pygame.Rect(x + width - bh - open_w - gap, mid, bh, bh),
            "›",
            lambda: self.step_source(1),
        )
        self.buttons["open"] = button(
            app, manager, pygame.Rect(x + width - open_w, mid, open_w, bh), _("Open"), self.ask_open
        )
        self._source_rect = pygame.Rect(x + bh + gap, y, width - 2 * bh - open_w - 3 * gap, source_h)
        y += source_h + gap
        # the box: the edition's pieces per colour, with the counts left
        fixed = (count - 1) * (bh + gap) + 2 * gap
        tile = max(28, min(56, (tools.bottom - y - fixed) // 2 - line - 4))
        self._box_top = y
        self.palette_tiles = []
        kinds = PALETTE[self.draft.variant]
        names_w = max(fonts.small_bold.size(_(COLOUR_NAMES[c]))[0] for c in (SILVER, RED)) + gap
        tile_w = min(tile + 16, (width - names_w) // len(kinds))
        for colour in (SILVER, RED):
            for i, kind in enumerate(kinds):
                rect = pygame.Rect(x + names_w + i * tile_w, y, tile_w - 4, tile + fonts.small.get_linesize())
                self.palette_tiles.append((rect, kind, colour))
            y += tile + fonts.small.get_linesize() + 4
        y += gap
        for keys, parts in zip(rows[:3], split[:3], strict=True):
            y = row(keys, parts, y)
        y += gap
        # the name, and what to do with the setup under it
        label_w = fonts.body.size(_("Name"))[0] + gap
        save_w = button_width(app, _("Save"), 100, bold=True)
        self.name_entry = UITextEntryLine(
            pygame.Rect(x + label_w, y, width - label_w - save_w - gap, bh),
            manager,
            initial_text=self.name_text,
        )
        self.name_entry.set_text_length_limit(60)
        self._name_label = (x, y + bh // 2)
        self.buttons["save"] = button(
            app, manager, pygame.Rect(x + width - save_w, y, save_w, bh), _("Save"), self.save, primary=True
        )
        y = row(rows[3], split[3], y + bh + gap)
        # a position as text (the rules' "Position format") to import, or the one exported
        import_w, export_w = label_width(app, _("Import")), label_width(app, _("Export"))
        entry_w = width - import_w - export_w - 2 * gap
        hint = _("Position as text")
        self.text_entry = UITextEntryLine(
            pygame.Rect(x, y, entry_w, bh),
            manager,
            initial_text=self.position_text,
            placeholder_text=hint if label_width(app, hint) <= entry_w else _("Position"),
        )
        self.text_entry.set_text_length_limit(2000)
        self.buttons["import"] = button(
            app, manager, pygame.Rect(x + entry_w + gap, y, import_w, bh), _("Import"), self.import_text
        )
        self.buttons["export"] = button(
            app, manager, pygame.Rect(x + width - export_w, y, export_w, bh), _("Export"), self.export_text
        )
        # the way back, and on to a game
        h = app.size[1]
        back_w = button_width(app, _("Back"), 160)
        self.buttons["back"] = button(
            app, manager, pygame.Rect(s.margin * 2, h - s.margin - bh, back_w, bh), _("Back"), self.back
        )
        play_w = button_width(app, _("Play this setup"), bold=True)
        self.buttons["play"] = button(
            app,
            manager,
            pygame.Rect(app.size[0] - s.margin * 2 - play_w, h - s.margin - bh, play_w, bh),
            _("Play this setup"),
            self.play,
            primary=True,
        )
        self._refresh_buttons()

    def _read_entries(self) -> None:
        if self.name_entry is not None:
            self.name_text = self.name_entry.get_text()
        if self.text_entry is not None:
            self.position_text = self.text_entry.get_text()

    def _refresh_buttons(self) -> None:
        b = self.buttons
        if not b:
            return
        has = self.selected is not None and bool(self.draft.cells[self.selected])
        for key in ("turn_left", "turn_right", "remove"):
            set_enabled(b[key], has)
        for key in ("rename", "delete"):
            set_enabled(b[key], self.loaded is not None)

    # ----- messages -----------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = text[:1].upper() + text[1:] if text else ""
        self.message_error = error
        self.message_until = self.app.now() + self.app.theme.motion.message

    def status(self) -> tuple[str, bool]:
        if self.message and self.app.now() < getattr(self, "message_until", 0.0):
            return self.message, self.message_error
        problems = self.draft.problems()
        if not problems:
            return _("Ready to play: every rule of a start position is met."), False
        more = len(problems) - 1
        first = problems[0][:1].upper() + problems[0][1:]
        if more:  # the first only: every one of them may not fit the status line
            return ngettext(
                "Not playable yet: {problem}, and {n} other thing to fix",
                "Not playable yet: {problem}, and {n} other things to fix",
                more,
            ).format(problem=first, n=more), True
        return _("Not playable yet: {problem}").format(problem=first), True

    # ----- changes ------------------------------------------------------------------------------------
    def _changed(self, reason: str | None = None) -> None:
        if reason:
            self.say(reason, error=True)
            return
        self.dirty = True
        self.message = ""
        self._refresh_buttons()

    def step_source(self, step: int) -> None:
        self.source_index = (self.source_index + step) % len(self.sources)

    def ask_open(self) -> None:
        source = self.sources[self.source_index]

        def open_it() -> None:
            self.app.close_dialog()
            self.open_source(source)
            self.say(_("Opened {name}.").format(name=source.label))
            self.app.rebuild()  # the box shows the edition's pieces

        if not self.dirty:
            open_it()
            return
        self.app.open_dialog(
            Dialog(
                _("Open {name}?").format(name=source.label),
                _("The changes to this board are not saved; opening another setup drops them."),
                [Choice(_("Open it"), open_it, primary=True), Choice(_("Cancel"), self.app.close_dialog)],
            )
        )

    def turn(self, clockwise: bool, sq: Square | None = None) -> None:
        target = self.selected if sq is None else sq
        if target is None:
            self.say(_("Click a piece on the board first."), error=True)
            return
        self._changed(self.draft.turn(target, clockwise))

    def remove_selected(self) -> None:
        if self.selected is not None:
            self._changed(self.draft.remove(self.selected))
            if not self.draft.cells[self.selected]:
                self.selected = None
            self._refresh_buttons()

    def mirror(self, colour: int) -> None:
        self.draft.mirror(colour)
        self._changed()
        self.say(
            _("{other} now has {colour}'s pieces, turned half round the board.").format(
                other=_(COLOUR_NAMES[1 - colour]), colour=_(COLOUR_NAMES[colour])
            )
        )

    def clear(self) -> None:
        self.draft.clear()
        self.selected = None
        self._changed()

    def toggle_test_fire(self) -> None:
        self.test_fire = not self.test_fire
        self.app.rebuild()  # the row shares its width out again for the button's other words

    # ----- the store ----------------------------------------------------------------------------------
    def _checked_name(self) -> str | None:
        self._read_entries()
        if not self.name_text.strip():
            self.say(_("Give the setup a name first."), error=True)
            return None
        try:
            return check_new_name(self.name_text)
        except LudotecaError as err:
            self.say(str(err), error=True)
            return None

    def _playable(self) -> bool:
        problems = self.draft.problems()
        if len(problems) == 1:
            self.say(_("This setup cannot be saved yet: {problems}").format(problems=problems[0]), error=True)
        elif problems:  # the first only, as the status line shows them: all of them may not fit
            more = len(problems) - 1
            self.say(
                ngettext(
                    "This setup cannot be saved yet: {problem}, and {n} other thing to fix",
                    "This setup cannot be saved yet: {problem}, and {n} other things to fix",
                    more,
                ).format(problem=problems[0], n=more),
                error=True,
            )
        return not problems

    def save(self) -> None:
        name = self._checked_name()
        if name is None or not self._playable():
            return
        try:
            self.app.store.save_setup(GAME_KEY, name, self.draft.text(), overwrite=name == self.loaded)
        except LudotecaError as err:
            self.say(str(err), error=True)
            return
        self._saved_as(name, _("Saved {name}.").format(name=name))

    def _saved_as(self, name: str, message: str) -> None:
        self.loaded, self.name_text, self.dirty = name, name, False
        if self.name_entry is not None:
            self.name_entry.set_text(name)
        self._refresh_sources()
        self.source_index = next((i for i, s in enumerate(self.sources) if s.own == name), self.source_index)
        self._refresh_buttons()
        self.say(message)

    def rename(self) -> None:
        old = self.loaded
        name = self._checked_name()
        if old is None or name is None:
            return
        try:
            self.app.store.rename_setup(GAME_KEY, old, name)
        except LudotecaError as err:
            self.say(str(err), error=True)
            return
        self._saved_as(name, _("Renamed {old} to {new}.").format(old=old, new=name))

    def duplicate(self) -> None:
        if not self._playable():
            return
        self._read_entries()
        base = (self.name_text.strip() or _("My setup")).removesuffix(")")
        taken = {s.own for s in self.sources}
        name, n = f"{self.name_text.strip() or _('My setup')} ({_('copy')})", 2
        while name in taken:
            name, n = f"{base} ({_('copy')} {n})", n + 1
        try:
            self.app.store.save_setup(GAME_KEY, check_new_name(name), self.draft.text())
        except LudotecaError as err:
            self.say(str(err), error=True)
            return
        self._saved_as(name, _("Saved a copy as {name}.").format(name=name))

    def ask_delete(self) -> None:
        name = self.loaded
        if name is None:
            return

        def delete() -> None:
            self.app.close_dialog()
            try:
                self.app.store.delete_setup(GAME_KEY, name)
            except LudotecaError as err:
                self.say(str(err), error=True)
                return
            self.loaded, self.dirty = None, True
            self._refresh_sources()
            self._refresh_buttons()
            self.say(_("Deleted {name}; the board stays here until you leave.").format(name=name))

        self.app.open_dialog(
            Dialog(
                _("Delete {name}?").format(name=name),
                _("The setup is removed from your setups for good."),
                [Choice(_("Delete"), delete, primary=True), Choice(_("Cancel"), self.app.close_dialog)],
            )
        )

    def import_text(self) -> None:
        self._read_entries()
        try:
            draft = SetupDraft.from_text(self.position_text)
        except NotationError as err:
            self.say(_("That position cannot be read: {problem}").format(problem=err), error=True)
            return
        variant = self.draft.variant
        self.draft, self.selected, self.dirty = draft, None, True
        self.say(_("Imported a setup of {edition}.").format(edition=_(EDITION_NAMES[draft.variant])))
        if draft.variant != variant:
            self.app.rebuild()

    def export_text(self) -> None:
        self.position_text = format_position(self.draft.board)
        if self.text_entry is not None:
            self.text_entry.set_text(self.position_text)
        try:
            clipboard_copy(self.position_text)
        except Exception:  # no clipboard here (a headless window): the field still holds it
            self.say(_("The position, as text, is in the field beside Import: copy it from there."))
            return
        self.say(_("Copied the position as text (it is also in the field beside Import)."))

    def play(self) -> None:
        if not self._playable():
            return
        if self.loaded is None or self.dirty:
            self.say(_("Save the setup first: a game starts from a saved setup."), error=True)
            return
        self.app.go("options", GAME, {"variant": self.draft.variant, "setup": self.loaded})

    def back(self) -> None:
        if self.held is not None or self.selected is not None or self.picked is not None:
            self.held, self.selected, self.picked = None, None, None
            self._refresh_buttons()
            return
        if not self.dirty:
            self.leave_to()
            return

        def leave() -> None:
            self.app.close_dialog()
            self.leave_to()

        self.app.open_dialog(
            Dialog(
                _("Leave the editor?"),
                _("The changes to this board are not saved."),
                [
                    Choice(_("Leave without saving"), leave, primary=True),
                    Choice(_("Stay"), self.app.close_dialog),
                ],
            )
        )

    # ----- the mouse ----------------------------------------------------------------------------------
    def square_at(self, pos: tuple[int, int]) -> Square | None:
        cell = self.grid.cell_at(pos)
        return None if cell is None else square(cell[0], 7 - cell[1])

    def tile_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for rect, kind, colour in self.palette_tiles:
            if rect.collidepoint(pos):
                return kind, colour
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            sq = self.square_at(event.pos)
            if sq is not None and self.draft.cells[sq]:
                self.selected = sq
                self.turn(True, sq)
        elif event.type == pygame.MOUSEWHEEL and self.pointer is not None:
            sq = self.square_at(self.pointer)
            if sq is not None and self.draft.cells[sq] and event.y:
                self.selected = sq
                self.turn(event.y > 0, sq)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove_selected()

    def press(self, pos: tuple[int, int]) -> None:
        tile = self.tile_at(pos)
        if tile is not None:
            self.picked = None if self.picked == tile else tile
            self.selected = None
            self.held = Held(pos, kind=tile[0], colour=tile[1])
            self._refresh_buttons()
            return
        sq = self.square_at(pos)
        if sq is None:
            return
        if self.draft.cells[sq] and self.picked is None:
            self.selected = sq
            self.held = Held(pos, square=sq)
        elif self.picked is not None:
            self._changed(self.draft.place(sq, *self.picked))
            self.selected = sq if self.draft.cells[sq] else None
        else:
            self.selected = None
        self._refresh_buttons()

    def release(self, pos: tuple[int, int]) -> None:
        held, self.held = self.held, None
        if held is None or math.dist(pos, held.start) <= DRAG_SLOP:
            return
        target = self.square_at(pos)
        if held.square is not None:
            if target is None:  # dragged off the board: back to the box
                self._changed(self.draft.remove(held.square))
                self.selected = None
            elif target != held.square:
                self._changed(self.draft.move(held.square, target))
                self.selected = target
        elif target is not None:
            self.picked = None
            self._changed(self.draft.place(target, held.kind, held.colour))
            self.selected = target if self.draft.cells[target] else None
        self._refresh_buttons()

    # ----- drawing ------------------------------------------------------------------------------------
    @property
    def look(self) -> Look:
        return Look(palette_for(self.app.theme), self.app.theme.colours, self.app.fonts)

    def _art(self, look: Look) -> ThemeArt | None:
        """The chosen piece-art theme's pictures of Khet's pieces (None: drawn in code)."""
        return art_of(self.app.theme.pieces, lambda: window_art.catalogue(look.palette), __package__)

    def _subtitle(self, width: int) -> str:
        """The setup's name (the player's, which may lose its end), its edition, and whether it
        is saved, on one line of `width`."""
        fonts = self.app.fonts
        edition = _(EDITION_NAMES[self.draft.variant])
        rest = f" · {edition}" + (" · " + _("not saved") if self.dirty else "")
        if self.loaded is None:
            return _("new setup") + rest
        room = max(width - fonts.body.size(rest)[0], fonts.body.size("W…")[0])
        return draw.ellipsize(fonts.body, self.loaded, room, may_cut=True) + rest

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        c, fonts, s = self.app.theme.colours, self.app.fonts, self.app.theme.sizes
        look = self.look
        width = self.app.size[0] - 4 * s.margin
        title = pygame.Rect(s.margin * 2, s.margin, width, fonts.title.get_linesize())
        draw.block(surface, (fonts.title, fonts.body_bold), _("Khet setup editor"), c.text, title, 0)
        draw.text(surface, fonts.body, self._subtitle(width), c.text_dim, (title.left, title.bottom))
        _board, status, tools = self._areas()
        g = self.grid
        draw_cloth(surface, g, look, self.draft.horus, labels=True)
        board = self.draft.board
        held = self.held
        dragging = (
            held is not None and self.pointer is not None and math.dist(self.pointer, held.start) > DRAG_SLOP
        )
        shown = list(board)
        if dragging and held is not None and held.square is not None:
            shown[held.square] = 0
        art = self._art(look)
        draw_pieces(surface, g, tuple(shown), look.palette, art)
        if self.test_fire:
            for beam in self.draft.beams():
                path = beam_path(beam)
                draw_faint_beam(surface, g, path, look.palette, alpha=200)
                for burst in path.bursts:
                    doomed(surface, g, burst.square, look.palette.doomed)
        if self.selected is not None and board[self.selected]:
            draw.outline(surface, c.accent, square_rect(g, self.selected).inflate(-2, -2), 3, 5)
        if dragging and held is not None and self.pointer is not None:
            piece = board[held.square] if held.square is not None else fresh_piece(held.kind, held.colour)
            sprite = window_art.sprite(piece, max(4, round(g.cell)), look.palette, art)
            surface.blit(sprite, sprite.get_rect(center=self.pointer))
        # the status line: a message, or what keeps the board from being a setup
        draw.card(surface, status, c.status, None, s.corner)
        text, error = self.status()
        inner = status.inflate(-2 * s.gap, -4)
        with fit.inside(status, "editor status"):
            colour = c.text_error if error else c.text
            draw.block(surface, (fonts.body, fonts.small), text, colour, inner, 0, middle=True)
        self._draw_tools(surface, tools, look, art)

    def _draw_tools(
        self, surface: pygame.Surface, tools: pygame.Rect, look: Look, art: ThemeArt | None
    ) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        source = self.sources[self.source_index]
        rect = self._source_rect
        draw.card(surface, rect, c.status, None, 6)
        inner = rect.inflate(-16, -2)
        label = source.label
        if source.own is not None:  # the player's own name for it may lose its end, our words not
            room = inner.width - fonts.body.size(_("{name} (yours)").format(name=""))[0]
            name = draw.ellipsize(fonts.body, source.own, max(room, fonts.body.size("W…")[0]), may_cut=True)
            label = _("{name} (yours)").format(name=name)
        with fit.inside(rect, "setup to open"):
            draw.block(surface, (fonts.body, fonts.small), label, c.text, inner, 0, middle=True)
        line = fonts.small.get_linesize()
        for colour in (SILVER, RED):
            first = next(r for r, _k, col in self.palette_tiles if col == colour)
            draw.text(
                surface,
                fonts.small_bold,
                _(COLOUR_NAMES[colour]),
                c.text_dim,
                (tools.left, first.top + (first.height - line) // 2),
                "topleft",
            )
        for rect, kind, colour in self.palette_tiles:
            left = self.draft.left(colour, kind)
            picked = self.picked == (kind, colour)
            draw.card(
                surface, rect, c.button_hover if picked else c.panel, c.accent if picked else c.panel_edge, 6
            )
            size = rect.height - line - 4
            sprite = window_art.sprite(fresh_piece(kind, colour), max(8, size), look.palette, art)
            if left <= 0:
                sprite = sprite.copy()
                sprite.set_alpha(70)
            surface.blit(sprite, sprite.get_rect(center=(rect.centerx, rect.top + 2 + size // 2)))
            draw.text(
                surface,
                fonts.small,
                f"×{left}",
                c.text if left > 0 else c.text_dim,
                (rect.centerx, rect.bottom - line),
                "midtop",
            )
        if self.name_entry is not None:
            x, y = self._name_label
            draw.text(surface, fonts.body, _("Name"), c.text_dim, (x, y), "midleft")

    def leave(self) -> None:
        self._read_entries()


def tool(app: Host, back: Callable[[], None]) -> Page:
    """The factory `window_tools` names."""
    return SetupEditor(app, back)
