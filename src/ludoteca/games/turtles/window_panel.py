"""What the Robot Turtles board writes: the tray's contents, the side panel (each player's program
length, walls and Bug card, who finished when, each round's points), the end screen's points by
round, and the card shown over the board when a round ends.

The side panel gets what room the window leaves under the players (four players at 800×600 leave
three lines): it takes the roomiest of its layouts that fits, down to a grid of compact cells
(`window_compact`), so that every player and the round are always shown.

Everything is read from the view the board was given, so nothing here can show a secret.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ludoteca.games.turtles.cards import Card
from ludoteca.games.turtles.rules import round_points, seat_names
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window_compact import PanelLook, Piece, Pieces, lay, ordinal, span
from ludoteca.games.turtles.window_replay import Beat
from ludoteca.games.turtles.window_tray import Tray, TrayContents, hand_slots, tray_owner
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.grid import Grid


class TurtlesBoard(PanelLook, Protocol):
    """What these painters read from the board: its look (`PanelLook`, and its grid), and the
    player's choices this turn."""

    grid: Grid
    #: the board's part of the window, the tray under the squares
    area: pygame.Rect
    tray: Tray
    pending: list[Card]
    #: what the mouse holds (`window._Held`: kind, index), or None
    held: Any
    chosen: str | None
    discard: bool


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


#: one place in the panel — the fit checker's name for it (a seat's name, "round", "round 2") —
#: and the pieces drawn there
Cell = tuple[str, list[Piece]]


@dataclass(frozen=True)
class _Layout:
    """One way to lay the panel out: the players, one or two cells a row (`gap` between the
    columns), then the round's line and the finished rounds, one a row."""

    players: list[list[Cell]]
    lines: list[Cell]
    gap: int = 10

    @property
    def rows(self) -> int:
        return len(self.players) + len(self.lines)

    def columns(self) -> list[int]:
        """The width each column of player cells needs."""
        count = max((len(row) for row in self.players), default=0)
        return [max(span(row[i][1]) for row in self.players if i < len(row)) for i in range(count)]

    def width(self) -> int:
        columns = self.columns()
        grid = sum(columns) + self.gap * (len(columns) - 1) if columns else 0
        return max([grid, *(span(pieces) for _where, pieces in self.lines)])


