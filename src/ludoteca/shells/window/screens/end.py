"""The end of a game: the final board stays in view, with the result, the scores, and what next."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from ludoteca.core.errors import LudotecaError
from ludoteca.core.rng import fresh_seed
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.board import GameBoard, Scene
from ludoteca.match import GameInPlay, Match
from ludoteca.shells import session
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.panel import layout_for, move_list
from ludoteca.shells.window.screens.review_graph import can_review
from ludoteca.shells.window.widgets import button
from ludoteca.store import SaveSlot, StoreError


class EndScreen(Screen):
    def __init__(
        self,
        app: App,
        match: GameInPlay,
        slot: SaveSlot | None = None,
        *,
        saved_dirty: bool = True,
        recorded: bool = False,
    ) -> None:
        super().__init__(app)
        board = board_for(match.game, app.theme, app.fonts)
        assert board is not None
        self.board: GameBoard = board
        self.match = match
        self._shown_moves: tuple[int, list[str]] | None = None
        #: the save this game was resumed from or last saved to
        self.slot = slot
        self.saved_dirty = saved_dirty
        #: the result is already in the history (a finished game opened from a save)
        self.recorded = recorded
        self.buttons: dict[str, UIButton] = {}
        self.error = ""

    def shown_moves(self) -> list[str]:
        """The moves as anyone at the table may read them, made once per change."""
        if self._shown_moves is None or self._shown_moves[0] != self.match.ply:
            self._shown_moves = (self.match.ply, self.match.public_moves(None))
        return self._shown_moves[1]

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        self.layout = layout_for(app)
        self.board.set_theme(app.theme, app.fonts)
        self.board.layout(self.layout.board, self.view())
        p = self.layout.panel
        pad = s.gap + 6
        bh = s.button_height
        entries = [
            ("again", _("Play again"), self.play_again, True),
            ("menu", _("Back to the menu"), self.menu, False),
        ]
        if self.match.saveable() is None:
            entries = entries[1:]  # a game over the network is played again at a new table
        if self.match.human_seats and self.match.can_undo():
            entries.insert(1, ("undo", _("Take back a move"), self.take_back, False))
        finished = self.match.saveable()
        if finished is not None and finished.ply and board_for(finished.game, app.theme, app.fonts):
            # every finished game can be stepped through; a game with an engine to judge it, reviewed
            label = _("Review the game") if can_review(finished) else _("Step through the game")
            entries.insert(1, ("review", label, self.review, False))
        self.buttons = {}
        top = p.bottom - pad - len(entries) * (bh + s.gap) + s.gap
        for i, (key, label, action, primary) in enumerate(entries):
            rect = pygame.Rect(p.left + pad, top + i * (bh + s.gap), p.width - 2 * pad, bh)
            self.buttons[key] = button(app, app.manager, rect, label, action, primary=primary)

    def view(self) -> object:
        return self.match.view(None)

    # ----- actions ------------------------------------------------------------------------------
    def record(self) -> None:
        """Put the result in the score history (once), and keep a saved game's final record."""
        if self.recorded or self.match.outcome is None:
            return
        self.recorded = True
        store = self.app.store
        try:
            store.add_result(session.result_row(self.match))
            match = self.match.saveable()
            if self.slot is not None and match is not None:
                written = session.save_match(store, match, session.save_name(store, self.slot), self.slot)
                self.slot = written.slot
                self.error = session.clash_notice(written) or ""
        except (StoreError, LudotecaError) as err:
            self.error = _("Could not record the result: {err}").format(err=err)

    def play_again(self) -> None:

        self.record()
        m = self.match.saveable()
        if m is None:
            return
        seed = fresh_seed()
        again = Match(m.game, m.options, m.seats, seed, position=m.position, think=m.thinking)
        self.app.go("play", again)

    def review(self) -> None:
        """The game move by move from its start, reviewed by its engine where it has one; the way
        back leads here again."""
        self.record()
        match = self.match.saveable()
        if match is None:
            return
        options = {"saved_dirty": self.saved_dirty, "recorded": True}
        self.app.go("replay", match, "", ("end", match, self.slot), review=True, back_options=options)

    def menu(self) -> None:

        self.record()
        self.app.go("menu")

    def take_back(self) -> None:

        if self.match.undo():
            self.app.go("play", self.match, self.slot, dirty=True)
        else:
            self.error = self.match.undo_barrier() or ""

    def back(self) -> None:
        self.menu()

    def on_quit(self) -> None:
        self.record()
        self.match.close()

    def leave(self) -> None:
        self.match.close()

    # ----- drawing ------------------------------------------------------------------------------
    def headline(self) -> str:
        return session.outcome_headline(self.match)

    def ranking(self) -> list[int]:
        """The seats as the final ranking lists them: best first, ties in seat order."""
        outcome = self.match.outcome
        assert outcome is not None
        return sorted(range(len(self.match.seats)), key=lambda seat: (outcome.ranks[seat], seat))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        now = self.app.now()
        c, s = self.app.theme.colours, self.app.theme.sizes
        self.board.draw(surface, Scene(self.view(), now))
        p = self.layout.panel
        draw.card(surface, p, c.panel, c.panel_edge, s.corner + 4, shadow=c.shadow)
        with fit.inside(p, "end panel"):
            self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        c, fonts, s, px = self.app.theme.colours, self.app.fonts, self.app.theme.sizes, self.app.theme.px
        p = self.layout.panel
        pad = s.gap + 10
        x, w = p.left + pad, p.width - 2 * pad
        y = p.top + pad
        draw.text(surface, fonts.small_bold, _("Game over").upper(), c.accent, (x, y))
        y += fonts.small.get_linesize() + 6
        headline = (fonts.title, fonts.body_bold)
        y += draw.block(
            surface,
            headline,
            self.headline(),
            c.text,
            pygame.Rect(x, y, w, 3 * fonts.title.get_linesize()),
            0,
        )
        outcome = self.match.outcome
        assert outcome is not None
        y += 4
        reason = draw.sentence(self.board.end_reason(self.view(), outcome))
        lines = len(draw.wrap(fonts.body, reason, w))
        y += draw.paragraph(
            surface,
            fonts.body,
            reason,
            c.text_dim,
            pygame.Rect(x, y, w, draw.lines_height(fonts.body, lines)),
        )
        y += s.gap * 2
        names = session.player_names(self.match)
        marker = px(11)
        score_w = max((fonts.body_bold.size(str(v))[0] for v in outcome.scores or ()), default=0)
        for seat in self.ranking():
            row = pygame.Rect(x - 6, y, w + 12, fonts.body.get_linesize() + px(16))
            if outcome.ranks[seat] == 1 and not outcome.is_draw and not outcome.solitaire:
                pygame.draw.rect(surface, c.button, row, border_radius=s.corner)
            self.board.draw_seat_marker(surface, (row.left + marker * 2, row.centery), marker, seat)
            label = names[seat]
            if len(names) > 1:
                label = f"{outcome.ranks[seat]}. {label}"
            left = row.left + marker * 4
            room = row.right - s.gap - score_w - s.gap - left
            # a player's own name may lose its end; the seats' names are ours and fit
            own = self.match.seats[seat].name is not None
            draw.text(
                surface,
                fonts.body,
                draw.ellipsize(fonts.body, label, room, may_cut=own),
                c.text,
                (left, row.centery),
                "midleft",
            )
            if outcome.scores is not None and seat < len(outcome.scores):
                draw.text(
                    surface,
                    fonts.body_bold,
                    str(outcome.scores[seat]),
                    c.text,
                    (row.right - s.gap, row.centery),
                    "midright",
                )
            y += row.height + 4
        y += s.gap
        bottom = min(b.relative_rect.top for b in self.buttons.values()) - s.gap * 2
        used = self.board.draw_end_summary(surface, pygame.Rect(x, y, w, max(0, bottom - y)), self.view())
        if used:
            y += used + s.gap
        moves = self.match.ply
        if y + fonts.small.get_linesize() <= bottom:
            played = ngettext("{n} move played", "{n} moves played", moves).format(n=moves)
            draw.text(surface, fonts.small_bold, played, c.text_dim, (x, y))
        y += fonts.small.get_linesize() + 6
        if moves and bottom - y > fonts.body.get_linesize() * 2:
            move_list(self, surface, pygame.Rect(x, y, w, bottom - y))
        if self.error:
            rect = pygame.Rect(x, bottom - 40, w, 60)
            draw.block(surface, (fonts.small,), draw.sentence(self.error), c.text_error, rect, 0)
