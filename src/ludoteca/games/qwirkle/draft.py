"""The play a person builds in the window before pressing Play: the tiles still in the rack (in
the order shown), the tiles put down on the board but not yet played, the tile picked up, and the
tiles marked for an exchange. Plain logic without pygame: the window board draws a `Draft` and
turns clicks into calls on it; the tests drive it directly.

The rules decide everything. A square is lit for the picked tile when some legal placement holds
the tiles already put down and this one (so a gap that a later tile will bridge is allowed); a
refused square gets the sentence `check` gives; the score shown is `score_play`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ludoteca.core.errors import IllegalMove
from ludoteca.games.qwirkle import movegen
from ludoteca.games.qwirkle.game import PlayScore, QwirkleGame
from ludoteca.games.qwirkle.state import Exchange, Place, Placement, QwirkleState
from ludoteca.games.qwirkle.tiles import HIDDEN, Tile

Square = tuple[int, int]


@dataclass
class Draft:
    game: QwirkleGame
    #: the view of the seat building the play (its hand is visible)
    state: QwirkleState
    rack: list[Tile]
    pending: list[Placement] = field(default_factory=list)
    #: index in `rack` of the tile picked up
    picked: int | None = None
    exchanging: bool = False
    #: indexes in `rack` of the tiles to give back
    marked: set[int] = field(default_factory=set)
    _legal: list[frozenset[Placement]] | None = None
    _allowed: tuple[tuple[tuple[Placement, ...], Tile], frozenset[Square]] | None = None

    @staticmethod
    def start(game: QwirkleGame, state: QwirkleState) -> Draft | None:
        """A fresh draft for the seat to move, or None when its hand is not in this view."""
        hand = state.hands[state.turn] if state.ended is None else ()
        if not hand or HIDDEN in hand:
            return None
        return Draft(game, state, list(hand))

    @property
    def seat(self) -> int:
        return self.state.turn

    # ----- picking and putting down -----------------------------------------------------------
    def pick(self, index: int) -> None:
        """Pick the rack's tile `index` up (again: put it back)."""
        if not 0 <= index < len(self.rack):
            return
        self.picked = None if self.picked == index else index

    @property
    def picked_tile(self) -> Tile | None:
        return None if self.picked is None else self.rack[self.picked]

    def pending_at(self, square: Square) -> Tile | None:
        for r, c, tile in self.pending:
            if (r, c) == square:
                return tile
        return None

    def put(self, square: Square, index: int | None = None) -> str | None:
        """Put the picked tile (or the rack's tile `index`) on `square`; the rules' reason when it
        may not go there (nothing changes then)."""
        index = self.picked if index is None else index
        if index is None or not 0 <= index < len(self.rack):
            return None
        tile = self.rack[index]
        if square not in self.allowed(tile):
            return self.refusal(square, tile)
        self.pending.append((*square, tile))
        del self.rack[index]
        self.picked = None
        self._allowed = None
        return None

    def take_back(self, square: Square) -> Tile | None:
        """The tile put down on `square` goes back to the end of the rack (and is picked up)."""
        for i, (r, c, tile) in enumerate(self.pending):
            if (r, c) == square:
                del self.pending[i]
                self.rack.append(tile)
                self.picked = len(self.rack) - 1
                self._allowed = None
                return tile
        return None

    def take_back_last(self) -> bool:
        if not self.pending:
            return False
        r, c, _tile = self.pending[-1]
        self.take_back((r, c))
        self.picked = None
        return True

    def take_all_back(self) -> None:
        self.rack.extend(tile for _r, _c, tile in self.pending)
        self.pending.clear()
        self.picked = None
        self._allowed = None

    def reorder(self, index: int, to: int) -> None:
        """Move the rack's tile `index` to position `to` (players arrange their tiles)."""
        if not 0 <= index < len(self.rack):
            return
        to = max(0, min(len(self.rack) - 1, to))
        tile = self.rack.pop(index)
        self.rack.insert(to, tile)
        self.picked = to if self.picked == index else None

    # ----- what the rules say -----------------------------------------------------------------
    def allowed(self, tile: Tile | None = None) -> frozenset[Square]:
        """The squares where `tile` (default: the picked one) may join the tiles put down."""
        tile = self.picked_tile if tile is None else tile
        if tile is None:
            return frozenset()
        key = (tuple(self.pending), tile)
        if self._allowed is None or self._allowed[0] != key:
            self._allowed = (key, self._squares_for(tile, self.pending))
        return self._allowed[1]

    def allowed_instead(self, square: Square) -> frozenset[Square]:
        """Where the tile put down on `square` could lie instead (it is still shown where it is)."""
        tile = self.pending_at(square)
        if tile is None:
            return frozenset()
        return self._squares_for(tile, [p for p in self.pending if (p[0], p[1]) != square])

    def _squares_for(self, tile: Tile, pending: list[Placement]) -> frozenset[Square]:
        state = self.state
        taken = {(r, c) for r, c, _t in pending}
        if state.board_empty:
            # any lone tile opens the game; later tiles must keep the opening one valid line.
            # The official start's required length is enforced when Play is pressed.
            if not pending:
                return frozenset((r, c) for r in range(state.rows) for c in range(state.cols))
            relaxed = replace(state, opening=0)
            near = {
                (r + dr, c + dc)
                for r, c, _t in pending
                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
                if 0 <= r + dr < state.rows and 0 <= c + dc < state.cols
            }
            out = set()
            for square in near - taken:
                try:
                    self.game.check(relaxed, Place.of([*pending, (*square, tile)]))
                except IllegalMove:
                    continue
                out.add(square)
            return frozenset(out)
        wanted = set(pending)
        return frozenset(
            (r, c)
            for play in self._legal_plays()
            if wanted <= play
            for r, c, t in play
            if t == tile and (r, c) not in taken
        )

    def _legal_plays(self) -> list[frozenset[Placement]]:
        if self._legal is None:
            hand = self.state.hands[self.state.turn]
            self._legal = [
                frozenset(play.tiles) for play, _score in movegen.scored_placements(self.state, hand)
            ]
        return self._legal

    def refusal(self, square: Square, tile: Tile) -> str:
        """Why `tile` may not go on `square` with the tiles already put down."""
        r, c = square
        try:
            self.game.check(self.state, Place.of([*self.pending, (r, c, tile)]))
        except IllegalMove as err:
            return err.reason
        # legal as it stands, yet no legal play holds it: cannot happen while the move generator
        # and the rules agree (they are tested against each other)
        return ""

    def preview(self) -> PlayScore | str | None:
        """The pending play's score, or why it cannot be played as it stands; None when nothing is
        down."""
        if not self.pending:
            return None
        try:
            return self.game.score_play(self.state, Place.of(self.pending))
        except IllegalMove as err:
            return err.reason

    def play(self) -> Place | None:
        """The move to offer, once the tiles put down make a legal play."""
        return Place.of(self.pending) if isinstance(self.preview(), PlayScore) else None

    # ----- exchanging -------------------------------------------------------------------------
    def exchange_refusal(self, tiles: list[Tile] | None = None) -> str | None:
        """Why these tiles (default: one of the rack's) may not be exchanged now, or None."""
        hand = self.state.hands[self.state.turn]
        chosen = tiles if tiles is not None else list(hand[:1])
        try:
            self.game.check(self.state, Exchange.of(chosen))
        except IllegalMove as err:
            return err.reason
        return None

    def begin_exchange(self) -> str | None:
        """Start marking tiles to give back (the tiles put down return to the rack first)."""
        reason = self.exchange_refusal()
        if reason is not None:
            return reason
        self.take_all_back()
        self.exchanging, self.marked = True, set()
        return None

    def cancel_exchange(self) -> None:
        self.exchanging, self.marked = False, set()

    def mark(self, index: int) -> None:
        if self.exchanging and 0 <= index < len(self.rack):
            self.marked ^= {index}

    @property
    def marked_tiles(self) -> list[Tile]:
        return [self.rack[i] for i in sorted(self.marked)]

    def exchange(self) -> Exchange | None:
        """The exchange to offer, once legal tiles are marked."""
        if not self.exchanging or not self.marked:
            return None
        tiles = self.marked_tiles
        return Exchange.of(tiles) if self.exchange_refusal(tiles) is None else None
