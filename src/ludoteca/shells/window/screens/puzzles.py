"""Puzzles in the window: the board of a puzzle made by the game's solvers, its task, and Hint,
Solution and Next (the machinery is `ai.puzzles`, as in the terminal's `ludoteca puzzles`).

A right move is answered by the defence after a short pause, so the player sees both; a wrong one
is said and taken back. The player's rating, streak and solved puzzles are kept per game in their
settings, as the terminal keeps them (the same setting), so both front ends share one record.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ludoteca.ai.puzzles import Attempt, Progress, PuzzleMaker, Verdict, setting_key
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import get_game
from ludoteca.i18n import _
from ludoteca.kits.window import draw, fit
from ludoteca.kits.window.anim import Transition
from ludoteca.kits.window.board import BoardAction, Changed, GameBoard, Play, Refuse, Response, Scene
from ludoteca.kits.window.grid import Cell
from ludoteca.shells.terminal.puzzles import counted_line, games_with_puzzles, maker_for, puzzles_of
from ludoteca.shells.window.app import App, Screen
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.screens.common import back_button, header, header_height
from ludoteca.shells.window.widgets import Segmented, button, button_width, set_enabled
from ludoteca.store import StoreError

#: milliseconds between a right move and the defence's answer
ANSWER_MS = 450.0
#: milliseconds each move of a shown solution stays before the next is played
SOLUTION_STEP_MS = 700.0


class PuzzlesScreen(Screen):
    def __init__(self, app: App, key: str | None = None, ident: str | None = None) -> None:
        super().__init__(app)
        keys = games_with_puzzles()
        self.key = key if key in keys else keys[0]
        self.game = get_game(self.key)
        self.maker: PuzzleMaker = maker_for(self.game)
        self.puzzles = puzzles_of(self.game)
        self.progress = Progress.from_text(self._setting())
        self.rng = random.Random()
        self.board: GameBoard | None = board_for(self.game, app.theme, app.fonts, app.store)
        self.attempt: Attempt | None = None
        #: what the last action said, and whether it was a refusal
        self.message, self.error = "", False
        self.hint = ""
        #: the defence's answer waiting to be shown (when, the state to show until then)
        self._answer_at: float | None = None
        self._before_answer: Any = None
        self.hover: Cell | None = None
        self.buttons: dict[str, UIButton] = {}
        #: the board's own buttons (Khet's Fire, Qwirkle's Play), made again when they change
        self.actions: tuple[BoardAction, ...] = ()
        self.action_buttons: list[UIButton] = []
        self.picker: Segmented[str] | None = None
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: the attempt has been counted in the player's record (solved, or its solution shown)
        self._counted = False
        #: a shown solution being played out: the positions still to show, the first on the board
        self._frames: list[Any] = []
        self._frame_at = 0.0
        self.transition: Transition | None = None
        self.next_puzzle(ident)

    # ----- the player's record -------------------------------------------------------------------
    def _setting(self) -> str | None:
        try:
            found: str | None = self.app.store.get_setting(setting_key(self.key))
        except StoreError:
            return None
        return found

    def _keep(self) -> None:
        with contextlib.suppress(StoreError):  # a full disk costs the streak, never the game
            self.app.store.set_setting(setting_key(self.key), self.progress.to_text())

    def _count(self, attempt: Attempt) -> None:
        change = self.progress.record(attempt.puzzle, attempt.solved_first_time)
        self._keep()
        self.message = counted_line(attempt, self.progress, change)
        self.error = False

    # ----- actions -------------------------------------------------------------------------------
    def next_puzzle(self, ident: str | None = None) -> None:
        """The next puzzle near the player's rating (`ident`: that one, when the set has it)."""
        attempt = self.attempt
        self.message, self.error = "", False
        self._frames = []  # a solution still being played out is left
        if attempt is not None and attempt.missed and not self._counted:
            self._count(attempt)  # a puzzle left after a miss counts as not solved
        chosen = [p for p in self.puzzles if p.ident == ident]
        puzzle = chosen[0] if chosen else self.progress.next_puzzle(self.puzzles, self.rng)
        self.attempt = None if puzzle is None else Attempt(self.game, self.maker, puzzle)
        self._counted = False
        self.hint = ""
        self._answer_at = None
        if puzzle is None:
            self.message = _("Every puzzle is solved. Well played!")
        if self.buttons:
            self.app.rebuild()

    def show_hint(self) -> None:
        if self.attempt is not None and not self.attempt.solved:
            self.hint = self.attempt.hint()

    def show_solution(self) -> None:
        attempt = self.attempt
        if attempt is None or attempt.solved:
            return
        before, played = attempt.state, list(attempt.played)
        line = attempt.play_solution()
        self._answer_at = None
        # the solution played out on the board a move at a time, each as in a game (the beam, the
        # flips), from where the player was (or the puzzle's start when they had left its line)
        state = before if attempt.played[: len(played)] == played else attempt.puzzle.position(self.game)
        frames = [self._seen(state)]
        for text in line:
            state = self.game.play(state, self.game.read_move(state, text))
            frames.append(self._seen(state))
        self._frames, self._frame_at = frames, self.app.now() + SOLUTION_STEP_MS
        self.transition = None
        self.hint = _("The solution: {line}").format(line=" ".join(line))
        self._count(attempt)
        self._counted = True
        self.app.rebuild()

    def play(self, move: Any) -> None:
        attempt = self.attempt
        if attempt is None or attempt.solved or self._counted or self._answer_at is not None:
            return
        before = attempt.state
        text = self.game.format_move(before, move)
        if self.board is not None:
            self.board.reset()  # the tiles or the piece put down go back (a wrong move is taken back)
        try:
            answer = attempt.move(text)
        except LudotecaError as err:
            self.message, self.error = str(err), True
            return
        if answer.verdict is Verdict.WRONG:
            self.message = _(
                "That is not it: {move} does not keep to the goal. Try again (or hint, solution)."
            ).format(move=text)
            self.error = True
        elif answer.verdict is Verdict.RIGHT:
            self.message, self.error = (
                _("Right. Your opponent plays {move}.").format(move=answer.reply),
                False,
            )
            # the player's move first, then the answer
            played = self.game.play(before, move)
            viewer = attempt.viewer
            self._before_answer = played if viewer is None else self.game.view(played, viewer)
            self._answer_at = self.app.now() + ANSWER_MS
        else:
            self._count(attempt)
            self._counted = True
            self.app.rebuild()

    # ----- the page ------------------------------------------------------------------------------
    def _seen(self, state: Any) -> Any:
        attempt = self.attempt
        viewer = attempt.viewer if attempt is not None else None
        return self.game.view(state, viewer) if self.game.info.hidden_information else state

    def shown_state(self) -> Any:
        if self.attempt is None:
            return None
        if self._frames:
            return self._frames[0]
        if self._answer_at is not None:
            return self._before_answer
        return self.attempt.view

    def build(self) -> None:
        app, s = self.app, self.app.theme.sizes
        w, h = app.size
        top = header_height(app)
        games = [(key, _(get_game(key).info.title)) for key in games_with_puzzles()]
        # the games side by side, on two rows or more when a small window has no room for them
        picker_width = min(w - 4 * s.margin, app.theme.px(640))
        self.picker = Segmented(
            app,
            app.manager,
            pygame.Rect(2 * s.margin, top, picker_width, s.button_height),
            games,
            self.key,
            self.pick,
        )
        rows = len(Segmented.rows(app, [label for _key, label in games], picker_width))
        body_top = top + rows * s.button_height + (rows - 1) * 6 + 2 * s.gap
        bottom = h - s.margin * 2 - s.button_height
        panel_width = max(app.theme.px(230), min(app.theme.px(360), w // 3))
        self.panel = pygame.Rect(w - 2 * s.margin - panel_width, body_top, panel_width, bottom - body_top)
        self.board_rect = pygame.Rect(
            2 * s.margin, body_top, self.panel.left - 3 * s.margin, bottom - body_top
        )
        state = self.shown_state()
        if self.board is not None and state is not None:
            self.board.set_theme(app.theme, app.fonts)
            self.board.layout(self.board_rect, state)
        self.buttons = {}
        solved = self.attempt is None or self.attempt.solved or self._counted
        # Hint and Solution side by side, Next under them: the panel keeps its room for words
        half = (self.panel.width - s.gap) // 2
        step = s.button_height + s.gap
        places = {
            "hint": pygame.Rect(self.panel.left, self.panel.bottom - 2 * step, half, s.button_height),
            "solution": pygame.Rect(
                self.panel.right - half, self.panel.bottom - 2 * step, half, s.button_height
            ),
            "next": pygame.Rect(self.panel.left, self.panel.bottom - step, self.panel.width, s.button_height),
        }
        entries = [
            ("hint", _("Hint"), self.show_hint, not solved),
            ("solution", _("Solution"), self.show_solution, not solved),
            ("next", _("Next puzzle"), self.next_puzzle, self.attempt is not None or bool(self.puzzles)),
        ]
        for key, label, action, enabled in entries:
            made = button(app, app.manager, places[key], label, action, primary=(key == "next" and solved))
            if not enabled:
                made.disable()  # type: ignore[no-untyped-call]
            self.buttons[key] = made
        self.actions, self.action_buttons = (), []
        self.refresh_actions()
        back_button(app)

    def playing(self) -> bool:
        attempt = self.attempt
        return attempt is not None and not attempt.solved and not self._counted and self._answer_at is None

    def refresh_actions(self) -> None:
        """The board's own buttons (a Khet move is fired, a Qwirkle play is played with them), in a
        row over Hint and Solution, made again when they change."""
        board, state = self.board, self.shown_state()
        shown = board is not None and state is not None and self.playing()
        actions = tuple(board.actions(state)) if shown and board is not None else ()
        left_out: frozenset[str] = getattr(self.maker, "left_out_actions", frozenset())
        actions = tuple(action for action in actions if action.key not in left_out)
        if actions == self.actions and (self.action_buttons or not actions):
            return
        for widget in self.action_buttons:
            widget.kill()  # type: ignore[no-untyped-call]
        self.actions, self.action_buttons = actions, []
        if not actions or "hint" not in self.buttons:
            return
        s = self.app.theme.sizes
        # one row when their words fit side by side, else two a row (a narrow window, French)
        widest = max(button_width(self.app, action.label) for action in actions)
        per_row = len(actions)
        while per_row > 1 and per_row * widest + (per_row - 1) * s.gap > self.panel.width:
            per_row -= 1
        rows = -(-len(actions) // per_row)
        top = self.buttons["hint"].relative_rect.top - rows * (s.button_height + s.gap)
        width = (self.panel.width - s.gap * (per_row - 1)) // per_row
        for index, action in enumerate(actions):
            row, column = divmod(index, per_row)
            left = self.panel.left + column * (width + s.gap)
            rect = pygame.Rect(left, top + row * (s.button_height + s.gap), width, s.button_height)
            act = self._actor(action.key)
            widget = button(self.app, self.app.manager, rect, action.label, act, primary=action.primary)
            set_enabled(widget, action.enabled)
            self.action_buttons.append(widget)

    def _actor(self, key: str) -> Any:
        def act() -> None:
            board, state = self.board, self.shown_state()
            if board is not None and state is not None and self.playing():
                self.respond(board.act(state, key))

        return act

    def respond(self, response: Response) -> None:
        """What the board answered a click, a key or one of its buttons."""
        if isinstance(response, Play):
            self.play(response.move)
        elif isinstance(response, Refuse):
            self.message, self.error = response.reason, True
        elif isinstance(response, Changed):
            self.message, self.error = "", False
        self.refresh_actions()

    def pick(self, key: str) -> None:
        self.app.go("puzzles", key)

    def back(self) -> None:
        self.app.go("menu")

    def handle(self, event: pygame.event.Event) -> None:
        board, state = self.board, self.shown_state()
        if board is None or state is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = board.cell_at(event.pos) if self.board_rect.collidepoint(event.pos) else None
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if not self.board_rect.collidepoint(event.pos) or self._answer_at is not None:
                return
            if self.attempt is None or self.attempt.solved or self._counted:
                return
            press = event.type == pygame.MOUSEBUTTONDOWN
            response = board.press(state, event.pos) if press else board.release(state, event.pos)
            self.respond(response)
        elif event.type == pygame.KEYDOWN and self.playing():
            self.respond(board.key(state, event.key))

    def update(self, now: float) -> None:
        if len(self._frames) > 1 and now >= self._frame_at:
            # the next move of the solution, after a pause to see the last one
            before, after = self._frames[0], self._frames[1]
            self._frames = self._frames[1:]
            speed = self.app.settings.speed
            duration = self.board.transition_ms(before, after) if self.board is not None else 0.0
            moving = speed > 0 and duration > 0
            self.transition = Transition(before, after, duration, now, speed) if moving else None
            self._frame_at = now + SOLUTION_STEP_MS + (duration / speed if moving else 0.0)
        elif len(self._frames) == 1 and now >= self._frame_at:
            self._frames = []
        if self._answer_at is not None and now >= self._answer_at:
            self._answer_at = None
            self._before_answer = None
            self.refresh_actions()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        c, fonts, s = app.theme.colours, app.fonts, app.theme.sizes
        attempt = self.attempt
        header(app, surface, _("Puzzles"))
        state = self.shown_state()
        if self.board is not None and state is not None:
            playing = attempt is not None and not attempt.solved and not self._counted
            transition = self.transition if self._frames else None
            playing = playing and not self._frames
            scene = Scene(state, app.now(), transition=transition, interactive=playing, hover=self.hover)
            self.board.draw(surface, scene)
        y = self.panel.top
        # (text, font, colour, the order it gives way in when the words do not all fit: 0 never)
        lines: list[tuple[str, Any, Any, int]] = []
        if attempt is not None:
            lines.append((self.maker.task(self.game, attempt.puzzle), fonts.body_bold, c.accent, 0))
            title = _("Puzzle {id} (rating {rating})").format(
                id=attempt.puzzle.ident, rating=attempt.puzzle.rating
            )
            lines.append((title, fonts.body, c.text, 2))
        mine = _("Your puzzle rating: {rating}, streak {streak}, solved {n} of {total}.").format(
            rating=round(self.progress.rating),
            streak=self.progress.streak,
            n=len(self.progress.solved),
            total=len(self.puzzles),
        )
        lines.append((mine, fonts.body, c.text_dim, 1))
        if self.message:
            # beside a hint, the miss it follows is the first of the two to give way
            colour = c.text_error if self.error else c.text
            lines.append((self.message, fonts.body, colour, 3 if self.hint else 0))
        if self.hint:
            lines.append((self.hint, fonts.body, c.hint, 0))
        room_left = self.buttons_top() - y
        width = self.panel.width

        def height(kept: list[tuple[str, Any, Any, int]], small: bool = True) -> int:
            tall = sum(
                draw.lines_height(f, len(draw.wrap(f, t, width)))
                for t, font, *_r in kept
                for f in [fonts.small if small else font]
            )
            return tall + s.gap * max(0, len(kept) - 1)

        for rank in (1, 2, 3):  # the player's rating first, then the puzzle's number, then a miss
            if height(lines) > room_left:
                lines = [line for line in lines if line[3] != rank]
        # all in the small font when the usual ones do not leave room for every line
        small_only = height(lines, small=False) > room_left
        with fit.inside(self.panel, "puzzle panel"):
            for text, font, colour, _rank in lines:
                room = pygame.Rect(self.panel.left, y, self.panel.width, max(0, self.buttons_top() - y))
                shown = (fonts.small,) if small_only else (font, fonts.small)
                y += draw.block(surface, shown, text, colour, room) + s.gap

    def buttons_top(self) -> int:
        tops = [int(b.relative_rect.top) for b in (*self.buttons.values(), *self.action_buttons)]
        return min(tops) - self.app.theme.sizes.gap if tops else self.panel.bottom
