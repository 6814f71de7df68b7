"""The tray under the Robot Turtles board: the program strip, the hand, the walls and the Bug card
of the player at the screen, and the "then discard my hand" switch.

`Tray` is pure geometry (where every slot is, for drawing and for hit-testing); `TrayContents` is
what to show in it, filled by the board from the view it was given, so the tray can never show
more than that view holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window_art import (
    TurtlesColours,
    bug_card,
    card_back,
    card_face,
    ice_sprite,
    stone_sprite,
)
from ludoteca.kits.window import draw
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import Colour, Colours, mix

HAND_SLOTS = 5


def tray_owner(state: TurtlesState) -> int | None:
    """Whose tray this view may show: the one seat whose own cards it holds face up."""
    for seat, p in enumerate(state.players):
        if (p.hand and Card.UNKNOWN not in p.hand) or (p.discard and Card.UNKNOWN not in p.discard):
            return seat
    return None


def hand_slots(hand: tuple[Card, ...], pending: list[Card]) -> tuple[Card | None, ...]:
    """The hand as shown: the cards waiting in the program strip leave their slots empty."""
    slots: list[Card | None] = list(hand)
    for card in pending:
        if card in slots:
            slots[slots.index(card)] = None
    return tuple(slots)


@dataclass(frozen=True)
class Tray:
    rect: pygame.Rect
    card: tuple[int, int]
    program_caption: tuple[int, int]
    #: where cards are dropped to go into the program
    program: pygame.Rect
    hand_caption: tuple[int, int]
    hand: tuple[pygame.Rect, ...]
    stone: pygame.Rect
    ice: pygame.Rect
    bug: pygame.Rect
    discard: pygame.Rect

    @property
    def hand_row(self) -> pygame.Rect:
        """The hand and the stock beside it: where a card dragged back from the program lands."""
        return self.hand[0].unionall([*self.hand[1:], self.stone, self.ice, self.bug]).inflate(8, 8)

    def program_slots(self, count: int) -> list[pygame.Rect]:
        """Where `count` program cards stand, overlapping once the strip is full."""
        w, h = self.card
        inner = self.program.inflate(-12, -8)
        step = w + 6.0
        if count > 1 and inner.width < count * step:
            step = max(6.0, (inner.width - w) / (count - 1))
        return [pygame.Rect(round(inner.left + i * step), inner.top, w, h) for i in range(count)]

    def slot_for(self, x: int, count: int) -> int:
        """Where among `count` program cards a card dropped at `x` goes."""
        slots = self.program_slots(count)
        return sum(1 for r in slots if r.centerx < x)


def card_size(cell: float) -> tuple[int, int]:
    """Cards for board squares of `cell` pixels: a little taller than a square."""
    h = round(min(cell * 1.3, 112))
    return round(h * 0.7), h


def _pad(cell: float) -> int:
    return max(6, round(cell * 0.12))


def tray_height(cell: float, caption: int) -> int:
    """The tray's height for board squares of `cell` pixels and captions `caption` pixels high."""
    return card_size(cell)[1] * 2 + caption * 3 + _pad(cell) * 4 + 16


def tray_width(cell: float) -> int:
    """What the hand, the walls and the Bug card need side by side."""
    w = card_size(cell)[0]
    gap = max(4, round(w * 0.12))
    return (HAND_SLOTS + 3) * (w + gap) + gap * 6 + 2 * _pad(cell)


def tray_layout(rect: pygame.Rect, cell: float, caption: int) -> Tray:
    pad = _pad(cell)
    w, h = card_size(cell)
    left, y = rect.left + pad, rect.top + pad
    program_caption = (left, y)
    y += caption
    program = pygame.Rect(left, y, rect.width - 2 * pad, h + 8)
    y = program.bottom + pad
    hand_caption = (left, y)
    y += caption
    gap = max(4, round(w * 0.12))
    hand = tuple(pygame.Rect(left + i * (w + gap), y, w, h) for i in range(HAND_SLOTS))
    x = hand[-1].right + gap * 3
    stone = pygame.Rect(x, y, w, h)
    ice = pygame.Rect(stone.right + gap, y, w, h)
    bug = pygame.Rect(ice.right + gap * 3, y, w, h)
    y += h + pad
    discard = pygame.Rect(left, y, rect.width - 2 * pad, caption + 4)
    return Tray(rect, (w, h), program_caption, program, hand_caption, hand, stone, ice, bug, discard)


