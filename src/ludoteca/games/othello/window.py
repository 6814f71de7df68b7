"""Othello in the window: legal squares as soft dots, discs that flip in a wave from the new one,
and a banner when a player has to pass."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ludoteca.core.errors import LudotecaError
from ludoteca.games.othello import PASS, OthelloState
from ludoteca.i18n import _
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.anim import ease_out, phase, pulse
from ludoteca.kits.window.board import GameBoard, Play, Response, Scene
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme, mix


@dataclass(frozen=True)
class OthelloColours:
    """Othello's own colours (themes restyle them as "othello.<name>")."""

    felt: Colour = (38, 118, 76)
    felt_edge: Colour = (24, 78, 50)
    line: Colour = (22, 84, 52)
    discs: tuple[Colour, Colour] = ((28, 28, 30), (240, 238, 230))


THEMED_COLOURS = {"contrast": OthelloColours(felt=(0, 110, 60), line=(0, 40, 20))}

SIZE = 8
DISC = 0.41  # radius, in cells
#: the pieces a theme may draw (`piece_art`), by seat
DISC_KEYS = ("disc-black", "disc-white")
OPENING = ("f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7")


def _square(cell: Cell) -> int:
    return cell[1] * SIZE + cell[0]


def _cell(square: int) -> Cell:
    return (square % SIZE, square // SIZE)


class OthelloBoard(GameBoard):
    palette: OthelloColours

    def palette_for(self, theme: Theme) -> OthelloColours:
        return theme.palette("othello", OthelloColours(), THEMED_COLOURS)

    def grid_size(self, state: Any) -> tuple[int, int]:
        return (SIZE, SIZE)

    # ----- the pieces a theme may draw ----------------------------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        colours = dict(zip(DISC_KEYS, self.palette.discs, strict=True))
        return piece_art.ArtCatalogue("othello", DISC_KEYS, piece_art.disc_drawer(colours))

    def _disc(self, surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float) -> None:
        piece_art.disc(surface, self.art, DISC_KEYS[seat], self.palette.discs[seat], center, radius)

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        self.grid = Grid.fit(area, SIZE, SIZE, margin=0.55, max_cell=92)

    def seat_colour(self, state: Any, seat: int) -> Colour:
        return self.palette.discs[seat]

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        self._disc(surface, seat, center, radius)

    def sample_state(self) -> Any:
        state = self.game.start(self.game.options(), 1, 2)
        for text in OPENING:
            try:
                state = self.game.play(state, self.game.parse_move(state, text))
            except LudotecaError:
                break
        return state

    # ----- input ------------------------------------------------------------------------------
    def activate(self, state: Any, cell: Cell) -> Response:
        return Play(_square(cell))

    def forced_pass(self, state: Any) -> Any:
        if isinstance(state, OthelloState) and not state.over and not state.mobility:
            return PASS
        return None

    def prompt(self, state: Any, name: str) -> str:
        return _("{name} to play: click a dotted square.").format(name=name)

    def announcement(self, before: Any, after: Any) -> str:
        if isinstance(after, OthelloState) and after.last is not None and after.last.square is None:
            return _("{name} has no move and passes.").format(
                name=self.game.seat_name(after, after.last.seat)
            )
        return ""

    # ----- drawing ----------------------------------------------------------------------------
    def _owner(self, state: OthelloState, square: int) -> int | None:
        bit = 1 << square
        return 0 if state.black & bit else 1 if state.white & bit else None

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        state: OthelloState = scene.state
        g, c = self.grid, self.colours
        board = g.rect.inflate(round(g.cell * 0.24), round(g.cell * 0.24))
        surface.blit(
            _felt(board.size, g.cell, self.palette.felt, self.palette.felt_edge, self.palette.line), board
        )
        if not scene.thumbnail:
            g.draw_coordinates(
                surface,
                self.fonts.body,
                c.grid_label,
                "abcdefgh",
                [str(n) for n in range(1, 9)],
                gap=0.42,
                top=True,
            )
        radius = DISC * g.cell
        animating: dict[int, float] = {}
        placed: int | None = None
        elapsed = scene.elapsed
        last = state.last
        if elapsed is not None and last is not None and last.square is not None:
            placed = last.square
            for square, start in self._flip_starts(last.square, last.flipped).items():
                animating[square] = phase(elapsed, start, self.motion.flip)
        for square in range(SIZE * SIZE):
            owner = self._owner(state, square)
            if owner is None:
                continue
            center = g.center(*_cell(square))
            if square == placed and elapsed is not None:
                grow = ease_out(phase(elapsed, 0, self.motion.place))
                if grow > 0:
                    self._disc(surface, owner, center, radius * (0.55 + 0.45 * grow))
            elif square in animating:
                self._flipping(surface, center, radius, 1 - owner, owner, animating[square])
            else:
                self._disc(surface, owner, center, radius)
        self._marks(surface, scene, placed is not None and elapsed is not None)

    def _flip_starts(self, origin: int, flipped: tuple[int, ...]) -> dict[int, float]:
        ox, oy = _cell(origin)
        starts = {}
        for square in flipped:
            x, y = _cell(square)
            distance = max(abs(x - ox), abs(y - oy))
            starts[square] = self.motion.place * 0.6 + (distance - 1) * self.motion.flip_wave_step
        return starts

    def _flipping(
        self,
        surface: pygame.Surface,
        center: tuple[float, float],
        radius: float,
        old: int,
        new: int,
        p: float,
    ) -> None:
        """A disc turning over: it narrows to its edge, shows the other face and widens again."""
        if p <= 0:
            self._disc(surface, old, center, radius)
            return
        if p >= 1:
            self._disc(surface, new, center, radius)
            return
        width = abs(math.cos(math.pi * p))
        lift = 1 + 0.12 * math.sin(math.pi * p)
        face = old if p < 0.5 else new
        sprite = piece_art.disc_picture(self.art, DISC_KEYS[face], self.palette.discs[face], radius * lift)
        w = max(2, round(sprite.get_width() * width))
        image = pygame.transform.smoothscale(sprite, (w, sprite.get_height()))
        surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def transition_ms(self, before: Any, after: Any) -> float:
        if not isinstance(after, OthelloState) or after.last is None or after.last.square is None:
            return 0.0
        starts = self._flip_starts(after.last.square, after.last.flipped)
        return max([self.motion.place, *(s + self.motion.flip for s in starts.values())])

    def _marks(self, surface: pygame.Surface, scene: Scene, animating: bool) -> None:
        if scene.thumbnail:
            return
        state: OthelloState = scene.state
        g, c = self.grid, self.colours
        if state.last is not None and state.last.square is not None and not animating:
            rect = g.cell_rect(*_cell(state.last.square)).inflate(-4, -4)
            draw.outline(surface, mix(self.palette.felt, c.last_move, 0.55), rect, 2, 4)
        if scene.interactive and not state.over and not animating:
            seat = state.side
            dot = self.palette.discs[seat]
            mobility = state.mobility
            hovered = _square(scene.hover) if scene.hover is not None else None
            while mobility:
                bit = mobility & -mobility
                mobility ^= bit
                square = bit.bit_length() - 1
                center = g.center(*_cell(square))
                if square == hovered:
                    ghost = draw.disc_sprite(dot, max(1, round(DISC * g.cell))).copy()
                    ghost.set_alpha(120)
                    surface.blit(ghost, ghost.get_rect(center=(round(center[0]), round(center[1]))))
                else:
                    draw.soft_dot(surface, dot, center, g.cell * 0.13, 150)
        if scene.hint is not None and scene.hint != PASS:
            center = g.center(*_cell(scene.hint))
            draw.ring(surface, c.hint, center, DISC * g.cell * (0.85 + 0.1 * pulse(scene.now, 900)), 3)
        if scene.cursor is not None:
            draw.outline(surface, c.accent, g.cell_rect(*scene.cursor).inflate(-2, -2), 3, 4)

    # ----- side panel ---------------------------------------------------------------------------
    def panel_height(self, state: Any) -> int:
        return self.fonts.body.get_linesize() + 4

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        if not isinstance(state, OthelloState):
            return 0
        text = _("Empty squares: {n}").format(n=state.empties)
        draw.text(surface, self.fonts.body, text, self.colours.text_dim, rect.topleft)
        return self.panel_height(state)


@lru_cache(maxsize=8)
def _felt(size: tuple[int, int], cell: float, felt: Colour, edge: Colour, line: Colour) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, edge, rect, border_radius=round(cell * 0.12))
    pygame.draw.rect(image, felt, rect.inflate(-6, -6), border_radius=round(cell * 0.1))
    left = (size[0] - SIZE * cell) / 2
    top = (size[1] - SIZE * cell) / 2
    for i in range(SIZE + 1):
        x = round(left + i * cell)
        y = round(top + i * cell)
        pygame.draw.line(image, line, (x, round(top)), (x, round(top + SIZE * cell)), 2)
        pygame.draw.line(image, line, (round(left), y), (round(left + SIZE * cell), y), 2)
    for gx, gy in ((2, 2), (6, 2), (2, 6), (6, 6)):
        pygame.draw.aacircle(image, line, (left + gx * cell, top + gy * cell), max(2, cell * 0.06))
    return image
