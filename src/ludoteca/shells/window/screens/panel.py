"""The board screen's layout and its side panel: players, the game's own panel, the move list."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.board import GameBoard, MovePicture, MovePiece
from ludoteca.kits.window.theme import Colour
from ludoteca.match import GameInPlay
from ludoteca.shells.options import options_in_words
from ludoteca.shells.window.app import App

BUTTON_ROWS = 4


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    #: the one-line bar under the board that says what is happening
    status: pygame.Rect
    #: where the board's own buttons (and Pass) line up from the right: the status bar itself,
    #: or, when the board is too narrow to share it, a strip of their own above it
    actions: pygame.Rect
    panel: pygame.Rect
    #: Undo, Redo, Hint, Save, Rules, Resign, Menu
    buttons: tuple[pygame.Rect, ...]


#: the board column narrower than this (at 1280×800's scale) gives its buttons a strip of their own
SHARED_STATUS_WIDTH = 820


def layout_for(app: App, actions: bool = False) -> Layout:
    """The board screen's rectangles; `actions`: the board has buttons of its own."""
    w, h = app.size
    s = app.theme.sizes
    panel_w = round(max(s.panel_min, min(s.panel_max, w * 0.3)))
    panel = pygame.Rect(w - panel_w - s.margin, s.margin, panel_w, h - 2 * s.margin)
    # two lines of the small font fit the status bar, for a long sentence in a narrow window
    status_h = max(s.status_height, 2 * app.fonts.small.get_linesize() + 4)
    board_w = w - panel_w - 3 * s.margin
    strip = actions and board_w < app.theme.px(SHARED_STATUS_WIDTH)
    strip_h = s.button_height + s.gap if strip else 0
    board = pygame.Rect(s.margin, s.margin, board_w, h - 2 * s.margin - status_h - s.gap - strip_h)
    status = pygame.Rect(s.margin, h - s.margin - status_h, board_w, status_h)
    action_row = pygame.Rect(s.margin, board.bottom + s.gap, board_w, s.button_height) if strip else status
    pad = s.gap + 6
    bw = (panel.width - 2 * pad - s.gap) // 2
    bh = s.button_height
    top = panel.bottom - pad - BUTTON_ROWS * bh - (BUTTON_ROWS - 1) * s.gap
    buttons = []
    for i in range(6):
        row, col = divmod(i, 2)
        buttons.append(pygame.Rect(panel.left + pad + col * (bw + s.gap), top + row * (bh + s.gap), bw, bh))
    buttons.append(pygame.Rect(panel.left + pad, top + 3 * (bh + s.gap), panel.width - 2 * pad, bh))
    return Layout(board, status, action_row, panel, tuple(buttons))


def spinner(
    surface: pygame.Surface,
    colour: tuple[int, int, int],
    center: tuple[float, float],
    radius: float,
    now: float,
) -> None:
    angle = (now / 1000.0) * 2 * math.pi
    rect = pygame.Rect(0, 0, round(radius * 2), round(radius * 2))
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.arc(surface, colour, rect, -angle, -angle + math.pi * 1.3, 3)


class PanelHost(Protocol):
    """What the side panel reads from the board screen."""

    app: App
    board: Any
    layout: Layout
    match: GameInPlay

    @property
    def depth(self) -> int:
        """How deep the computer's search has got."""

    def thinking(self) -> bool: ...

    def shown_moves(self) -> list[str]: ...

    def view(self) -> Any: ...


def draw_panel(screen: PanelHost, surface: pygame.Surface, now: float) -> None:
    c, s = screen.app.theme.colours, screen.app.theme.sizes
    p = screen.layout.panel
    draw.card(surface, p, c.panel, c.panel_edge, s.corner + 4, shadow=c.shadow)
    with fit.inside(p, "side panel"):
        _draw_panel(screen, surface, now)


