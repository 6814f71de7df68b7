"""The window board every game gets for free when it describes its board as a grid
(`Game.grid`, `Game.move_at`; see `core.grid`): cells on a tile, pieces as counters in their
owner's colour with their symbol on them, the cells that play a legal move dotted, and a click
playing the move of its cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ludoteca.core.grid import GridPicture
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.kits.window.board import GameBoard, Play, Refuse, Response, Scene
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme, mix


@dataclass(frozen=True)
class GridColours:
    """The generic board's colours (themes restyle them as "grid.<name>")."""

    board: Colour = (58, 74, 66)
    cell: Colour = (78, 96, 86)
    seats: tuple[Colour, ...] = ((242, 194, 48), (214, 66, 56), (70, 160, 220), (120, 200, 110))


THEMED_COLOURS = {
    "walnut": GridColours(board=(86, 63, 46), cell=(120, 92, 66)),
    "contrast": GridColours(
        board=(30, 30, 30),
        cell=(70, 70, 70),
        seats=((255, 214, 0), (220, 30, 60), (0, 170, 255), (0, 210, 90)),
    ),
}


class GridBoard(GameBoard):
    palette: GridColours

    def palette_for(self, theme: Theme) -> GridColours:
        return theme.palette("grid", GridColours(), THEMED_COLOURS)

    def picture(self, state: Any) -> GridPicture:
        picture = self.game.grid(state)
        if picture is None:
            raise TypeError(f"{self.game.info.title} does not describe its board as a grid")
        return picture

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        picture = self.picture(state)
        self.grid = Grid.fit(area, picture.cols, picture.rows, margin=0.6, max_cell=120)

    def grid_size(self, state: Any) -> tuple[int, int]:
        picture = self.picture(state)
        return picture.cols, picture.rows

    def seat_colour(self, state: Any, seat: int) -> Colour:
        return self.palette.seats[seat % len(self.palette.seats)]

    def _legal(self, state: Any, cell: Cell) -> Any:
        move = self.game.move_at(state, cell)
        return move if move is not None and move in self.game.legal_moves(state) else None

    # ----- input ------------------------------------------------------------------------------
    def activate(self, state: Any, cell: Cell) -> Response:
        move = self.game.move_at(state, cell)
        if move is None:
            return Refuse(_("Nothing can be played there."))
        return Play(move)  # the match checks legality and explains a refusal

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        picture = self.picture(scene.state)
        g, c, p = self.grid, self.colours, self.palette
        pygame.draw.rect(
            surface, p.board, g.rect.inflate(round(g.cell * 0.3), round(g.cell * 0.3)), border_radius=8
        )
        if not scene.thumbnail:
            g.draw_coordinates(
                surface, self.fonts.body, c.grid_label, picture.col_labels, picture.row_labels, gap=0.5
            )
        radius = g.cell * 0.38
        for row in range(picture.rows):
            for col in range(picture.cols):
                rect = g.cell_rect(col, row).inflate(-2, -2)
                pygame.draw.rect(surface, p.cell, rect, border_radius=max(2, round(g.cell * 0.08)))
                if (col, row) in picture.last:
                    draw.outline(
                        surface, mix(p.cell, c.last_move, 0.6), rect, 2, max(2, round(g.cell * 0.08))
                    )
                piece = picture.at((col, row))
                center = g.center(col, row)
                if piece is not None:
                    colour = self.seat_colour(scene.state, piece.owner) if piece.owner is not None else c.text
                    draw.disc(surface, colour, center, radius)
                    font = self.fonts.title if g.cell > 60 else self.fonts.body
                    draw.text(surface, font, piece.symbol, draw.contrast_on(colour), center, "center")
                elif scene.interactive and self._legal(scene.state, (col, row)) is not None:
                    draw.soft_dot(surface, c.legal_dot, center, g.cell * 0.1)
        for mark, colour in ((scene.hover, c.accent), (scene.cursor, c.accent)):
            if mark is not None and scene.interactive:
                draw.outline(surface, colour, g.cell_rect(*mark), 3, max(2, round(g.cell * 0.08)))
