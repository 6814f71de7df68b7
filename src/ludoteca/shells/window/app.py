# mypy: disable-error-code="no-untyped-call"
"""The window, its frame loop and the current screen.

One `App` owns the pygame window, two pygame_gui managers (the screen's widgets, and those of a
modal dialog drawn above them), the settings and the store. `step()` runs exactly one frame —
events, deferred button actions, the screen's update, drawing — which is what the tests drive
with posted mouse events; `run()` repeats it at 60 frames per second.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import warnings
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from ludoteca.i18n import set_language
from ludoteca.kits.window import fit
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.page import Page
from ludoteca.kits.window.theme import Theme, gui_theme, scale_for, theme_named
from ludoteca.shells.window import backdrop
from ludoteca.shells.window.markdown import heading_points
from ludoteca.shells.window.settings import GuiSettings
from ludoteca.shells.window.sound import Sounds
from ludoteca.shells.window.widgets import Dialog, dim
from ludoteca.store import Store

#: a match event (move, undo, computer progress…) carried through pygame's queue, which is safe
#: to post to from the thinking thread, into the frame loop
MATCH_EVENT = pygame.event.custom_type()

DEFAULT_SIZE = (1280, 800)
#: below this the side panel and the board no longer leave every text room to be read (UI.md):
#: the window is laid out at no less, and asks the system not to shrink it further
MIN_SIZE = (800, 600)
FPS = 60


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, grown where it falls short of `MIN_SIZE`."""
    return (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))


def _open_window(size: tuple[int, int]) -> pygame.Surface:
    """The resizable window at `size`, which the system is asked not to shrink below `MIN_SIZE`.

    pygame's display module has no call for a minimum size; the `Window` of the display module
    has one. pygame-ce marks that handle deprecated because drawing through it and through the
    display module would clash; it is used here for the limit alone. `set_mode` forgets the
    limit, so it is set again each time the window is made. Where the system will not take the
    limit, `App.resize` still lays out at no less than the minimum.
    """
    surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    with warnings.catch_warnings(), contextlib.suppress(pygame.error, ValueError):
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_SIZE
    return surface


class Screen(Page):
    """One page of the application (see `kits.window.page.Page`); the shell's screens know the
    real `App`."""

    app: App

    def __init__(self, app: App) -> None:
        super().__init__(app)


