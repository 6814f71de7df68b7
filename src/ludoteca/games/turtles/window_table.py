"""The Robot Turtles board drawn for one frame: the beach, walls, jewels and turtles (at rest, or
where a run being replayed has put them), the laser's beam, cards flying into a program, the marks
of the last move and of what the player holds, and what the mouse drags.

`TablePainter` reads the board widget's geometry and the player's choices through `BoardLook`;
it draws and decides nothing else.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Protocol

import pygame

from ludoteca.games.turtles.board import Board, row_col
from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.moves import BuildWall, PlayBug
from ludoteca.games.turtles.rules import seat_names
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.walls import legal_wall_squares
from ludoteca.games.turtles.window_art import (
    FACING_ANGLE,
    TurtlesColours,
    board_picture,
    ice_sprite,
    jewel_sprite,
    melt,
    scaled,
    stone_sprite,
)
from ludoteca.games.turtles.window_art import turtle as draw_turtle
from ludoteca.games.turtles.window_replay import (
    TIMING,
    Beat,
    Pose,
    beam_end,
    beam_squares,
    contact,
    melting,
)
from ludoteca.games.turtles.window_tray import Tray, TrayPainter, card_size, hand_slots, tray_owner
from ludoteca.kits.window import draw
from ludoteca.kits.window.anim import ease_in_out, ease_out, phase, pulse
from ludoteca.kits.window.board import Scene
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid import Grid
from ludoteca.kits.window.theme import Colours, mix

#: a press and release closer than this (pixels) is a click, not a drag
CLICK = 6


@lru_cache(maxsize=8)
def initials(names: tuple[str, ...]) -> tuple[str, ...]:
    """The letters on the turtles' shells (for players who cannot tell the colours apart): each
    name's shortest beginning that no earlier name has taken (French "Rouge" R, "Rose" Ro)."""
    taken: list[str] = []
    for name in names:
        n = 1
        while name[:n] in taken and n < len(name):
            n += 1
        taken.append(name[:n])
    return tuple(taken)


class BoardLook(Protocol):
    """What the painter reads from the board widget."""

    grid: Grid
    area: pygame.Rect
    tray: Tray
    painter: TrayPainter
    palette: TurtlesColours
    colours: Colours
    fonts: Fonts
    pending: list[Card]
    #: what the mouse holds (`window._Held`: kind, index, origin), or None
    held: Any
    chosen: str | None