@dataclass
class TrayContents:
    """What the tray shows; cards the view hides are `Card.UNKNOWN` and are drawn face down."""

    program_caption: str
    hand_caption: str
    #: the program as the view shows it (or, during a run, the cards being run)
    program: tuple[Card, ...] = ()
    #: cards chosen this turn, not yet added (face up, outlined)
    pending: tuple[Card, ...] = ()
    #: during a run: the card being run now
    running: int | None = None
    #: one entry per hand slot: the card, or None for an empty slot
    hand: tuple[Card | None, ...] = ()
    owner: Colour | None = None
    stone: int = 0
    ice: int = 0
    #: None: the table plays without the Bug! option; else whether the card is still held
    bug: bool | None = None
    #: None: no switch to show (not this player's turn)
    discard: bool | None = None
    discard_label: str = ""
    #: what the player has picked up or chosen ("hand", "pending", "stone", "ice", "bug")
    lifted: tuple[str, int] | None = None
    chosen: str | None = None
    #: a line instead of the hand (hands hidden, a finished player)
    note: str = ""
    #: shown in an empty program strip
    empty_label: str = ""
    #: False: no program strip or hand, only the note (the game is over)
    strip: bool = True
    hint_cards: tuple[Card, ...] = field(default_factory=tuple)
    active: bool = True


