"""Five or More in the window: pick a ball up, see where it can go, watch it travel its path;
lines of five flash and vanish, new balls pop in where chance put them, the next colours wait in
the panel. The recolour variant opens a palette beside the chosen ball instead."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ludoteca.games.fiveormore.board import EMPTY, find_path, geometry
from ludoteca.games.fiveormore.notation import COLUMN_LETTERS
from ludoteca.games.fiveormore.state import FiveState, Move, Recolour
from ludoteca.i18n import _
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.anim import ease_in_out, ease_out, phase, pulse
from ludoteca.kits.window.board import Changed, GameBoard, Play, Refuse, Response, Scene
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme, mix


@dataclass(frozen=True)
class FiveOrMoreColours:
    """Five or More's own colours (themes restyle them as "fiveormore.<name>")."""

    board: Colour = (52, 64, 60)
    cell: Colour = (74, 88, 82)
    cell_alt: Colour = (68, 82, 76)
    reach: Colour = (96, 132, 112)
    balls: tuple[Colour, ...] = (
        (226, 76, 68),  # red
        (66, 128, 220),  # blue
        (82, 176, 86),  # green
        (244, 200, 60),  # yellow
        (156, 96, 196),  # purple
        (70, 196, 204),  # cyan
        (240, 140, 52),  # orange
        (234, 128, 180),  # pink
        (222, 222, 214),  # white
    )


THEMED_COLOURS = {
    "walnut": FiveOrMoreColours(
        board=(78, 58, 42), cell=(110, 84, 62), cell_alt=(102, 78, 58), reach=(140, 118, 80)
    ),
    "contrast": FiveOrMoreColours(
        board=(30, 30, 30), cell=(64, 64, 64), cell_alt=(56, 56, 56), reach=(100, 100, 130)
    ),
}

BALL = 0.37  # radius, in cells


@dataclass(frozen=True)
class _Step:
    """One beat of a turn's animation, drawn over the board as it was when the beat began."""

    start: float
    duration: float
    kind: str  # travel | recolour | remove | spawn
    board: tuple[int, ...]
    path: tuple[int, ...] = ()  # travel: cells from source to target
    cells: tuple[int, ...] = ()  # remove: the balls going; spawn: the balls arriving
    colours: tuple[int, ...] = ()  # travel/recolour: (colour[, old]); spawn: per cell


