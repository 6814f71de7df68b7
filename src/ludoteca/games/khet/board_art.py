"""The Khet board's still picture: the slate squares with their coordinates, the squares reserved
for each colour (tinted, with a small mark of the colour's shape so the tint is not the only clue),
the fixed lasers of the Eye of Horus edition in their housings off the board, and the pieces.

`Layers` keeps the last few finished pictures (board + pieces + the faint last beam), so a frame
that changes nothing on the board is one blit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

import pygame

from ludoteca.games.khet import window_art
from ludoteca.games.khet.beam_path import cell_of
from ludoteca.games.khet.board import (
    LASER_DIRECTION,
    LASER_HOUSING,
    RED,
    RESERVED_FOR,
    SILVER,
    SQUARES,
    Board,
    Square,
)
from ludoteca.games.khet.window_look import KhetColours, Look
from ludoteca.kits.window.grid import Grid
from ludoteca.kits.window.piece_art import ThemeArt
from ludoteca.kits.window.theme import Colour, mix

FILES = "abcdefghij"
RANKS = tuple(str(r) for r in range(8, 0, -1))
#: the border round the squares (in cells): room for the coordinates and the lasers' housings
MARGIN = 0.9


def square_rect(grid: Grid, sq: Square) -> pygame.Rect:
    return grid.cell_rect(*cell_of(sq))


def square_centre(grid: Grid, sq: Square) -> tuple[float, float]:
    return grid.center(*cell_of(sq))


def to_pixels(grid: Grid, point: tuple[float, float]) -> tuple[float, float]:
    """A point in cells (0, 0 = the top left corner of a8) in window pixels."""
    return grid.left + point[0] * grid.cell, grid.top + point[1] * grid.cell


def draw_piece(
    surface: pygame.Surface,
    grid: Grid,
    piece: int,
    where: tuple[float, float],
    palette: KhetColours,
    turn: float = 0.0,
    alpha: int = 255,
    art: ThemeArt | None = None,
) -> None:
    """`piece` centred on the cell (column, row) `where` (fractions allowed while it moves), as
    the piece-art theme `art` pictures it when it has it, else drawn."""
    size = max(4, round(grid.cell))
    sprite = window_art.sprite(piece, size, palette, art, turn)
    if alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(alpha)
    x, y = grid.center(*where)
    surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


def draw_cloth(surface: pygame.Surface, grid: Grid, look: Look, horus: bool, labels: bool) -> None:
    """The board without pieces, blitted from a cached picture."""
    image, offset = _cloth(
        (grid.cols, grid.rows, round(grid.cell, 3)),
        look.palette,
        horus,
        labels,
        look.fonts.small,
        look.colours.grid_label,
    )
    surface.blit(image, (round(grid.left) - offset, round(grid.top) - offset))


@lru_cache(maxsize=6)
def _cloth(
    shape: tuple[int, int, float],
    p: KhetColours,
    horus: bool,
    labels: bool,
    font: pygame.font.Font,
    label_colour: Colour,
) -> tuple[pygame.Surface, int]:
    cols, rows, cell = shape
    offset = round(cell * MARGIN)
    image = pygame.Surface(
        (round(cols * cell) + 2 * offset, round(rows * cell) + 2 * offset), pygame.SRCALPHA
    )
    grid = Grid(cols, rows, offset, offset, cell)
    board = grid.rect
    pad = max(3, round(cell * 0.14))
    frame = board.inflate(pad * 2, pad * 2)
    pygame.draw.rect(image, mix(p.frame, (0, 0, 0), 0.4), frame.move(2, 4), border_radius=pad)
    pygame.draw.rect(image, p.frame, frame, border_radius=pad)
    pygame.draw.rect(image, p.frame_light, frame, 1, border_radius=pad)
    reserved = {sq: colour for colour in (SILVER, RED) for sq in RESERVED_FOR[colour]}
    for sq in SQUARES:
        col, row = cell_of(sq)
        rect = grid.cell_rect(col, row)
        fill = p.square if (col + row) % 2 == 0 else p.square_alt
        owner = reserved.get(sq)
        if owner is not None:
            fill = mix(fill, p.reserved[owner], 0.55)
        pygame.draw.rect(image, fill, rect)
        if owner is not None:
            _reserved_mark(image, rect, owner, mix(fill, p.reserved[owner], 0.9), mix(fill, (0, 0, 0), 0.25))
    for col in range(cols + 1):
        x = grid.cell_rect(min(col, cols - 1), 0).left if col < cols else board.right
        pygame.draw.line(image, p.line, (x, board.top), (x, board.bottom - 1))
    for row in range(rows + 1):
        y = grid.cell_rect(0, min(row, rows - 1)).top if row < rows else board.bottom
        pygame.draw.line(image, p.line, (board.left, y), (board.right - 1, y))
    if horus:
        for colour in (SILVER, RED):
            _housing(image, grid, colour, p)
    if labels:
        grid.draw_coordinates(image, font, label_colour, FILES, RANKS, gap=0.6)
    return image, offset


def _reserved_mark(image: pygame.Surface, rect: pygame.Rect, owner: int, fill: Colour, edge: Colour) -> None:
    """A small corner mark: a circle for Silver's squares, a diamond for Red's."""
    r = max(3, round(rect.width * 0.09))
    x, y = rect.left + r + 3, rect.bottom - r - 3
    if owner == SILVER:
        pygame.draw.circle(image, fill, (x, y), r)
        pygame.draw.circle(image, edge, (x, y), r, 1)
    else:
        points = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(image, fill, points)
        pygame.draw.polygon(image, edge, points, 1)


def _housing(image: pygame.Surface, grid: Grid, colour: int, p: KhetColours) -> None:
    """A fixed laser off the board (Eye of Horus edition), its lens towards the square it fires into."""
    col, row = cell_of(LASER_HOUSING[colour])
    cell = grid.cell
    cx, cy = grid.center(col, row)
    toward = -1 if LASER_DIRECTION[colour] == 0 else 1  # which way it fires on the screen (y down)
    edge_y = cy + toward * cell / 2  # the board's edge, on the side it fires into
    depth = cell * 0.24
    rect = pygame.Rect(0, 0, round(cell * 0.62), round(depth))
    rect.center = (round(cx), round(edge_y - toward * (depth / 2 + cell * 0.04)))
    corner = max(2, round(cell * 0.08))
    pygame.draw.rect(image, p.body[colour], rect, border_radius=corner)
    pygame.draw.rect(image, p.shield, rect, max(1, round(cell * 0.04)), border_radius=corner)
    lens_y = rect.bottom if toward > 0 else rect.top
    pygame.draw.circle(image, p.beam[colour], (round(cx), lens_y), max(2, round(cell * 0.07)))


class Layers:
    """The finished still pictures (cloth, pieces, and whatever `extra` draws on them) of the last
    few boards, keyed by what they show."""

    def __init__(self, keep: int = 4) -> None:
        self.keep = keep
        self._pictures: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def clear(self) -> None:
        self._pictures.clear()

    def blit(
        self,
        surface: pygame.Surface,
        grid: Grid,
        key: tuple[object, ...],
        paint: Callable[[pygame.Surface, Grid], None],
    ) -> None:
        """Blit the picture for `key`, painting it with `paint(surface, grid)` the first time."""
        offset = round(grid.cell * (MARGIN + 0.2))  # room for the coordinates and overhanging pieces
        full = (key, grid, surface.get_size())
        picture = self._pictures.get(full)
        if picture is None:
            size = (round(grid.cols * grid.cell) + 2 * offset, round(grid.rows * grid.cell) + 2 * offset)
            picture = pygame.Surface(size, pygame.SRCALPHA)
            local = Grid(
                grid.cols,
                grid.rows,
                grid.left - round(grid.left) + offset,
                grid.top - round(grid.top) + offset,
                grid.cell,
            )
            paint(picture, local)
            if pygame.display.get_surface() is not None:
                picture = picture.convert_alpha()  # in the display's pixel format
            self._pictures[full] = picture
            while len(self._pictures) > self.keep:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(full)
        surface.blit(picture, (round(grid.left) - offset, round(grid.top) - offset))


def draw_pieces(
    surface: pygame.Surface, grid: Grid, board: Board, palette: KhetColours, art: ThemeArt | None = None
) -> None:
    for sq in SQUARES:
        if board[sq]:
            draw_piece(surface, grid, board[sq], cell_of(sq), palette, art=art)


def draw_board_picture(
    surface: pygame.Surface,
    rect: pygame.Rect,
    board: Board,
    look: Look,
    horus: bool,
    art: ThemeArt | None = None,
) -> Grid:
    """A small picture of `board` (no coordinates) fitted into `rect`; returns its grid."""
    grid = Grid.fit(rect, 10, 8, margin=0.3, max_cell=100)
    draw_cloth(surface, grid, look, horus, labels=False)
    draw_pieces(surface, grid, board, look.palette, art)
    return grid
