"""The board screen's layout and its side panel: players, the game's own panel, the move list."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.window.app import App

BUTTON_ROWS = 4


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    status: pygame.Rect
    panel: pygame.Rect
    #: Undo, Redo, Hint, Save, Rules, Resign, Menu
    buttons: tuple[pygame.Rect, ...]


def layout_for(app: App) -> Layout:
    w, h = app.size
    s = app.theme.sizes
    panel_w = round(max(s.panel_min, min(s.panel_max, w * 0.3)))
    panel = pygame.Rect(w - panel_w - s.margin, s.margin, panel_w, h - 2 * s.margin)
    board = pygame.Rect(
        s.margin, s.margin, w - panel_w - 3 * s.margin, h - 2 * s.margin - s.status_height - s.gap
    )
    status = pygame.Rect(s.margin, board.bottom + s.gap, board.width, s.status_height)
    pad = s.gap + 6
    bw = (panel.width - 2 * pad - s.gap) // 2
    bh = s.button_height
    top = panel.bottom - pad - BUTTON_ROWS * bh - (BUTTON_ROWS - 1) * s.gap
    buttons = []
    for i in range(6):
        row, col = divmod(i, 2)
        buttons.append(pygame.Rect(panel.left + pad + col * (bw + s.gap), top + row * (bh + s.gap), bw, bh))
    buttons.append(pygame.Rect(panel.left + pad, top + 3 * (bh + s.gap), panel.width - 2 * pad, bh))
    return Layout(board, status, panel, tuple(buttons))


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
    match: Match
    thinker: Any

    def thinking(self) -> bool: ...

    def view(self) -> Any: ...


def draw_panel(screen: PanelHost, surface: pygame.Surface, now: float) -> None:
    app, match, board = screen.app, screen.match, screen.board
    c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
    layout = screen.layout
    p = layout.panel
    draw.card(surface, p, c.panel, c.panel_edge, s.corner + 4, shadow=c.shadow)
    pad = s.gap + 6
    x, w = p.left + pad, p.width - 2 * pad
    y = p.top + pad
    game, state = match.game, screen.view()
    draw.text(surface, fonts.body_bold, _(game.info.title), c.text, (x, y))
    y += fonts.body.get_linesize()
    variant = session.variant_summary(match, for_people=True)
    if variant:
        draw.text(surface, fonts.small, draw.ellipsize(fonts.small, variant, w), c.text_dim, (x, y))
        y += fonts.small.get_linesize()
    y += s.gap
    # players
    scores = game.scores(state)
    to_move = match.to_move()
    row_h = fonts.body.get_linesize() + fonts.small.get_linesize() + 14
    for seat, spec in enumerate(match.seats):
        row = pygame.Rect(x - 6, y, w + 12, row_h)
        if seat == to_move and not match.over:
            pygame.draw.rect(surface, c.button, row, border_radius=s.corner)
            pygame.draw.rect(surface, c.accent, (row.left, row.top + 6, 4, row.height - 12), border_radius=2)
        board.draw_seat_marker(surface, (row.left + 26, row.centery), 13, seat)
        name = spec.name or game.seat_name(state, seat)
        tx = row.left + 50
        draw.text(
            surface,
            fonts.body_bold,
            draw.ellipsize(fonts.body_bold, name, w - 110),
            c.text,
            (tx, row.top + 6),
        )
        detail = _("Computer, level {level}").format(level=spec.level) if spec.is_computer else _("Human")
        if spec.name:
            detail = f"{game.seat_name(state, seat)} · {detail}"
        if seat == to_move and screen.thinking():
            depth = screen.thinker.info.depth if screen.thinker is not None else 0
            detail = _("thinking… depth {d}").format(d=depth) if depth else _("thinking…")
            spinner(surface, c.accent, (row.right - 22, row.centery), 9, now)
        draw.text(
            surface,
            fonts.small,
            detail,
            c.accent if seat == to_move and screen.thinking() else c.text_dim,
            (tx, row.top + 8 + fonts.body.get_linesize()),
        )
        if scores is not None and seat < len(scores) and not (seat == to_move and screen.thinking()):
            draw.text(
                surface, fonts.title, str(scores[seat]), c.text, (row.right - 12, row.centery), "midright"
            )
        y += row_h + 4
    y += s.gap
    # the game's own panel, given no more than the room above the buttons (a small window), and
    # leaving room for the move list's heading and a row of moves when it can
    bottom = layout.buttons[0].top - s.gap * 2
    moves_min = fonts.small.get_linesize() + 4 + fonts.body.get_linesize()
    extra = min(board.panel_height_within(state, bottom - y - s.gap - moves_min), bottom - y)
    if extra > 0:
        board.draw_panel(surface, pygame.Rect(x, y, w, extra), state)
        y += extra + s.gap
    # the move list, newest at the bottom (when there is room left for it)
    if bottom - y > fonts.small.get_linesize() * 2 + 4:
        draw.text(surface, fonts.small_bold, _("Moves"), c.text_dim, (x, y))
        y += fonts.small.get_linesize() + 4
        move_list(screen, surface, pygame.Rect(x, y, w, bottom - y))


class HasMatch(Protocol):
    app: App
    match: Match
    board: Any


def move_list(screen: HasMatch, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The moves in notation, one row per round, the newest at the bottom (older ones scroll away)."""
    app, match = screen.app, screen.match
    c, fonts = app.theme.colours, app.fonts
    font = fonts.body
    line = font.get_linesize()
    seats = max(1, len(match.seats))
    moves = match.moves
    if not moves:
        draw.text(surface, fonts.small, _("No moves yet."), c.text_dim, rect.topleft)
        return
    rows = [moves[i : i + seats] for i in range(0, len(moves), seats)]
    fit = max(1, rect.height // line)
    first = max(0, len(rows) - fit)
    number_w = font.size("000.")[0] + 6
    col_w = (rect.width - number_w) / seats
    pygame.draw.rect(surface, c.status, rect.inflate(8, 4), border_radius=6)
    for index in range(first, len(rows)):
        y = rect.top + (index - first) * line
        draw.text(
            surface, fonts.small, f"{index + 1}.", c.text_dim, (rect.left + number_w - 8, y + 2), "topright"
        )
        for k, text in enumerate(rows[index]):
            latest = index * seats + k == len(moves) - 1
            shown = draw.ellipsize(font, screen.board.public_move_text(text), round(col_w) - 6)
            draw.text(
                surface, font, shown, c.accent if latest else c.text, (rect.left + number_w + k * col_w, y)
            )