def _draw_panel(screen: PanelHost, surface: pygame.Surface, now: float) -> None:
    app, match, board = screen.app, screen.match, screen.board
    c, fonts, s, px = app.theme.colours, app.fonts, app.theme.sizes, app.theme.px
    layout = screen.layout
    p = layout.panel
    pad = s.gap + 6
    x, w = p.left + pad, p.width - 2 * pad
    y = p.top + pad
    game, state = match.game, screen.view()
    draw.text(surface, fonts.body_bold, _(game.info.title), c.text, (x, y))
    y += fonts.body.get_linesize()
    kind = options_in_words(game, match.options)
    if kind:
        lines = len(draw.wrap(fonts.small, kind, w))
        y += draw.paragraph(
            surface,
            fonts.small,
            kind,
            c.text_dim,
            pygame.Rect(x, y, w, draw.lines_height(fonts.small, lines, 0)),
            0,
        )
    y += s.gap
    # players
    scores = game.scores(state)
    to_move = match.to_move()
    row_h = fonts.body.get_linesize() + fonts.small.get_linesize() + px(14)
    marker = px(13)
    score_w = max((fonts.title.size(str(v))[0] for v in scores or ()), default=0)
    for seat, spec in enumerate(match.seats):
        row = pygame.Rect(x - 6, y, w + 12, row_h)
        if seat == to_move and not match.over:
            pygame.draw.rect(surface, c.button, row, border_radius=s.corner)
            pygame.draw.rect(surface, c.accent, (row.left, row.top + 6, 4, row.height - 12), border_radius=2)
        board.draw_seat_marker(surface, (row.left + marker * 2, row.centery), marker, seat)
        tx = row.left + marker * 4
        room = row.right - tx - s.gap - max(score_w, px(22)) - s.gap
        clock = match.clock_left(seat)
        if clock is not None:
            room -= fonts.body_bold.size("00:00")[0] + s.gap
        name = spec.name or game.seat_name(state, seat)
        top = row.top + (row.height - fonts.body.get_linesize() - fonts.small.get_linesize()) // 2
        shown = draw.ellipsize(fonts.body_bold, name, room, may_cut=bool(spec.name))
        draw.text(surface, fonts.body_bold, shown, c.text, (tx, top))
        if spec.is_computer:
            detail = _("Computer, level {level}").format(level=spec.level)
        else:
            detail = _("Network") if spec.kind == "remote" else _("Human")
        if spec.name:
            named = f"{game.seat_name(state, seat)} · {detail}"
            # beside a wide score ("Joueur 2 · Ordinateur, niveau 2" at 800×600) the seat's name
            # goes first: the marker beside the row numbers the seat already
            detail = named if fonts.small.size(named)[0] <= room else detail
        thinking = seat == to_move and screen.thinking()
        if thinking:
            depth = screen.depth
            detail = _("thinking… depth {d}").format(d=depth) if depth else _("thinking…")
            spinner(surface, c.accent, (row.right - px(22), row.centery), px(9), now)
        draw.text(
            surface,
            fonts.small,
            detail,
            c.accent if thinking else c.text_dim,
            (tx, top + fonts.body.get_linesize()),
        )
        if clock is not None:
            shown = f"{int(clock) // 60}:{int(clock) % 60:02d}"
            font = fonts.body_bold if scores is None else fonts.small
            right = row.right - s.gap - (0 if scores is None else max(score_w, px(22)) + s.gap)
            colour = (
                c.text_error if clock < 30 else (c.accent if seat == to_move and not match.over else c.text)
            )
            draw.text(surface, font, shown, colour, (right, row.centery), "midright")
        if scores is not None and seat < len(scores) and not thinking:
            draw.text(
                surface, fonts.title, str(scores[seat]), c.text, (row.right - s.gap, row.centery), "midright"
            )
        y += row_h + 4
    y += s.gap
    # the game's own panel, given no more than the room above the buttons (a small window), and
    # leaving room for the move list's heading and a row of moves when it can
    bottom = layout.buttons[0].top - s.gap * 2
    moves_min = fonts.small.get_linesize() + 4 + fonts.body.get_linesize()
    extra = min(board.panel_height_within(state, bottom - y - s.gap - moves_min), bottom - y)
    if extra > 0:
        with fit.inside(pygame.Rect(x, y, w, extra), f"{game.info.key} panel"):
            board.draw_panel(surface, pygame.Rect(x, y, w, extra), state)
        y += extra + s.gap
    # the move list, newest at the bottom (when there is room left for it)
    if bottom - y > fonts.small.get_linesize() * 2 + 4:
        draw.text(surface, fonts.small_bold, _("Moves"), c.text_dim, (x, y))
        y += fonts.small.get_linesize() + 4
        move_list(screen, surface, pygame.Rect(x, y, w, bottom - y))


class HasMatch(Protocol):
    app: App
    match: GameInPlay
    board: GameBoard

    def shown_moves(self) -> list[str]:
        """The moves as the person at the screen may read them (made once per change)."""
        ...


def move_entries(screen: HasMatch) -> list[tuple[MovePiece, ...]]:
    """The moves as the list shows them: each as its board words and pictures it (Qwirkle's tiles,
    "exchanged 4 tiles"), from the notation the person at the screen may read."""
    return [screen.board.move_entry(text) for text in screen.shown_moves()]


