"""What the Robot Turtles board writes: the tray's contents, the side panel (each player's program
length, walls and Bug card, who finished when, each round's points), the end screen's points by
round, and the card shown over the board when a round ends.

Everything is read from the view the board was given, so nothing here can show a secret.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.rules import round_points, seat_names
from ludoteca.games.turtles.state import PlayerState, TurtlesState
from ludoteca.games.turtles.window_art import TurtlesColours, bug_card, ice_sprite, stone_sprite
from ludoteca.games.turtles.window_replay import Beat
from ludoteca.games.turtles.window_tray import TrayContents, hand_slots, tray_owner
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid import Grid
from ludoteca.kits.window.theme import Colours


class TurtlesBoard(Protocol):
    """What these painters read from the board: its look, and the player's choices this turn."""

    fonts: Fonts
    colours: Colours
    palette: TurtlesColours
    grid: Grid
    pending: list[Card]
    #: what the mouse holds (`window._Held`: kind, index), or None
    held: Any
    chosen: str | None
    discard: bool

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None: ...


def ordinal(rank: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(rank, _("{n}th").format(n=rank))


def tray_contents(board: TurtlesBoard, state: TurtlesState, beat: Beat | None) -> TrayContents:
    names = seat_names(state.seats)
    owner = tray_owner(state)
    colour = board.palette.turtles[owner % 4] if owner is not None else None
    mine = owner is not None and owner == state.to_play and beat is None
    last = state.last
    if beat is not None and last is not None:
        cards = tuple(step.card for step in last.steps)
        running = beat.index if beat.index >= 0 else None
        if running is None:
            caption = ngettext("{name} ran {n} card", "{name} ran {n} cards", len(cards)).format(
                name=names[last.seat], n=len(cards)
            )
        else:
            caption = _("{name} runs the program: card {i} of {n}").format(
                name=names[last.seat], i=running + 1, n=len(cards)
            )
        contents = TrayContents(caption, _("Your hand"), program=cards, running=running, owner=colour)
    elif owner is not None:
        program = state.players[owner].program
        n = len(program)
        caption = ngettext("Your program: {n} card", "Your program: {n} cards", n).format(n=n)
        if n and Card.UNKNOWN in program:
            caption += " " + _("(face down: remember it!)")
        contents = TrayContents(
            caption,
            _("Your hand") if mine or state.to_play is None else _("Your hand (wait for your turn)"),
            program=program,
            owner=colour,
            empty_label=_("Drag cards here") if mine else "",
        )
    else:
        return _spectator(state, names)
    if owner is None:
        return contents
    me = state.players[owner]
    if not state.still_playing(owner):
        # not before the replay has shown it happen
        rank = state.arrivals.index(owner) + 1 if owner in state.arrivals and beat is None else 0
        contents.note = _("You reached a jewel: {rank}.").format(rank=ordinal(rank)) if rank else " "
        return contents
    contents.hand = hand_slots(me.hand, board.pending if mine else [])
    contents.pending = tuple(board.pending) if mine else ()
    contents.stone, contents.ice = me.stone_walls, me.ice_walls
    contents.bug = me.has_bug if state.bug_option else None
    contents.active = mine
    if mine:
        contents.discard = board.discard
        contents.discard_label = _("Then discard the rest of my hand")
        held = board.held
        contents.lifted = (held.kind, held.index if held.kind in ("hand", "pending") else 0) if held else None
        contents.chosen = board.chosen
    return contents


def round_line(state: TurtlesState, index: int, order: tuple[int, ...]) -> str:
    """One round's arrivals, first to last, with the points each earned in a three-round game."""
    names = seat_names(state.seats)
    if state.rounds <= 1:
        parts = ", ".join(f"{ordinal(rank)} {names[s]}" for rank, s in enumerate(order, start=1))
    else:
        gained = round_points(order, state.seats)
        parts = " · ".join(f"{names[s]} +{gained[s]}" for s in order)
    return _("Round {n}: {points}").format(n=index + 1, points=parts)


def _spectator(state: TurtlesState, names: tuple[str, ...]) -> TrayContents:
    """No player's secrets: whose turn it is and how long their program is, or the rounds' order."""
    seat = state.to_play
    if seat is None:
        lines = [round_line(state, i, order) for i, order in enumerate(state.past_rounds)]
        return TrayContents(_("Arrival order"), "", note="\n".join(lines), strip=False)
    n = len(state.players[seat].program)
    caption = ngettext("{name}'s program: {n} card", "{name}'s program: {n} cards", n).format(
        name=names[seat], n=n
    )
    return TrayContents(
        caption,
        _("{name}'s hand").format(name=names[seat]),
        program=(Card.UNKNOWN,) * n,
        note=_("Hands stay hidden until {name} takes the screen.").format(name=names[seat]),
    )


class PanelPainter:
    """The board's lines in the side panel and on the end screen."""

    def __init__(self, board: TurtlesBoard) -> None:
        self.board = board

    def _line(self) -> int:
        return self.board.fonts.small.get_linesize() + 2

    def height(self, state: TurtlesState) -> int:
        lines = state.seats + (1 + len(state.past_rounds) if state.rounds > 1 else 0)
        return lines * self._line() + 4

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: TurtlesState) -> int:
        f, c = self.board.fonts, self.board.colours
        names = seat_names(state.seats)
        y, line = rect.top, self._line()
        for seat, p in enumerate(state.players):
            if y + line > rect.bottom + 2:
                break
            self.board.draw_seat_marker(surface, (rect.left + 9, y + line / 2), 7, seat)
            x = rect.left + 22
            if seat in state.arrivals:
                text = _("{name}: reached a jewel, {rank}").format(
                    name=names[seat], rank=ordinal(state.arrivals.index(seat) + 1)
                )
                draw.text(
                    surface, f.small, draw.ellipsize(f.small, text, rect.width - 24), c.text_dim, (x, y)
                )
            else:
                self._stock_line(surface, (x, y), rect.right, names[seat], p, state.bug_option)
            y += line
        if state.rounds > 1 and y + line <= rect.bottom + 2:
            draw.text(
                surface,
                f.small_bold,
                _("Round {n} of {total}").format(n=state.round, total=state.rounds),
                c.accent,
                (rect.left, y),
            )
            y += line
        for lines in self._rounds_wrapped(state, rect.width) if state.rounds > 1 else []:
            if y + line * len(lines) > rect.bottom + 2:  # whole rounds only
                break
            for text in lines:
                draw.text(surface, f.small, text, c.text_dim, (rect.left, y))
                y += line
        return y - rect.top

    def _rounds_wrapped(self, state: TurtlesState, width: int) -> list[list[str]]:
        """Each finished round's points, wrapped to `width` (four players may need two lines)."""
        font = self.board.fonts.small
        return [
            draw.wrap(font, round_line(state, i, order), width) for i, order in enumerate(state.past_rounds)
        ]

    def _stock_line(
        self, surface: pygame.Surface, at: tuple[int, int], right: int, name: str, p: PlayerState, bug: bool
    ) -> None:
        """ "Red  program 4  [stone] 3  [ice] 2  [Bug]": the public part of a player's game."""
        f, c, palette = self.board.fonts, self.board.colours, self.board.palette
        x, y = at
        line = f.small.get_linesize()
        x = draw.text(surface, f.small_bold, name, c.text_dim, (x, y)).right + 8
        x = (
            draw.text(surface, f.small, _("program {n}").format(n=len(p.program)), c.text_dim, (x, y)).right
            + 10
        )
        icon = line - 4
        for sprite, count in (
            (stone_sprite(palette.stone, icon), p.stone_walls),
            (ice_sprite(palette.ice, icon), p.ice_walls),
        ):
            surface.blit(sprite, (x, y + 2))
            x = draw.text(surface, f.small, str(count), c.text_dim, (x + icon + 3, y)).right + 8
        if p.bugged_by is not None:
            words = _("runs backwards")
            if f.small.size(words)[0] <= right - x:
                draw.text(surface, f.small, words, c.accent, (x, y))
            else:  # no room for the words: the Bug card lying on the program, ringed
                card = bug_card((round(icon * 0.72), icon), palette)
                surface.blit(card, (x, y + 2))
                draw.outline(surface, c.accent, card.get_rect(topleft=(x, y + 2)).inflate(4, 4), 2, 3)
        elif bug and p.has_bug:
            surface.blit(bug_card((round(icon * 0.72), icon), palette), (x, y + 2))

    def rounds(self, surface: pygame.Surface, rect: pygame.Rect, state: TurtlesState) -> int:
        """Each round's points, for the end screen (nothing to add to a one-round game's ranks)."""
        if state.rounds <= 1 or not state.past_rounds:
            return 0
        f, c = self.board.fonts, self.board.colours
        y, line = rect.top, self._line()
        rounds = self._rounds_wrapped(state, rect.width)
        if rect.height >= (sum(map(len, rounds)) + 1) * line:  # a heading when all fits
            draw.text(surface, f.small_bold, _("Points by round"), c.text_dim, (rect.left, y))
            y += line
        for lines in rounds:  # whole rounds only: a round's points are never split
            if y + line * len(lines) > rect.bottom + 2:
                break
            for text in lines:
                draw.text(surface, f.small, text, c.text, (rect.left, y))
                y += line
        return y - rect.top

    def round_over(self, surface: pygame.Surface, state: TurtlesState, t: float) -> None:
        """The card over the board at the end of a round: who arrived when, and the points."""
        if not state.past_rounds:
            return
        board = self.board
        f, c, g = board.fonts, board.colours, board.grid
        names = seat_names(state.seats)
        order = state.past_rounds[-1]
        number = len(state.past_rounds)
        gained = round_points(order, state.seats)
        lines = [
            f"{ordinal(rank)}  {names[s]}" + (f"  +{gained[s]}" if state.rounds > 1 else "")
            for rank, s in enumerate(order, start=1)
        ]
        title = _("Round {n} is over").format(n=number) if state.rounds > 1 else _("The race is over")
        width = max(f.title.size(title)[0], *(f.body.size(x)[0] for x in lines)) + 60
        height = f.title.get_linesize() + len(lines) * (f.body.get_linesize() + 4) + 40
        rect = pygame.Rect(0, 0, width, height)
        rect.center = g.rect.center
        draw.translucent_rect(surface, c.status, rect, round(230 * t), 12)
        draw.outline(surface, c.accent, rect, 2, 12)
        y = rect.top + 16
        draw.text(surface, f.title, title, c.text, (rect.centerx, y), "midtop")
        y += f.title.get_linesize() + 6
        for s, text in zip(order, lines, strict=True):
            board.draw_seat_marker(surface, (rect.left + 30, y + f.body.get_linesize() / 2), 9, s)
            draw.text(surface, f.body, text, c.text, (rect.left + 48, y))
            y += f.body.get_linesize() + 4


__all__ = ["PanelPainter", "ordinal", "tray_contents"]
