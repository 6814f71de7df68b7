"""Connect Four and Cascade in the window: discs fall behind the frame, the winning line glows,
and Cascade's alignments flash, vanish and let the discs above fall, round after round."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ludoteca.games.connect4.bitboard import HEIGHT, WIDTH
from ludoteca.games.connect4.state import CASCADE, Connect4State
from ludoteca.i18n import _
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.anim import ease_in, ease_out, phase, pulse
from ludoteca.kits.window.board import GameBoard, Play, Response, Scene
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme, mix


@dataclass(frozen=True)
class Connect4Colours:
    """Connect Four's own colours (themes restyle them as "connect4.<name>")."""

    frame: Colour = (40, 84, 140)
    frame_light: Colour = (62, 110, 170)
    hole: Colour = (22, 32, 29)
    discs: tuple[Colour, Colour] = ((242, 194, 48), (214, 66, 56))


#: the pieces a theme may draw, by seat
DISC_KEYS = ("disc-1", "disc-2")

THEMED_COLOURS = {
    "walnut": Connect4Colours(hole=(38, 27, 20)),
    "contrast": Connect4Colours(
        frame=(20, 70, 170), frame_light=(50, 100, 200), hole=(0, 0, 0), discs=((255, 214, 0), (220, 30, 60))
    ),
}

Discs = dict[Cell, int]
"""(column, row from the bottom) → seat."""

DISC = 0.39  # disc radius, in cells
HOLE = 0.42  # hole radius, in cells
PAD = 0.28  # frame border, in cells


def discs_of(state: Connect4State) -> Discs:
    return {
        (c, r): owner
        for c in range(WIDTH)
        for r in range(HEIGHT)
        if (owner := state.disc_at(c, r)) is not None
    }


@dataclass(frozen=True)
class _Round:
    """One cascade round on the timeline: starts at `start` ms, with the grid as it was before it."""

    start: float
    grid: tuple[tuple[Cell, int], ...]
    aligned: tuple[tuple[tuple[Cell, ...], int], ...]  # (cells, owner) per alignment
    removed: frozenset[Cell]
    falls: tuple[tuple[int, int, int, int], ...]  # column, from_row, to_row, owner


