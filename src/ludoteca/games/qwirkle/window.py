"""Qwirkle in the window: the board framed round its tiles (the wheel zooms, a right-button drag
pans), the rack of the person playing along the bottom, the other players' racks face down along
the top. Tiles are dragged from the rack onto the board (or clicked, then a square); the squares
where the picked tile may go are lit, tiles put down wait there with the play's score until Play
is pressed, and a refused square says why, in the rules' words. Exchange marks tiles to give back.
A computer's tiles fly from its rack to the board.

The play being built is a `Draft` (draft.py); the drawing lives in table.py, tile_art.py,
side_panel.py, and the animations' timing in flight.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

import pygame

from ludoteca.core.errors import NotationError
from ludoteca.games.qwirkle import movegen, notation, window_art
from ludoteca.games.qwirkle.draft import Draft
from ludoteca.games.qwirkle.flight import Plan, plan
from ludoteca.games.qwirkle.game import PlayScore, QwirkleGame, round_over
from ludoteca.games.qwirkle.lines import square_text
from ludoteca.games.qwirkle.painter import Drag, Painter
from ludoteca.games.qwirkle.side_panel import FULL, PanelLook
from ludoteca.games.qwirkle.side_panel import draw_panel as draw_side_panel
from ludoteca.games.qwirkle.state import PASS, Move, Place, Placement, QwirkleState
from ludoteca.games.qwirkle.table import (
    TILE_FILL,
    Look,
    Table,
    bag_words,
    draw_board,
    mine,
    occupied,
)
from ludoteca.games.qwirkle.tile_art import QwirkleColours
from ludoteca.games.qwirkle.tile_art import palette_for as qwirkle_palette
from ludoteca.games.qwirkle.tiles import COPIES, TILE_TYPES
from ludoteca.games.qwirkle.viewport import Square, Viewport
from ludoteca.games.qwirkle.window_art import ThemedLook
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import draw, piece_art
from ludoteca.kits.window.board import (
    BoardAction,
    Changed,
    GameBoard,
    MovePicture,
    MovePiece,
    Play,
    Refuse,
    Response,
    Scene,
)
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.grid import Cell
from ludoteca.kits.window.theme import Theme

#: the most tiles a bag holds (the normal game's)
TILES = TILE_TYPES * max(COPIES.values())
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)
}


class QwirkleBoard(GameBoard):
    palette: QwirkleColours

    def __init__(self, game: Any, theme: Theme, fonts: Fonts) -> None:
        self.table = Table.cut(pygame.Rect(0, 0, 640, 480), 16, 8)
        self.port = Viewport(self.table.board, 12, 26, 64.0)
        #: the play being built by the person at the screen, when it is their turn
        self.draft: Draft | None = None
        self.drag: Drag | None = None
        #: the view the draft and the framing belong to
        self._shown: QwirkleState | None = None
        #: the tiles the person had put down when their play was made (they settle, not fly)
        self._settling: tuple[Placement, ...] = ()
        self._plan: Plan | None = None
        self._pass: tuple[QwirkleState, Move | None] | None = None
        super().__init__(game, theme, fonts)

    @property
    def qwirkle(self) -> QwirkleGame:
        return cast(QwirkleGame, self.game)

    def palette_for(self, theme: Theme) -> QwirkleColours:
        return qwirkle_palette(theme)

    @property
    def look(self) -> Look:
        art = self.art
        if art is None:
            return Look(self.palette, self.colours, self.fonts, self.theme.symbols)
        return ThemedLook(self.palette, self.colours, self.fonts, self.theme.symbols, art)

    # ----- the tiles a theme may draw (`piece_art`) ------------------------------------------------
    def art_catalogue(self) -> piece_art.ArtCatalogue:
        return window_art.catalogue(self.palette)

    # ----- layout ---------------------------------------------------------------------------------
    def grid_size(self, state: Any) -> tuple[int, int]:
        return (state.cols, state.rows) if isinstance(state, QwirkleState) else (26, 12)

    def layout(self, area: pygame.Rect, state: Any) -> None:
        self.area = area.copy()
        # the bag's label at its widest (a full bag of the normal game) keeps its room all game
        widest = self.fonts.small_bold.size(bag_words(TILES))[0]
        self.table = Table.cut(area, self.fonts.small.get_linesize(), self.theme.sizes.gap, widest)
        cols, rows = self.grid_size(state)
        self.port = Viewport(self.table.board, rows, cols, self.table.rack_tile / TILE_FILL)
        self.port.frame(occupied(state) if isinstance(state, QwirkleState) else ())
        self.grid = self.port.grid

    def _sync(self, state: QwirkleState) -> None:
        """A new view: a new draft for its person when it is their turn; the board framed again
        when tiles were played."""
        old = self._shown
        if state is old:
            return
        self._shown = state
        if old is not None and old.ply == state.ply and old.hands == state.hands and old.cells == state.cells:
            if self.draft is not None:
                self.draft.state = state
            return
        self.drag = None
        me = mine(state)
        self.draft = Draft.start(self.qwirkle, state) if me is not None and me == state.turn else None
        if old is None or old.cells != state.cells:
            self.port.frame(occupied(state))
            self.grid = self.port.grid

    def reset(self) -> None:
        self._settling = tuple(self.draft.pending) if self.draft is not None else ()
        self.draft = None
        self.drag = None
        self._shown = None

    # ----- zoom and pan -----------------------------------------------------------------------------
    def zoom(self, pos: tuple[int, int], steps: float) -> bool:
        if not self.port.rect.collidepoint(pos):
            return False
        self.port.zoom(pos, steps)
        self.grid = self.port.grid
        return True

    def pan(self, dx: int, dy: int) -> bool:
        before = (self.port.left, self.port.top)
        self.port.pan(dx, dy)
        self.grid = self.port.grid
        return (self.port.left, self.port.top) != before

    def show_cell(self, cell: Cell) -> None:
        self.port.show((cell[1], cell[0]))
        self.grid = self.port.grid

    def _reveal(self, d: Draft) -> None:
        """Widen the view to every square the picked tile may go to, unless the person chose their
        own view (or the board is empty: then it may go anywhere)."""
        lit = d.allowed()
        if self.port.manual or d.state.board_empty or not lit:
            return
        if all(self.port.rect.contains(self.port.square_rect(square)) for square in lit):
            return
        self.port.frame([*occupied(d.state), *lit, *((r, c) for r, c, _t in d.pending)])
        self.grid = self.port.grid

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        square = self.port.square_at(pos)
        return None if square is None else (square[1], square[0])

    # ----- input ------------------------------------------------------------------------------------
    def _draft(self, state: Any) -> Draft | None:
        if not isinstance(state, QwirkleState):
            return None
        self._sync(state)
        return self.draft

    def press(self, state: Any, pos: tuple[int, int]) -> Response:
        d = self._draft(state)
        self.drag = None
        if d is None:
            return None
        index = self.table.rack_index_at(pos, len(d.rack)) if self.table.rack.collidepoint(pos) else None
        if index is not None:
            if d.exchanging:
                d.mark(index)
                return Changed()
            was = d.picked == index
            d.picked = index
            self._reveal(d)
            self.drag = Drag(d.rack[index], pos, index=index, was_picked=was)
            return Changed()
        square = self.port.square_at(pos)
        if square is None:
            return Changed() if self.deselect() else None
        return self._on_square(d, square, pos)

    def _on_square(self, d: Draft, square: Square, pos: tuple[int, int] | None = None) -> Response:
        """A press on `square` (`pos` None: Enter on the keyboard cursor, where Enter with no tile
        picked plays the tiles put down, and Backspace takes one back)."""
        if d.exchanging:
            return Refuse(_("Click the tiles of your rack to give back, then Exchange (or Cancel)."))
        held = d.pending_at(square)
        if held is not None and pos is not None:
            self.drag = Drag(held, pos, square=square)  # a click or a drag: the release tells
            return Changed()
        if d.picked is not None:
            reason = d.put(square)
            return Refuse(draw.sentence(reason)) if reason else Changed()
        if pos is None and d.pending:
            move = d.play()
            preview = d.preview()
            return Play(move) if move is not None else Refuse(draw.sentence(str(preview)))
        return Refuse(_("Pick a tile of your rack first: click it (or press its number), or drag it."))

    def release(self, state: Any, pos: tuple[int, int]) -> Response:
        drag, self.drag = self.drag, None
        d = self._draft(state)
        if drag is None or d is None:
            return None
        moved = drag.moved(pos)
        square = self.port.square_at(pos)
        on_rack = self.table.rack.collidepoint(pos)
        if drag.square is not None:  # a tile put down this turn
            if not moved:
                d.take_back(drag.square)  # a click: back to the rack, still held to go elsewhere
                return Changed()
            if square is not None and square != drag.square:
                d.take_back(drag.square)
                reason = d.put(square)
                if reason:
                    d.put(drag.square)
                    return Refuse(draw.sentence(reason))
                return Changed()
            if on_rack:
                d.take_back(drag.square)
                d.reorder(len(d.rack) - 1, self.table.rack_slot_at(pos))
                d.picked = None
            return Changed()
        assert drag.index is not None
        if not moved:
            if drag.was_picked:
                d.picked = None  # a second click puts it back
            return Changed()
        if square is not None:
            reason = d.put(square, drag.index)
            return Refuse(draw.sentence(reason)) if reason else Changed()
        if on_rack:
            d.reorder(drag.index, self.table.rack_slot_at(pos))
        return Changed()

    def activate(self, state: Any, cell: Cell) -> Response:
        """Enter on the keyboard cursor: put the picked tile there, take a tile put down back,
        or, with nothing picked, play the tiles put down."""
        d = self._draft(state)
        return None if d is None else self._on_square(d, (cell[1], cell[0]))

    def key(self, state: Any, key: int) -> Response:
        d = self._draft(state)
        if d is None:
            return None
        if key in NUMBER_KEYS and NUMBER_KEYS[key] < len(d.rack):
            if d.exchanging:
                d.mark(NUMBER_KEYS[key])
            else:
                d.pick(NUMBER_KEYS[key])
                self._reveal(d)
            return Changed()
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and d.take_back_last():
            return Changed()
        return None

    def deselect(self) -> bool:
        """Esc (or a right click): put the held tile back, then leave the exchange, then take
        back the tiles put down."""
        self.drag = None
        d = self.draft
        if d is None:
            return False
        if d.picked is not None:
            d.picked = None
        elif d.exchanging:
            d.cancel_exchange()
        elif d.pending:
            d.take_all_back()
        else:
            return False
        return True

    # ----- the buttons beside the status bar ----------------------------------------------------------
    def actions(self, state: Any) -> tuple[BoardAction, ...]:
        d = self._draft(state)
        if d is None:
            return ()
        if d.exchanging:
            n = len(d.marked)
            label = ngettext("Exchange {n} tile", "Exchange {n} tiles", n).format(n=n) if n else _("Exchange")
            return (
                BoardAction("cancel", _("Cancel")),
                BoardAction("exchange", label, enabled=d.exchange() is not None, primary=True),
            )
        preview = d.preview()
        # ("Play" alone is the terminal's heading for the last move, a noun in French)
        label = (
            _("Play +{n}").format(n=preview.score) if isinstance(preview, PlayScore) else _("Play the tiles")
        )
        return (
            BoardAction("swap", _("Exchange…"), enabled=d.exchange_refusal() is None),
            BoardAction("play", label, enabled=isinstance(preview, PlayScore), primary=True),
        )

    def act(self, state: Any, key: str) -> Response:
        d = self._draft(state)
        if d is None:
            return None
        if key == "play":
            move = d.play()
            if move is not None:
                return Play(move)
            preview = d.preview()
            return Refuse(
                draw.sentence(preview) if isinstance(preview, str) else _("Put tiles on the board first.")
            )
        if key == "swap":
            reason = d.begin_exchange()
            return Refuse(draw.sentence(reason)) if reason else Changed()
        if key == "cancel":
            d.cancel_exchange()
            return Changed()
        if key == "exchange":
            swap = d.exchange()
            if swap is not None:
                return Play(swap)
            reason = d.exchange_refusal(d.marked_tiles) if d.marked else None
            return Refuse(
                draw.sentence(reason) if reason else _("Click the tiles of your rack to give back first.")
            )
        return None

    def prompt(self, state: Any, name: str) -> str:
        d = self._draft(state)
        if d is None:
            return _("{name} to play.").format(name=name)
        if d.exchanging:
            return _("{name}: click the tiles to give back, then Exchange.").format(name=name)
        preview = d.preview()
        if isinstance(preview, PlayScore):
            return _("{name}: this play scores {points} — press Play, or add tiles.").format(
                name=name, points=_points(preview)
            )
        if isinstance(preview, str):
            return _("Not playable yet: {reason}.").format(reason=preview)
        if d.picked is not None:
            return _("{name}: put the tile on a lit square (click or drag).").format(name=name)
        return _("{name}: drag a tile onto the board, or click a tile and then a square.").format(name=name)

    def forced_pass(self, state: Any) -> Any:
        if not isinstance(state, QwirkleState) or state.ended or state.bag or mine(state) != state.turn:
            return None
        if self._pass is None or self._pass[0] is not state:
            stuck = not movegen.has_placement(state, state.hands[state.turn])
            self._pass = (state, PASS if stuck else None)
        return self._pass[1]

    def round_break(self, state: Any) -> str | None:
        if isinstance(state, QwirkleState) and state.ended is None and round_over(state):
            return _("End of round {n}").format(n=state.ply // state.seats)
        return None

    def announcement(self, before: Any, after: Any) -> str:
        last = after.last if isinstance(after, QwirkleState) else None
        if last is None or last.kind != "place" or after.ply != before.ply + 1:
            return ""
        parts = []
        if last.qwirkles:
            parts.append(_("Qwirkle!") if last.qwirkles == 1 else _("Two Qwirkles!"))
        if last.end_bonus:
            parts.append(_("Last tile: +{n}").format(n=last.end_bonus))
        return " · ".join(parts)

    # ----- animation ----------------------------------------------------------------------------------
    def transition_ms(self, before: Any, after: Any) -> float:
        self._plan = None
        if isinstance(before, QwirkleState) and isinstance(after, QwirkleState):
            self._plan = plan(before, after, self.motion, self._settling)
        self._settling = ()
        return self._plan.duration if self._plan is not None else 0.0

    # ----- the side panel and the players' markers -----------------------------------------------------
    def panel_height(self, state: Any) -> int:
        return PanelLook(self.look).heights()[FULL] if isinstance(state, QwirkleState) else 0

    def panel_height_within(self, state: Any, room: int) -> int:
        return PanelLook(self.look).height_within(room) if isinstance(state, QwirkleState) else 0

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, state: Any) -> int:
        return draw_side_panel(surface, rect, state, self.look) if isinstance(state, QwirkleState) else 0

    # ----- the move list ---------------------------------------------------------------------------
    def move_entry(self, text: str) -> tuple[MovePiece, ...]:
        """A play as its squares, each with a small picture of its tile; an exchange or a pass in
        words (what is given back stays hidden, as in the notation shown)."""
        return _move_entry(text)

    def draw_move_picture(self, surface: pygame.Surface, picture: MovePicture, rect: pygame.Rect) -> None:
        if isinstance(picture.what, int):
            # one pixel less: the sprite's shadow takes it
            surface.blit(self.look.tile(picture.what, rect.height - 1), rect.topleft)

    def draw_seat_marker(
        self, surface: pygame.Surface, center: tuple[float, float], radius: float, seat: int
    ) -> None:
        size = round(radius * 2)
        surface.blit(self.look.marker(seat, size), (round(center[0] - radius), round(center[1] - radius)))

    def sample_state(self) -> QwirkleState:
        """A short game's first plays, each the best-scoring one (for the game's card)."""
        game = self.qwirkle
        state = game.start(game.options({"mode": "short"}), 5, 2)
        line = max(movegen.opening_lines(state.hands[0]), key=len)
        row, col = state.rows // 2, state.cols // 2 - len(line) // 2
        state = game.play(state, Place.of([(row, col + i, tile) for i, tile in enumerate(line)]))
        for _turn in range(7):
            plays = movegen.scored_placements(state, state.hands[state.turn])
            if not plays or state.ended:
                break
            state = game.play(state, max(plays, key=lambda p: p[1])[0])
        return state

    def draw_thumbnail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        state = self.sample_state()
        port = Viewport(rect.inflate(-8, -8), state.rows, state.cols, rect.height / 5)
        port.frame(occupied(state))
        draw_board(surface, port, state, self.look, labels=False)

    # ----- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        state = scene.state
        if not isinstance(state, QwirkleState):
            return
        self._sync(state)
        t = scene.transition
        moving = (
            self._plan if t is not None and self._plan is not None and self._plan.after is t.after else None
        )
        Painter(
            surface, scene, state, self.look, self.port, self.table, self.draft, self.drag, moving
        ).paint()


def _move_entry(text: str) -> tuple[MovePiece, ...]:
    """`QwirkleBoard.move_entry`."""
    words = text.split()
    if words and words[0] in notation.EXCHANGE_WORDS:
        n = len(words) - 1
        said = ngettext("exchanged {n} tile", "exchanged {n} tiles", n).format(n=n)
        return tuple((word,) for word in said.split())
    if words in (["pass"], ["-"]):
        return tuple((word,) for word in _("passed").split())
    placed = _placed(text)
    if placed is None:
        return tuple((word,) for word in words)
    return tuple((square_text(r, c), MovePicture(tile)) for r, c, tile in placed)


@lru_cache(maxsize=1024)
def _placed(text: str) -> tuple[Placement, ...] | None:
    """The tiles a play in notation lays, read once: the move list is drawn every frame (the
    words above are not kept, as the language may change)."""
    try:
        move = notation.parse_move(text, ())
    except NotationError:
        return None
    return move.tiles if isinstance(move, Place) else None


def _points(score: PlayScore) -> str:
    points = ngettext("{n} point", "{n} points", score.score).format(n=score.score)
    parts = [str(n) for n in score.lines] + ([str(score.end_bonus)] if score.end_bonus else [])
    return f"{points} ({'+'.join(parts)})" if len(parts) > 1 else points
