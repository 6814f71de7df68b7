"""A game's picture, as the main menu and the game chooser show it: its own board drawn small on
a sample position, or, for a game with no board in the window (a plug-in without art), a generic
board marked with the game's initial, so every game on the shelf has a face."""

from __future__ import annotations

from typing import Any

import pygame

from ludoteca.core.game import Game
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.shells.window.app import App
from ludoteca.shells.window.boards import board_for

#: below this side a board drawn small is a blur: the generic picture says more
SMALLEST_BOARD = 20
#: lines of the generic board (a plain square grid, like most boards on a shelf)
GENERIC_LINES = 6


class Pictures:
    """Each game's picture at each size, drawn once (per theme: a theme change redraws them)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._drawn: dict[tuple[str, tuple[int, int], object, bool], pygame.Surface] = {}

    def of(self, game: Game[Any, Any], size: tuple[int, int], *, note: bool = False) -> pygame.Surface:
        """`note`: a generic picture also says the game is played in the terminal, when it fits."""
        key = (game.info.key, size, self.app.theme.key, note)
        if key not in self._drawn:
            image = pygame.Surface(size, pygame.SRCALPHA)
            board = board_for(game, self.app.theme, self.app.fonts)
            if board is not None and min(size) > SMALLEST_BOARD:
                board.draw_thumbnail(image, image.get_rect())
            else:
                self._generic(image, game, note)
            self._drawn[key] = image
        return self._drawn[key]

    def _generic(self, image: pygame.Surface, game: Game[Any, Any], note: bool) -> None:
        c, fonts = self.app.theme.colours, self.app.fonts
        rect = image.get_rect()
        side = min(rect.width, rect.height)
        square = pygame.Rect(0, 0, side, side)
        square.center = rect.center
        pygame.draw.rect(image, c.background, square, border_radius=max(4, side // 16))
        inner = square.inflate(-side // 8, -side // 8)
        step = inner.width / GENERIC_LINES
        for i in range(GENERIC_LINES + 1):
            offset = round(i * step)
            pygame.draw.line(
                image, c.panel_edge, (inner.left + offset, inner.top), (inner.left + offset, inner.bottom)
            )
            pygame.draw.line(
                image, c.panel_edge, (inner.left, inner.top + offset), (inner.right, inner.top + offset)
            )
        words = _("in the terminal for now")
        room = square.inflate(-12, -12)
        lines = draw.wrap(fonts.small, words, room.width) if note else []
        note_h = draw.lines_height(fonts.small, len(lines), 0) if lines else 0
        shown = bool(lines) and all(fonts.small.size(line)[0] <= room.width for line in lines)
        shown = shown and note_h + fonts.title.get_linesize() <= room.height
        letter_y = square.centery - (note_h // 2 if shown else 0)
        # the initial sits on a token in the middle of the board, as a piece would
        radius = max(6, min(side // 5, fonts.title.get_linesize() * 3 // 4))
        pygame.draw.circle(image, c.button, (square.centerx, letter_y), radius)
        pygame.draw.circle(image, c.button_edge, (square.centerx, letter_y), radius, width=2)
        draw.text(image, fonts.title, _(game.info.title)[:1], c.text, (square.centerx, letter_y), "center")
        if shown:
            y = letter_y + radius + 4
            for line in lines:
                draw.text(image, fonts.small, line, c.text_dim, (square.centerx, y), "midtop")
                y += fonts.small.get_linesize()
