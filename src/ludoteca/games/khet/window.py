"""Khet in the window, both editions, with the mouse (and a few keys).

Click (or press and drag) one of your pieces: the squares it may go to light up — a dot for a step,
a ring with arrows for a swap, a square for stacking Obelisks (and a toggle to move only the top of
a stack) — and two round handles with curved arrows on its top corners turn it (so do `[` and
`]`, `-` and `+` on the keyboard). The move then waits, shown on the board, until you press Fire
(or take it back); the "fire at once" setting plays it straight away. While a move is being
chosen, the beam it would fire shows as dashes, with a cross on every piece it would destroy (the
preview, a setting too).

A played move slides or turns its piece, then the shot travels square by square from the laser,
bends at mirrors, splits at an Eye of Horus, bursts where it destroys a piece, and stays faint on
the board until the next move.

The parts: `picking` (the choice in progress), `preview` (what a move would fire, by the rules),
`shot_motion` and `beam_path` (the animation's timing, from the recorded beam), `piece_art`,
`board_art`, `beam_art`, `handle_art` and `window_panel` (drawing).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pygame

from ludoteca.core.errors import NotationError
from ludoteca.core.options import OptionValue
from ludoteca.core.outcome import Outcome
from ludoteca.games.khet import window_art
from ludoteca.games.khet.beam_art import (
    draw_beam,
    draw_burst,
    draw_faint_beam,
    draw_preview,
    draw_scar,
)
from ludoteca.games.khet.beam_path import BeamPath, beam_path, cell_of
from ludoteca.games.khet.board import (
    PHARAOH,
    SQUARES,
    Board,
    Square,
    make_piece,
    square,
)
from ludoteca.games.khet.board_art import (
    MARGIN,
    Layers,
    draw_board_picture,
    draw_cloth,
    draw_piece,
    square_centre,
    square_rect,
)
from ludoteca.games.khet.describe import describe_beam
from ludoteca.games.khet.game import how_it_ended
from ludoteca.games.khet.handle_art import HANDLE_RADIUS, HANDLE_REACH, SMALLEST_RADIUS, draw_handle
from ludoteca.games.khet.moves import Move, move_source, move_target
from ludoteca.games.khet.picking import ANTICLOCKWISE, CLOCKWISE, STACK, SWAP, UNSTACK_TOP, Picking
from ludoteca.games.khet.position import parse_setup
from ludoteca.games.khet.preview import Foresight, Preview
from ludoteca.games.khet.setups import setup_choices
from ludoteca.games.khet.shot_motion import ShotMotion, shot_motion
from ludoteca.games.khet.state import KhetState
from ludoteca.games.khet.window_look import KhetColours, Look, palette_for
from ludoteca.games.khet.window_panel import draw_end_summary, draw_side_panel, panel_height
from ludoteca.i18n import N_, _
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.board import (
    BoardAction,
    BoardSetting,
    Changed,
    GameBoard,
    OptionPicture,
    Play,
    Refuse,
    Response,
    Scene,
)
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid import Cell, Grid
from ludoteca.kits.window.theme import Theme, mix

#: a press and release further apart than this (pixels) is a drag, not a click
DRAG_SLOP: Final = 6
#: the position shown on the game's card: Classic, after Silver's h2 Pyramid steps to h3
SAMPLE_MOVES: Final = ("h2h3",)

PREVIEW, FIRE_AT_ONCE = "preview", "fire_at_once"
SETTINGS: Final = (
    BoardSetting(
        PREVIEW,
        N_("Beam preview"),
        N_("While you choose a move, show the beam it would fire (off for purists)"),
        True,
    ),
    BoardSetting(
        FIRE_AT_ONCE,
        N_("Fire at once"),
        N_("Fire as soon as a move is chosen, instead of waiting for the Fire button"),
        False,
    ),
)


def square_of(cell: Cell) -> Square:
    return square(cell[0], 7 - cell[1])


@dataclass
class Drag:
    square: Square
    start: tuple[int, int]
    #: the piece was already selected when pressed (a click without moving lets it go)
    was_selected: bool


class KhetBoard(GameBoard):
    palette: KhetColours

    def __init__(self, game: Any, theme: Theme, fonts: Fonts) -> None:
        self.picking: Picking | None = None
        self.drag: Drag | None = None
        self.preview = Preview(game)
        self.show_preview = True
        self.fire_at_once = False
        #: the move last fired by the person here (already shown in place: only the beam animates)
        self._fired: Move | None = None
        self._motion: tuple[KhetState, ShotMotion] | None = None
        self._layers = Layers()
        self._paths: dict[int, BeamPath] = {}
        #: the setups last offered on the options screen: name → text
        self._setup_texts: dict[str, str] = {}
        super().__init__(game, theme, fonts)

    # ----- look ---------------------------------------------------------------------------------------
    def palette_for(self, theme: Theme) -> KhetColours:
        return palette_for(theme)

    def set_theme(self, theme: Theme, fonts: Fonts) -> None:
        super().set_theme(theme, fonts)
        self._layers = Layers()

    @property
    def look(self) -> Look:
        return Look(self.palette, self.colours, self.fonts)

    # ----- the pieces a theme may draw (`piece_art`) ----------------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        return window_art.catalogue(self.palette)

    def _piece(
        self,
        surface: pygame.Surface,
        grid: Grid,
        piece: int,
        where: tuple[float, float],
        turn: float = 0.0,
        alpha: int = 255,
    ) -> None:
        draw_piece(surface, grid, piece, where, self.palette, turn, alpha, art=self.art)

    def settings(self) -> Sequence[BoardSetting]:
        return SETTINGS

    def configure(self, values: Mapping[str, bool]) -> None:
        self.show_preview = bool(values.get(PREVIEW, True))
        self.fire_at_once = bool(values.get(FIRE_AT_ONCE, False))
        if self.fire_at_once and self.picking is not None:
            self.picking.take_back()

    def grid_size(self, state: Any) -> tuple[int, int]:
        return (10, 8)

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        self.grid = Grid.fit(area, 10, 8, margin=MARGIN, max_cell=100)

    def seat_colour(self, state: Any, seat: int) -> tuple[int, int, int]:
        return self.palette.body[seat]

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        sprite = window_art.sprite(
            make_piece(PHARAOH, seat), max(8, round(radius * 2.2)), self.palette, self.art
        )
        surface.blit(sprite, sprite.get_rect(center=(round(center[0]), round(center[1]))))

    def sample_state(self) -> Any:
        state = self.game.start(self.game.options(), 1, 2)
        for text in SAMPLE_MOVES:
            state = self.game.play(state, self.game.parse_move(state, text))
        return state

    # ----- the setups on the options screen -----------------------------------------------------------
    def option_pictures(
        self, name: str, options: Mapping[str, OptionValue], setups: Any
    ) -> Sequence[OptionPicture] | None:
        if name != "setup":
            return None
        variant = str(options.get("variant", "khet2"))
        found = setup_choices(variant, setups)
        self._setup_texts = {choice.name: choice.text for choice in found}
        return [
            OptionPicture(choice.name, choice.title, "" if choice.standard else _("yours"))
            for choice in found
        ]

    def draw_option_picture(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        value: str,
        options: Mapping[str, OptionValue],
    ) -> None:
        text = self._setup_texts.get(value)
        if name != "setup" or text is None:
            return
        try:
            board = parse_setup(text, None).board
        except NotationError:
            return
        horus = str(options.get("variant")) == "horus"
        draw_board_picture(surface, rect, board, self.look, horus, self.art)

    # ----- the choice in progress ----------------------------------------------------------------------
    def _picking(self, state: Any) -> Picking | None:
        if not isinstance(state, KhetState) or state.end is not None:
            return None
        if self.picking is None or self.picking.state is not state:
            self.picking = Picking(state)
            self.drag = None
        return self.picking

    def reset(self) -> None:
        self.picking = None
        self.drag = None

    def deselect(self) -> bool:
        """Esc or a right click: drop a drag, then the selection, then a move waiting for Fire."""
        p = self.picking
        self.drag = None
        if p is None:
            return False
        if p.selected is not None:
            return p.deselect()
        return p.take_back() is not None

    # ----- input ------------------------------------------------------------------------------------
    def press(self, state: Any, pos: tuple[int, int]) -> Response:
        p = self._picking(state)
        if p is None:
            return None
        turn = self.arrow_at(pos)
        if turn is not None:
            return self._choose(p, p.turns()[turn])
        cell = self.cell_at(pos)
        if cell is None:
            return Changed() if self.deselect() else None
        return self._click(p, square_of(cell), pos)

    def activate(self, state: Any, cell: Cell) -> Response:
        """Enter on the keyboard cursor: as a click that will not be followed by a drag."""
        p = self._picking(state)
        return None if p is None else self._click(p, square_of(cell), None)

    def _click(self, p: Picking, sq: Square, pos: tuple[int, int] | None) -> Response:
        if p.pending is not None:
            if sq == p.pending_square():
                move = p.take_back()
                assert move is not None
                p.select(move_source(move))
                return Changed()
            return Refuse(_("Press Fire to end your turn, or Take back to choose another move."))
        targets = p.targets()
        if p.selected is not None and sq in targets:
            return self._choose(p, targets[sq].move)
        if p.selected is not None and sq == p.selected:
            if pos is None:
                p.deselect()
            else:
                self.drag = Drag(sq, pos, was_selected=True)
            return Changed()
        if p.mine(sq) and p.movable(sq):
            p.select(sq)
            if pos is not None:
                self.drag = Drag(sq, pos, was_selected=False)
            return Changed()
        return Refuse(p.refusal(sq))

    def release(self, state: Any, pos: tuple[int, int]) -> Response:
        drag, self.drag = self.drag, None
        p = self._picking(state)
        if drag is None or p is None or p.selected != drag.square:
            return None
        if math.dist(pos, drag.start) <= DRAG_SLOP:
            if drag.was_selected:  # a second click on the piece lets it go
                p.deselect()
                return Changed()
            return None
        cell = self.cell_at(pos)
        if cell is None or square_of(cell) == drag.square:
            return Changed()
        sq = square_of(cell)
        targets = p.targets()
        if sq in targets:
            return self._choose(p, targets[sq].move)
        return Refuse(p.refusal(sq))

    def _choose(self, p: Picking, move: Move) -> Response:
        if self.fire_at_once:
            p.deselect()
            return Play(move)
        p.choose(move)
        return Changed()

    def key(self, state: Any, key: int) -> Response:
        p = self._picking(state)
        if p is None:
            return None
        if key == pygame.K_f:
            return self.act(state, "fire")
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and p.pending is not None:
            return self.act(state, "take_back")
        turns = p.turns()
        wanted = {
            # [ and ] as in drawing programs' rotate keys; + and - as the notation writes turns
            pygame.K_RIGHTBRACKET: CLOCKWISE,
            pygame.K_LEFTBRACKET: ANTICLOCKWISE,
            pygame.K_PLUS: CLOCKWISE,
            pygame.K_EQUALS: CLOCKWISE,
            pygame.K_KP_PLUS: CLOCKWISE,
            pygame.K_MINUS: ANTICLOCKWISE,
            pygame.K_KP_MINUS: ANTICLOCKWISE,
        }.get(key)
        if wanted is not None and wanted in turns:
            return self._choose(p, turns[wanted])
        return None

    # ----- the buttons beside the status bar ---------------------------------------------------------
    def actions(self, state: Any) -> tuple[BoardAction, ...]:
        p = self._picking(state)
        if p is None:
            return ()
        found: list[BoardAction] = []
        if p.is_stack(p.selected):
            label = _("Whole stack") if p.top_only else _("Top Obelisk only")
            found.append(BoardAction("top", label))
        if self.fire_at_once:
            return tuple(found)
        if p.pending is not None:
            found.append(BoardAction("take_back", _("Take back")))
        found.append(BoardAction("fire", _("Fire"), enabled=p.pending is not None, primary=True))
        return tuple(found)

    def act(self, state: Any, key: str) -> Response:
        p = self._picking(state)
        if p is None:
            return None
        if key == "fire":
            if p.pending is None:
                return Refuse(_("Choose a move first: click one of your pieces."))
            self._fired = p.pending
            return Play(p.pending)
        if key == "take_back":
            return Changed() if p.take_back() is not None else None
        if key == "top" and p.is_stack(p.selected):
            p.top_only = not p.top_only
            return Changed()
        return None

    def prompt(self, state: Any, name: str) -> str:
        p = self._picking(state)
        if p is None:
            return _("{name} to play.").format(name=name)
        if p.pending is not None:
            return _("{name}: press Fire to end your turn, or Take back.").format(name=name)
        if p.selected is not None:
            if p.top_only:
                return _("{name}: click a ringed square to move the top Obelisk there.").format(name=name)
            return _("{name}: click a lit square to move, or an arrow to turn.").format(name=name)
        return _("{name}: click one of your pieces to move or turn it.").format(name=name)

    # ----- the turning handles' geometry -------------------------------------------------------------
    def arrow_centres(self, sq: Square) -> dict[str, tuple[float, float]]:
        """Where the two turning handles of a selected piece sit: on its square's top corners,
        where they hide least of the piece and none of a neighbour's middle."""
        rect = square_rect(self.grid, sq)
        return {
            ANTICLOCKWISE: (float(rect.left), float(rect.top)),
            CLOCKWISE: (float(rect.right), float(rect.top)),
        }

    def arrow_radius(self) -> float:
        """The handle's badge, as drawn."""
        return max(SMALLEST_RADIUS, self.grid.cell * HANDLE_RADIUS)

    def handle_reach(self) -> float:
        """How far from a handle's centre a click still takes it."""
        return self.arrow_radius() * HANDLE_REACH / HANDLE_RADIUS

    def arrow_at(self, pos: tuple[int, int]) -> str | None:
        p = self.picking
        if p is None or p.selected is None or p.pending is not None:
            return None
        turns = p.turns()
        reach = self.handle_reach()
        for turn, centre in self.arrow_centres(p.selected).items():
            if turn in turns and math.dist(pos, centre) <= reach:
                return turn
        return None

    # ----- what is previewed -----------------------------------------------------------------------------
    def _candidate(self, p: Picking, scene: Scene) -> Move | None:
        """The move the person is looking at: the one waiting for Fire, the arrow or the lit square
        under the pointer, or the square a piece is being dragged onto."""
        if p.pending is not None:
            return p.pending
        if p.selected is None:
            return None
        if scene.pointer is not None:
            turn = self.arrow_at(scene.pointer)
            if turn is not None:
                return p.turns()[turn]
        if scene.hover is not None:
            target = p.targets().get(square_of(scene.hover))
            if target is not None:
                return target.move
        return None

    def foresight(self, state: KhetState, scene: Scene) -> Foresight | None:
        p = self._picking(state)
        if p is None or not self.show_preview or not scene.interactive:
            return None
        move = self._candidate(p, scene)
        return None if move is None else self.preview.of(state, move)

    # ----- animation ----------------------------------------------------------------------------------
    def transition_ms(self, before: Any, after: Any) -> float:
        fired, self._fired = self._fired, None
        self._motion = None
        if not isinstance(before, KhetState) or not isinstance(after, KhetState):
            return 0.0
        if after.last_move is None or after.ply != before.ply + 1:
            return 0.0
        motion = shot_motion(before, after, settled=fired == after.last_move)
        self._motion = (after, motion)
        return motion.duration

    def path_of(self, state: KhetState) -> BeamPath | None:
        if state.beam is None:
            return None
        key = id(state.beam)
        found = self._paths.get(key)
        if found is None:
            if len(self._paths) > 8:
                self._paths.clear()
            found = self._paths[key] = beam_path(state.beam)
        return found

    # ----- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        state = scene.state
        if not isinstance(state, KhetState):
            return
        t = scene.transition
        motion = (
            self._motion[1]
            if t is not None and self._motion is not None and self._motion[0] is t.after
            else None
        )
        if motion is not None and t is not None:
            self._draw_motion(surface, scene, state, motion, t.elapsed(scene.now))
            return
        p = self._picking(state) if scene.interactive else None
        shown = p.shown_board() if p is not None else state.board
        last = None if p is not None and p.pending is not None else self.path_of(state)
        self._still(surface, state, shown, last, labels=not scene.thumbnail)
        if scene.thumbnail:
            return
        if p is None or p.pending is None:
            self._last_move_marks(surface, state)
        if p is not None:
            self._draw_choice(surface, scene, state, p)
        self._draw_hint(surface, scene)
        if scene.cursor is not None:
            draw.outline(
                surface, self.colours.accent, self.grid.cell_rect(*scene.cursor).inflate(-2, -2), 3, 4
            )

    def _still(
        self, surface: pygame.Surface, state: KhetState, board: Board, last: BeamPath | None, labels: bool
    ) -> None:
        """The board, its pieces and the faint last shot (one cached picture per position)."""
        look, horus = self.look, state.horus

        def paint(image: pygame.Surface, grid: Grid) -> None:
            draw_cloth(image, grid, look, horus, labels)
            if last is not None:
                for burst in last.bursts:
                    if not board[burst.square]:
                        draw_scar(image, grid, burst.square, self.palette, last.colour)
            for sq in SQUARES:
                if board[sq]:
                    self._piece(image, grid, board[sq], cell_of(sq))
            if last is not None:
                draw_faint_beam(image, grid, last, self.palette)

        self._layers.blit(surface, self.grid, (board, horus, labels, id(last), self.theme.pieces), paint)

    def _last_move_marks(self, surface: pygame.Surface, state: KhetState) -> None:
        move = state.last_move
        if move is None:
            return
        colour = mix(self.palette.square, self.colours.last_move, 0.5)
        for sq in {move_source(move), move_target(move)}:
            if sq in SQUARES:
                draw.outline(surface, colour, square_rect(self.grid, sq).inflate(-3, -3), 2, 4)

    def _draw_choice(self, surface: pygame.Surface, scene: Scene, state: KhetState, p: Picking) -> None:
        g, c, pal = self.grid, self.colours, self.palette
        foresight = self.foresight(state, scene) if scene.interactive else None
        if foresight is not None and p.pending is None:
            # the pieces where the move would put them, see-through
            after = p.board_after(foresight.move)
            for changed in SQUARES:
                if after[changed] and after[changed] != state.board[changed]:
                    self._piece(surface, g, after[changed], cell_of(changed), alpha=130)
        if foresight is not None and foresight.path is not None:
            draw_preview(surface, g, foresight.path, pal)
        if p.pending is not None:
            sq = p.pending_square()
            if sq is not None:
                draw.outline(surface, c.accent, square_rect(g, sq).inflate(-2, -2), 3, 5)
                source, target = move_source(p.pending), move_target(p.pending)
                if source != target:
                    draw.outline(
                        surface, mix(pal.square, c.accent, 0.6), square_rect(g, source).inflate(-6, -6), 2, 4
                    )
            return
        if p.selected is None:
            return
        dragging = (
            self.drag is not None
            and scene.pointer is not None
            and math.dist(scene.pointer, self.drag.start) > DRAG_SLOP
        )
        rect = square_rect(g, p.selected)
        draw.outline(surface, c.accent, rect.inflate(-2, -2), 3, 5)
        hovered = square_of(scene.hover) if scene.hover is not None else None
        for sq, offer in p.targets().items():
            self._target_mark(surface, sq, offer.kind, sq == hovered)
        if not dragging:
            self._arrows(surface, p, scene)
        else:
            assert scene.pointer is not None
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((*pal.square, 150))
            surface.blit(veil, rect)
            piece = state.board[p.selected]
            sprite = window_art.sprite(piece, max(4, round(g.cell)), pal, self.art)
            surface.blit(sprite, sprite.get_rect(center=scene.pointer))

    def _target_mark(self, surface: pygame.Surface, sq: Square, kind: str, hovered: bool) -> None:
        g, c = self.grid, self.colours
        x, y = square_centre(g, sq)
        dot = c.legal_dot if not hovered else c.accent
        if kind == SWAP:
            r = g.cell * 0.46
            pygame.draw.circle(surface, dot, (x, y), r, max(2, round(g.cell * 0.05)))
            for sign in (1, -1):  # two small arrowheads: the pieces trade places
                a = math.radians(-45 + (0 if sign > 0 else 180))
                tip = (x + math.cos(a) * r, y + math.sin(a) * r)
                draw.soft_dot(surface, dot, tip, g.cell * 0.09, 230)
        elif kind == STACK:
            rect = square_rect(g, sq).inflate(-round(g.cell * 0.16), -round(g.cell * 0.16))
            draw.outline(surface, dot, rect, max(2, round(g.cell * 0.05)), 3)
        elif kind == UNSTACK_TOP:
            pygame.draw.circle(surface, dot, (x, y), g.cell * 0.2, max(2, round(g.cell * 0.05)))
        else:
            draw.soft_dot(surface, dot, (x, y), g.cell * (0.16 if hovered else 0.13), 200 if hovered else 150)

    def _arrows(self, surface: pygame.Surface, p: Picking, scene: Scene) -> None:
        assert p.selected is not None
        turns = p.turns()
        radius = self.arrow_radius()
        hovered = self.arrow_at(scene.pointer) if scene.pointer is not None else None
        for turn, centre in self.arrow_centres(p.selected).items():
            if turn not in turns:
                continue
            draw_handle(surface, centre, radius, turn == CLOCKWISE, self.colours, turn == hovered)

    def _draw_hint(self, surface: pygame.Surface, scene: Scene) -> None:
        move = scene.hint
        if not isinstance(move, int):
            return
        colour = self.colours.hint
        for sq in {move_source(move), move_target(move)}:
            if sq in SQUARES:
                draw.outline(surface, colour, square_rect(self.grid, sq).inflate(-4, -4), 3, 5)

    def _draw_motion(
        self, surface: pygame.Surface, scene: Scene, state: KhetState, motion: ShotMotion, elapsed: float
    ) -> None:
        g, pal = self.grid, self.palette
        moving = motion.moving(elapsed)
        if moving is not None:
            self._still(surface, state, motion.still, None, labels=True)
            for sprite in motion.sprites:
                col, row, turn = sprite.at(moving)
                self._piece(surface, g, sprite.piece, (col, row), turn)
            return
        path = motion.path
        bursts = path.bursts if path is not None else ()
        base = list(motion.shot_board)
        for burst in bursts:
            base[burst.square] = state.board[burst.square]  # what is left once it is gone
        self._still(surface, state, tuple(base), None, labels=True)
        for burst in bursts:
            fade = motion.fade_phase(burst, elapsed)
            if fade < 1.0:
                self._piece(surface, g, burst.piece, cell_of(burst.square), alpha=round(255 * (1 - fade)))
        if path is not None:
            draw_beam(surface, g, path, motion.tick(elapsed), pal, pal.square)
            for burst in bursts:
                draw_burst(surface, g, burst.square, motion.burst_phase(burst, elapsed), pal, path.colour)

    # ----- the side panel and the end screen -----------------------------------------------------------
    def panel_height(self, state: Any) -> int:
        return panel_height(self.look, state) if isinstance(state, KhetState) else 0

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        if not isinstance(state, KhetState):
            return 0
        return draw_side_panel(surface, rect, state, self.look, self._preview_words(state))

    def _preview_words(self, state: KhetState) -> str:
        p = self.picking
        if p is None or p.pending is None or not self.show_preview or p.state is not state:
            return ""
        seen = self.preview.of(state, p.pending)
        if seen is None or seen.after.beam is None:
            return ""
        return describe_beam(seen.after.beam)

    def end_reason(self, state: Any, outcome: Outcome) -> str:
        return how_it_ended(outcome.reason)

    def draw_end_summary(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        return draw_end_summary(surface, rect, state, self.look) if isinstance(state, KhetState) else 0
