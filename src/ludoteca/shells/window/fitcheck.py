# mypy: disable-error-code="no-untyped-call"
"""Checking that every text of the current screen fits: one frame drawn under `fit.watching()`,
plus what only the shell knows, its widgets.

A button's label must fit inside the button with a little room on both sides (pygame_gui would
clip it: "Leave without savi"), a field's placeholder inside the field; widgets stay inside the
window and off each other, and no drawn text lies under a widget (a button without a label is a
frame the screen draws into, like a game's card, and may have text under it). Tests call
`problems(app)` on every screen and dialog, in every language, at several window sizes.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ludoteca.kits.window import fit
from ludoteca.shells.window.app import App


def problems(app: App) -> list[str]:
    """Everything that does not fit on the window as the next frame draws it."""
    with fit.watching() as watch:
        app.step()
        window = app.surface.get_rect()
        found = watch.problems(window)
        widgets = _widgets(app.overlay_manager if app.dialog is not None else app.manager)
        found += _widget_problems(app, widgets, window)
        for drawn in watch.drawn:
            # a button without a label is a frame around what the screen draws (a game's card)
            for widget in (w for w in widgets if not isinstance(w, UIButton) or w.text):
                overlap = drawn.rect.clip(widget.rect)
                if overlap.width > fit.TOLERANCE and overlap.height > fit.TOLERANCE:
                    found.append(f"{drawn.where}: {drawn.text!r} lies under the widget {_name(widget)}")
    return found


def _widgets(manager: Any) -> list[Any]:
    """The manager's own buttons, fields and labels (not the parts of a scrolling text box)."""
    root = manager.get_root_container()
    return [
        widget
        for widget in manager.get_sprite_group().sprites()
        if isinstance(widget, UIButton | UITextEntryLine | UILabel)
        and widget.ui_container is root
        and widget.visible
    ]


def _widget_problems(app: App, widgets: list[Any], window: pygame.Rect) -> list[str]:
    sizes = app.theme.sizes
    room = 2 * (sizes.corner + 2)  # a label keeps clear of the rounded ends
    found = []
    for widget in widgets:
        rect = widget.rect
        if not window.contains(rect):
            found.append(f"{_name(widget)} lies outside the window ({rect} in {window})")
        label = widget.text if isinstance(widget, UIButton | UILabel) else ""
        if isinstance(widget, UITextEntryLine) and not widget.get_text():
            label = widget.placeholder_text or ""
        if label:
            width, height = widget.font.size(label)
            if width + room > rect.width or height > rect.height:
                found.append(
                    f"{_name(widget)} is too small for its text "
                    f"(needs {width + room}×{height} px, has {rect.width}×{rect.height})"
                )
    for i, a in enumerate(widgets):
        for b in widgets[i + 1 :]:
            if a.rect.colliderect(b.rect):
                found.append(f"{_name(a)} and {_name(b)} overlap")
    return found


def _name(widget: Any) -> str:
    text = widget.text if isinstance(widget, UIButton | UILabel) else widget.get_text()
    if isinstance(widget, UITextEntryLine) and not text:
        text = widget.placeholder_text or ""
    return f"{type(widget).__name__}({text!r})"
