"""What a game brings to the window: a renderer and an input handler on the shared board widget.

A game declares its `GameBoard` subclass (`window_board` in its declaration). The board screen
does the rest (turns, computer players, undo, saving, the panel, the status bar): it asks
the board to lay itself out in a rectangle, to draw a `Scene`, and to turn clicks into a
`Play`, a `Refuse` or a change of selection. A board never decides legality itself: it offers
moves to the match, and the rules' `IllegalMove` sentence is what the status bar shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ludoteca.core.game import Game, Seat, package_of
from ludoteca.core.options import OptionValue
from ludoteca.core.outcome import Outcome
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme


@dataclass(frozen=True)
class MovePicture:
    """A small picture in the move list (a Qwirkle tile), drawn by the board that asked for it
    (`GameBoard.draw_move_picture`); `what` is the board's own (the tile)."""

    what: Any


#: a part of a move-list entry the list never breaks across two lines: words, or pictures with
#: their words (a tile and its square)
MovePiece = tuple[str | MovePicture, ...]


@dataclass
class Scene:
    """Everything a board needs to draw one frame."""

    state: Any  # the position shown (a view)
    now: float  # clock, ms (for pulses)
    transition: Transition | None = None  # the move being animated into `state`
    #: a person at this screen is to move: show legal moves and hover marks
    interactive: bool = False
    hover: Cell | None = None
    cursor: Cell | None = None
    hint: Any = None  # a suggested move to mark
    #: a small picture (menus): no coordinates, no marks
    thumbnail: bool = False
    #: where the mouse is, in window pixels (for what is being dragged), None when away
    pointer: tuple[int, int] | None = None

    #: how far the animation has gone, in base ms (None: no animation)
    @property
    def elapsed(self) -> float | None:
        if self.transition is None:
            return None
        return self.transition.elapsed(self.now)


@dataclass(frozen=True)
class Play:
    """Offer this move to the match."""

    move: Any


@dataclass(frozen=True)
class Refuse:
    """Nothing to play: say why in the status bar."""

    reason: str


@dataclass(frozen=True)
class Changed:
    """The board's own selection changed (a ball picked up, a piece released)."""


Response = Play | Refuse | Changed | None


@dataclass(frozen=True)
class BoardAction:
    """A button a board wants beside the status bar while a person is to move (Khet's Fire,
    Qwirkle's Play and Exchange, Robot Turtles' Run). Clicking it calls `GameBoard.act`."""

    key: str
    label: str  # already translated
    enabled: bool = True
    primary: bool = False


@dataclass(frozen=True)
class BoardSetting:
    """A yes/no preference of a game's window board (Khet's beam preview, firing at once): how the
    board behaves, not a rule, so records do not keep it. The options screen offers it, the window
    remembers it per game, and the board receives the values through `GameBoard.configure`."""

    key: str
    #: in English: the window shows `_(label)` (mark it with `N_` for the catalogue)
    label: str
    help: str
    default: bool


@dataclass(frozen=True)
class OptionPicture:
    """One choice of a game option offered as a picture on the options screen (Khet's setups, each
    drawn as a small board): the option's value and its name as shown (already translated)."""

    value: str
    label: str
    #: a smaller word under the name ("yours")
    note: str = ""