class FiveOrMoreBoard(GameBoard):
    palette: FiveOrMoreColours

    def palette_for(self, theme: Theme) -> FiveOrMoreColours:
        return theme.palette("fiveormore", FiveOrMoreColours(), THEMED_COLOURS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selected: int | None = None
        self.dragging: int | None = None
        self._targets: tuple[int, int | None, frozenset[int]] = (0, None, frozenset())
        self._palette: list[tuple[pygame.Rect, int]] = []

    # ----- geometry ---------------------------------------------------------------------------
    def grid_size(self, state: Any) -> tuple[int, int]:
        if isinstance(state, FiveState):
            return (state.config.cols, state.config.rows)
        return (9, 9)

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        cols, rows = self.grid_size(state)
        self.grid = Grid.fit(area, cols, rows, margin=0.6, max_cell=76)

    def _index(self, state: FiveState, cell: Cell) -> int:
        return cell[1] * state.config.cols + cell[0]

    def _xy(self, state: FiveState, index: int) -> Cell:
        return (index % state.config.cols, index // state.config.cols)

    def ball_colour(self, colour: int) -> Colour:
        balls = self.palette.balls
        return balls[(colour - 1) % len(balls)]

    def seat_colour(self, state: Any, seat: int) -> Colour:
        return self.ball_colour(2)

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        self._ball(surface, 2, center, radius)

    def sample_state(self) -> Any:
        state = self.game.start(self.game.options({"size": "small"}), 4, 1)
        for _turn in range(3):
            moves = self.game.legal_moves(state)
            if not moves:
                break
            state = self.game.play(state, moves[len(moves) // 2])
        return state

    # ----- selection --------------------------------------------------------------------------
    def targets(self, state: FiveState) -> frozenset[int]:
        """Where the selected ball may go, as the rules' legal moves say (cached per position)."""
        if self.selected is None or state.config.recolour:
            return frozenset()
        key = (id(state), self.selected)
        if self._targets[:2] != key:
            found = frozenset(
                m.target
                for m in self.game.legal_moves(state)
                if isinstance(m, Move) and m.source == self.selected
            )
            self._targets = (*key, found)
        return self._targets[2]

    def deselect(self) -> bool:
        had = self.selected is not None
        self.selected = None
        self.dragging = None
        self._palette = []
        return had

    def prompt(self, state: Any, name: str) -> str:
        if isinstance(state, FiveState) and state.config.recolour:
            if self.selected is None:
                return _("Click a ball, then choose its new colour.")
            return _("Choose the ball's new colour (Esc to cancel).")
        if self.selected is None:
            return _("Click a ball, then an empty cell it can reach.")
        return _("Now click where the ball should go (Esc to put it back).")

    # ----- input ------------------------------------------------------------------------------
    def press(self, state: Any, pos: tuple[int, int]) -> Response:
        assert isinstance(state, FiveState)
        for rect, colour in self._palette:
            if rect.collidepoint(pos) and self.selected is not None:
                return Play(Recolour(self.selected, colour))
        cell = self.cell_at(pos)
        if cell is None:
            return Changed() if self.deselect() else None
        return self.activate(state, cell, drag=True)

    def release(self, state: Any, pos: tuple[int, int]) -> Response:
        """Dropping a dragged ball on another cell moves it there."""
        source, self.dragging = self.dragging, None
        cell = self.cell_at(pos)
        if source is None or cell is None or not isinstance(state, FiveState):
            return None
        target = self._index(state, cell)
        if target == source or state.board[target] != EMPTY:
            return None
        return Play(Move(source, target))

    def activate(self, state: Any, cell: Cell, drag: bool = False) -> Response:
        assert isinstance(state, FiveState)
        index = self._index(state, cell)
        if state.board[index] != EMPTY:
            if index == self.selected:
                self.deselect()
                return Changed()
            self.selected = index
            self.dragging = index if drag and not state.config.recolour else None
            return Changed()
        if state.config.recolour:
            return Refuse(_("That cell is empty: click a ball to change its colour."))
        if self.selected is None:
            return Refuse(_("Click a ball first, then an empty cell it can reach."))
        return Play(Move(self.selected, index))

    # ----- the pieces a theme may draw (`piece_art`) ------------------------------------------------
    def _ball_key(self, colour: int) -> str:
        return f"ball-{(colour - 1) % len(self.palette.balls) + 1}"

    def art_catalogue(self) -> piece_art.ArtCatalogue:
        keys = tuple(self._ball_key(colour) for colour in range(1, len(self.palette.balls) + 1))

        def drawn(key: str, side: int) -> pygame.Surface:
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            self._drawn_ball(image, keys.index(key) + 1, (side / 2, side / 2), (side - 4) // 2)
            return image

        return piece_art.ArtCatalogue("fiveormore", keys, drawn)

    # ----- drawing ----------------------------------------------------------------------------
    def _ball(self, surface: pygame.Surface, colour: int, center: tuple[float, float], radius: float) -> None:
        art = self.art
        image = art.sprite(self._ball_key(colour), piece_art.disc_side(radius)) if art is not None else None
        if image is not None:
            surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))
        else:
            self._drawn_ball(surface, colour, center, radius)

    def _drawn_ball(
        self, surface: pygame.Surface, colour: int, center: tuple[float, float], radius: float
    ) -> None:
        rgb = self.ball_colour(colour)
        draw.disc(surface, rgb, center, radius)
        if self.theme.symbols:
            draw.symbol(surface, colour - 1, draw.contrast_on(rgb), center, radius * 0.95)

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        state: FiveState = scene.state
        g, c = self.grid, self.colours
        cols, rows = state.config.cols, state.config.rows
        frame = g.rect.inflate(round(g.cell * 0.3), round(g.cell * 0.3))
        surface.blit(
            _cells(
                frame.size, g.cell, cols, rows, self.palette.board, self.palette.cell, self.palette.cell_alt
            ),
            frame,
        )
        if not scene.thumbnail:
            g.draw_coordinates(
                surface,
                self.fonts.small if g.cell < 44 else self.fonts.body,
                c.grid_label,
                COLUMN_LETTERS[:cols],
                [str(n) for n in range(1, rows + 1)],
                gap=0.45,
                top=True,
            )
        radius = BALL * g.cell
        elapsed = scene.elapsed
        if elapsed is not None and scene.transition is not None:
            steps = self._steps(scene.transition.before, state)
            if steps and elapsed < steps[-1].start + steps[-1].duration:
                self._draw_step(surface, state, steps, elapsed)
                return
        targets = self.targets(state) if scene.interactive else frozenset()
        for index in targets:
            rect = g.cell_rect(*self._xy(state, index)).inflate(-round(g.cell * 0.12), -round(g.cell * 0.12))
            pygame.draw.rect(surface, self.palette.reach, rect, border_radius=round(g.cell * 0.14))
            draw.soft_dot(surface, c.legal_dot, rect.center, g.cell * 0.09, 90)
        if scene.interactive and self.selected is not None and scene.hover is not None:
            self._draw_path_preview(surface, state, self._index(state, scene.hover), targets)
        last = state.last
        for index, colour in enumerate(state.board):
            if colour == EMPTY:
                continue
            center = g.center(*self._xy(state, index))
            if index == self.selected and scene.interactive:
                center = (center[0], center[1] - abs(math.sin(scene.now / 220)) * g.cell * 0.08)
            self._ball(surface, colour, center, radius)
        if last is not None and last.move is not None and elapsed is None and not scene.thumbnail:
            marked = (last.move.target,) if isinstance(last.move, Move) else (last.move.cell,)
            for index in marked:
                if state.board[index] != EMPTY:
                    draw.outline(
                        surface,
                        mix(self.palette.cell, c.last_move, 0.5),
                        g.cell_rect(*self._xy(state, index)).inflate(-3, -3),
                        2,
                        round(g.cell * 0.14),
                    )
        if scene.interactive and self.selected is not None and state.board[self.selected] != EMPTY:
            draw.ring(surface, c.accent, g.center(*self._xy(state, self.selected)), radius + 4, 3)
        self._draw_hint(surface, state, scene)
        if scene.cursor is not None:
            draw.outline(surface, c.accent, g.cell_rect(*scene.cursor).inflate(-2, -2), 3, 6)
        self._palette = []
        if scene.interactive and state.config.recolour and self.selected is not None:
            self._draw_palette(surface, state)

    def _draw_path_preview(
        self, surface: pygame.Surface, state: FiveState, target: int, targets: frozenset[int]
    ) -> None:
        if self.selected is None or target not in targets:
            return
        path = find_path(state.board, geometry(state.config.cols, state.config.rows), self.selected, target)
        for index in path or ():
            if index != self.selected:
                draw.soft_dot(
                    surface,
                    self.ball_colour(state.board[self.selected]),
                    self.grid.center(*self._xy(state, index)),
                    self.grid.cell * 0.1,
                    170,
                )

    def _draw_hint(self, surface: pygame.Surface, state: FiveState, scene: Scene) -> None:
        hint = scene.hint
        g, c = self.grid, self.colours
        size = BALL * g.cell * (1.1 + 0.08 * pulse(scene.now, 900))
        if isinstance(hint, Move):
            for index in (hint.source, hint.target):
                draw.ring(surface, c.hint, g.center(*self._xy(state, index)), size, 3)
        elif isinstance(hint, Recolour):
            center = g.center(*self._xy(state, hint.cell))
            draw.ring(surface, c.hint, center, size, 3)
            self._ball(
                surface, hint.colour, (center[0] + g.cell * 0.35, center[1] - g.cell * 0.35), g.cell * 0.14
            )

    def _draw_palette(self, surface: pygame.Surface, state: FiveState) -> None:
        assert self.selected is not None
        g, c = self.grid, self.colours
        current = state.board[self.selected]
        choices = [k for k in range(1, state.config.colours + 1) if k != current]
        side = max(28.0, g.cell * 0.7)
        width = round(len(choices) * side + 12)
        x, y = g.center(*self._xy(state, self.selected))
        rect = pygame.Rect(0, 0, width, round(side + 12))
        rect.midbottom = (round(x), round(y - g.cell * 0.55))
        rect.clamp_ip(self.area)
        draw.card(surface, rect, c.panel, c.accent, 8, shadow=c.shadow)
        for i, colour in enumerate(choices):
            swatch = pygame.Rect(round(rect.left + 6 + i * side), rect.top + 6, round(side), round(side))
            self._ball(surface, colour, swatch.center, side * 0.4)
            self._palette.append((swatch, colour))

    # ----- animation --------------------------------------------------------------------------
    def _steps(self, before: Any, after: FiveState) -> list[_Step]:
        effects = after.last
        if not isinstance(before, FiveState) or effects is None or effects.move is None:
            return []
        m = self.motion
        board = list(before.board)
        steps: list[_Step] = []
        t = 0.0

        def add(kind: str, duration: float, **data: Any) -> None:
            nonlocal t
            steps.append(_Step(t, duration, kind, tuple(board), **data))
            t += duration

        move = effects.move
        if isinstance(move, Move) and effects.path:
            colour = board[move.source]
            board[move.source] = EMPTY
            add(
                "travel",
                max(m.pop, m.path_per_cell * (len(effects.path) - 1)),
                path=effects.path,
                colours=(colour,),
            )
            board[move.target] = colour
        elif isinstance(move, Recolour):
            old = board[move.cell]
            board[move.cell] = EMPTY
            add("recolour", m.pop * 1.5, cells=(move.cell,), colours=(move.colour, old))
            board[move.cell] = move.colour
        removals = [effects.removal] if effects.removal is not None else []
        for removal in removals:
            add("remove", m.flash + m.vanish, cells=removal.cells)
            for index in removal.cells:
                board[index] = EMPTY
        group: list[tuple[int, int]] = []
        for spawned in effects.spawned:
            group.append((spawned.cell, spawned.colour))
            if spawned.removal is not None or spawned is effects.spawned[-1]:
                add(
                    "spawn",
                    m.pop + 90 * (len(group) - 1),
                    cells=tuple(i for i, _c in group),
                    colours=tuple(c for _i, c in group),
                )
                for index, colour in group:
                    board[index] = colour
                group = []
                if spawned.removal is not None:
                    add("remove", m.flash + m.vanish, cells=spawned.removal.cells)
                    for index in spawned.removal.cells:
                        board[index] = EMPTY
        return steps

    def transition_ms(self, before: Any, after: Any) -> float:
        if not isinstance(after, FiveState):
            return 0.0
        steps = self._steps(before, after)
        return steps[-1].start + steps[-1].duration if steps else 0.0

    def _draw_step(
        self, surface: pygame.Surface, state: FiveState, steps: list[_Step], elapsed: float
    ) -> None:
        step = next(s for s in reversed(steps) if s.start <= elapsed)
        t = elapsed - step.start
        g, m, c = self.grid, self.motion, self.colours
        radius = BALL * g.cell
        going = set(step.cells) if step.kind == "remove" else set()
        for index, colour in enumerate(step.board):
            if colour == EMPTY or index in going:
                continue
            self._ball(surface, colour, g.center(*self._xy(state, index)), radius)
        if step.kind == "travel":
            p = ease_in_out(t / step.duration) * (len(step.path) - 1)
            k = min(int(p), len(step.path) - 2)
            a, b = g.center(*self._xy(state, step.path[k])), g.center(*self._xy(state, step.path[k + 1]))
            f = p - k
            self._ball(surface, step.colours[0], (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), radius)
        elif step.kind == "recolour":
            center = g.center(*self._xy(state, step.cells[0]))
            p = phase(t, 0, step.duration)
            if p < 0.5:
                self._ball(surface, step.colours[1], center, radius * (1 - p * 2 * 0.7))
            else:
                self._ball(surface, step.colours[0], center, radius * (0.3 + ease_out((p - 0.5) * 2) * 0.7))
        elif step.kind == "remove":
            flash = m.flash
            for index in step.cells:
                center = g.center(*self._xy(state, index))
                colour = step.board[index]
                if t < flash:
                    self._ball(surface, colour, center, radius)
                    glow = 0.5 + 0.5 * pulse(t, 280)
                    draw.ring(surface, mix(c.accent, (255, 255, 255), glow * 0.6), center, radius + 3, 3)
                else:
                    shrink = 1 - ease_out(phase(t, flash, m.vanish))
                    if shrink > 0.03:
                        self._ball(surface, colour, center, radius * shrink)
        elif step.kind == "spawn":
            for i, (index, colour) in enumerate(zip(step.cells, step.colours, strict=True)):
                p = phase(t, i * 90, m.pop)
                if p > 0:
                    overshoot = 1 + 0.15 * math.sin(math.pi * p)
                    self._ball(
                        surface, colour, g.center(*self._xy(state, index)), radius * ease_out(p) * overshoot
                    )

    # ----- the side panel ---------------------------------------------------------------------
    def panel_height(self, state: Any) -> int:
        if not isinstance(state, FiveState):
            return 0
        f = self.fonts
        rows = math.ceil(len(state.preview) / 9)
        return f.small.get_linesize() + rows * 34 + 6 + f.small.get_linesize()

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        if not isinstance(state, FiveState):
            return 0
        f, c = self.fonts, self.colours
        draw.text(surface, f.small_bold, _("Next balls"), c.text_dim, rect.topleft)
        y = rect.top + f.small.get_linesize() + 2
        for i, colour in enumerate(state.preview):
            row, col = divmod(i, 9)
            self._ball(surface, colour, (rect.left + 15 + col * 32, y + 15 + row * 34), 13)
        y += math.ceil(len(state.preview) / 9) * 34 + 6
        total = state.config.cols * state.config.rows
        text = _("{n} of {total} cells taken").format(n=state.balls, total=total)
        draw.text(surface, f.small, text, c.text_dim, (rect.left, y))
        return self.panel_height(state)


@lru_cache(maxsize=8)
def _cells(
    size: tuple[int, int], cell: float, cols: int, rows: int, board: Colour, light: Colour, dark: Colour
) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, board, image.get_rect(), border_radius=round(cell * 0.2))
    left = (size[0] - cols * cell) / 2
    top = (size[1] - rows * cell) / 2
    inset = max(1, round(cell * 0.05))
    for row in range(rows):
        for col in range(cols):
            rect = pygame.Rect(round(left + col * cell), round(top + row * cell), round(cell), round(cell))
            pygame.draw.rect(
                image,
                light if (row + col) % 2 == 0 else dark,
                rect.inflate(-inset * 2, -inset * 2),
                border_radius=round(cell * 0.14),
            )
    return image
