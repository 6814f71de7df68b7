# mypy: disable-error-code="no-untyped-call"
"""The new game's page: the options in one column, the players in the other, Back, the game's own
pages and Start under them; it gives up room, step by step, to fit a small window."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import Game
from ludoteca.core.options import OptionValue
from ludoteca.core.registry import declaration_of
from ludoteca.core.rng import fresh_seed
from ludoteca.core.text import read_seed
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.shells import session
from ludoteca.shells.network import HostPlan
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.picture_choice import PictureChoice
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.screens.options.captions import Captions
from ludoteca.shells.window.screens.options.draft import NETWORK, Draft, SeatChoice
from ludoteca.shells.window.screens.options.form import OptionsForm
from ludoteca.shells.window.screens.options.seats import SeatsEditor
from ludoteca.shells.window.screens.options.seed import SeedField
from ludoteca.shells.window.widgets import Segmented, Stepper, button, button_width

# how much the page gives up to fit a small window, one step after another (see `OptionsScreen.build`)
NO_SUMMARY, NOTE_AS_TIP, COMPACT_SEATS, COMPACT_SEED = 1, 2, 3, 4


class OptionsScreen(Screen):
    def __init__(
        self, app: App, game: Game[Any, Any], preset: Mapping[str, OptionValue] | None = None
    ) -> None:
        """`preset`: options chosen before the screen opens (the setup a game's editor just saved)."""
        super().__init__(app)
        self.game = game
        self.board = board_for(game, app.theme, app.fonts, app.store)
        self.draft = Draft(game, app.store, preset)
        self.captions = Captions(app)
        self.form = OptionsForm(app, game, self.board, self.draft, self.captions)
        self.players = SeatsEditor(app, game, self.board, self.draft, self.captions)
        self.seed = SeedField(app, self.draft, self.captions)
        self.start_button: UIButton | None = None
        #: the game's own pages (`GameDeclaration.window_tools`), by label
        self.tool_buttons: dict[str, UIButton] = {}
        self._tools_right = 0
        #: how much the page had to give up to fit (see `build`)
        self._crowded = 0
        #: whether the players' column is widened (see `build`)
        self._wide = False

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
            width = min(max(width, self.players.row_width(self._crowded >= COMPACT_SEATS)), both * 3 // 5)
        left = pygame.Rect(s.margin * 2, top, both - width, bottom - top)
        right = pygame.Rect(left.right + s.margin, top, width, bottom - top)
        return left, right

    def build(self) -> None:
        """The options and the players in two columns; when they do not fit (a small window,
        four players), the header leaves out the game's summary (its card on the page before
        showed it), then the note on levels becomes the level buttons' tooltip, then the seats
        take two rows of buttons each, then the seed's help becomes its field's tooltip; at each
        step the players' column may first widen so that a seat's choices stay on their rows."""
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
        s = self.app.theme.sizes
        self.captions.clear()
        left, right = self._columns()
        # under the players: the note on levels and the seed; whichever does not fit there goes
        # under the options (which then stand closer together if they must)
        extras: list[tuple[int, Callable[[pygame.Rect], None]]] = []
        if self._crowded < NOTE_AS_TIP:
            extras.append((self.players.note_height(right.width), self.players.place_note))
        if self.game.info.chance:
            compact = self._crowded >= COMPACT_SEED
            extras.append((self.seed.height(right.width, compact), partial(self.seed.place, compact=compact)))
        self.seed.entry = None
        y = self.players.lay_out(
            right,
            keep=sum(h + s.gap for h, _place in extras),
            compact=self._crowded >= COMPACT_SEATS,
            note_as_tip=self._crowded >= NOTE_AS_TIP,
        )
        overflow = max(0, y - s.gap - right.bottom)
        elsewhere: list[tuple[int, Callable[[pygame.Rect], None]]] = []
        for height, place in extras:
            if not elsewhere and y + height <= right.bottom:
                place(pygame.Rect(right.left, y, right.width, height))
                y += height + s.gap
            else:
                elsewhere.append((height, place))
        y = self.form.lay_out(left, keep=sum(h + s.gap for h, _place in elsewhere)) + s.gap
        for height, place in elsewhere:
            place(pygame.Rect(left.left, y, left.width, height))
            y += height + s.gap
        overflow = max(overflow, y - s.gap - left.bottom)
        self._bottom_buttons()
        return overflow

    def _bottom_buttons(self) -> None:
        """Back, the game's own pages beside it (Khet's setup editor), and Start at the right."""
        app, s = self.app, self.app.theme.sizes
        back_button(app, self.back)
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

    def _back_width(self) -> int:
        return button_width(self.app, _("Back"), 160)

    # ----- actions --------------------------------------------------------------------------
    def _read_entries(self) -> None:
        """Keep what was typed before the widgets are rebuilt or read."""
        self.players.read_entries()
        self.form.read_entries()
        self.seed.read_entry()

    def given_options(self) -> dict[str, OptionValue]:
        self._read_entries()
        return self.draft.given_options()

    def swap_seats(self) -> None:
        self.players.swap()

    def _set_count(self, count: int) -> None:
        self.players.set_count(count)

    def start(self) -> None:
        draft = self.draft
        try:
            options = self.game.options(self.given_options())
            seats = draft.seat_specs()
            seed = read_seed(draft.seed_text) if draft.seed_text.strip() else fresh_seed()
            # a player's own start position (a Khet setup of theirs) comes from the store
            match = session.new_match(self.game, options, seats, seed, self.app.store)
        except (LudotecaError, ValueError) as err:
            draft.error = str(err)
            self.app.sounds.play("error")
            return
        draft.remember(dict(options), seats)
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
        self.captions.draw(surface)
        self.form.draw(surface)
        self.players.draw(surface)
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

    # ----- what the tests and the fit tour reach through the screen --------------------------
    @property
    def values(self) -> dict[str, OptionValue]:
        return self.draft.values

    @property
    def seats(self) -> list[SeatChoice]:
        return self.draft.seats

    @property
    def count(self) -> int:
        return self.draft.count

    @property
    def error(self) -> str:
        return self.draft.error

    @error.setter
    def error(self, text: str) -> None:
        self.draft.error = text

    @property
    def choice_widgets(self) -> dict[str, Segmented[Any]]:
        return self.form.choice_widgets

    @property
    def steppers(self) -> dict[str, Stepper]:
        return self.form.steppers

    @property
    def custom_entries(self) -> dict[str, UITextEntryLine]:
        return self.form.custom_entries

    @property
    def setting_widgets(self) -> dict[str, Segmented[bool]]:
        return self.form.setting_widgets

    @property
    def pictures(self) -> dict[str, PictureChoice]:
        return self.form.pictures

    @property
    def name_entries(self) -> list[UITextEntryLine]:
        return self.players.name_entries

    @property
    def kind_widgets(self) -> list[Segmented[str]]:
        return self.players.kind_widgets

    @property
    def level_widgets(self) -> list[Segmented[int]]:
        return self.players.level_widgets

    @property
    def count_widget(self) -> Segmented[int] | None:
        return self.players.count_widget

    @property
    def swap_button(self) -> UIButton | None:
        return self.players.swap_button

    @property
    def seed_entry(self) -> UITextEntryLine | None:
        return self.seed.entry