class GameBoard:
    """Base class: a grid board with default behaviours a game overrides where it differs."""

    def __init__(self, game: Game[Any, Any], theme: Theme, fonts: Fonts) -> None:
        self.game = game
        self.set_theme(theme, fonts)
        self.grid = Grid(1, 1, 0, 0, 1)
        self.area = pygame.Rect(0, 0, 1, 1)

    def set_theme(self, theme: Theme, fonts: Fonts) -> None:
        """Draw with these colours and fonts from now on (Settings changed them)."""
        self.theme = theme
        self.colours = theme.colours
        self.motion = theme.motion
        self.fonts = fonts
        self.palette = self.palette_for(theme)
        # the pieces' drawings depend on the palette: the catalogue is made again when asked
        self._catalogue: piece_art.ArtCatalogue | None = None
        self._catalogue_made = False

    # ----- the pieces a theme may draw (`piece_art`) ----------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue | None:
        """The pieces this board lets a piece-art theme draw: their keys, and how each is drawn
        in code (None: the board offers none)."""
        return None

    @property
    def art(self) -> piece_art.ThemeArt | None:
        """The chosen theme's pictures of this board's pieces; None: draw them in code. Asked for
        each piece drawn, so the catalogue is made once per theme and palette."""
        if self.theme.pieces == piece_art.DRAWN:
            return None
        if not self._catalogue_made:
            self._catalogue, self._catalogue_made = self.art_catalogue(), True
        if self._catalogue is None:
            return None
        return piece_art.art_for(self._catalogue, self.theme.pieces, package_of(self.game))

    def palette_for(self, theme: Theme) -> Any:
        """The game's own colours under `theme` (see `Theme.palette`); None for a board that
        draws with the shared colours only."""
        return None

    # ----- layout and drawing ---------------------------------------------------------------
    def layout(self, area: pygame.Rect, state: Any) -> None:
        """Fit the board into `area` (called on every resize and before the first frame)."""
        self.area = area.copy()
        cols, rows = self.grid_size(state)
        self.grid = Grid.fit(area, cols, rows)

    def grid_size(self, state: Any) -> tuple[int, int]:
        return (8, 8)

    # ----- the board's own preferences ------------------------------------------------------------
    def settings(self) -> Sequence[BoardSetting]:
        """The preferences this board offers (none by default)."""
        return ()

    def configure(self, values: Mapping[str, bool]) -> None:
        """The player's choices for `settings` (every key present, defaults filled in)."""

    # ----- options shown as pictures ------------------------------------------------------------
    def option_pictures(
        self, name: str, options: Mapping[str, OptionValue], setups: Any
    ) -> Sequence[OptionPicture] | None:
        """The choices of the option `name` to offer as pictures, given the options chosen so far
        and the player's store (`setups`, where their own setups are: `list_setups(key)`); None to
        offer the option the usual way."""
        return None

    def draw_option_picture(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        value: str,
        options: Mapping[str, OptionValue],
    ) -> None:
        """Draw the picture of one of `option_pictures` into `rect`."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        raise NotImplementedError

    def transition_ms(self, before: Any, after: Any) -> float:
        """How long (base ms) the move from `before` to `after` animates; 0 for none."""
        return 0.0

    def announcement(self, before: Any, after: Any) -> str:
        """A banner to show over the board after the move from `before` to `after` (Othello's
        pass, a Qwirkle scored); "" for none."""
        return ""

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        """The game's own part of the side panel (preview, drops left…); returns the height used."""
        return 0

    def panel_height(self, state: Any) -> int:
        return 0

    def move_entry(self, text: str) -> tuple[MovePiece, ...]:
        """One move of the side panel's move list as the person reads it, from `text`, its
        notation as they may read it (`public_moves`): pieces put side by side, a space apart, and
        wrapped between pieces. Default: the notation's words."""
        return tuple((word,) for word in text.split())

    def draw_move_picture(self, surface: pygame.Surface, picture: MovePicture, rect: pygame.Rect) -> None:
        """Draw one picture of a `move_entry` into `rect`, a square as high as a line of text."""

    def end_reason(self, state: Any, outcome: Outcome) -> str:
        """The sentence under the end screen's title, which already says who won: how the game
        ended. The rules' reason by default; a game whose reason also gives the verdict ("…:
        Silver wins", which the terminal needs) words it without, so the page says it once."""
        return str(outcome.reason)

    def draw_end_summary(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        """The game's own lines on the end screen, under the players (Robot Turtles' points by
        round); draws no lower than `rect.bottom` and returns the height used (0: nothing)."""
        return 0

    def panel_height_within(self, state: Any, room: int) -> int:
        """The panel's height when only `room` pixels are free for it (a small window, four
        players): a board with much to show can show less. Default: `panel_height`."""
        return self.panel_height(state)

    def seat_colour(self, state: Any, seat: Seat) -> Colour:
        return self.colours.text

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        draw.disc(surface, self.seat_colour(None, seat), center, radius)

    def sample_state(self) -> Any:
        """A position that shows what the game looks like (for the game choice screen)."""
        return self.game.start(self.game.options(), 1, self.game.info.default_seats)

    def draw_thumbnail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.sample_state()
        saved = (self.grid, self.area)
        self.layout(rect, state)
        self.draw(surface, Scene(state, 0.0, thumbnail=True))
        self.grid, self.area = saved

    # ----- input ----------------------------------------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        return self.grid.cell_at(pos)

    def press(self, state: Any, pos: tuple[int, int]) -> Response:
        """Mouse button down on the board."""
        cell = self.cell_at(pos)
        return None if cell is None else self.activate(state, cell)

    def release(self, state: Any, pos: tuple[int, int]) -> Response:
        """Mouse button up (after a drag: drop what was picked up)."""
        return None

    def activate(self, state: Any, cell: Cell) -> Response:
        """A click (or Enter on the keyboard cursor) on `cell`."""
        return None

    def key(self, state: Any, key: int) -> Response:
        """A key the board screen does not use itself (pygame's key code), while a person is to
        move: e.g. digits choosing a tile of Qwirkle's rack for the keyboard cursor."""
        return None

    def has_actions(self) -> bool:
        """Whether this board ever shows buttons of its own (so a narrow window keeps them a
        strip beside the status bar's words): True when the board overrides `actions`."""
        return type(self).actions is not GameBoard.actions

    def actions(self, state: Any) -> Sequence[BoardAction]:
        """The board's own buttons for the person to move now (none by default)."""
        return ()

    def act(self, state: Any, key: str) -> Response:
        """One of `actions` was clicked."""
        return None

    # ----- boards larger than their area ---------------------------------------------------------
    def zoom(self, pos: tuple[int, int], steps: float) -> bool:
        """The mouse wheel turned `steps` notches (up > 0) over `pos`; True if the view changed.
        Boards that always fit their area ignore it."""
        return False

    def pan(self, dx: int, dy: int) -> bool:
        """The board was dragged with the right button by (dx, dy) pixels; True if it moved."""
        return False

    def show_cell(self, cell: Cell) -> None:
        """The keyboard cursor moved to `cell`: a board showing part of itself brings it into view."""

    def deselect(self) -> bool:
        """Esc or a click outside: drop the selection; True if there was one."""
        return False

    def reset(self) -> None:
        """The position changed under the board (a move, undo): forget selections."""
        self.deselect()

    def prompt(self, state: Any, name: str) -> str:
        """The status line while a person is to move."""
        from ludoteca.i18n import _

        return _("{name} to play.").format(name=name)

    def round_break(self, state: Any) -> str | None:
        """Asked after each move while people play: is this a moment to offer to stop the game
        (and save it to finish later)? The question's title (the Qwirkle brief's "end of round
        3"), or None to play on."""
        return None

    def forced_pass(self, state: Any) -> Any:
        """The pass move when it is the only legal move (announced, then played by a click)."""
        return None
