"""Where things lie on the Qwirkle table, and drawing them: the board in its viewport with its
letters, the rack of the person playing at the bottom, and the other players' racks (tiles seen
from behind) along the top.

The rack always has room for six tiles and fills from the left, so tiles do not jump about as the
hand shrinks; other players' racks are numbered like their markers in the side panel.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ludoteca.games.qwirkle.lines import LETTERS
from ludoteca.games.qwirkle.state import EMPTY, QwirkleState
from ludoteca.games.qwirkle.tile_art import QwirkleColours, back_sprite, seat_sprite, tile_sprite
from ludoteca.games.qwirkle.tiles import HIDDEN, Tile
from ludoteca.games.qwirkle.viewport import Square, Viewport
from ludoteca.i18n import ngettext
from ludoteca.kits.window import draw
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import Colours, mix

HAND = 6
#: a tile fills this much of its square
TILE_FILL = 0.92


def mine(state: QwirkleState) -> int | None:
    """The seat whose hand this view shows (the person at the screen), None for a spectator."""
    visible = [seat for seat, hand in enumerate(state.hands) if hand and HIDDEN not in hand]
    if len(visible) == 1:
        return visible[0]
    return state.turn if state.turn in visible else None


def occupied(state: QwirkleState) -> list[Square]:
    return [divmod(i, state.cols) for i, tile in enumerate(state.cells) if tile != EMPTY]


@dataclass(frozen=True)
class Table:
    """The board area cut into its parts."""

    strip: pygame.Rect  # the other players' racks
    bag: pygame.Rect  # the bag, at the end of the strip
    board: pygame.Rect  # the viewport of the board
    rack: pygame.Rect  # the rack of the person playing

    @staticmethod
    def cut(area: pygame.Rect, label: int, gap: int, bag_words: int = 0) -> Table:
        """`label`: the height of the board's letters; `bag_words`: the width of the bag's
        label ("Bag: 108 tiles"), which the bag keeps beside its picture."""
        strip_h = round(max(30, min(48, area.height * 0.07)))
        rack_h = round(max(56, min(96, area.height * 0.14)))
        bag_w = max(round(strip_h * 1.9), round(strip_h * 0.6) + 6 + bag_words + gap)
        strip = pygame.Rect(area.left, area.top, area.width - bag_w, strip_h)
        bag = pygame.Rect(strip.right, area.top, bag_w, strip_h)
        rack = pygame.Rect(area.left, area.bottom - rack_h, area.width, rack_h)
        top = strip.bottom + label + 4
        board = pygame.Rect(area.left + label + 6, top, area.width - 2 * (label + 6), rack.top - gap - top)
        return Table(strip, bag, board, rack)

    # ----- the rack -------------------------------------------------------------------------------
    @property
    def rack_tile(self) -> int:
        return round(min(self.rack.height * 0.74, (self.rack.width - 40) / (HAND + 0.9)))

    def rack_slots(self, count: int = HAND) -> list[pygame.Rect]:
        size = self.rack_tile
        gap = round(size * 0.14)
        left = self.rack.centerx - (HAND * size + (HAND - 1) * gap) / 2
        top = self.rack.bottom - size - round(self.rack.height * 0.16)
        return [pygame.Rect(round(left + i * (size + gap)), top, size, size) for i in range(count)]

    def rack_index_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The rack tile under `pos` (a little lenient above, where picked tiles are raised)."""
        for i, slot in enumerate(self.rack_slots(count)):
            if slot.inflate(6, 0).union(slot.move(0, -slot.height // 3)).collidepoint(pos):
                return i
        return None

    def rack_slot_at(self, pos: tuple[int, int]) -> int:
        """The rack position nearest `pos` (where a dragged tile is dropped to reorder the rack)."""
        slots = self.rack_slots()
        return min(range(len(slots)), key=lambda i: abs(slots[i].centerx - pos[0]))

    # ----- the other players' racks ------------------------------------------------------------------
    def strip_groups(self, seats: Sequence[int]) -> dict[int, pygame.Rect]:
        if not seats:
            return {}
        width = self.strip.width / len(seats)
        return {
            seat: pygame.Rect(
                round(self.strip.left + i * width), self.strip.top, round(width), self.strip.height
            )
            for i, seat in enumerate(seats)
        }

    def _strip_sizes(self, group: pygame.Rect) -> tuple[int, int, int, float]:
        """A group's tile size, step between tiles, marker size, and where its content starts:
        the marker then six overlapping tiles, shrunk to fit a narrow group."""
        size = round(min(group.height * 0.6, (group.width - 20) / 5.8))
        step, marker = round(size * 0.72), round(size * 1.2)
        width = marker + 8 + step * (HAND - 1) + size
        return size, step, marker, group.centerx - width / 2

    def strip_slots(self, group: pygame.Rect, count: int) -> list[pygame.Rect]:
        size, step, marker, left = self._strip_sizes(group)
        top = group.centery - size / 2
        first = left + marker + 8
        return [pygame.Rect(round(first + i * step), round(top), size, size) for i in range(count)]

    def strip_marker(self, group: pygame.Rect) -> pygame.Rect:
        _size, _step, marker, left = self._strip_sizes(group)
        rect = pygame.Rect(0, 0, marker, marker)
        rect.midleft = (round(left), group.centery)
        return rect


def others(state: QwirkleState, me: int | None) -> list[int]:
    return [seat for seat in range(state.seats) if seat != me]


# ----- drawing ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Look:
    """What the drawing functions need from the theme."""

    palette: QwirkleColours
    colours: Colours
    fonts: Fonts
    digits: bool

    def tile(self, tile: Tile, size: int) -> pygame.Surface:
        return tile_sprite(tile, size, self.palette, self.digits)

    def back(self, size: int) -> pygame.Surface:
        return back_sprite(size, self.palette)

    def ghost(self, tile: Tile, size: int, alpha: int) -> pygame.Surface:
        """A see-through tile (where the picked tile would go, a hint), as `tile` pictures it."""
        image = self.tile(tile, size).copy()
        image.set_alpha(alpha)
        return image

    def marker(self, seat: int, size: int) -> pygame.Surface:
        return seat_sprite(seat, size, self.palette, self.colours.text)


def tile_size(port: Viewport) -> int:
    return max(4, round(port.cell * TILE_FILL))


def blit_tile(surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float], side: int) -> None:
    """A tile picture of `side` pixels (its shadow below and to the right) centred on `center`."""
    surface.blit(image, (round(center[0] - side / 2), round(center[1] - side / 2)))


def draw_felt(surface: pygame.Surface, port: Viewport, look: Look, labels: bool = True) -> None:
    """The board's cloth with its grid, and the row and column letters of what is in view."""
    p = look.palette
    felt = port.board_rect
    pygame.draw.rect(surface, p.felt, felt)
    rows, cols = port.visible()
    for c in range(cols.start, cols.stop + 1):
        x = round(port.left + c * port.cell)
        if felt.left <= x <= felt.right:
            pygame.draw.line(surface, p.felt_line, (x, felt.top), (x, felt.bottom - 1))
    for r in range(rows.start, rows.stop + 1):
        y = round(port.top + r * port.cell)
        if felt.top <= y <= felt.bottom:
            pygame.draw.line(surface, p.felt_line, (felt.left, y), (felt.right - 1, y))
    pygame.draw.rect(surface, p.felt_edge, felt, width=1)
    if not labels:
        return
    font = look.fonts.small
    every = 1 if port.cell >= font.get_linesize() * 0.9 else 2
    colour = look.colours.grid_label
    for r in rows:
        if r % every == 0:
            mid_y = port.top + (r + 0.5) * port.cell
            if port.rect.top <= mid_y <= port.rect.bottom:
                draw.text(surface, font, LETTERS[r], colour, (felt.left - 8, mid_y), "midright")
    for c in cols:
        if c % every == 0:
            mid_x = port.left + (c + 0.5) * port.cell
            if port.rect.left <= mid_x <= port.rect.right:
                draw.text(surface, font, LETTERS[c], colour, (mid_x, felt.top - 4), "midbottom")


def draw_tiles(
    surface: pygame.Surface,
    port: Viewport,
    cells: Sequence[Tile],
    look: Look,
    hidden: Collection[Square] = (),
) -> None:
    """The tiles on the board in view, but those on `hidden` squares (still flying there)."""
    size = tile_size(port)
    rows, cols = port.visible()
    width = port.cols
    clip = surface.get_clip()
    surface.set_clip(port.rect)
    for r in rows:
        base = r * width
        for c in cols:
            tile = cells[base + c]
            if tile != EMPTY and (r, c) not in hidden:
                blit_tile(surface, look.tile(tile, size), port.center((r, c)), size)
    surface.set_clip(clip)


def draw_board(
    surface: pygame.Surface,
    port: Viewport,
    state: QwirkleState,
    look: Look,
    hidden: Collection[Square] = (),
    labels: bool = True,
) -> None:
    """The cloth, its letters and the tiles, drawn once into a picture that is kept until one of
    them changes: a frame then costs one blit, which keeps the window smooth while the computer
    thinks in its thread."""
    room = look.fonts.small.get_linesize() + 8 if labels else 0
    r = port.rect
    image = _board_picture(
        state.cells,
        port.rows,
        port.cols,
        (r.x, r.y, r.w, r.h),
        port.cell,
        port.left,
        port.top,
        look,
        frozenset(hidden),
        room,
    )
    surface.blit(image, (r.left - room, r.top - room))


@lru_cache(maxsize=4)
def _board_picture(
    cells: tuple[Tile, ...],
    rows: int,
    cols: int,
    rect: tuple[int, int, int, int],
    cell: float,
    left: float,
    top: float,
    look: Look,
    hidden: frozenset[Square],
    room: int,
) -> pygame.Surface:
    x, y, width, height = rect
    image = pygame.Surface((width + room, height + room), pygame.SRCALPHA)
    # the same view, moved into the picture (letters take `room` on the left and at the top)
    port = Viewport(
        pygame.Rect(room, room, width, height), rows, cols, cell, cell, left - x + room, top - y + room
    )
    draw_felt(image, port, look, labels=room > 0)
    draw_tiles(image, port, cells, look, hidden)
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def draw_rack_wood(surface: pygame.Surface, table: Table, look: Look) -> None:
    slots = table.rack_slots()
    size = table.rack_tile
    wood = pygame.Rect(0, 0, slots[-1].right - slots[0].left + size // 2, round(size * 0.42))
    wood.midbottom = (table.rack.centerx, table.rack.bottom - 2)
    pygame.draw.rect(surface, mix(look.palette.rack, (0, 0, 0), 0.4), wood.move(0, 3), border_radius=6)
    pygame.draw.rect(surface, look.palette.rack, wood, border_radius=6)
    pygame.draw.line(
        surface, look.palette.rack_edge, (wood.left + 6, wood.top + 2), (wood.right - 6, wood.top + 2), 2
    )


def bag_words(count: int) -> str:
    return ngettext("Bag: {n} tile", "Bag: {n} tiles", count).format(n=count)


def draw_bag(surface: pygame.Surface, table: Table, count: int, look: Look) -> None:
    """The bag and how many tiles it holds, said in words (on the table too, for windows whose
    side panel has no room left for it)."""
    size = round(table.bag.height * 0.6)
    icon = look.back(size)
    font = look.fonts.small_bold
    words = bag_words(count)
    left = table.bag.centerx - (size + 6 + font.size(words)[0]) / 2
    surface.blit(icon, (round(left), round(table.bag.centery - size / 2)))
    draw.text(surface, font, words, look.colours.text, (round(left + size + 6), table.bag.centery), "midleft")


def draw_strip(
    surface: pygame.Surface,
    table: Table,
    state: QwirkleState,
    me: int | None,
    look: Look,
    counts: dict[int, int] | None = None,
) -> None:
    """The other players' racks, tiles face down; the one to move is underlined in gold."""
    groups = table.strip_groups(others(state, me))
    for seat, group in groups.items():
        marker = table.strip_marker(group)
        surface.blit(look.marker(seat, marker.width), marker.topleft)
        count = counts.get(seat, len(state.hands[seat])) if counts else len(state.hands[seat])
        for slot in table.strip_slots(group, count):
            surface.blit(look.back(slot.width), slot.topleft)
        if seat == state.turn and state.ended is None:
            line = pygame.Rect(marker.left, group.bottom - 3, group.right - marker.left - 8, 3)
            line.width = min(line.width, table.strip_slots(group, HAND)[-1].right - marker.left)
            pygame.draw.rect(surface, look.colours.accent, line, border_radius=2)