class App:
    def __init__(
        self,
        store: Store | None = None,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        speed: float | None = None,
        sound: bool | None = None,
        first: Callable[[App], Page] | None = None,
        routes: Mapping[str, Callable[..., Page]] | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.store = store if store is not None else Store()
        self.settings = GuiSettings.load(self.store)
        if speed is not None:
            self.settings.speed = speed
        if sound is not None:
            self.settings.sound = sound
        set_language(self.settings.language)
        pygame.display.set_icon(_icon(theme_named(self.settings.theme)))
        self.surface = _open_window(at_least_minimum(size))
        pygame.display.set_caption("Ludoteca")
        self.size = self.surface.get_size()
        #: the chosen theme, its sizes scaled to the window (`scale_for`)
        self.theme: Theme = self._fitted_theme()
        self.fonts = Fonts(self.theme.sizes)
        self.sounds = Sounds(self.settings.sound)
        self.manager = self._manager()
        self.overlay_manager = self._manager()
        self.dialog: Dialog | None = None
        self.running = True
        self.exit_code = 0
        self._later: list[Callable[[], None]] = []
        self._last_tick = time.perf_counter()
        #: how long each recent frame took to compute (seconds), for `ludoteca bench gui`
        self.frame_times: deque[float] = deque(maxlen=600)
        #: the screens by name (see `routes.ROUTES`): screens reach each other only through `go`
        self.routes: Mapping[str, Callable[..., Page]] = routes or {}
        self.screen: Page = first(self) if first is not None else self.routes["menu"](self)
        self.screen.build()

    # ----- construction ---------------------------------------------------------------------
    def _manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.size, gui_theme(self.theme), enable_live_theme_updates=False)
        # the sizes the rules' headings and emphasis use in text boxes
        sizes = self.theme.sizes
        fonts: list[dict[str, str | int | float]] = [
            {"name": "noto_sans", "point_size": points, "style": "bold", "antialiased": "1"}
            # (the theme's bold sizes are loaded already)
            for points in sorted(set(heading_points(sizes.body)) - {sizes.body, sizes.title})
        ]
        fonts.append({"name": "noto_sans", "point_size": sizes.body, "style": "italic", "antialiased": "1"})
        manager.preload_fonts(fonts)
        return manager

    def _fitted_theme(self) -> Theme:
        return theme_named(self.settings.theme).at_scale(scale_for(self.size))

    def _use_theme(self, theme: Theme) -> None:
        """Draw with `theme` from now on: its fonts, and widget managers themed with it."""
        self.theme = theme
        self.fonts = Fonts(theme.sizes)
        self.manager = self._manager()
        self.overlay_manager = self._manager()

    @staticmethod
    def now() -> float:
        return time.perf_counter() * 1000.0

    # ----- navigation -------------------------------------------------------------------------
    def show(self, screen: Page) -> None:
        self.close_dialog()
        self.screen.leave()
        self.manager.clear_and_reset()
        self.screen = screen
        screen.build()

    def go(self, name: str, *args: object, **kwargs: object) -> None:
        """Show the screen called `name` ("menu", "play", "end"…), made with these arguments."""
        self.show(self.routes[name](self, *args, **kwargs))

    def later(self, action: Callable[[], None]) -> None:
        """Run `action` after the current event has been handled (buttons use this)."""
        self._later.append(action)

    def open_dialog(self, dialog: Dialog) -> None:
        self.overlay_manager.clear_and_reset()
        self.dialog = dialog
        dialog.build(self)

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog = None
            self.overlay_manager.clear_and_reset()

    def rebuild(self) -> None:
        """Recreate every widget (after a resize, a new language or a new theme)."""
        self.manager.clear_and_reset()
        self.screen.build()
        if self.dialog is not None:
            self.overlay_manager.clear_and_reset()
            self.dialog.build(self)

    def apply_settings(self) -> None:
        """Make the current settings visible at once, and keep them."""
        set_language(self.settings.language)
        theme = self._fitted_theme()
        if theme != self.theme:
            self._use_theme(theme)
        self.sounds.enabled = self.settings.sound
        self.settings.save(self.store)
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for a window of `size`; a window made smaller than
        `MIN_SIZE` (where the system ignores the limit) is given the minimum back."""
        size = at_least_minimum(size)
        current = pygame.display.get_surface()
        if size == self.size and current is not None and current.get_size() == size:
            return
        if current is None or current.get_size() != size:
            current = _open_window(size)
        self.surface = current
        self.size = self.surface.get_size()
        theme = self._fitted_theme()
        if theme != self.theme:  # text and chrome grow or shrink with the window
            self._use_theme(theme)
        else:
            self.manager.set_window_resolution(self.size)
            self.overlay_manager.set_window_resolution(self.size)
        self.rebuild()

    def quit(self) -> None:
        self.screen.on_quit()
        self.running = False

    # ----- the frame --------------------------------------------------------------------------
    def step(self) -> bool:
        """One frame; returns False once the application should close."""
        started = time.perf_counter()
        dt = started - self._last_tick
        self._last_tick = started
        for event in pygame.event.get():
            self._dispatch(event)
            self._run_later()
        self._run_later()
        if not self.running:
            return False
        self.screen.update(self.now())
        self._run_later()
        self.manager.update(dt)
        if self.dialog is not None:
            self.overlay_manager.update(dt)
        self.draw(self.surface)
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - started)
        return self.running

    def draw(self, surface: pygame.Surface) -> None:
        self.screen.draw(surface)
        self.manager.draw_ui(surface)
        if self.dialog is not None:
            dim(surface, self.theme.colours.shadow, 150)
            fit.veil()
            with fit.inside(self.dialog.rect, "dialog"):
                self.dialog.draw(self, surface)
            self.overlay_manager.draw_ui(surface)

    def run(self) -> int:
        # While a computer player thinks in its thread, hand the interpreter back to the drawing
        # thread sooner than the default 5 ms so frames stay regular.
        previous = sys.getswitchinterval()
        sys.setswitchinterval(0.001)
        clock = pygame.time.Clock()
        try:
            while self.step():
                clock.tick(FPS)
        finally:
            sys.setswitchinterval(previous)
            pygame.display.quit()
        return self.exit_code

    def _run_later(self) -> None:
        while self._later:
            actions, self._later = self._later, []
            for action in actions:
                action()

    def post(self, match_event: Any) -> None:
        """Hand a match event to the frame loop (a match listener; safe from any thread)."""
        with contextlib.suppress(pygame.error):  # the window is closing: nobody is left to tell
            pygame.event.post(pygame.event.Event(MATCH_EVENT, match_event=match_event))

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == MATCH_EVENT:
            self.screen.on_match(event.match_event)
            return
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if self.dialog is not None:
            if event.type == pygame.DROPFILE:  # a file dropped while a dialog asks for one
                self.screen.handle(event)
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.cancel()
                return
            self.overlay_manager.process_events(event)
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.later(self.dialog.confirm)
            return
        if self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            focused = self.manager.get_focus_set() or set()
            if any(isinstance(element, UITextEntryLine) for element in focused):
                self.manager.set_focus_set(None)  # Esc first leaves the text field
                return
            self.screen.back()
            return
        self.screen.handle(event)

    # ----- shared drawing ---------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        c = self.theme.colours
        surface.blit(backdrop.table(self.size, c.background, c.background_glow), (0, 0))


def _icon(theme: Theme) -> pygame.Surface:
    """Four counters on a tile in the theme's colours, drawn rather than shipped."""
    c = theme.colours
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, c.panel_edge, icon.get_rect(), border_radius=12)
    for (x, y), colour in (
        ((20, 20), c.shadow),
        ((44, 20), c.primary),
        ((20, 44), c.accent),
        ((44, 44), c.primary),
    ):
        pygame.draw.aacircle(icon, colour, (x, y), 10)
    return icon
