"""The window board every game gets for free when it describes its board as a grid
(`Game.grid`, `Game.move_at`; see `core.grid`): cells on a tile, pieces as counters in their
owner's colour with their symbol on them, the cells that play a legal move dotted, and a click
playing the move of its cell."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ludoteca.core import grid as shapes
from ludoteca.core.errors import LudotecaError
from ludoteca.core.grid import GridPicture, Piece
from ludoteca.i18n import _
from ludoteca.kits.window import draw, piece_art
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


#: how many moves the sample game behind `GridBoard.art_catalogue` plays at most
SAMPLE_PLIES = 80


def piece_key(piece: Piece) -> str:
    """A grid piece's key in a theme: its owner's seat (counted from 1) and its symbol, letters
    and digits as they are, any other character by its code ("seat-1-x", "seat-2-u25cf")."""
    symbol = "".join(
        ch.lower() if ch.isascii() and ch.isalnum() else f"u{ord(ch):04x}" for ch in piece.symbol
    )
    owner = f"seat-{piece.owner + 1}" if piece.owner is not None else "piece"
    extra = "".join(f"-{part}" for part in (piece.shape, piece.colour) if part is not None)
    return f"{owner}-{symbol or 'blank'}{extra}"


class GridBoard(GameBoard):
    palette: GridColours
    _start: GridPicture | None = None

    def palette_for(self, theme: Theme) -> GridColours:
        return theme.palette("grid", GridColours(), THEMED_COLOURS)

    def picture(self, state: Any) -> GridPicture:
        picture = self.game.grid(state)
        if picture is None:
            raise TypeError(f"{self.game.info.title} does not describe its board as a grid")
        return picture

    def _start_picture(self) -> GridPicture:
        if self._start is None:
            game = self.game
            self._start = self.picture(game.start(game.options(), 0, game.info.default_seats))
        return self._start

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        picture = self.picture(state)
        self.grid = Grid.fit(area, picture.cols, picture.rows, margin=0.6, max_cell=120)

    def grid_size(self, state: Any) -> tuple[int, int]:
        picture = self.picture(state)
        return picture.cols, picture.rows

    def seat_colour(self, state: Any, seat: int) -> Colour:
        # without a state (the options screen's seat markers) the start position says the colours
        picture = self.picture(state) if state is not None else self._start_picture()
        named = picture.seat_colours
        if seat < len(named):
            return shapes.COLOURS[named[seat]]
        return self.palette.seats[seat % len(self.palette.seats)]

    def piece_colour(self, state: Any, picture: GridPicture, piece: Piece) -> Colour:
        if piece.colour is not None:
            return shapes.COLOURS[piece.colour]
        if piece.owner is None:
            return self.colours.text
        if piece.owner < len(picture.seat_colours):
            return shapes.COLOURS[picture.seat_colours[piece.owner]]
        return self.palette.seats[piece.owner % len(self.palette.seats)]

    def draw_piece(
        self,
        surface: pygame.Surface,
        picture: GridPicture,
        piece: Piece,
        colour: Colour,
        center: tuple[float, float],
    ) -> None:
        """One piece in its shape (`core.grid.SHAPES`), centred on `center`."""
        g = self.grid
        shape = piece.shape or picture.shape
        radius = g.cell * 0.38
        font = self.fonts.title if g.cell > 60 else self.fonts.body
        # a piece the colour of the cell (a white stone on a pale board) still needs an edge
        edge = mix(colour, (0, 0, 0), 0.45)
        if shape == shapes.STONE:
            draw.disc(surface, colour, center, radius * 1.08)
        elif shape == shapes.DISC:
            pygame.draw.aacircle(surface, edge, center, radius)
            pygame.draw.aacircle(surface, colour, center, radius * 0.86)
        elif shape == shapes.RING:
            draw.ring(surface, colour, center, radius * 0.85, max(3, round(g.cell * 0.09)))
        elif shape in (shapes.TRIANGLE, shapes.DIAMOND):
            draw.symbol(surface, 2 if shape == shapes.TRIANGLE else 3, colour, center, g.cell * 0.7)
        elif shape == shapes.MARK:
            draw.text(surface, font, piece.symbol, colour, center, "center")
        elif shape == shapes.SQUARE:
            side = round(radius * 1.7)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(center[0]), round(center[1]))
            pygame.draw.rect(surface, colour, rect, border_radius=max(2, side // 8))
            pygame.draw.rect(surface, edge, rect, width=2, border_radius=max(2, side // 8))
            draw.text(surface, font, piece.symbol, draw.contrast_on(colour), center, "center")
        else:
            draw.disc(surface, colour, center, radius)
            draw.text(surface, font, piece.symbol, draw.contrast_on(colour), center, "center")

    # ----- the pieces a theme may draw (`piece_art`) --------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        """The pieces met along a short sample game (the start, then the middle legal move each
        turn), each keyed by its owner and symbol."""
        found: dict[str, Piece] = {}
        game = self.game
        state = game.start(game.options(), 0, game.info.default_seats)
        start = self.picture(state)
        for _ply in range(SAMPLE_PLIES):
            for piece in self.picture(state).pieces.values():
                found.setdefault(piece_key(piece), piece)
            if game.to_move(state) is None:
                break
            moves = list(game.legal_moves(state))
            if not moves:
                break
            try:
                state = game.play(state, moves[len(moves) // 2])
            except LudotecaError:
                break

        def drawn(key: str, side: int) -> pygame.Surface:
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            saved = self.grid
            self.grid = Grid(1, 1, 0, 0, side)
            try:
                piece = found[key]
                self.draw_piece(
                    image, start, piece, self.piece_colour(None, start, piece), (side / 2, side / 2)
                )
            finally:
                self.grid = saved
            return image

        return piece_art.ArtCatalogue(game.info.key, tuple(found), drawn)

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
        art = self.art
        pygame.draw.rect(
            surface, p.board, g.rect.inflate(round(g.cell * 0.3), round(g.cell * 0.3)), border_radius=8
        )
        if not scene.thumbnail:
            g.draw_coordinates(
                surface, self.fonts.body, c.grid_label, picture.col_labels, picture.row_labels, gap=0.5
            )
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
                    image = art.sprite(piece_key(piece), round(g.cell)) if art is not None else None
                    if image is not None:
                        surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
                    else:
                        colour = self.piece_colour(scene.state, picture, piece)
                        self.draw_piece(surface, picture, piece, colour, center)
                elif scene.interactive and self._legal(scene.state, (col, row)) is not None:
                    draw.soft_dot(surface, c.legal_dot, center, g.cell * 0.1)
        for mark, colour in ((scene.hover, c.accent), (scene.cursor, c.accent)):
            if mark is not None and scene.interactive:
                draw.outline(surface, colour, g.cell_rect(*mark), 3, max(2, round(g.cell * 0.08)))