class TrayPainter:
    """Draws a `Tray` with given `TrayContents` in the theme's colours."""

    def __init__(self, palette: TurtlesColours, colours: Colours, fonts: Fonts) -> None:
        self.palette = palette
        self.colours = colours
        self.fonts = fonts

    def card(
        self, surface: pygame.Surface, card: Card, rect: pygame.Rect, owner: Colour | None = None
    ) -> None:
        size = (rect.width, rect.height)
        if card is Card.UNKNOWN:
            surface.blit(card_back(size, self.palette, owner), rect)
        else:
            surface.blit(card_face(card, size, self.palette, self._letter_font(rect.width)), rect)

    def _letter_font(self, width: int) -> pygame.font.Font:
        return self.fonts.small_bold if width < 60 else self.fonts.body_bold

    def draw(self, surface: pygame.Surface, tray: Tray, contents: TrayContents, now: float) -> None:
        c, f, p = self.colours, self.fonts, self.palette
        draw.card(surface, tray.rect, p.tray, c.panel_edge, 10)
        draw.text(surface, f.small_bold, contents.program_caption, c.text_dim, tray.program_caption)
        if not contents.strip:
            top = tray.program.top + 4
            area = pygame.Rect(tray.program.left, top, tray.program.width, tray.rect.bottom - 4 - top)
            fits = all(f.body.size(line)[0] <= area.width for line in contents.note.split("\n"))
            draw.paragraph(surface, f.body if fits else f.small, contents.note, c.text, area)
            return
        pygame.draw.rect(surface, mix(p.tray, (255, 255, 255), 0.06), tray.program, border_radius=8)
        cards = (*contents.program, *contents.pending)
        slots = tray.program_slots(len(cards))
        lifted = contents.lifted
        for i, (card, rect) in enumerate(zip(cards, slots, strict=True)):
            pending = i >= len(contents.program)
            if pending and lifted == ("pending", i - len(contents.program)):
                continue
            done = contents.running is not None and i < contents.running
            self.card(surface, card, rect, contents.owner)
            if done:
                draw.translucent_rect(surface, p.tray, rect, 140, 6)
            if pending:
                draw.outline(surface, c.accent, rect.inflate(4, 4), 2, 8)
            if contents.running == i:
                draw.outline(surface, c.accent, rect.inflate(6, 6), 3, 8)
        if not cards and contents.empty_label:
            draw.text(surface, f.small, contents.empty_label, c.text_dim, tray.program.center, "center")
        draw.text(surface, f.small_bold, contents.hand_caption, c.text_dim, tray.hand_caption)
        if contents.note:
            row = tray.hand_row
            draw.paragraph(
                surface,
                f.small,
                contents.note,
                c.text_dim,
                pygame.Rect(row.left + 4, row.top + 8, tray.rect.width - 24, row.height),
            )
            return
        hinted = list(contents.hint_cards)
        for i, rect in enumerate(tray.hand):
            in_hand = contents.hand[i] if i < len(contents.hand) else None
            if in_hand is None or lifted == ("hand", i):
                pygame.draw.rect(surface, mix(p.tray, (255, 255, 255), 0.08), rect, 1, 8)
                continue
            self.card(surface, in_hand, rect, contents.owner)
            if in_hand in hinted:
                hinted.remove(in_hand)
                draw.outline(surface, c.hint, rect.inflate(4, 4), 2, 8)
        self._stock(surface, tray.stone, "stone", contents.stone, contents)
        self._stock(surface, tray.ice, "ice", contents.ice, contents)
        if contents.bug is not None:
            if contents.bug and lifted != ("bug", 0):
                surface.blit(bug_card((tray.bug.width, tray.bug.height), p), tray.bug)
                if contents.chosen == "bug":
                    draw.outline(surface, c.accent, tray.bug.inflate(6, 6), 3, 8)
            else:
                pygame.draw.rect(surface, mix(p.tray, (255, 255, 255), 0.08), tray.bug, 1, 8)
        if contents.discard is not None:
            self._switch(surface, tray.discard, contents.discard, contents.discard_label)
        if not contents.active:
            draw.translucent_rect(surface, p.tray, tray.hand_row, 90, 8)

    def _stock(
        self, surface: pygame.Surface, rect: pygame.Rect, kind: str, count: int, contents: TrayContents
    ) -> None:
        c, p = self.colours, self.palette
        side = rect.width
        tile = pygame.Rect(rect.left, rect.top + (rect.height - side) // 2 - 6, side, side)
        if count > 0 and contents.lifted != (kind, 0):
            sprite = stone_sprite(p.stone, side) if kind == "stone" else ice_sprite(p.ice, side)
            surface.blit(sprite, tile)
        else:
            pygame.draw.rect(surface, mix(p.tray, (255, 255, 255), 0.08), tile, 1, 6)
        draw.text(
            surface,
            self.fonts.small_bold,
            f"×{count}",
            c.text if count else c.text_dim,
            (rect.centerx, tile.bottom + 4),
            "midtop",
        )
        if contents.chosen == kind:
            draw.outline(surface, c.accent, tile.inflate(6, 6), 3, 8)

    def _switch(self, surface: pygame.Surface, rect: pygame.Rect, on: bool, label: str) -> None:
        c = self.colours
        box = pygame.Rect(rect.left, rect.top + (rect.height - 16) // 2, 16, 16)
        pygame.draw.rect(surface, c.accent if on else c.button, box, border_radius=3)
        pygame.draw.rect(surface, c.button_edge, box, 1, border_radius=3)
        if on:
            pygame.draw.lines(
                surface,
                c.primary_text,
                False,
                [
                    (box.left + 3, box.centery),
                    (box.centerx - 1, box.bottom - 4),
                    (box.right - 3, box.top + 3),
                ],
                2,
            )
        text = draw.ellipsize(self.fonts.small, label, rect.width - 26)
        draw.text(
            surface,
            self.fonts.small,
            text,
            c.text if on else c.text_dim,
            (box.right + 8, rect.centery),
            "midleft",
        )

    def lifted(
        self, surface: pygame.Surface, tray: Tray, what: str, card: Card | None, pointer: tuple[int, int]
    ) -> None:
        """What the player drags, under the mouse."""
        w, h = tray.card
        wall = what in ("stone", "ice")
        rect = pygame.Rect(0, 0, w, w if wall else h)  # a wall is a square block, a card is taller
        rect.center = pointer
        draw.translucent_rect(surface, (0, 0, 0), rect.move(4, 6), 80, 8)
        if what in ("hand", "pending") and card is not None:
            self.card(surface, card, rect)
        elif what == "bug":
            surface.blit(bug_card((w, h), self.palette), rect)
        elif what in ("stone", "ice"):
            sprite = (
                stone_sprite(self.palette.stone, w) if what == "stone" else ice_sprite(self.palette.ice, w)
            )
            surface.blit(sprite, sprite.get_rect(center=pointer))
