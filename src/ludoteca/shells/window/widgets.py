"""The window's widgets live in the window kit (`ludoteca.kits.window.widgets`), where a game's own
pages (Khet's setup editor) can use them too; the shell's screens keep importing them from here."""

from ludoteca.kits.window.widgets import (
    Action,
    App,
    Choice,
    Dialog,
    Segmented,
    Stepper,
    button,
    button_width,
    deferred,
    dim,
    label_width,
    set_enabled,
    widget_center,
)

__all__ = [
    "Action",
    "App",
    "Choice",
    "Dialog",
    "Segmented",
    "Stepper",
    "button",
    "button_width",
    "deferred",
    "dim",
    "label_width",
    "set_enabled",
    "widget_center",
]