class PanelPainter:
    """The board's lines in the side panel and on the end screen."""

    def __init__(self, board: TurtlesBoard) -> None:
        self.board = board
        self.pieces = Pieces(board)
        self.tight = Pieces(board, tight=True)
        #: the last plan and what it was made for (see `_plan`)
        self._planned: tuple[Any, tuple[_Layout, tuple[pygame.Rect, list[Cell]] | None]] | None = None

    def _line(self) -> int:
        return self.board.fonts.small.get_linesize() + 2

    def _rows_height(self, rows: int) -> int:
        # the last row needs no air under it
        return rows * self._line() - 2

    def height(self, state: TurtlesState) -> int:
        lines = state.seats + (1 + len(state.past_rounds) if state.rounds > 1 else 0)
        return lines * self._line() + 4

    # ----- the ways to lay the panel out ----------------------------------------------------------
    def _layouts(self, state: TurtlesState, width: int) -> Iterator[_Layout]:
        """Roomiest first: one full line a player with the finished rounds in words; then two
        cells a row, named, then badged, each finished round on a row of badges and points; last,
        the finished rounds as arrival orders on the round's own line (a small window, four
        players, the third round), in tighter pieces and with the round's number shortened if
        need be."""
        names = seat_names(state.seats)

        def grid(pieces: Pieces, named: bool, gap: int) -> list[list[Cell]]:
            room = (width - gap) // 2
            cells = [
                (
                    names[seat],
                    pieces.arrived(seat, state, named=named, words=False)
                    if seat in state.arrivals
                    else pieces.stock(seat, state, named=named, words=False, room=room),
                )
                for seat in range(state.seats)
            ]
            return [cells[i : i + 2] for i in range(0, len(cells), 2)]

        full = [
            [
                (
                    names[seat],
                    self.pieces.arrived(seat, state, named=True, words=True)
                    if seat in state.arrivals
                    else self.pieces.stock(seat, state, named=True, words=True, room=width),
                )
            ]
            for seat in range(state.seats)
        ]
        yield _Layout(full, self._heading(state, self.pieces) + self._rounds_in_words(state, width))
        rounds = [
            (f"round {i + 1}", self.pieces.round_row(state, i, order))
            for i, order in enumerate(state.past_rounds)
            if state.rounds > 1
        ]
        for named in (True, False):
            yield _Layout(grid(self.pieces, named, 10), self._heading(state, self.pieces) + rounds)
        headings = [
            self._heading(state, self.pieces, inline=True),
            self._heading(state, self.tight, inline=True),
            self._heading(state, self.tight, short=True, inline=True),
        ]
        for players, gap in ((grid(self.pieces, False, 10), 10), (grid(self.tight, False, 6), 6)):
            for heading in headings:
                yield _Layout(players, heading, gap)

    def _heading(
        self, state: TurtlesState, pieces: Pieces, short: bool = False, inline: bool = False
    ) -> list[Cell]:
        """The round's line ("Round 2 of 3"), with, `inline`, each finished round's arrival order."""
        if state.rounds <= 1:
            return []
        text = _("Round {n}/{total}") if short else _("Round {n} of {total}")
        line = [
            pieces.text(
                text.format(n=state.round, total=state.rounds),
                bold=True,
                colour=self.board.colours.accent,
                gap=8,
            )
        ]
        if inline:
            line += [pieces.arrival_order(order, 6) for order in state.past_rounds]
        return [("round", line)]

    def _rounds_in_words(self, state: TurtlesState, width: int) -> list[Cell]:
        if state.rounds <= 1:
            return []
        rows = []
        with fit.paused():  # only measuring: a layout that does not fit is not drawn
            wrapped = self._rounds_wrapped(state, width)
        for index, lines in enumerate(wrapped):
            rows += [(f"round {index + 1}", [self.pieces.text(text)]) for text in lines]
        return rows

    def _fits(self, layout: _Layout, rect: pygame.Rect) -> bool:
        return self._rows_height(layout.rows) <= rect.height and layout.width() <= rect.width

    def _choose(self, state: TurtlesState, rect: pygame.Rect) -> tuple[_Layout, bool]:
        """The roomiest layout that fits `rect`, and whether the round's lines go beside the board
        instead: when the players' cells alone fill the panel (four players, and the game's
        options taking two lines above them, at 800×600). The tightest layout when nothing fits."""
        layouts = list(self._layouts(state, rect.width))
        for layout in layouts:
            if self._fits(layout, rect):
                return layout, False
        for layout in layouts[1:]:  # the grids, without the round's lines
            players = _Layout(layout.players, [], layout.gap)
            if self._fits(players, rect):
                return players, True
        return layouts[-1], False

    def _aside(self, state: TurtlesState) -> tuple[pygame.Rect, list[Cell]]:
        """Where beside the board the round's lines go when the panel has no room for them (the
        board's coordinates are on its other sides, the tray is under it), and those lines: the
        round's number, then each finished round's arrival order, one a line."""
        board = self.board
        grid = board.grid.rect
        column = pygame.Rect(grid.right + 10, grid.top, board.area.right - grid.right - 10, 0)
        column.height = board.tray.rect.top - 4 - grid.top
        for pieces in (self.pieces, self.tight):
            for short in (False, True):
                heading = self._heading(state, pieces, short)
                orders = [
                    (f"round {i + 1}", [pieces.arrival_order(order)])
                    for i, order in enumerate(state.past_rounds)
                ]
                lines = heading + orders
                if max(span(p) for _where, p in lines) <= column.width:
                    return column, lines
        return column, lines

    # ----- drawing ------------------------------------------------------------------------------
    def _plan(
        self, state: TurtlesState, rect: pygame.Rect
    ) -> tuple[_Layout, tuple[pygame.Rect, list[Cell]] | None]:
        """The layout for `rect`, and the round's lines beside the board if they go there.

        Measuring every layout costs more than drawing one, and the panel is drawn 60 times a
        second: the plan is kept until something it depends on changes — what the panel shows
        of the state, the room, the board's place, the look, the language."""
        board = self.board
        key = (
            tuple(
                (len(p.program), p.stone_walls, p.ice_walls, p.has_bug, p.bugged_by) for p in state.players
            ),
            (state.arrivals, state.round, state.rounds, state.past_rounds, state.bug_option),
            tuple(rect),
            tuple(board.grid.rect),
            tuple(board.area),
            tuple(board.tray.rect),
            (id(board.fonts), id(board.colours), id(board.palette)),
            _("program {n}"),
        )
        if self._planned is None or self._planned[0] != key:
            layout, aside = self._choose(state, rect)
            self._planned = (key, (layout, self._aside(state) if aside else None))
        return self._planned[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: TurtlesState) -> int:
        layout, aside = self._plan(state, rect)
        if layout.width() > rect.width:  # a window below the smallest size: say so
            fit.misfit("turtles panel", "is wider than its room", layout.width(), rect.width)
        height = self._draw_rows(surface, rect, layout)
        if aside is not None:
            column, lines = aside
            self._draw_rows(surface, column, _Layout([], lines))
        return height

    def _draw_rows(self, surface: pygame.Surface, rect: pygame.Rect, layout: _Layout) -> int:
        line, text_h = self._line(), self.board.fonts.small.get_linesize()
        columns = layout.columns()
        # two columns share the width evenly when they can, so the second starts at the middle
        even = len(columns) > 1 and all(w <= rect.width // len(columns) for w in columns)
        rows: list[list[Cell]] = [*layout.players, *([cell] for cell in layout.lines)]
        y = rect.top
        for index, row in enumerate(rows):
            if y + line > rect.bottom + 2:
                # even the tightest layout does not fit (a window below the smallest size): the
                # fit checker hears of every place left out, nothing goes silently
                for where, pieces in (cell for left in rows[index:] for cell in left):
                    fit.misfit(where, "is dropped: no room for its line", span(pieces), rect.bottom - y)
                break
            x = rect.left
            for column, (where, pieces) in enumerate(row):
                if index < len(layout.players) and len(columns) > 1:
                    width = rect.width // len(columns) if even else columns[column] + layout.gap
                else:
                    width = rect.width
                if span(pieces) > width:
                    fit.misfit(where, "is wider than its room", span(pieces), width)
                with fit.inside(pygame.Rect(x, y, min(width, rect.right - x), text_h), where):
                    lay(surface, pieces, x, y)
                x += width
            y += line
        return y - rect.top

    def _rounds_wrapped(self, state: TurtlesState, width: int) -> list[list[str]]:
        """Each finished round's points, wrapped to `width` (four players may need two lines)."""
        font = self.board.fonts.small
        return [
            draw.wrap(font, round_line(state, i, order), width) for i, order in enumerate(state.past_rounds)
        ]

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
