"""Stepping through a finished game: its board at any move, the moves so far, and the result at the
end. A club's replays (a member's page) and a finished save open here.

The game is rebuilt from its record, so every position shown was replayed through the rules; the
board is the one the game plays on, drawn as a spectator sees it (a hand stays face down).
"""

from __future__ import annotations

from typing import Any, cast

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.board import GameBoard, Scene
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.shells.options import options_in_words
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.panel import HasMatch, Layout, layout_for, move_list
from ludoteca.shells.window.screens.review_graph import (
    Reviewer,
    can_review,
    draw_graph,
    mark_words,
    mark_words_short,
    ply_at,
)
from ludoteca.shells.window.widgets import button, set_enabled
from ludoteca.store import StoreError

#: the keys that step, and how far
STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -10, pygame.K_DOWN: 10}


class ReplayScreen(Screen):
    def __init__(
        self,
        app: App,
        match: Match,
        heading: str = "",
        back: tuple[Any, ...] = ("menu",),
        at: int = 0,
        *,
        review: bool = False,
        back_options: dict[str, Any] | None = None,
    ) -> None:
        """`back`: the route (and its arguments, `back_options` its keywords) the way back leads
        to; `review`: the game is reviewed by its engine meanwhile (a graph, each move's mark)."""
        super().__init__(app)
        board = board_for(match.game, app.theme, app.fonts, app.store)
        if board is None:
            raise LudotecaError(_("this game is not in the window yet"))
        self.board: GameBoard = board
        self.match = match
        #: what the game was ("Table 12 of the club at …"), under the title
        self.heading = heading
        self._back = back
        self._back_options = back_options or {}
        self._reviewable = can_review(match)
        self.reviewer: Reviewer | None = Reviewer(match, app.store) if review and self._reviewable else None
        self._graph = pygame.Rect(0, 0, 0, 0)
        #: the move the board shows the position after (0: the start)
        self.at = max(0, min(at, match.ply))
        self._moves = match.public_moves(None)
        self.buttons: dict[str, UIButton] = {}
        self.message, self.error = "", False
        self.layout: Layout | None = None
        #: the board shows the position before the move, with the review's better move marked
        self.showing_better = False
        #: a move forward being animated
        self.transition: Transition | None = None

    # ----- what the panel and the tests read ----------------------------------------------------
    @property
    def last(self) -> int:
        return self.match.ply

    def shown_moves(self) -> list[str]:
        return self._moves[: self.at]

    def view(self) -> Any:
        if self.showing_better and self.at > 0:
            # the mover's own view: a better play of their hand is drawn with that hand
            before = self.match.states[self.at - 1]
            return self.match.game.view(before, self.match.game.to_move(before))
        return self.match.game.view(self.match.states[self.at], None)

    # ----- layout -------------------------------------------------------------------------------
    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        self.layout = layout = layout_for(app)
        self.board.set_theme(app.theme, app.fonts)
        self.board.layout(layout.board, self.view())
        p, pad, bh = layout.panel, s.gap + 6, s.button_height
        width = p.width - 2 * pad
        step_w = (width - 3 * s.gap) // 4
        # a game its engine can judge: a row to ask for the review (a club's replay), then to see
        # the better move on the board
        offer = self.reviewer is None and self._reviewable
        rows = 4 if self._reviewable else 3
        steps = pygame.Rect(p.left + pad, p.bottom - pad - rows * bh - (rows - 1) * s.gap, step_w, bh)
        self.buttons = {}
        if self._reviewable:
            ask = pygame.Rect(p.left + pad, steps.top, width, bh)
            if offer:
                self.buttons["review"] = button(app, app.manager, ask, _("Review the game"), self.review)
            else:
                label = _("Back to the move played") if self.showing_better else _("Show the better move")
                self.buttons["better"] = button(app, app.manager, ask, label, self.toggle_better)
            steps = steps.move(0, bh + s.gap)
        for index, (key, text, action) in enumerate(
            (
                ("first", "«", lambda: self.go_to(0)),
                ("back", "‹", lambda: self.step(-1)),
                ("forward", "›", lambda: self.step(1)),
                ("last", "»", lambda: self.go_to(self.last)),
            )
        ):
            rect = steps.move(index * (step_w + s.gap), 0)
            self.buttons[key] = button(app, app.manager, rect, text, action, primary=key == "forward")
        keep = pygame.Rect(p.left + pad, steps.bottom + s.gap, width, bh)
        self.buttons["keep"] = button(app, app.manager, keep, _("Keep in my saved games"), self.keep)
        leave = keep.move(0, bh + s.gap)
        self.buttons["leave"] = button(app, app.manager, leave, _("Back"), self.back)
        self._enable()

    def _enable(self) -> None:
        for key, can in (
            ("first", self.at > 0),
            ("back", self.at > 0),
            ("forward", self.at < self.last),
            ("last", self.at < self.last),
            ("better", self.better_move() is not None),
        ):
            widget = self.buttons.get(key)
            if widget is not None:
                set_enabled(widget, can)

    # ----- actions ------------------------------------------------------------------------------
    def go_to(self, ply: int) -> None:
        ply = max(0, min(ply, self.last))
        if ply == self.at:
            return
        before = self.view()
        forward = ply == self.at + 1 and not self.showing_better
        if self.showing_better:
            self.app.later(self.app.rebuild)  # the better move's button says so again
        self.at, self.showing_better = ply, False
        self.message, self.error = "", False
        self.transition = None
        speed = self.app.settings.speed
        if forward and speed > 0:  # one move forward: played as in a game (flips, the beam)
            after = self.view()
            duration = self.board.transition_ms(before, after)
            if duration > 0:
                self.transition = Transition(before, after, duration, self.app.now(), speed)
        if self.layout is not None:  # a board may grow along the game (Qwirkle's)
            self.board.layout(self.layout.board, self.view())
        self._enable()

    def step(self, delta: int) -> None:
        self.go_to(self.at + delta)

    def better_move(self) -> Any:
        """The better move than the one just played, as the review found it (None: none)."""
        judged = self.reviewer.at(self.at) if self.reviewer is not None and self.at > 0 else None
        if judged is None or judged.better is None:
            return None
        state = self.match.states[self.at - 1]
        try:
            return self.match.game.parse_move(state, judged.better)
        except LudotecaError:
            return None

    def toggle_better(self) -> None:
        """The position before the move, with the better move marked on the board (and back)."""
        if self.better_move() is None:
            return
        self.showing_better = not self.showing_better
        self.transition = None
        self.app.rebuild()  # the board's layout, and the button's words

    def review(self) -> None:
        """Have the game's engine judge every move, while the player goes on stepping."""
        if self.reviewer is None and self._reviewable:
            self.reviewer = Reviewer(self.match, self.app.store)
            self.app.rebuild()

    def keep(self) -> None:
        """Put the game in the player's saved games (its record checked again as it is written)."""
        name = self.heading or _(self.match.game.info.title)
        try:
            written = session.save_match(self.app.store, self.match, name)
        except (StoreError, LudotecaError) as err:
            self.message, self.error = _("Could not keep the game: {err}").format(err=err), True
            return
        self.message = _("Kept in your saved games as “{name}”.").format(name=written.slot.name)
        self.error = False
        if "keep" in self.buttons:
            set_enabled(self.buttons["keep"], False)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in STEPS:
                self.step(STEPS[event.key])
            elif event.key == pygame.K_HOME:
                self.go_to(0)
            elif event.key == pygame.K_END:
                self.go_to(self.last)
        elif event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._graph.collidepoint(event.pos)
        ):
            self.go_to(ply_at(self._graph, event.pos[0], self.last))  # a moment of the graph

    def back(self) -> None:
        self.app.go(*self._back, **self._back_options)

    def leave(self) -> None:
        if self.reviewer is not None:
            self.reviewer.stop()

    # ----- drawing ------------------------------------------------------------------------------
    def position_line(self) -> str:
        """Where the replay is: the start, or the move just made and by whom."""
        if self.at == 0:
            start = ngettext("The start: {n} move to go", "The start: {n} moves to go", self.last).format(
                n=self.last
            )
            worst = self._worst_moments()
            return _("{start}. {worst}").format(start=start, worst=worst) if worst else start
        state = self.match.states[self.at - 1]
        seat = self.match.game.to_move(state)
        names = session.player_names(self.match)
        who = names[seat] if seat is not None and seat < len(names) else ""
        move = self._moves[self.at - 1]
        text = _("Move {k} of {n}: {move}").format(k=self.at, n=self.last, move=move)
        text = f"{text} ({who})" if who else text
        judged = self.reviewer.at(self.at) if self.reviewer is not None else None
        if judged is None:
            return text
        return _("{where}: {judgement}").format(where=text, judgement=mark_words(judged))

    def _worst_moments(self) -> str:
        """ "Worst moments: Yellow, move 14 (blunder); Red, move 9 (mistake)" once reviewed."""
        found = self.reviewer.result if self.reviewer is not None else None
        if found is None:
            return ""
        names = session.player_names(self.match)
        worst = [
            _("{name}, move {n} ({mark})").format(
                name=names[p.seat] if p.seat < len(names) else p.seat + 1,
                n=p.worst.ply,
                mark=mark_words_short(p.worst),
            )
            for p in found.players
            if p.worst is not None
        ]
        return _("Worst moments: {list}").format(list="; ".join(worst)) if worst else ""

    def _accuracy(self, seat: int) -> str:
        """A reviewed player's accuracy, beside their name ("87 %")."""
        found = self.reviewer.result if self.reviewer is not None else None
        if found is None:
            return ""
        summary = next((p for p in found.players if p.seat == seat), None)
        if summary is None or summary.accuracy is None:
            return ""
        return _("{p:.0f} %").format(p=summary.accuracy)

    def result_line(self) -> str:
        outcome = self.match.outcome
        if self.at < self.last or outcome is None:
            return ""
        return session.outcome_headline(self.match)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        layout = self.layout
        if layout is None:
            return
        app = self.app
        c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
        hint = self.better_move() if self.showing_better else None
        transition = self.transition
        if transition is not None and transition.finished(app.now()):
            transition = self.transition = None
        self.board.draw(surface, Scene(self.view(), app.now(), transition=transition, hint=hint))
        status = layout.status
        draw.card(surface, status, c.status, c.panel_edge, s.corner)
        with fit.inside(status, "replay status"):
            text = self.message or self.position_line()
            colour = c.text_error if self.error else c.text
            draw.block(
                surface,
                (fonts.body, fonts.small),
                text,
                colour,
                status.inflate(-2 * s.gap, 0),
                0,
                middle=True,
            )
        p = layout.panel
        draw.card(surface, p, c.panel, c.panel_edge, s.corner + 4, shadow=c.shadow)
        with fit.inside(p, "replay panel"):
            self._draw_panel(surface, p)

    def _draw_panel(self, surface: pygame.Surface, p: pygame.Rect) -> None:
        app = self.app
        c, fonts, s, px = app.theme.colours, app.fonts, app.theme.sizes, app.theme.px
        pad = s.gap + 10
        x, w = p.left + pad, p.width - 2 * pad
        y = p.top + pad
        draw.text(surface, fonts.small_bold, _("Replay").upper(), c.accent, (x, y))
        y += fonts.small.get_linesize() + 6
        game = self.match.game
        title = _(game.info.title)
        y += draw.block(
            surface,
            (fonts.title, fonts.body_bold),
            title,
            c.text,
            pygame.Rect(x, y, w, 2 * fonts.title.get_linesize()),
            0,
        )
        kind = options_in_words(game, self.match.options)
        under = " · ".join(part for part in (self.heading, kind) if part)
        if under:
            lines = len(draw.wrap(fonts.small, under, w))
            rect = pygame.Rect(x, y, w, draw.lines_height(fonts.small, lines))
            y += draw.paragraph(surface, fonts.small, under, c.text_dim, rect) + s.gap
        names = session.player_names(self.match)
        marker = px(9)
        for seat, name in enumerate(names):
            row = pygame.Rect(x, y, w, fonts.body.get_linesize() + px(6))
            self.board.draw_seat_marker(surface, (row.left + marker, row.centery), marker, seat)
            accuracy = self._accuracy(seat)
            label = draw.ellipsize(
                fonts.body, name, w - marker * 3 - fonts.body.size(accuracy)[0], may_cut=True
            )
            if accuracy:
                draw.text(surface, fonts.body, accuracy, c.text_dim, (row.right, row.centery), "midright")
            draw.text(surface, fonts.body, label, c.text, (row.left + marker * 3, row.centery), "midleft")
            y += row.height
        y += s.gap
        bottom = min(b.relative_rect.top for b in self.buttons.values()) - s.gap * 2
        self._graph = pygame.Rect(0, 0, 0, 0)
        reviewer = self.reviewer
        if reviewer is not None and bottom - y > px(64) + fonts.small.get_linesize() * 4:
            heading = _("Review")
            if not reviewer.done:
                heading = _("Reviewing… {p:.0f} %").format(p=100 * reviewer.progress)
            elif reviewer.error:
                heading = reviewer.error
            y += (
                draw.block(
                    surface,
                    (fonts.small_bold,),
                    heading,
                    c.text_dim,
                    pygame.Rect(x, y, w, fonts.small.get_linesize()),
                    0,
                )
                + 4
            )
            self._graph = pygame.Rect(x, y, w, px(64))
            draw_graph(surface, self._graph, reviewer, self.last, self.at, c)
            y = self._graph.bottom + s.gap
        result = self.result_line()
        outcome = self.match.outcome
        if result and outcome is not None:
            tall = draw.lines_height(fonts.body_bold, len(draw.wrap(fonts.body_bold, result, w)))
            rect = pygame.Rect(x, y, w, tall)
            y += draw.block(surface, (fonts.body_bold, fonts.small_bold), result, c.accent, rect, 0)
            # how it ended ("Silver resigned"), under who won
            reason = draw.sentence(self.board.end_reason(self.view(), outcome))
            if reason:
                lines = len(draw.wrap(fonts.small, reason, w))
                rect = pygame.Rect(x, y, w, draw.lines_height(fonts.small, lines))
                y += draw.paragraph(surface, fonts.small, reason, c.text_dim, rect)
            y += s.gap
        if bottom - y > fonts.body.get_linesize() * 2:
            draw.text(surface, fonts.small_bold, _("Moves"), c.text_dim, (x, y))
            y += fonts.small.get_linesize() + 4
            move_list(cast(HasMatch, self), surface, pygame.Rect(x, y, w, bottom - y))
