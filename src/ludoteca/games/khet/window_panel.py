"""Khet's part of the side panel (pieces left, what the last shot did, what Fire would do, a draw
by repetition coming) and its lines on the end screen."""

from __future__ import annotations

import pygame

from ludoteca.games.khet.board import RED, SILVER, SQUARES, colour_of, stack_height
from ludoteca.games.khet.describe import describe_beam
from ludoteca.games.khet.position import COLOUR_NAMES
from ludoteca.games.khet.state import KhetState
from ludoteca.games.khet.window_look import Look
from ludoteca.i18n import _
from ludoteca.kits.window import draw

#: lines of the shot's sentence shown at most
SHOT_LINES = 4


def side_name(colour: int) -> str:
    """A side's name in the reader's language (as a window theme may rename it: the Horus brief's
    Yellow, `i18n.rename_words`)."""
    return _(COLOUR_NAMES[colour])


def pieces_left(state: KhetState) -> tuple[int, int]:
    counts = [0, 0]
    for sq in SQUARES:
        piece = state.board[sq]
        if piece:
            counts[colour_of(piece)] += stack_height(piece)
    return counts[SILVER], counts[RED]


def panel_height(look: Look, state: KhetState) -> int:
    small = look.fonts.small.get_linesize()
    return small * (3 + SHOT_LINES + 2) + 12


def draw_side_panel(
    surface: pygame.Surface, rect: pygame.Rect, state: KhetState, look: Look, fire_would: str
) -> int:
    """Draws no lower than `rect.bottom`; returns the height used."""
    c, fonts = look.colours, look.fonts
    line = fonts.small.get_linesize()
    y = rect.top

    def room(lines: int = 1) -> bool:
        return y + line * lines <= rect.bottom

    silver, red = pieces_left(state)
    if room():
        text = _("Pieces: {silver} {s} · {red} {r}").format(
            silver=side_name(SILVER), s=silver, red=side_name(RED), r=red
        )
        draw.text(
            surface, fonts.small, draw.ellipsize(fonts.small, text, rect.width), c.text_dim, (rect.left, y)
        )
        y += line + 4
    if fire_would:
        heading, words, colour = _("Fire would:"), fire_would, c.accent
    elif state.beam is not None:
        heading = _("Last shot ({who}):").format(who=side_name(state.beam.colour))
        words, colour = describe_beam(state.beam).split(": ", 1)[-1], c.text_dim
    else:
        heading, words, colour = "", "", c.text_dim
    if heading and room(2):
        draw.text(surface, fonts.small_bold, heading, c.text_dim, (rect.left, y))
        y += line
        lines = draw.wrap(fonts.small, words, rect.width)
        if len(lines) > SHOT_LINES:
            lines = [
                *lines[: SHOT_LINES - 1],
                draw.ellipsize(fonts.small, " ".join(lines[SHOT_LINES - 1 :]), rect.width),
            ]
        for text in lines:
            if not room():
                break
            draw.text(surface, fonts.small, text, colour, (rect.left, y))
            y += line
        y += 4
    seen = state.repetitions()
    if state.end is None and seen >= 2 and room():
        note = (
            _("This position has occurred {n} times: the player to move may claim a draw.")
            if seen >= 3
            else _("This position has occurred {n} times; at 3 the player to move may claim a draw.")
        ).format(n=seen)
        for text in draw.wrap(fonts.small, note, rect.width)[:2]:
            if not room():
                break
            draw.text(surface, fonts.small, text, c.accent, (rect.left, y))
            y += line
    return y - rect.top


def draw_end_summary(surface: pygame.Surface, rect: pygame.Rect, state: KhetState, look: Look) -> int:
    """The last shot in words, under the players on the end screen."""
    if state.beam is None or rect.height < look.fonts.small.get_linesize() * 2:
        return 0
    c, fonts = look.colours, look.fonts
    line = fonts.small.get_linesize()
    y = rect.top
    draw.text(surface, fonts.small_bold, _("The last shot"), c.text_dim, (rect.left, y))
    y += line
    for text in draw.wrap(fonts.small, describe_beam(state.beam), rect.width):
        if y + line > rect.bottom:
            break
        draw.text(surface, fonts.small, text, c.text_dim, (rect.left, y))
        y += line
    return y - rect.top