class Connect4Board(GameBoard):
    palette: Connect4Colours

    def palette_for(self, theme: Theme) -> Connect4Colours:
        return theme.palette("connect4", Connect4Colours(), THEMED_COLOURS)

    def grid_size(self, state: Any) -> tuple[int, int]:
        return (WIDTH, HEIGHT)

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        # room for a disc above the grid (hover, falls), the frame, and the column numbers below
        width_cells, height_cells = WIDTH + 2 * PAD, HEIGHT + 1.0 + 2 * PAD + 0.7
        cell = max(4.0, min(area.width / width_cells, area.height / height_cells, 104.0))
        top = area.centery - height_cells * cell / 2 + (1.0 + PAD) * cell
        self.grid = Grid(WIDTH, HEIGHT, area.centerx - WIDTH * cell / 2, top, cell)

    def seat_colour(self, state: Any, seat: int) -> Colour:
        return self.palette.discs[seat]

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        self._disc(surface, seat, center, radius)

    def sample_state(self) -> Any:
        state = self.game.start(self.game.options(), 1, 2)
        for column in (3, 3, 2, 4, 4, 2, 1, 5, 3):
            state = self.game.play(state, column)
        return state

    # ----- geometry ---------------------------------------------------------------------------
    def _center(self, column: float, row_from_bottom: float) -> tuple[float, float]:
        return self.grid.center(column, HEIGHT - 1 - row_from_bottom)

    def _frame_rect(self) -> pygame.Rect:
        g = self.grid
        pad = PAD * g.cell
        return pygame.Rect(
            round(g.left - pad),
            round(g.top - pad),
            round(WIDTH * g.cell + 2 * pad),
            round(HEIGHT * g.cell + 2 * pad),
        )

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """Any point over a column (the frame or the space above it) means that column."""
        g = self.grid
        column = g.column_at(pos[0])
        if column is None or not g.top - 1.2 * g.cell <= pos[1] <= g.top + (HEIGHT + PAD) * g.cell:
            return None
        return (column, 0)

    # ----- input ------------------------------------------------------------------------------
    def activate(self, state: Any, cell: Cell) -> Response:
        return Play(cell[0])

    def prompt(self, state: Any, name: str) -> str:
        return _("{name} to play: click a column.").format(name=name)

    # ----- the pieces a theme may draw (`piece_art`) ------------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        def drawn(key: str, side: int) -> pygame.Surface:
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            self._drawn_disc(image, DISC_KEYS.index(key), (side / 2, side / 2), (side - 4) // 2)
            return image

        return piece_art.ArtCatalogue("connect4", DISC_KEYS, drawn)

    # ----- drawing ----------------------------------------------------------------------------
    def _disc(self, surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float) -> None:
        art = self.art
        image = art.sprite(DISC_KEYS[seat], piece_art.disc_side(radius)) if art is not None else None
        if image is not None:
            surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
        else:
            self._drawn_disc(surface, seat, center, radius)

    def _drawn_disc(
        self, surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float
    ) -> None:
        colour = self.palette.discs[seat]
        draw.disc(surface, colour, center, radius)
        if self.theme.symbols:
            draw.symbol(surface, 0 if seat == 0 else 4, draw.contrast_on(colour), center, radius * 0.9)
        else:
            # a moulded rim, like the real discs
            draw.ring(
                surface, mix(colour, (0, 0, 0), 0.18), center, radius * 0.66, max(1, round(radius * 0.08))
            )

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        state: Connect4State = scene.state
        g, c = self.grid, self.colours
        frame = self._frame_rect()
        pygame.draw.rect(surface, self.palette.hole, frame, border_radius=round(g.cell * 0.22))
        elapsed = scene.elapsed
        finished = True
        before = scene.transition.before if scene.transition is not None else None
        if elapsed is not None:
            finished = self._draw_moving(surface, before, state, elapsed, marks=False)
        if finished:
            for (column, row), seat in discs_of(state).items():
                self._disc(surface, seat, self._center(column, row), DISC * g.cell)
        surface.blit(_frame_image(frame.size, g.cell, self.palette.frame, self.palette.frame_light), frame)
        if scene.thumbnail:
            return
        if finished:
            self._draw_marks(surface, scene)
        elif elapsed is not None:
            self._draw_moving(surface, before, state, elapsed, marks=True)
        self._draw_hover(surface, scene)
        labels = [str(n + 1) for n in range(WIDTH)]
        g.draw_coordinates(surface, self.fonts.body, c.grid_label, labels, gap=PAD + 0.4)

    def _draw_marks(self, surface: pygame.Surface, scene: Scene) -> None:
        state: Connect4State = scene.state
        g, c = self.grid, self.colours
        if state.winning_cells:
            glow = 0.55 + 0.45 * pulse(scene.now)
            colour = mix(c.accent, (255, 255, 255), 0.25 * glow)
            for column, row in state.winning_cells:
                draw.ring(
                    surface, colour, self._center(column, row), HOLE * g.cell, max(3, round(g.cell * 0.08))
                )
        elif state.last_cell is not None and state.disc_at(*state.last_cell) is not None:
            draw.ring(surface, c.last_move, self._center(*state.last_cell), DISC * g.cell * 0.35, 2)
        if scene.hint is not None:
            x, y = self._center(scene.hint, HEIGHT)
            draw.ring(surface, c.hint, (x, y), DISC * g.cell * (0.8 + 0.1 * pulse(scene.now, 900)), 3)

    def _draw_hover(self, surface: pygame.Surface, scene: Scene) -> None:
        state: Connect4State = scene.state
        g = self.grid
        column = (
            scene.cursor[0]
            if scene.cursor is not None
            else scene.hover[0]
            if scene.hover is not None
            else None
        )
        if column is None or not scene.interactive or state.over:
            return
        seat = len(state.moves) & 1
        x, y = self._center(column, HEIGHT)
        ghost = pygame.Surface((round(g.cell), round(g.cell)), pygame.SRCALPHA)
        self._disc(ghost, seat, (g.cell / 2, g.cell / 2), DISC * g.cell)
        full = state.disc_at(column, HEIGHT - 1) is not None
        ghost.set_alpha(70 if full else 190)
        surface.blit(ghost, ghost.get_rect(center=(round(x), round(y))))
        if scene.cursor is not None:
            rect = pygame.Rect(0, 0, round(g.cell * 0.96), round(g.cell * (HEIGHT + 1)))
            rect.midtop = (round(x), round(y - g.cell / 2))
            draw.outline(surface, self.colours.accent, rect, 2, round(g.cell * 0.2))

    # ----- animation --------------------------------------------------------------------------
    def _drop_ms(self, row: int) -> float:
        return self.motion.drop_min + self.motion.drop_per_row * (HEIGHT - row) + self.motion.bounce

    def transition_ms(self, before: Any, after: Any) -> float:
        if (
            not isinstance(after, Connect4State)
            or after.last_cell is None
            or len(after.moves) != len(before.moves) + 1
        ):
            return 0.0
        rounds = self._rounds(before, after)
        if rounds:
            m = self.motion
            last = rounds[-1]
            return last.start + m.flash + m.vanish + (m.fall if last.falls else 0.0)
        return self._drop_ms(after.last_cell[1])

    def _rounds(self, before: Connect4State, after: Connect4State) -> list[_Round]:
        if after.variant != CASCADE or not after.cascade or after.last_cell is None:
            return []
        m = self.motion
        grid = discs_of(before)
        grid[after.last_cell] = (len(after.moves) - 1) & 1
        start = self._drop_ms(after.last_cell[1])
        rounds: list[_Round] = []
        for step in after.cascade:
            falls = tuple((f.column, f.from_row, f.to_row, f.owner) for f in step.falls)
            aligned = tuple((a.cells, a.owner) for a in step.alignments)
            rounds.append(_Round(start, tuple(grid.items()), aligned, frozenset(step.removed), falls))
            for cell in step.removed:
                grid.pop(cell, None)
            for column, from_row, _to_row, _owner in falls:
                grid.pop((column, from_row), None)
            for column, _from_row, to_row, owner in falls:
                grid[(column, to_row)] = owner
            start += m.flash + m.vanish + (m.fall if falls else 0.0)
        return rounds

    def _draw_moving(
        self, surface: pygame.Surface, before: Any, after: Connect4State, elapsed: float, marks: bool
    ) -> bool:
        """Draw the discs (behind the frame) or the marks (in front of it) mid-animation;
        False while the animation still owns the picture."""
        if not isinstance(before, Connect4State) or after.last_cell is None:
            return True
        g, m = self.grid, self.motion
        radius = DISC * g.cell
        column, row = after.last_cell
        seat = (len(after.moves) - 1) & 1
        drop = self._drop_ms(row)
        rounds = self._rounds(before, after)
        if elapsed < drop:
            if marks:
                return False
            for (c, r), owner in discs_of(before).items():
                self._disc(surface, owner, self._center(c, r), radius)
            fall = drop - m.bounce
            if elapsed < fall:
                height = HEIGHT + (row - HEIGHT) * ease_in(elapsed / fall)
            else:
                t = (elapsed - fall) / m.bounce
                height = row + 0.14 * (1 - (2 * t - 1) ** 2)
            self._disc(surface, seat, self._center(column, height), radius)
            return False
        for index, rnd in enumerate(rounds):
            end = rnd.start + m.flash + m.vanish + (m.fall if rnd.falls else 0.0)
            if elapsed >= end and index < len(rounds) - 1:
                continue
            if elapsed >= end:
                return True
            if marks:
                self._draw_round_marks(surface, rnd, elapsed - rnd.start)
            else:
                self._draw_round(surface, rnd, elapsed - rnd.start)
            return False
        return True

    def _draw_round(self, surface: pygame.Surface, rnd: _Round, t: float) -> None:
        g, m = self.grid, self.motion
        radius = DISC * g.cell
        falling = {(column, from_row) for column, from_row, _to, _owner in rnd.falls}
        flash_end, vanish_end = m.flash, m.flash + m.vanish
        for cell, owner in rnd.grid:
            if cell in rnd.removed:
                if t < flash_end:
                    self._disc(surface, owner, self._center(*cell), radius)
                elif t < vanish_end:
                    shrink = 1 - ease_out(phase(t, flash_end, m.vanish))
                    if shrink > 0.02:
                        self._disc(surface, owner, self._center(*cell), radius * shrink)
            elif cell not in falling or t < vanish_end:
                self._disc(surface, owner, self._center(*cell), radius)
        if t >= vanish_end:
            p = ease_in(phase(t, vanish_end, m.fall))
            for column, from_row, to_row, owner in rnd.falls:
                self._disc(surface, owner, self._center(column, from_row + (to_row - from_row) * p), radius)

    def _draw_round_marks(self, surface: pygame.Surface, rnd: _Round, t: float) -> None:
        """The alignments glow and each shows the point it scores."""
        g, m, c = self.grid, self.motion, self.colours
        vanish_end = m.flash + m.vanish
        if t < vanish_end:
            glow = 0.5 + 0.5 * pulse(t, 280)
            for cells, owner in rnd.aligned:
                for cell in cells:
                    draw.ring(
                        surface,
                        mix(c.accent, (255, 255, 255), glow * 0.5),
                        self._center(*cell),
                        HOLE * g.cell,
                        4,
                    )
                xs = [self._center(*cell) for cell in cells]
                mid = (sum(x for x, _y in xs) / len(xs), sum(y for _x, y in xs) / len(xs))
                rise = phase(t, 0, vanish_end) * g.cell * 0.5
                pill = pygame.Rect(0, 0, round(g.cell * 0.9), round(g.cell * 0.52))
                pill.center = (round(mid[0]), round(mid[1] - rise))
                colour = self.palette.discs[owner]
                pygame.draw.rect(surface, c.shadow, pill.move(2, 3), border_radius=pill.height // 2)
                pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
                draw.text(
                    surface, self.fonts.body_bold, "+1", draw.contrast_on(colour), pill.center, "center"
                )

    # ----- the side panel -------------------------------------------------------------------
    def panel_height(self, state: Any) -> int:
        return (
            self.fonts.body.get_linesize() + 6
            if isinstance(state, Connect4State) and state.variant == CASCADE
            else 0
        )

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        if not isinstance(state, Connect4State) or state.variant != CASCADE:
            return 0
        text = _("Drops played: {n} of {limit}").format(n=len(state.moves), limit=state.drop_limit)
        draw.text(surface, self.fonts.body, text, self.colours.text_dim, rect.topleft)
        return self.panel_height(state)


@lru_cache(maxsize=8)
def _frame_image(size: tuple[int, int], cell: float, colour: Colour, light: Colour) -> pygame.Surface:
    """The blue frame with its holes, drawn large and scaled down so the holes' edges are smooth."""
    scale = 3
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    radius = round(cell * 0.22 * scale)
    pygame.draw.rect(big, light, big.get_rect(), border_radius=radius)
    pygame.draw.rect(
        big, colour, big.get_rect().inflate(-scale * 4, -scale * 4).move(0, scale * 2), border_radius=radius
    )
    pad = PAD * cell * scale
    shade = mix(colour, (0, 0, 0), 0.25)
    for column in range(WIDTH):
        for row in range(HEIGHT):
            cx = pad + (column + 0.5) * cell * scale
            cy = pad + (row + 0.5) * cell * scale
            pygame.draw.circle(big, shade, (cx, cy), (HOLE + 0.04) * cell * scale)
            pygame.draw.circle(big, (0, 0, 0, 0), (cx, cy), HOLE * cell * scale)
    return pygame.transform.smoothscale(big, size)
