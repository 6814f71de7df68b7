"""One frame of the Qwirkle table: the board (a cached picture), the marks over it (the last play,
the squares lit for the picked tile, the tiles put down with their score, a hint, the keyboard
cursor), the racks, and whatever is moving (tiles flying or settling, the score rising, drawn
tiles sliding in, the tile under the mouse)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ludoteca.games.qwirkle.draft import Draft
from ludoteca.games.qwirkle.flight import FLY, SETTLE, Plan
from ludoteca.games.qwirkle.game import PlayScore
from ludoteca.games.qwirkle.state import Place, QwirkleState
from ludoteca.games.qwirkle.table import (
    Look,
    Table,
    blit_tile,
    draw_bag,
    draw_board,
    draw_rack_wood,
    draw_strip,
    mine,
    others,
    tile_size,
)
from ludoteca.games.qwirkle.tiles import Tile
from ludoteca.games.qwirkle.viewport import Square, Viewport
from ludoteca.kits.window import draw
from ludoteca.kits.window.anim import ease_out, phase
from ludoteca.kits.window.board import Scene
from ludoteca.kits.window.theme import Colour, mix

#: a press that moves fewer pixels than this before its release is a click, not a drag
DRAG_SLOP = 6


@dataclass
class Drag:
    """A tile held by the mouse: from the rack (`index`) or put down already (`square`)."""

    tile: Tile
    start: tuple[int, int]
    index: int | None = None
    square: Square | None = None
    was_picked: bool = False

    def moved(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) > DRAG_SLOP


@dataclass
class Painter:
    surface: pygame.Surface
    scene: Scene
    state: QwirkleState
    look: Look
    port: Viewport
    table: Table
    draft: Draft | None
    drag: Drag | None
    #: the animation under way, if any
    moving: Plan | None

    @property
    def elapsed(self) -> float:
        return self.scene.elapsed or 0.0

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag.moved(self.scene.pointer)

    def paint(self) -> None:
        surface, scene, port, moving = self.surface, self.scene, self.port, self.moving
        hidden: set[Square] = set()
        if moving is not None:
            for i, (r, c, _t) in enumerate(moving.tiles):
                if moving.kind == SETTLE or moving.progress(i, self.elapsed) < 1:
                    hidden.add((r, c))
        draw_board(surface, port, self.state, self.look, hidden)
        clip = surface.get_clip()
        surface.set_clip(port.rect)
        if moving is None:
            self._last_play()
        if scene.interactive and self.draft is not None:
            self._draft(self.draft)
        if isinstance(scene.hint, Place):
            self._hint(scene.hint)
        if scene.cursor is not None:
            rect = port.square_rect((scene.cursor[1], scene.cursor[0]))
            draw.outline(surface, self.look.colours.accent, rect.inflate(2, 2), 3, max(3, rect.width // 6))
        if moving is not None:
            self._landing(moving)
        surface.set_clip(clip)
        me = mine(self.state)
        counts = None
        if moving is not None and moving.kind == FLY and moving.seat != me:
            counts = {moving.seat: moving.hand_before - moving.launched(self.elapsed)}
        draw_strip(surface, self.table, self.state, me, self.look, counts)
        draw_bag(surface, self.table, len(self.state.bag), self.look)
        self._rack()
        if moving is not None and moving.kind == FLY:
            self._flights(moving)
        if self.drag is not None and self.dragging and scene.pointer is not None:
            size = tile_size(port) if port.rect.collidepoint(scene.pointer) else self.table.rack_tile
            blit_tile(surface, self.look.tile(self.drag.tile, size), scene.pointer, size)

    # ----- over the board -------------------------------------------------------------------------
    def _last_play(self) -> None:
        """The last play's squares keep a faint outline until the next one."""
        last = self.state.last
        if last is None or last.kind != "place":
            return
        colour = mix(self.look.palette.felt, self.look.colours.last_move, 0.55)
        for r, c, _t in last.placed:
            rect = self.port.square_rect((r, c))
            draw.outline(self.surface, colour, rect.inflate(-1, -1), 2, max(2, rect.width // 7))

    def _draft(self, d: Draft) -> None:
        surface, look, port = self.surface, self.look, self.port
        size = tile_size(port)
        tile = self.drag.tile if self.drag is not None and self.dragging else d.picked_tile
        if tile is not None and not d.exchanging:
            moved_from = self.drag.square if self.drag is not None else None
            lit = d.allowed(tile) if moved_from is None else d.allowed_instead(moved_from)
            for square in lit:
                draw.soft_dot(surface, look.palette.lit, port.center(square), port.cell * 0.2, 150)
            hover = self.scene.hover
            if hover is not None and (hover[1], hover[0]) in lit:
                image = look.ghost(tile, size, 150)
                blit_tile(surface, image, port.center((hover[1], hover[0])), size)
        for r, c, placed in d.pending:
            if self.drag is not None and self.drag.square == (r, c) and self.dragging:
                continue
            rect = port.square_rect((r, c))
            blit_tile(surface, look.tile(placed, size), rect.center, size)
            draw.outline(surface, look.colours.accent, rect.inflate(-2, -2), 3, max(3, rect.width // 6))
        preview = d.preview()
        if isinstance(preview, PlayScore):
            r, c, _t = max(d.pending)
            rect = port.square_rect((r, c))
            self._pill(f"+{preview.score}", (rect.right, rect.top), look.colours.primary)

    def _hint(self, hint: Place) -> None:
        size, look = tile_size(self.port), self.look
        for r, c, tile in hint.tiles:
            rect = self.port.square_rect((r, c))
            blit_tile(self.surface, look.ghost(tile, size, 120), rect.center, size)
            draw.outline(self.surface, look.colours.hint, rect.inflate(-2, -2), 3, max(3, rect.width // 6))

    def _landing(self, moving: Plan) -> None:
        """A person's own tiles settle; then the play's score rises over it."""
        port, look, elapsed = self.port, self.look, self.elapsed
        size = tile_size(port)
        if moving.kind == SETTLE:
            grow = 1 + 0.18 * (1 - ease_out(phase(elapsed, 0, moving.settle)))
            scaled = max(4, round(size * grow))
            for r, c, tile in moving.tiles:
                image = pygame.transform.smoothscale_by(look.tile(tile, size), scaled / size)
                blit_tile(self.surface, image, port.center((r, c)), scaled)
        rise = moving.bubble_at(elapsed)
        if rise is not None:
            r, c, _t = max(moving.tiles)
            rect = port.square_rect((r, c))
            last = moving.after.last
            colour = look.colours.accent if last is not None and last.qwirkles else look.colours.primary
            self._pill(f"+{moving.score}", (rect.right, rect.top - rise * port.cell * 0.8), colour)

    def _pill(self, text: str, center: tuple[float, float], colour: Colour) -> None:
        font, c = self.look.fonts.body_bold, self.look.colours
        width, height = font.size(text)
        pill = pygame.Rect(0, 0, width + 14, height + 4)
        pill.center = (round(center[0]), round(center[1]))
        pygame.draw.rect(self.surface, c.shadow, pill.move(2, 3), border_radius=pill.height // 2)
        pygame.draw.rect(self.surface, colour, pill, border_radius=pill.height // 2)
        draw.text(self.surface, font, text, draw.contrast_on(colour), pill.center, "center")

    # ----- the racks ------------------------------------------------------------------------------
    def _rack(self) -> None:
        surface, table, look, d = self.surface, self.table, self.look, self.draft
        me = mine(self.state)
        if me is None:
            return  # a spectator, or the curtain is up: nobody's rack
        draw_rack_wood(surface, table, look)
        tiles = d.rack if d is not None else list(self.state.hands[me])
        size = table.rack_tile
        corner = max(3, size // 6)
        for i, (tile, slot) in enumerate(zip(tiles, table.rack_slots(len(tiles)), strict=True)):
            if self.drag is not None and self.drag.index == i and self.dragging:
                draw.outline(surface, look.colours.panel_edge, slot, 2, corner)
                continue
            rect = slot.copy()
            picked = d is not None and d.picked == i and not d.exchanging
            marked = d is not None and i in d.marked
            if picked or marked:
                rect.move_ip(0, -round(size * 0.2))
            image = look.tile(tile, size)
            if self.moving is not None and i in self.moving.drawn:
                t = ease_out(self.moving.slide_in(self.elapsed))
                rect.move_ip(0, round((1 - t) * size * 1.2))
                image = image.copy()
                image.set_alpha(round(255 * t))
            blit_tile(surface, image, rect.center, size)
            if picked:
                draw.outline(surface, look.colours.accent, rect.inflate(4, 4), 3, corner)
            elif marked:
                draw.translucent_rect(surface, look.colours.shadow, rect, 120, corner)
                draw.outline(surface, look.colours.text_error, rect.inflate(4, 4), 3, corner)

    def _origin(self, seat: int, count: int, index: int) -> pygame.Rect:
        """Where the `index`-th tile to leave `seat`'s rack of `count` tiles lies (from the right)."""
        slot = max(0, count - 1 - index)
        me = mine(self.state)
        if seat == me:
            return self.table.rack_slots(max(count, 1))[slot]
        group = self.table.strip_groups(others(self.state, me))[seat]
        return self.table.strip_slots(group, max(count, 1))[slot]

    def _flights(self, moving: Plan) -> None:
        """Another player's tiles on their way from the rack, turning face up half-way."""
        look, port = self.look, self.port
        target = tile_size(port)
        for i, (r, c, tile) in enumerate(moving.tiles):
            t = moving.progress(i, self.elapsed)
            if not 0 < t < 1:
                continue
            origin = self._origin(moving.seat, moving.hand_before, i)
            e = ease_out(t)
            x0, y0 = origin.center
            x1, y1 = port.center((r, c))
            center = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e - math.sin(math.pi * t) * port.cell * 0.6)
            size = max(4, round(origin.width + (target - origin.width) * e))
            # one picture at the landing size, squeezed as it turns over (no new tile per frame)
            face = look.tile(tile, target) if t >= 0.5 else look.back(target)
            width = max(1, round(size * abs(math.cos(math.pi * t))))
            turned = pygame.transform.smoothscale(face, (width, size))
            self.surface.blit(turned, (round(center[0] - width / 2), round(center[1] - size / 2)))
