"""Qwirkle's part of the side panel: the bag, every hand's size, and the tracker of tiles not seen
yet — for each colour and shape, how many are still in the bag or in the other players' hands,
counted from what the person at the screen may see (the board and their own hand), the brief's
"count the tiles" advice made visible. A small window gets the tracker's totals only."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ludoteca.games.qwirkle.state import QwirkleState
from ludoteca.games.qwirkle.strategy import unseen_counts
from ludoteca.games.qwirkle.table import Look, mine
from ludoteca.games.qwirkle.tile_art import SUPERSAMPLE, QwirkleColours, draw_shape
from ludoteca.games.qwirkle.tiles import KINDS, make
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw
from ludoteca.kits.window.theme import Colour

FULL, TOTALS, BRIEF = "full", "totals", "brief"


@dataclass(frozen=True)
class PanelLook:
    look: Look

    @property
    def line(self) -> int:
        return self.look.fonts.small.get_linesize()

    def heights(self) -> dict[str, int]:
        body, small = self.look.fonts.body.get_linesize(), self.line
        brief = body + 4 + small + 6
        return {
            BRIEF: brief,
            TOTALS: brief + small + 4 + 2 * (small + 4),
            FULL: brief + small + 4 + (KINDS + 1) * (small + 1),
        }

    def height_within(self, room: int) -> int:
        heights = self.heights()
        for mode in (FULL, TOTALS, BRIEF):
            if heights[mode] <= room:
                return heights[mode]
        return 0

    def mode_for(self, height: int) -> str | None:
        for mode, needed in self.heights().items():
            if height == needed:
                return mode
        return None


def unseen(state: QwirkleState) -> list[int]:
    """Per tile type, the copies the person at the screen has not seen (bag and other hands)."""
    me = mine(state)
    return unseen_counts(state, state.hands[me] if me is not None else ())


@lru_cache(maxsize=64)
def shape_icon(shape: int, size: int, colour: Colour) -> pygame.Surface:
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    side = big.get_width()
    draw_shape(big, shape, colour, (side / 2, side / 2), side * 1.25)
    return pygame.transform.smoothscale(big, (size, size))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, state: QwirkleState, look: Look) -> int:
    mode = PanelLook(look).mode_for(rect.height)
    if mode is None:
        return 0
    n = len(state.bag)
    texts = (
        ngettext("{n} tile in the bag", "{n} tiles in the bag", n).format(n=n),
        _("In hand:"),
        _("Not seen yet (bag and other hands)"),
    )
    sizes = tuple(len(hand) for hand in state.hands)
    left = tuple(unseen(state)) if mode != BRIEF else ()
    # drawn once per change and kept: text is costly to draw every frame
    surface.blit(_picture(rect.size, mode, texts, sizes, left, look), rect.topleft)
    return rect.height


@lru_cache(maxsize=4)
def _picture(
    size: tuple[int, int],
    mode: str,
    texts: tuple[str, str, str],
    sizes: tuple[int, ...],
    left: tuple[int, ...],
    look: Look,
) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    c, fonts, p = look.colours, look.fonts, look.palette
    bag, label, heading = texts
    w, height = size
    x, y = 0, 0
    body = fonts.body.get_linesize()
    # the bag
    image.blit(look.back(body - 2), (x, y + 1))
    draw.text(image, fonts.body, bag, c.text, (x + body + 6, y))
    y += body + 4
    # every hand's size, by the players' numbered markers
    small = fonts.small.get_linesize()
    text_x = x + draw.text(image, fonts.small, label, c.text_dim, (x, y)).width + 8
    for seat, count in enumerate(sizes):
        image.blit(look.marker(seat, small), (text_x, y + 1))
        text_x += small + 4
        text_x = draw.text(image, fonts.small_bold, str(count), c.text, (text_x, y)).right + 12
    y += small + 6
    if mode == BRIEF:
        return image
    draw.text(image, fonts.small_bold, draw.ellipsize(fonts.small_bold, heading, w), c.text_dim, (x, y))
    y += small + 4
    if mode == TOTALS:
        _totals(image, pygame.Rect(x, y, w, height - y), left, look)
    else:
        _grid(image, pygame.Rect(x, y, w, height - y), left, look, p)
    return image


def _count(surface: pygame.Surface, look: Look, n: int, center: tuple[float, float]) -> None:
    c = look.colours
    if n:
        draw.text(surface, look.fonts.small_bold, str(n), c.text, center, "center")
    else:
        draw.text(surface, look.fonts.small, "–", c.button_text_disabled, center, "center")


def _grid(
    surface: pygame.Surface, rect: pygame.Rect, left: tuple[int, ...], look: Look, p: QwirkleColours
) -> None:
    """Rows are colours, columns shapes, each cell the copies of that tile not seen yet."""
    row_h = look.fonts.small.get_linesize() + 1
    icon = row_h - 4
    head = icon + 8
    width = (rect.width - head) / KINDS
    for shape in range(KINDS):
        cx = rect.left + head + (shape + 0.5) * width
        surface.blit(shape_icon(shape, icon, look.colours.text_dim), (round(cx - icon / 2), rect.top + 2))
    for colour in range(KINDS):
        y = rect.top + (colour + 1) * row_h
        if colour % 2 == 0:
            band = pygame.Rect(rect.left - 4, y, rect.width + 8, row_h)
            pygame.draw.rect(surface, look.colours.status, band, border_radius=4)
        swatch = pygame.Rect(rect.left, y + 2, icon, icon)
        pygame.draw.rect(surface, p.tiles[colour], swatch, border_radius=icon // 4)
        if look.digits:
            draw.text(surface, look.fonts.small_bold, str(colour), (0, 0, 0), swatch.center, "center")
        for shape in range(KINDS):
            cx = rect.left + head + (shape + 0.5) * width
            _count(surface, look, left[make(shape, colour)], (cx, y + row_h / 2))


def _totals(surface: pygame.Surface, rect: pygame.Rect, left: tuple[int, ...], look: Look) -> None:
    """One row per colour, one per shape: how many of each are not seen yet."""
    line = look.fonts.small.get_linesize()
    icon = line - 2
    width = rect.width / KINDS
    for kind in range(KINDS):
        cx = rect.left + kind * width
        colour_total = sum(left[make(shape, kind)] for shape in range(KINDS))
        swatch = pygame.Rect(round(cx), rect.top + 2, icon, icon)
        pygame.draw.rect(surface, look.palette.tiles[kind], swatch, border_radius=icon // 4)
        if look.digits:
            draw.text(surface, look.fonts.small_bold, str(kind), (0, 0, 0), swatch.center, "center")
        _count(surface, look, colour_total, (cx + icon + 12, rect.top + 2 + icon / 2))
        shape_total = sum(left[make(kind, colour)] for colour in range(KINDS))
        top = rect.top + line + 4
        surface.blit(shape_icon(kind, icon, look.colours.text_dim), (round(cx), top))
        _count(surface, look, shape_total, (cx + icon + 12, top + icon / 2))