class TablePainter:
    def __init__(self, board: BoardLook) -> None:
        self.board = board

    # the board's look, read afresh each frame (a resize or a theme change replaces them)
    @property
    def grid(self) -> Grid:
        return self.board.grid

    @property
    def area(self) -> pygame.Rect:
        return self.board.area

    @property
    def tray(self) -> Tray:
        return self.board.tray

    @property
    def painter(self) -> TrayPainter:
        return self.board.painter

    @property
    def palette(self) -> TurtlesColours:
        return self.board.palette

    @property
    def colours(self) -> Colours:
        return self.board.colours

    @property
    def fonts(self) -> Fonts:
        return self.board.fonts

    @property
    def chosen(self) -> str | None:
        return self.board.chosen

    @property
    def held(self) -> Any:
        return self.board.held

    @property
    def pending(self) -> list[Card]:
        return self.board.pending

    def _frame(self) -> pygame.Rect:
        g = self.grid
        return g.rect.inflate(round(g.cell * 0.3), round(g.cell * 0.3))

    def turtle(
        self,
        surface: pygame.Surface,
        seat: int,
        center: tuple[float, float],
        size: float,
        angle: float,
        alpha: float = 1.0,
        scale: float = 1.0,
    ) -> None:
        font = self.fonts.small_bold if size < 56 else self.fonts.body_bold
        initial = initials(seat_names(4))[seat % 4] if size >= 26 else ""
        draw_turtle(
            surface,
            self.palette.turtles[seat % 4],
            self.palette.skin,
            center,
            size,
            angle,
            initial,
            font,
            alpha,
            scale,
        )

    def rest_poses(self, board: Board) -> dict[int, Pose]:
        found = {}
        for seat, t in enumerate(board.turtles):
            if t is not None:
                row, col = row_col(t.square)
                found[seat] = Pose(col, row, FACING_ANGLE[t.facing])
        return found

    def table(
        self,
        surface: pygame.Surface,
        board: Board,
        shown: dict[int, Pose],
        scene: Scene,
        beat: Beat | None = None,
        elapsed: float | None = None,
    ) -> None:
        g, p = self.grid, self.palette
        frame = self._frame()
        surface.blit(board_picture(frame.size, g.cell, p), frame)
        if not scene.thumbnail:
            font = self.fonts.small if g.cell < 44 else self.fonts.body
            g.draw_coordinates(
                surface,
                font,
                self.colours.grid_label,
                "abcdefgh",
                [str(n) for n in range(1, 9)],
                gap=0.42,
                top=True,
            )
        size = round(g.cell)
        for seat, start in enumerate(board.starts):
            if board.turtles[seat] is not None or seat in shown:
                draw.ring(
                    surface,
                    mix(p.sand, p.turtles[seat % 4], 0.55),
                    g.center(*self._cell(start)),
                    g.cell * 0.4,
                    max(2, round(g.cell * 0.05)),
                )
        for jewel in board.jewels:
            sprite = jewel_sprite(p.jewel, size)
            surface.blit(sprite, sprite.get_rect(center=self._center(jewel)))
        for sq in board.stone:
            surface.blit(stone_sprite(p.stone, size), g.cell_rect(*self._cell(sq)))
        melted, amount = melting(beat, elapsed) if beat is not None and elapsed is not None else (None, 0.0)
        new_wall = self._new_wall(scene)
        for sq in board.ice:
            sprite = ice_sprite(p.ice, size)
            if sq == melted:
                melt(surface, sprite, self._center(sq), amount)
            elif new_wall is None or new_wall[0] != sq:
                surface.blit(sprite, g.cell_rect(*self._cell(sq)))
        if new_wall is not None:
            sq, t = new_wall
            sprite = stone_sprite(p.stone, size) if sq in board.stone else ice_sprite(p.ice, size)
            image, rect = scaled(sprite, self._center(sq), 1.5 - 0.5 * ease_out(t), ease_out(t))
            surface.blit(image, rect)
        if beat is not None and elapsed is not None:
            self._beam(surface, beat, elapsed)
            knock = contact(beat, elapsed)
            if knock is not None and 0 < knock[1] < 1:
                spot = g.center(*knock[0])
                draw.ring(surface, self.colours.accent, spot, g.cell * (0.08 + 0.3 * ease_out(knock[1])), 3)
        for seat, pose in shown.items():
            center = g.center(pose.col, pose.row)
            self.turtle(surface, seat, center, g.cell * 1.08, pose.angle, pose.alpha, pose.scale)

    def _new_wall(self, scene: Scene) -> tuple[int, float] | None:
        """The wall being built now, and how far its arrival has gone."""
        last, elapsed = scene.state.last, scene.elapsed
        if last is None or last.wall is None or elapsed is None or elapsed >= TIMING.wall:
            return None
        return last.wall[1], phase(elapsed, 0, TIMING.wall)

    def _cell(self, sq: int) -> tuple[int, int]:
        row, col = row_col(sq)
        return col, row

    def _center(self, sq: int) -> tuple[float, float]:
        return self.grid.center(*self._cell(sq))

    def _beam(self, surface: pygame.Surface, beat: Beat, elapsed: float) -> None:
        step = beat.step
        if step is None or step.kind != "laser":
            return
        shooter = beat.turtles[step.seat]
        if shooter is None:
            return
        g = self.grid
        lit = beam_squares(beat, elapsed)
        points = [self._center(shooter.square)]
        whole = int(lit)
        points += [self._center(sq) for sq in step.beam[:whole]]
        if whole < len(step.beam) and lit > whole:
            a, b = points[-1], self._center(step.beam[whole])
            f = lit - whole
            points.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        elif whole == len(step.beam):
            end = beam_end(beat)
            if end is not None:
                points.append(g.center(*end))
        if len(points) < 2:
            return
        colour = self.palette.beam
        width = max(4, round(g.cell * 0.22))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        box.inflate_ip(width * 2, width * 2)
        glow = pygame.Surface(box.size, pygame.SRCALPHA)
        shifted = [(x - box.left, y - box.top) for x, y in points]
        pygame.draw.lines(glow, (*colour, 90), False, shifted, width)
        surface.blit(glow, box)
        pygame.draw.lines(
            surface, mix(colour, (255, 255, 255), 0.55), False, points, max(2, round(g.cell * 0.06))
        )
        if whole >= len(step.beam) and step.target is not None:
            burst = ease_out(phase(elapsed, beat.start + beat.travel, 200))
            draw.ring(surface, colour, self._center(step.target), g.cell * (0.15 + 0.3 * burst), 3)

    def flying_cards(self, surface: pygame.Surface, state: TurtlesState, elapsed: float) -> None:
        """Cards going into a program: backs (a program is face down), one after the other."""
        last = state.last
        assert last is not None
        seat = last.seat
        own = tray_owner(state) == seat
        turtle_now = state.board.turtles[seat]
        w, h = card_size(self.grid.cell)
        start: tuple[float, float]
        end: tuple[float, float]
        for i in range(len(last.cards)):
            t = phase(elapsed, i * TIMING.add_stagger, TIMING.add_card)
            if t <= 0 or t >= 1:
                continue
            if own:
                start = self.tray.hand[min(i, len(self.tray.hand) - 1)].center
                end = self.tray.program.midright
            else:
                start = (self.grid.rect.centerx, self.area.top)
                end = self._center(turtle_now.square) if turtle_now is not None else self.grid.rect.center
            u = ease_in_out(t)
            center = (start[0] + (end[0] - start[0]) * u, start[1] + (end[1] - start[1]) * u)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(center[0]), round(center[1]))
            self.painter.card(surface, Card.UNKNOWN, rect, self.palette.turtles[seat % 4])

    def marks(self, surface: pygame.Surface, scene: Scene, moving: bool) -> None:
        state: TurtlesState = scene.state
        g, c = self.grid, self.colours
        if moving:
            self._bug_flight(surface, scene)
            return
        last = state.last
        if last is not None and last.round_over is None:
            marked = []
            if last.wall is not None:
                marked.append(last.wall[1])
            elif last.action == "run" and not last.finished:
                mover = state.board.turtles[last.seat]
                if mover is not None:
                    marked.append(mover.square)
            for sq in marked:
                draw.outline(
                    surface,
                    mix(self.palette.sand, c.last_move, 0.5),
                    g.cell_rect(*self._cell(sq)).inflate(-3, -3),
                    2,
                    6,
                )
        wall = self.chosen if self.chosen in ("stone", "ice") else None
        if scene.interactive and wall is not None:
            for sq in legal_wall_squares(state.board, "stone" if wall == "stone" else "ice"):
                draw.soft_dot(surface, self.palette.legal, self._center(sq), g.cell * 0.14, 170)
        if scene.interactive and self.chosen is not None and scene.hover is not None:
            draw.outline(surface, c.accent, g.cell_rect(*scene.hover).inflate(-2, -2), 2, 6)
        if scene.interactive and self.chosen == "bug":
            for seat, t in enumerate(state.board.turtles):
                if t is not None and seat != state.to_play:
                    draw.ring(
                        surface,
                        c.accent,
                        self._center(t.square),
                        g.cell * (0.44 + 0.03 * pulse(scene.now, 900)),
                        2,
                    )
        hint = scene.hint
        if isinstance(hint, BuildWall):
            draw.ring(surface, c.hint, self._center(hint.square), g.cell * 0.42, 3)
        elif isinstance(hint, PlayBug):
            target = state.board.turtles[hint.target]
            if target is not None:
                draw.ring(surface, c.hint, self._center(target.square), g.cell * 0.46, 3)
        if scene.cursor is not None:
            draw.outline(surface, c.accent, g.cell_rect(*scene.cursor).inflate(-2, -2), 3, 6)

    def _bug_flight(self, surface: pygame.Surface, scene: Scene) -> None:
        state: TurtlesState = scene.state
        last, elapsed = state.last, scene.elapsed
        if last is None or last.action != "bug" or last.bug_target is None or elapsed is None:
            return
        source, target = state.board.turtles[last.seat], state.board.turtles[last.bug_target]
        if source is None or target is None:
            return
        a, b = self._center(source.square), self._center(target.square)
        u = ease_in_out(phase(elapsed, 0, TIMING.bug * 0.7))
        lift = math.sin(math.pi * u) * self.grid.cell
        pos = (round(a[0] + (b[0] - a[0]) * u), round(a[1] + (b[1] - a[1]) * u - lift))
        self.painter.lifted(surface, self.tray, "bug", None, pos)

    def lifted(self, surface: pygame.Surface, scene: Scene) -> None:
        held = self.held
        if held is None or scene.pointer is None or not scene.interactive:
            return
        card = None
        state: TurtlesState = scene.state
        owner = tray_owner(state)
        if owner is not None and held.kind == "hand":
            card = hand_slots(state.players[owner].hand, self.pending)[held.index]
        elif held.kind == "pending" and held.index < len(self.pending):
            card = self.pending[held.index]
        if math.dist(scene.pointer, held.origin) > CLICK:
            self.painter.lifted(surface, self.tray, held.kind, card, scene.pointer)
