"""The side panel's lines as rows of pieces — a seat's turtle and name or its badge, a text, an
icon — measured before anything is drawn, so the panel can choose, for the room it has, between
one full line a player and a compact grid of cells without dropping anyone.

A compact cell keeps everything public about a player: who (the seat's name, or where there is
no room for it the initial its turtle wears, on a badge of its colour), a face-down card with the
program's length, the stone and ice walls left, and the Bug card (ringed when it lies on this
player's program); an arrived player's cell shows a jewel and the rank instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from ludoteca.games.turtles.rules import round_points, seat_names
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window_art import (
    TurtlesColours,
    bug_card,
    card_back,
    ice_sprite,
    jewel_sprite,
    seat_badge,
    stone_sprite,
)
from ludoteca.games.turtles.window_table import initials
from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import Colour, Colours


class PanelLook(Protocol):
    """What the pieces read from the board (window_panel's `TurtlesBoard` extends it): declared
    here, so that the panel imports the pieces and nothing imports the panel back."""

    fonts: Fonts
    colours: Colours
    palette: TurtlesColours

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None: ...


#: paints a piece with its left edge at x on the line whose top is y
Paint = Callable[[pygame.Surface, int, int], None]


@dataclass(frozen=True)
class Piece:
    width: int
    paint: Paint
    #: the room left after it, before the next piece
    gap: int = 0


def span(pieces: Sequence[Piece]) -> int:
    """How wide a line of `pieces` is."""
    return sum(p.width + p.gap for p in pieces) - (pieces[-1].gap if pieces else 0)


def lay(surface: pygame.Surface, pieces: Sequence[Piece], x: int, y: int) -> None:
    for piece in pieces:
        piece.paint(surface, x, y)
        x += piece.width + piece.gap


def ordinal(rank: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(rank, _("{n}th").format(n=rank))


class Pieces:
    """The pieces of the panel's lines, in the board's fonts and colours; `tight`: smaller icons
    and less air between pieces, for the narrowest panel (800×600 in French, four players)."""

    def __init__(self, board: PanelLook, tight: bool = False) -> None:
        self.board = board
        self.tight = tight

    @property
    def icon(self) -> int:
        """An icon's side: the small font's line less a little air above and below."""
        return self.board.fonts.small.get_linesize() - (6 if self.tight else 4)

    def _gap(self, gap: int) -> int:
        # tight: an icon keeps its count close, and the count keeps the next icon at a distance
        if not self.tight or not gap:
            return gap
        return 1 if gap <= 3 else round(gap * 0.75)

    # ----- the kinds of piece -----------------------------------------------------------------
    def text(self, text: str, *, bold: bool = False, colour: Colour | None = None, gap: int = 0) -> Piece:
        f = self.board.fonts
        font = f.small_bold if bold else f.small
        ink = colour if colour is not None else self.board.colours.text_dim

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            draw.text(surface, font, text, ink, (x, y))

        return Piece(font.size(text)[0], paint, self._gap(gap))

    def picture(self, image: pygame.Surface, *, gap: int = 0, ringed: bool = False) -> Piece:
        """An icon, centred on the line; `ringed` in the accent colour (a Bug card at work)."""
        line = self.board.fonts.small.get_linesize()
        accent = self.board.colours.accent
        # the ring is drawn 2 px outside the icon: keep that room on both sides
        pad = 2 if ringed else 0

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            rect = surface.blit(image, (x + pad, y + (line - image.get_height()) // 2))
            if ringed:
                draw.outline(surface, accent, rect.inflate(4, 4), 2, 3)

        return Piece(image.get_width() + 2 * pad, paint, self._gap(gap))

    def badge(self, seat: int, gap: int = 0) -> Piece:
        """The seat's initial, light on a tag of its colour."""
        font = self.board.fonts.small_bold
        letter = initials(seat_names(4))[seat % 4]
        height = self.icon + 2
        width = max(height, font.size(letter)[0] + (4 if self.tight else 6))
        tag = seat_badge(self.board.palette.turtles[seat % 4], (width, height))
        line = self.board.fonts.small.get_linesize()

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            rect = surface.blit(tag, (x, y + (line - height) // 2))
            draw.text(surface, font, letter, (250, 250, 245), rect.center, "center")

        return Piece(width, paint, self._gap(gap))

    def turtle(self, seat: int, gap: int = 0) -> Piece:
        """The seat's turtle, as the full lines start."""
        line = self.board.fonts.small.get_linesize()

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            self.board.draw_seat_marker(surface, (x + 9, y + line / 2 + 1), 7, seat)

        return Piece(18, paint, self._gap(gap))

    # ----- lines and cells --------------------------------------------------------------------
    def stock(self, seat: int, state: TurtlesState, *, named: bool, words: bool, room: int) -> list[Piece]:
        """A player still racing: "Blue  program 4  [stone] 3  [ice] 2  [Bug]" in `words`, else
        "Blue [card] 4 [stone] 3 [ice] 2 [Bug]", or, not `named`, the same after the seat's badge;
        a Bug card lying on the program says "runs backwards" when the line has `room` for the
        words, else shows ringed."""
        board, icon = self.board, self.icon
        p = state.players[seat]
        palette = board.palette
        space = 8 if words else 5
        if named:
            name = seat_names(state.seats)[seat]
            pieces = [self.turtle(seat, 4), self.text(name, bold=True, gap=8 if words else 6)]
        else:
            pieces = [self.badge(seat, 5)]
        if words:
            pieces.append(self.text(_("program {n}").format(n=len(p.program)), gap=10))
        else:
            card = card_back((round(icon * 0.72), icon), palette, palette.turtles[seat % 4])
            pieces += [self.picture(card, gap=2), self.text(str(len(p.program)), gap=6)]
        for sprite, count in (
            (stone_sprite(palette.stone, icon), p.stone_walls),
            (ice_sprite(palette.ice, icon), p.ice_walls),
        ):
            pieces += [self.picture(sprite, gap=3), self.text(str(count), gap=space)]
        bug = bug_card((round(icon * 0.72), icon), palette)
        if p.bugged_by is not None:
            saying = self.text(_("runs backwards"), colour=board.colours.accent)
            if sum(q.width + q.gap for q in pieces) + saying.width <= room:
                pieces.append(saying)
            else:  # no room for the words: the Bug card lying on the program, ringed
                pieces.append(self.picture(bug, ringed=True))
        elif state.bug_option and p.has_bug:
            pieces.append(self.picture(bug))
        return pieces

    def arrived(self, seat: int, state: TurtlesState, *, named: bool, words: bool) -> list[Piece]:
        """A player whose turtle reached a jewel this round, and when."""
        rank = ordinal(state.arrivals.index(seat) + 1)
        name = seat_names(state.seats)[seat]
        if words:
            text = _("{name}: reached a jewel, {rank}").format(name=name, rank=rank)
            return [self.turtle(seat, 4), self.text(text)]
        jewel = jewel_sprite(self.board.palette.jewel, self.icon + 2)
        who = [self.turtle(seat, 4), self.text(name, bold=True, gap=6)] if named else [self.badge(seat, 5)]
        return [*who, self.picture(jewel, gap=3), self.text(rank)]

    def round_row(self, state: TurtlesState, index: int, order: tuple[int, ...]) -> list[Piece]:
        """A finished round on one line: "Round 1: [B] +3 [R] +2 [G] +1 [P] +0", first to last."""
        # the label is the full line's own sentence without its points, so it needs no words of its own
        label = _("Round {n}: {points}").format(n=index + 1, points="").rstrip()
        gained = round_points(order, state.seats)
        pieces = [self.text(label, gap=6)]
        for seat in order:
            pieces += [self.badge(seat, 2), self.text(f"+{gained[seat]}", gap=8)]
        return pieces

    def arrival_order(self, order: tuple[int, ...], gap: int = 0) -> Piece:
        """A finished round as its arrival order alone — badges first to last on a dark tag —
        for a line that must also hold the round's number."""
        badges = [self.badge(seat, 2) for seat in order]
        pad = 2 if self.tight else 3
        width = span(badges) + 2 * pad
        line = self.board.fonts.small.get_linesize()
        shade = self.board.colours.status

        def paint(surface: pygame.Surface, x: int, y: int) -> None:
            pygame.draw.rect(surface, shade, (x, y, width, line), border_radius=4)
            lay(surface, badges, x + pad, y)

        return Piece(width, paint, self._gap(gap))


__all__ = ["Piece", "Pieces", "lay", "ordinal", "span"]
