# mypy: disable-error-code="no-untyped-call"
"""Thin helpers over pygame_gui: buttons whose actions run after event handling, segmented
choices, a number stepper, and modal dialogs drawn over a dimmed screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from ludoteca.kits.window import draw


class App(Protocol):
    """What widgets and dialogs need from the application (the real one is `shells.window.app.App`)."""

    size: tuple[int, int]
    fonts: Any
    theme: Any
    overlay_manager: Any

    def later(self, action: Callable[[], None]) -> None: ...

    def close_dialog(self) -> None: ...


T = TypeVar("T")
Action = Callable[[], None]


def button(
    app: App,
    manager: pygame_gui.UIManager,
    rect: pygame.Rect,
    label: str,
    action: Action,
    *,
    primary: bool = False,
    object_id: str | None = None,
    enabled: bool = True,
) -> UIButton:
    """A button whose `action` runs once event handling is over (so it may rebuild the screen)."""
    oid = object_id or ("#primary" if primary else None)
    widget = UIButton(rect, label, manager, object_id=oid, command=deferred(app, action))
    if not enabled:
        widget.disable()
    return widget


def deferred(app: App, action: Action) -> Action:
    """A command for pygame_gui (which passes arguments to functions that take any, hence no
    parameters here) that runs `action` after event handling."""
    return lambda: app.later(action)


def set_enabled(widget: UIButton, enabled: bool) -> None:
    if enabled and not widget.is_enabled:
        widget.enable()
    elif not enabled and widget.is_enabled:
        widget.disable()


class Segmented(Generic[T]):
    """A row of buttons of which exactly one is chosen (the variant, human/computer, a level…)."""

    def __init__(
        self,
        app: App,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        choices: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], None] | None = None,
        gap: int = 6,
    ) -> None:
        self.value = value
        self.on_change = on_change
        self.buttons: list[tuple[T, UIButton]] = []
        count = max(1, len(choices))
        width = (rect.width - gap * (count - 1)) / count
        for i, (choice, label) in enumerate(choices):
            r = pygame.Rect(round(rect.left + i * (width + gap)), rect.top, round(width), rect.height)
            widget = UIButton(r, label, manager, command=deferred(app, self._chooser(choice)))
            self.buttons.append((choice, widget))
        self._show()

    def _chooser(self, value: T) -> Action:
        return lambda: self.choose(value)

    def choose(self, value: T) -> None:
        changed = value != self.value
        self.value = value
        self._show()
        if changed and self.on_change is not None:
            self.on_change(value)

    def set_enabled(self, enabled: bool) -> None:
        for _choice, widget in self.buttons:
            set_enabled(widget, enabled)

    def button_for(self, value: T) -> UIButton:
        for choice, widget in self.buttons:
            if choice == value:
                return widget
        raise KeyError(value)

    def _show(self) -> None:
        for choice, widget in self.buttons:
            if choice == self.value:
                widget.select()
            else:
                widget.unselect()


class Stepper:
    """[−] value [+] for whole numbers between `low` and `high` (with ±10 buttons for long ranges)."""

    def __init__(
        self,
        app: App,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        value: int,
        low: int,
        high: int,
        on_change: Callable[[int], None] | None = None,
    ) -> None:
        self.value, self.low, self.high = value, low, high
        self.on_change = on_change
        side = rect.height
        steps = (-10, -1, 1, 10) if high - low > 20 else (-1, 1)
        labels = {-10: "−10", -1: "−", 1: "+", 10: "+10"}
        self.buttons: dict[int, UIButton] = {}
        count = len(steps) // 2
        for i, step in enumerate(steps):
            width = side if abs(step) == 1 else round(side * 1.4)
            if i < count:
                left = rect.left + sum(side if abs(s) == 1 else round(side * 1.4) for s in steps[:i])
            else:
                left = rect.right - sum(side if abs(s) == 1 else round(side * 1.4) for s in steps[i:])
            self.buttons[step] = UIButton(
                pygame.Rect(left, rect.top, width, side),
                labels[step],
                manager,
                command=deferred(app, self._adder(step)),
            )
        inner_left = max(b.relative_rect.right for s, b in self.buttons.items() if s < 0)
        inner_right = min(b.relative_rect.left for s, b in self.buttons.items() if s > 0)
        self.value_rect = pygame.Rect(inner_left, rect.top, inner_right - inner_left, side)
        self._refresh()

    def _adder(self, delta: int) -> Action:
        return lambda: self.add(delta)

    def add(self, delta: int) -> None:
        new = max(self.low, min(self.high, self.value + delta))
        if new != self.value:
            self.value = new
            if self.on_change is not None:
                self.on_change(new)
        self._refresh()

    def _refresh(self) -> None:
        for step, widget in self.buttons.items():
            set_enabled(widget, self.value > self.low if step < 0 else self.value < self.high)

    def draw(
        self,
        surface: pygame.Surface,
        font: pygame.font.Font,
        colour: tuple[int, int, int],
        text: str | None = None,
    ) -> None:
        draw.text(
            surface,
            font,
            text if text is not None else str(self.value),
            colour,
            self.value_rect.center,
            "center",
        )


# ----- dialogs ---------------------------------------------------------------------------------
@dataclass
class Choice:
    label: str
    action: Action
    primary: bool = False


class Dialog:
    """A modal card over the dimmed screen: a title, a few lines, optionally a text field, buttons.

    Its widgets live in the app's overlay manager, so nothing underneath can be clicked while
    it is open; Esc (or the last button, by convention the cancelling one) closes it.
    """

    def __init__(
        self,
        title: str,
        body: str,
        choices: Sequence[Choice],
        *,
        entry: str | None = None,
        width: int = 560,
    ) -> None:
        self.title = title
        self.body = body
        self.choices = list(choices)
        self.entry_text = entry
        self.width = width
        self.entry: UITextEntryLine | None = None
        self.error = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[UIButton] = []

    def build(self, app: App) -> None:
        manager = app.overlay_manager
        fonts, sizes = app.fonts, app.theme.sizes
        width = min(self.width, app.size[0] - 2 * sizes.margin)
        inner = width - 2 * sizes.margin
        body_lines = draw.wrap(fonts.body, self.body, inner) if self.body else []
        height = sizes.margin * 2 + fonts.title.get_linesize() + sizes.gap
        height += len(body_lines) * (fonts.body.get_linesize() + 2)
        if self.entry_text is not None:
            height += sizes.gap + sizes.button_height + fonts.small.get_linesize()
        height += sizes.gap * 2 + sizes.button_height
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (app.size[0] // 2, app.size[1] // 2)
        y = self.rect.bottom - sizes.margin - sizes.button_height
        if self.entry_text is not None:
            entry_rect = pygame.Rect(
                self.rect.left + sizes.margin,
                y - sizes.gap * 2 - sizes.button_height - fonts.small.get_linesize(),
                inner,
                sizes.button_height,
            )
            self.entry = UITextEntryLine(entry_rect, manager, initial_text=self.entry_text)
            self.entry.focus()
        count = len(self.choices)
        gap = sizes.gap
        bw = (inner - gap * (count - 1)) / max(1, count)
        self.buttons = []
        for i, choice in enumerate(self.choices):
            r = pygame.Rect(
                round(self.rect.left + sizes.margin + i * (bw + gap)), y, round(bw), sizes.button_height
            )
            self.buttons.append(button(app, manager, r, choice.label, choice.action, primary=choice.primary))

    @property
    def text(self) -> str:
        return self.entry.get_text() if self.entry is not None else ""

    def cancel(self) -> None:
        """Esc: the last choice is the cancelling one."""
        if self.choices:
            self.choices[-1].action()

    def confirm(self) -> None:
        """Enter: the primary choice, if any."""
        for choice in self.choices:
            if choice.primary:
                choice.action()
                return

    def draw(self, app: App, surface: pygame.Surface) -> None:
        c, fonts, sizes = app.theme.colours, app.fonts, app.theme.sizes
        draw.card(surface, self.rect, c.panel, c.panel_edge, sizes.corner + 4, shadow=c.shadow)
        x, y = self.rect.left + sizes.margin, self.rect.top + sizes.margin
        draw.text(surface, fonts.title, self.title, c.text, (x, y))
        y += fonts.title.get_linesize() + sizes.gap
        for line in draw.wrap(fonts.body, self.body, self.rect.width - 2 * sizes.margin) if self.body else []:
            draw.text(surface, fonts.body, line, c.text_dim, (x, y))
            y += fonts.body.get_linesize() + 2
        if self.entry is not None and self.error:
            er = self.entry.relative_rect
            draw.text(surface, fonts.small, self.error, c.text_error, (er.left, er.bottom + 4))


def dim(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, alpha))
    surface.blit(veil, (0, 0))


def widget_center(widget: Any) -> tuple[int, int]:
    rect: pygame.Rect = widget.rect
    return (rect.centerx, rect.centery)
