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


def label_width(app: App, label: str, *, bold: bool = False) -> int:
    """How wide a button must be for `label` to show whole, clear of its rounded ends."""
    font = app.fonts.body_bold if bold else app.fonts.body
    sizes = app.theme.sizes
    return int(font.size(label)[0] + 2 * (sizes.corner + 2) + sizes.gap // 2)


def button_width(app: App, label: str, usual: int = 0, *, bold: bool = False) -> int:
    """A button's width: `usual` (designed for 1280×800, scaled with the text), or more when the
    label (a longer translation) needs it."""
    return max(int(app.theme.px(usual)), label_width(app, label, bold=bold))


def set_enabled(widget: UIButton, enabled: bool) -> None:
    if enabled and not widget.is_enabled:
        widget.enable()
    elif not enabled and widget.is_enabled:
        widget.disable()


class Segmented(Generic[T]):
    """A row of buttons of which exactly one is chosen (the variant, human/computer, a level…).

    Each button gets the room its label needs and an equal share of what is left. When the labels
    do not fit side by side in `rect.width`, the choices go onto as many rows of the same height
    as needed, `rect.height` apart; callers keep room for them with `Segmented.height`.
    """

    def __init__(
        self,
        app: App,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        choices: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], None] | None = None,
        gap: int = 6,
        tip: str | None = None,
    ) -> None:
        self.value = value
        self.on_change = on_change
        self.buttons: list[tuple[T, UIButton]] = []
        labels = [label for _choice, label in choices]
        rows = Segmented.rows(app, labels, rect.width, gap)
        for index, row in enumerate(rows):
            top = rect.top + index * (rect.height + gap)
            for left, width, (choice, label) in _spread(app, row, rect.left, rect.width, gap, choices):
                r = pygame.Rect(left, top, width, rect.height)
                widget = UIButton(
                    r, label, manager, command=deferred(app, self._chooser(choice)), tool_tip_text=tip
                )
                self.buttons.append((choice, widget))
        self._show()

    @staticmethod
    def rows(app: App, labels: Sequence[str], width: int, gap: int = 6) -> list[range]:
        """The fewest rows (as ranges of `labels`' indices, balanced) in which every label fits."""
        count = len(labels)
        needs = [label_width(app, label) for label in labels]
        for row_count in range(1, max(1, count) + 1):
            per = -(-count // row_count)
            rows = [range(start, min(count, start + per)) for start in range(0, count, per)]
            if all(sum(needs[i] for i in row) + gap * (len(row) - 1) <= width for row in rows):
                return rows
        return [range(i, i + 1) for i in range(count)]

    @staticmethod
    def height(app: App, labels: Sequence[str], width: int, gap: int = 6) -> int:
        """The height the choices take in `width`, in rows of the theme's button height."""
        count = len(Segmented.rows(app, labels, width, gap))
        return int(count * app.theme.sizes.button_height + (count - 1) * gap)

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


def spread(app: App, labels: Sequence[str], left: int, width: int, gap: int = 6) -> list[tuple[int, int]]:
    """(left, width) of buttons side by side in `width`, each with the room its label needs and
    an equal share of the rest (a page's own row of buttons, laid out like a `Segmented`)."""
    choices = [(label, label) for label in labels]
    return [(x, w) for x, w, _choice in _spread(app, range(len(labels)), left, width, gap, choices)]


def _spread(
    app: App,
    row: range,
    left: int,
    width: int,
    gap: int,
    choices: Sequence[tuple[T, str]],
    bold: Sequence[bool] = (),
) -> list[tuple[int, int, tuple[T, str]]]:
    """(left, width, choice) for the choices of `row`: each its label's room plus an equal share
    of the rest (all equal when that is possible); `bold`: which labels are in the bold font."""
    needs = [label_width(app, choices[i][1], bold=i < len(bold) and bold[i]) for i in row]
    room = width - gap * (len(needs) - 1)
    equal = room / max(1, len(needs))
    widths = [equal] * len(needs) if all(n <= equal for n in needs) else _shared(needs, room)
    placed, x = [], float(left)
    for i, w in zip(row, widths, strict=True):
        placed.append((round(x), round(x + w) - round(x), choices[i]))
        x += w + gap
    return placed


def _shared(needs: list[int], room: int) -> list[float]:
    extra = max(0.0, (room - sum(needs)) / max(1, len(needs)))
    return [n + extra for n in needs]


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
        widths = {step: max(side, label_width(app, labels[step])) for step in steps}
        self.buttons: dict[int, UIButton] = {}
        count = len(steps) // 2
        for i, step in enumerate(steps):
            if i < count:
                left = rect.left + sum(widths[s] for s in steps[:i])
            else:
                left = rect.right - sum(widths[s] for s in steps[i:])
            self.buttons[step] = UIButton(
                pygame.Rect(left, rect.top, widths[step], side),
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
    it is open; Esc (or the last button, by convention the cancelling one) closes it. The card
    widens for buttons whose labels need it (a longer translation) and, when even the window is
    too narrow for them side by side, stacks them; a long title wraps.
    """

    def __init__(
        self,
        title: str,
        body: str,
        choices: Sequence[Choice],
        *,
        entry: str | None = None,
        width: int | None = None,
    ) -> None:
        self.title = title
        self.body = body
        self.choices = list(choices)
        self.entry_text = entry
        #: the card's usual width at 1280×800 (scaled with the text); None: the theme's
        self.width = width
        self.entry: UITextEntryLine | None = None
        self.error = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[UIButton] = []
        self._title_font: Any = None
        self._title_lines: list[str] = []

    def build(self, app: App) -> None:
        manager = app.overlay_manager
        fonts, sizes = app.fonts, app.theme.sizes
        gap, margin, bh = sizes.gap, sizes.margin, sizes.button_height
        needs = [label_width(app, choice.label, bold=choice.primary) for choice in self.choices]
        row = sum(needs) + gap * (len(needs) - 1)
        usual = button_width(app, "", self.width) if self.width is not None else sizes.dialog_width
        width = min(app.size[0] - 2 * margin, max(usual, row + 2 * margin))
        inner = width - 2 * margin
        stacked = row > inner
        body_lines = draw.wrap(fonts.body, self.body, inner) if self.body else []
        height = margin * 2 + self.fit_title(app, inner) + gap
        height += draw.lines_height(fonts.body, len(body_lines))
        if self.entry_text is not None:
            height += gap + bh + 2 * fonts.small.get_linesize()
        buttons_height = len(self.choices) * (bh + gap) - gap if stacked else bh
        height += gap * 2 + buttons_height
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (app.size[0] // 2, app.size[1] // 2)
        y = self.rect.bottom - margin - buttons_height
        if self.entry_text is not None:
            entry_rect = pygame.Rect(
                self.rect.left + margin, y - gap * 2 - bh - 2 * fonts.small.get_linesize(), inner, bh
            )
            self.entry = UITextEntryLine(entry_rect, manager, initial_text=self.entry_text)
            self.entry.focus()
        self.buttons = []
        left = self.rect.left + margin
        if stacked:
            places = [(left, y + i * (bh + gap), inner) for i in range(len(self.choices))]
        else:
            labelled = [(choice, choice.label) for choice in self.choices]
            primary = [choice.primary for choice in self.choices]
            spread = _spread(app, range(len(labelled)), left, inner, gap, labelled, primary)
            places = [(x, y, w) for x, w, _choice in spread]
        for choice, (x, top, w) in zip(self.choices, places, strict=True):
            r = pygame.Rect(x, top, w, bh)
            self.buttons.append(button(app, manager, r, choice.label, choice.action, primary=choice.primary))

    def fit_title(self, app: App, width: int) -> int:
        """Wrap the title into `width` (in a smaller font if a word is too long for the title's);
        returns the height it takes."""
        fonts = app.fonts
        self._title_font, self._title_lines = draw.fitting(
            (fonts.title, fonts.body_bold), self.title, width, 2 * fonts.title.get_linesize(), 0
        )
        return len(self._title_lines) * int(self._title_font.get_linesize())

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
        inner = self.rect.width - 2 * sizes.margin
        for line in self._title_lines:
            draw.text(surface, self._title_font, line, c.text, (x, y))
            y += self._title_font.get_linesize()
        y += sizes.gap
        if self.body:
            body = pygame.Rect(
                x, y, inner, draw.lines_height(fonts.body, len(draw.wrap(fonts.body, self.body, inner)))
            )
            draw.paragraph(surface, fonts.body, self.body, c.text_dim, body)
        if self.entry is not None and self.error:
            er = self.entry.relative_rect
            room = pygame.Rect(er.left, er.bottom + 4, er.width, 2 * fonts.small.get_linesize())
            draw.paragraph(surface, fonts.small, draw.sentence(self.error), c.text_error, room, 0)


def dim(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*colour, alpha))
    surface.blit(veil, (0, 0))


def widget_center(widget: Any) -> tuple[int, int]:
    rect: pygame.Rect = widget.rect
    return (rect.centerx, rect.centery)
