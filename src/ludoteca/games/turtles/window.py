"""Robot Turtles in the window: the beach board with turtles, jewels and walls, and under it the
tray of the player at the screen (program strip, hand, walls, Bug card).

Cards are dragged from the hand into the program strip (or clicked), where they wait face up
until "Add" puts them in the program, face down; a click on a waiting card takes it back. Walls
are dragged onto a square (or clicked, then a lit square); the Bug card onto an opponent's turtle.
"Run" plays the program, which then replays card by card from the steps the rules recorded.
Legality is the rules' business: the board offers the move and the rules' sentence explains a
refusal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import pygame

from ludoteca.games.turtles import window_art
from ludoteca.games.turtles.board import SIZE, Turtle, square
from ludoteca.games.turtles.cards import MAX_ADD, Card
from ludoteca.games.turtles.moves import (
    AddCards,
    BuildWall,
    PlayBug,
    RunProgram,
)
from ludoteca.games.turtles.state import TurtlesState
from ludoteca.games.turtles.window_art import (
    THEMED_COLOURS,
    TurtlesColours,
)
from ludoteca.games.turtles.window_panel import PanelPainter, tray_contents
from ludoteca.games.turtles.window_replay import (
    TIMING,
    Beat,
    beat_at,
    poses,
    run_beats,
    run_length,
)
from ludoteca.games.turtles.window_table import CLICK, TablePainter
from ludoteca.games.turtles.window_tray import (
    TrayPainter,
    hand_slots,
    tray_height,
    tray_layout,
    tray_owner,
    tray_width,
)
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.anim import phase
from ludoteca.kits.window.board import BoardAction, Changed, GameBoard, Play, Refuse, Response, Scene
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Colour, Theme


@dataclass(frozen=True)
class _Held:
    """What the mouse picked up: a hand card, a waiting card, a wall, the Bug card."""

    kind: str  # hand | pending | stone | ice | bug
    index: int
    origin: tuple[int, int]


class TurtlesBoard(GameBoard):
    palette: TurtlesColours

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pending: list[Card] = []
        self.held: _Held | None = None
        self.chosen: str | None = None
        self.discard = False
        self.tray = tray_layout(pygame.Rect(0, 0, 400, 200), 40, 18)

    def palette_for(self, theme: Theme) -> TurtlesColours:
        return theme.palette("turtles", TurtlesColours(), THEMED_COLOURS)

    def set_theme(self, theme: Theme, fonts: Any) -> None:
        super().set_theme(theme, fonts)
        window_art.use_art(self.art, self.palette)
        self.painter = TrayPainter(self.palette, self.colours, fonts)
        self.panel = PanelPainter(self)
        self.table = TablePainter(self)

    # ----- geometry ---------------------------------------------------------------------------
    def layout(self, area: pygame.Rect, state: Any) -> None:
        """The board on top (coordinates above and to the left), the tray under it."""
        self.area = area.copy()
        caption = self.fonts.small.get_linesize()
        gap = 10
        cell = 88.0
        while cell > 12 and (
            8.75 * cell + gap + tray_height(cell, caption) > area.height or 8.9 * cell > area.width
        ):
            cell -= 1
        total = 8.75 * cell + gap + tray_height(cell, caption)
        top = area.top + (area.height - total) / 2 + 0.5 * cell
        self.grid = Grid(SIZE, SIZE, area.centerx - 4 * cell + 0.15 * cell, top, cell)
        width = min(area.width, max(round(8.7 * cell), tray_width(cell)))
        rect = pygame.Rect(0, round(top + 8.25 * cell + gap), width, tray_height(cell, caption))
        rect.centerx = area.centerx
        self.tray = tray_layout(rect, cell, caption)

    def seat_colour(self, state: Any, seat: int) -> Colour:
        return self.palette.turtles[seat % 4]

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        self.table.turtle(surface, seat, center, radius * 2.5, 0.0)

    def sample_state(self) -> Any:
        state = self.game.start(self.game.options(), 3, 3)
        board = state.board
        turtles = (Turtle(square(2, 0), 1), Turtle(square(3, 3), 2), Turtle(square(1, 6), 3))
        board = replace(
            board, turtles=turtles, stone=board.stone | {square(4, 2), square(5, 5)}, ice={square(5, 3)}
        )
        return replace(state, board=board)

    def draw_thumbnail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        saved = self.grid
        self.grid = Grid.fit(rect, SIZE, SIZE, margin=0.2)
        state = self.sample_state()
        self.table.table(
            surface, state.board, self.table.rest_poses(state.board), Scene(state, 0.0, thumbnail=True)
        )
        self.grid = saved

    # ----- what is where ----------------------------------------------------------------------
    def _hit(self, pos: tuple[int, int], state: TurtlesState, owner: int) -> tuple[str, int] | None:
        t = self.tray
        me = state.players[owner]
        count = len(me.program) + len(self.pending)
        for i, rect in enumerate(reversed(t.program_slots(count))):
            if rect.collidepoint(pos):
                index = count - 1 - i
                if index >= len(me.program):
                    return ("pending", index - len(me.program))
                return ("program", index)
        for i, rect in enumerate(t.hand):
            if rect.collidepoint(pos):
                return ("hand", i)
        for kind, rect in (("stone", t.stone), ("ice", t.ice), ("bug", t.bug)):
            if rect.collidepoint(pos):
                return (kind, 0)
        if t.discard.collidepoint(pos):
            return ("discard", 0)
        if t.program.collidepoint(pos):
            return ("strip", 0)
        return None

    def _my_turn(self, state: Any) -> int | None:
        if not isinstance(state, TurtlesState):
            return None
        owner = tray_owner(state)
        return owner if owner is not None and owner == state.to_play else None

    # ----- input ------------------------------------------------------------------------------
    def press(self, state: Any, pos: tuple[int, int]) -> Response:
        self.held = None
        owner = self._my_turn(state)
        if owner is None:
            return None
        hit = self._hit(pos, state, owner)
        if hit is None:
            cell = self.cell_at(pos)
            if cell is not None:
                return self.activate(state, cell)
            return Changed() if self.deselect() else None
        kind, index = hit
        me = state.players[owner]
        if kind == "hand":
            slots = hand_slots(me.hand, self.pending)
            if index >= len(slots) or slots[index] is None:
                return Refuse(_("That slot is empty: its card is waiting in your program strip."))
            self.held, self.chosen = _Held("hand", index, pos), None
            return Changed()
        if kind == "pending":
            self.held = _Held("pending", index, pos)
            return Changed()
        if kind == "program":
            return Refuse(_("Cards in your program stay there until it runs."))
        if kind in ("stone", "ice", "bug"):
            return self._pick_stock(state, owner, kind, pos)
        if kind == "discard":
            self.discard = not self.discard
            return Changed()
        return None

    def _pick_stock(self, state: TurtlesState, owner: int, kind: str, pos: tuple[int, int]) -> Response:
        me = state.players[owner]
        if kind == "bug" and not (state.bug_option and me.has_bug):
            return None
        if kind == "stone" and me.stone_walls == 0:
            return Refuse(_("You have no stone walls left."))
        if kind == "ice" and me.ice_walls == 0:
            return Refuse(_("You have no ice walls left."))
        if self.pending:
            return Refuse(_("One thing per turn: add the waiting cards, or click them to take them back."))
        self.held, self.chosen = _Held(kind, 0, pos), kind
        return Changed()

    def release(self, state: Any, pos: tuple[int, int]) -> Response:
        held, self.held = self.held, None
        owner = self._my_turn(state)
        if held is None or owner is None:
            return None
        clicked = math.dist(pos, held.origin) <= CLICK
        cell = self.cell_at(pos)
        if held.kind == "hand":
            card = hand_slots(state.players[owner].hand, self.pending)[held.index]
            if card is None:
                return None
            if clicked or self.tray.program.collidepoint(pos):
                if len(self.pending) >= MAX_ADD:
                    return Refuse(_("Add at most {n} cards in one turn.").format(n=MAX_ADD))
                at = len(self.pending) if clicked else self._pending_slot(state, owner, pos[0])
                self.pending.insert(at, card)
                return Changed()
            if cell is not None:
                return Refuse(_("Cards go into your program: drop them on the strip under the board."))
            return Changed()
        if held.kind == "pending":
            if held.index >= len(self.pending):
                return None
            if clicked or self.tray.hand_row.collidepoint(pos):
                self.pending.pop(held.index)
            elif self.tray.program.collidepoint(pos):
                card = self.pending.pop(held.index)
                self.pending.insert(self._pending_slot(state, owner, pos[0]), card)
            return Changed()
        if clicked:
            return Changed()  # the wall or the Bug card stays chosen: now click where
        if cell is not None:
            return self.activate(state, cell)
        self.chosen = None
        return Changed()

    def _pending_slot(self, state: TurtlesState, owner: int, x: int) -> int:
        program = len(state.players[owner].program)
        return max(0, min(len(self.pending), self.tray.slot_for(x, program + len(self.pending)) - program))

    def activate(self, state: Any, cell: Cell) -> Response:
        """A square clicked (or Enter on the keyboard cursor) while a wall or the Bug card is chosen."""
        if self._my_turn(state) is None:
            return None
        sq = square(cell[1], cell[0])
        chosen, self.chosen = self.chosen, None
        if chosen in ("stone", "ice"):
            return Play(BuildWall("stone" if chosen == "stone" else "ice", sq, self.discard))
        if chosen == "bug":
            target = state.board.turtle_at(sq)
            if target is None:
                self.chosen = chosen
                return Refuse(_("Drop the Bug card on an opponent's turtle."))
            return Play(PlayBug(target, self.discard))
        return Refuse(
            _("Drag cards from your hand into your program, or a wall onto a square; Run runs the program.")
        )

    def actions(self, state: Any) -> list[BoardAction]:
        owner = self._my_turn(state)
        if owner is None:
            return []
        if self.pending:
            n = len(self.pending)
            label = ngettext("Add {n} card", "Add {n} cards", n).format(n=n)
            return [BoardAction("add", label, primary=True)]
        return [BoardAction("run", _("Run"), bool(state.players[owner].program), primary=True)]

    def act(self, state: Any, key: str) -> Response:
        if self._my_turn(state) is None:
            return None
        if key == "add" and self.pending:
            return Play(AddCards(tuple(self.pending), self.discard))
        if key == "run":
            return Play(RunProgram(self.discard))
        return None

    def deselect(self) -> bool:
        """Esc or a right click: put down what is chosen, else take back the last waiting card."""
        if self.held is not None or self.chosen is not None:
            self.held, self.chosen = None, None
            return True
        if self.pending:
            self.pending.pop()
            return True
        return False

    def reset(self) -> None:
        self.pending, self.held, self.chosen, self.discard = [], None, None, False

    def prompt(self, state: Any, name: str) -> str:
        if self.pending:
            return ngettext(
                "{name}: {n} card waits. Add it, or click it to take it back.",
                "{name}: {n} cards wait. Add them, or click one to take it back.",
                len(self.pending),
            ).format(name=name, n=len(self.pending))
        if self.chosen in ("stone", "ice"):
            return _("{name}: click a lit square for the wall (Esc puts it back).").format(name=name)
        if self.chosen == "bug":
            return _("{name}: click an opponent's turtle to put your Bug card on its program.").format(
                name=name
            )
        return _("{name}: drag cards into your program, a wall onto the board, or run the program.").format(
            name=name
        )

    # ----- animation --------------------------------------------------------------------------
    def transition_ms(self, before: Any, after: Any) -> float:
        if not isinstance(after, TurtlesState) or after.last is None:
            return 0.0
        last = after.last
        if last.action == "run":
            return run_length(run_beats(last))
        if last.action == "add":
            return TIMING.add_card + TIMING.add_stagger * (len(last.cards) - 1)
        return TIMING.wall if last.action == "wall" else TIMING.bug

    # ----- drawing ----------------------------------------------------------------------------
    # ----- the pictures a theme may give (`piece_art`) ---------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        return window_art.catalogue(self.palette)

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        window_art.use_art(self.art, self.palette)
        state: TurtlesState = scene.state
        elapsed = scene.elapsed
        last = state.last
        beat: Beat | None = None
        board = state.board
        shown = self.table.rest_poses(board)
        moving = elapsed is not None and last is not None and elapsed < self.transition_ms(None, state)
        if moving and last is not None and last.action == "run" and last.board_before is not None:
            assert elapsed is not None
            beat = beat_at(run_beats(last), elapsed)
            if beat is not None:
                board = replace(last.board_before, turtles=beat.turtles, ice=beat.ice)
                shown = poses(beat, elapsed)
        self.table.table(surface, board, shown, scene, beat, elapsed if moving else None)
        if not scene.thumbnail:
            self.table.marks(surface, scene, moving)
            contents = tray_contents(self, state, beat)
            if isinstance(scene.hint, AddCards):
                contents.hint_cards = scene.hint.cards
            self.painter.draw(surface, self.tray, contents, scene.now)
            if moving and last is not None and last.action == "add" and elapsed is not None:
                self.table.flying_cards(surface, state, elapsed)
            if beat is not None and beat.step is None and elapsed is not None:
                self.panel.round_over(surface, state, phase(elapsed, beat.start, 200))
            self.table.lifted(surface, scene)

    # ----- the side panel and the end screen --------------------------------------------------
    def panel_height(self, state: Any) -> int:
        return self.panel.height(state) if isinstance(state, TurtlesState) else 0

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        return self.panel.draw(surface, rect, state) if isinstance(state, TurtlesState) else 0

    def draw_end_summary(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        return self.panel.rounds(surface, rect, state) if isinstance(state, TurtlesState) else 0


__all__ = ["TurtlesBoard", "hand_slots", "tray_owner"]
