"""Pieces several screens share: the page header, the back button, a note for games that are
not in the window yet."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.game import Game
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.shells.window.app import App
from ludoteca.shells.window.widgets import Choice, Dialog, button, button_width


def header(app: App, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The page title at the top left and the subtitle under it (wrapped); returns the y below."""
    c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
    width = app.size[0] - 4 * s.margin
    with fit.inside(pygame.Rect(s.margin * 2, 0, width, app.size[1]), "header"):
        draw.block(surface, (fonts.title, fonts.body_bold), title, c.text, _title_rect(app))
        if subtitle:
            top = s.margin + fonts.title.get_linesize() + 2
            rect = pygame.Rect(s.margin * 2, top, width, header_height(app, subtitle) - top)
            draw.paragraph(surface, fonts.body, subtitle, c.text_dim, rect)
    return header_height(app, subtitle)


def header_height(app: App, subtitle: str = "") -> int:
    """How far down the header of `header(…, subtitle)` reaches."""
    fonts, s = app.fonts, app.theme.sizes
    lines = draw.wrap(fonts.body, subtitle, app.size[0] - 4 * s.margin) if subtitle else []
    return (
        s.margin
        + fonts.title.get_linesize()
        + (draw.lines_height(fonts.body, len(lines)) + 2 if lines else 0)
        + s.gap
    )


def _title_rect(app: App) -> pygame.Rect:
    s = app.theme.sizes
    return pygame.Rect(s.margin * 2, s.margin, app.size[0] - 4 * s.margin, app.fonts.title.get_linesize())


def back_button(app: App, action: Any = None, label: str | None = None) -> UIButton:
    """The button at the bottom left that goes back (to the menu unless `action` says otherwise)."""
    s = app.theme.sizes
    label = label or _("Back")
    width = button_width(app, label, 160)
    rect = pygame.Rect(s.margin * 2, app.size[1] - s.margin - s.button_height, width, s.button_height)
    return button(app, app.manager, rect, label, action or (lambda: app.go("menu")))


def back_with_status(app: App, action: Any) -> pygame.Rect:
    """The way back at the bottom left, and the room beside it for what is happening (a long
    message takes a line above and below the button's): that room is returned."""
    s = app.theme.sizes
    back = back_button(app, action)
    spill = app.fonts.small.get_linesize()
    return pygame.Rect(
        back.rect.right + s.gap * 2,
        back.rect.top - spill,
        app.size[0] - s.margin * 2 - back.rect.right - s.gap * 2,
        s.button_height + 2 * spill,
    )


def draw_status(
    app: App, surface: pygame.Surface, area: pygame.Rect, text: str, error: bool, where: str
) -> None:
    """What is happening, in `back_with_status`'s room (a refusal in the error colour)."""
    if not text:
        return
    c, fonts = app.theme.colours, app.fonts
    with fit.inside(area, where):
        colour = c.text_error if error else c.text
        draw.block(surface, (fonts.body, fonts.small), text, colour, area, 0, middle=True)


def not_in_window(app: App, game: Game[Any, Any]) -> Dialog:
    """The honest answer for a game whose board is not drawn in the window yet."""
    dialog = Dialog(
        _(game.info.title),
        _(
            "{title} is not yet available in the window. Play it in a terminal with: ludoteca play {key}"
        ).format(title=_(game.info.title), key=game.info.key),
        [Choice(_("OK"), app.close_dialog, primary=True)],
    )
    app.open_dialog(dialog)
    return dialog


def unloaded_games(app: App) -> Dialog:
    """Why the game packages that failed to load are not on the shelf: each one's real error, as
    the terminal prints it (`ludoteca games`), and where the full account is."""
    from ludoteca.core.registry import failures

    lines = [failure.sentence() for failure in failures()]
    lines.append(_("The details are in ludoteca.log, in Ludoteca's data folder."))
    dialog = Dialog(
        _("Games that could not be loaded"),
        "\n\n".join(lines),
        [Choice(_("OK"), app.close_dialog, primary=True)],
    )
    app.open_dialog(dialog)
    return dialog