def move_list(screen: HasMatch, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The moves as the person at the screen may read them (a program's cards stay face down),
    newest at the bottom (older ones scroll away): one row per round, a column per player, when
    the moves shown fit their columns; otherwise one move a line, each after its number and its
    player's marker, long moves wrapping between their pieces."""
    app, match = screen.app, screen.match
    c, fonts = app.theme.colours, app.fonts
    font = fonts.body
    line = font.get_linesize()
    seats = max(1, len(match.seats))
    moves = move_entries(screen)
    if not moves:
        draw.text(surface, fonts.small, _("No moves yet."), c.text_dim, rect.topleft)
        return
    pygame.draw.rect(surface, c.status, rect.inflate(8, 4), border_radius=6)
    number_w = font.size("000.")[0] + 6
    with fit.inside(rect.inflate(8, 4), "move list"):
        rows = [moves[i : i + seats] for i in range(0, len(moves), seats)]
        shown = rows[-max(1, rect.height // line) :]
        col_w = (rect.width - number_w) / seats
        if all(_width(font, entry) <= col_w - 6 for row in shown for entry in row):
            _in_columns(screen, surface, rect, rows, number_w, col_w)
        else:
            _one_a_line(screen, surface, rect, moves, number_w)


def _picture_side(font: pygame.font.Font) -> int:
    return max(6, font.get_linesize() - 4)


#: pixels between the parts of a piece that holds a picture (a Qwirkle square and its tile)
PICTURE_GAP = 3


def _piece_width(font: pygame.font.Font, piece: MovePiece) -> int:
    if all(isinstance(part, str) for part in piece):
        return font.size("".join(str(part) for part in piece))[0]
    side = _picture_side(font)
    width = sum(side if isinstance(part, MovePicture) else font.size(part)[0] for part in piece)
    return width + PICTURE_GAP * max(0, len(piece) - 1)


def _width(font: pygame.font.Font, entry: Sequence[MovePiece]) -> int:
    space = font.size(" ")[0]
    return sum(_piece_width(font, piece) for piece in entry) + space * max(0, len(entry) - 1)


def _draw_entry(
    screen: HasMatch,
    surface: pygame.Surface,
    entry: Sequence[MovePiece],
    colour: Colour,
    pos: tuple[float, float],
) -> None:
    """One entry's pieces from `pos` (their top left): words in `colour`, pictures by the board;
    words in a row are drawn as one text, as every move was before pictures."""
    font = screen.app.fonts.body
    side = _picture_side(font)
    space = font.size(" ")[0]
    x, y = pos
    words: list[str] = []

    def flush() -> None:
        nonlocal x
        if words:
            text = " ".join(words)
            draw.text(surface, font, text, colour, (round(x), round(y)))
            x += font.size(text)[0] + space
            words.clear()

    for piece in entry:
        if all(isinstance(part, str) for part in piece):
            words.append("".join(str(part) for part in piece))
            continue
        flush()
        for index, part in enumerate(piece):
            x += PICTURE_GAP if index else 0
            if isinstance(part, MovePicture):
                box = pygame.Rect(round(x), round(y + (font.get_linesize() - side) / 2), side, side)
                screen.board.draw_move_picture(surface, part, box)
                x += side
            else:
                draw.text(surface, font, part, colour, (round(x), round(y)))
                x += font.size(part)[0]
        x += space
    flush()


def _wrapped(font: pygame.font.Font, entry: Sequence[MovePiece], width: int) -> list[list[MovePiece]]:
    """The entry's pieces in lines of at most `width` pixels (a piece too wide alone: its words
    cut with "…")."""
    lines: list[list[MovePiece]] = [[]]
    for piece in entry:
        if _piece_width(font, piece) > width and all(isinstance(part, str) for part in piece):
            piece = (draw.ellipsize(font, "".join(str(part) for part in piece), width, may_cut=True),)
        if lines[-1] and _width(font, [*lines[-1], piece]) > width:
            lines.append([])
        lines[-1].append(piece)
    return lines


def _in_columns(
    screen: HasMatch,
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: list[list[tuple[MovePiece, ...]]],
    number_w: int,
    col_w: float,
) -> None:
    c, fonts = screen.app.theme.colours, screen.app.fonts
    line = fonts.body.get_linesize()
    first = max(0, len(rows) - max(1, rect.height // line))
    last = (len(rows) - 1, len(rows[-1]) - 1)
    for index in range(first, len(rows)):
        y = rect.top + (index - first) * line
        draw.text(
            surface, fonts.small, f"{index + 1}.", c.text_dim, (rect.left + number_w - 8, y + 2), "topright"
        )
        for k, entry in enumerate(rows[index]):
            colour = c.accent if (index, k) == last else c.text
            _draw_entry(screen, surface, entry, colour, (rect.left + number_w + k * col_w, y))


def _one_a_line(
    screen: HasMatch,
    surface: pygame.Surface,
    rect: pygame.Rect,
    moves: list[tuple[MovePiece, ...]],
    number_w: int,
) -> None:
    app = screen.app
    c, fonts = app.theme.colours, app.fonts
    font, line = fonts.body, fonts.body.get_linesize()
    seats = max(1, len(screen.match.seats))
    marker = max(3, line // 5)
    left = rect.left + number_w + 3 * marker
    width = rect.right - left
    # from the newest move up, as many lines as there is room for
    entries: list[tuple[int, list[list[MovePiece]]]] = []
    room = max(1, rect.height // line)
    for ply in range(len(moves) - 1, -1, -1):
        lines = _wrapped(font, moves[ply], width)
        if entries and sum(len(e[1]) for e in entries) + len(lines) > room:
            break
        entries.append((ply, lines[-room:]))
    y = rect.top
    for ply, lines in reversed(entries):
        number = f"{ply // seats + 1}."
        draw.text(surface, fonts.small, number, c.text_dim, (rect.left + number_w - 8, y + 2), "topright")
        screen.board.draw_seat_marker(
            surface, (rect.left + number_w + marker, y + line / 2), marker, ply % seats
        )
        colour = c.accent if ply == len(moves) - 1 else c.text
        for part in lines:
            _draw_entry(screen, surface, part, colour, (left, y))
            y += line
