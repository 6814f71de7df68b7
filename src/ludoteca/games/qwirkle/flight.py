"""How a Qwirkle move is animated, worked out from the two views around it (the game records
what the move did in `state.last`): another player's tiles fly from their rack to their squares
one after the other, turning face up on the way; a person's own tiles, already lying where they
put them, settle; the play's score rises over the last tile; tiles drawn from the bag slide into
the rack of the person who drew them (they are the only one to see them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.games.qwirkle.state import Placement, QwirkleState
from ludoteca.games.qwirkle.table import mine
from ludoteca.games.qwirkle.tiles import HIDDEN, Tile
from ludoteca.kits.window.anim import phase
from ludoteca.kits.window.theme import Motion

FLY, SETTLE, SWAP = "fly", "settle", "swap"


@dataclass(frozen=True)
class Plan:
    after: QwirkleState
    kind: str
    seat: int
    #: the tiles placed, in the order they leave the rack
    tiles: tuple[Placement, ...]
    #: how many tiles the mover held before the move
    hand_before: int
    #: indexes, in the rack shown after the move, of the tiles just drawn
    drawn: tuple[int, ...]
    score: int
    flight: float
    stagger: float
    settle: float
    slide: float
    bubble: float

    @property
    def landed(self) -> float:
        """When the last tile is down (ms from the start)."""
        if self.kind == FLY:
            return self.stagger * max(0, len(self.tiles) - 1) + self.flight
        if self.kind == SETTLE:
            return self.settle
        return 0.0

    @property
    def duration(self) -> float:
        tail = max(self.slide if self.drawn else 0.0, self.bubble if self.tiles else 0.0)
        return self.landed + tail

    def progress(self, index: int, elapsed: float) -> float:
        """How far tile `index` has flown (0 still in the rack, 1 down)."""
        return phase(elapsed, index * self.stagger, self.flight)

    def launched(self, elapsed: float) -> int:
        """How many tiles have left the mover's rack."""
        if self.kind != FLY:
            return len(self.tiles)
        return sum(1 for i in range(len(self.tiles)) if elapsed > i * self.stagger)

    def slide_in(self, elapsed: float) -> float:
        """How far the drawn tiles have slid into the rack (0 below it, 1 in place)."""
        return phase(elapsed, self.landed, self.slide)

    def bubble_at(self, elapsed: float) -> float | None:
        """How far the score has risen (0…1), None when it is not shown."""
        if not self.tiles or elapsed < self.landed:
            return None
        t = phase(elapsed, self.landed, self.bubble)
        return t if t < 1.0 else None


def drawn_indexes(hand: Sequence[Tile], drawn: Sequence[Tile]) -> tuple[int, ...]:
    """Where the drawn tiles sit in the (sorted) hand; the last copies when a tile is doubled."""
    wanted = Counter(t for t in drawn if t != HIDDEN)
    out = []
    for i in reversed(range(len(hand))):
        if wanted[hand[i]] > 0:
            wanted[hand[i]] -= 1
            out.append(i)
    return tuple(sorted(out))


def plan(
    before: QwirkleState, after: QwirkleState, motion: Motion, settling: tuple[Placement, ...]
) -> Plan | None:
    """The animation of the move from `before` to `after`; None when there is nothing to show.
    `settling` is the play the person at the screen had put down themselves."""
    last = after.last
    if last is None or after.ply != before.ply + 1 or last.kind == "pass":
        return None
    me = mine(after)
    drawn = drawn_indexes(after.hands[me], last.drawn) if me == last.seat else ()
    # the person's own tiles already lie where they put them: they settle instead of flying
    own = tuple(sorted(settling)) == last.placed
    kind = SWAP if last.kind == "exchange" else SETTLE if own else FLY
    return Plan(
        after=after,
        kind=kind,
        seat=last.seat,
        tiles=last.placed,
        hand_before=len(before.hands[last.seat]),
        drawn=drawn,
        score=last.score,
        flight=motion.fall,
        stagger=motion.flip_wave_step,
        settle=motion.place,
        slide=motion.vanish,
        bubble=motion.flash,
    )
