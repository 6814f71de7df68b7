"""A finished game's review in the window (the machinery is `ai.review`, as for `ludoteca review`):
made in a background thread while the player already steps through the game, then drawn as a graph
of the first player's chances along the moves, each judged move a dot in its mark's colour.
"""

from __future__ import annotations

import threading

import pygame

from ludoteca.ai.review import Analyser, Mark, MoveReview, Review
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _
from ludoteca.kits.window.theme import Colour, Colours
from ludoteca.match import Match
from ludoteca.shells import review_cache
from ludoteca.shells.terminal.review import MARK_NAMES, analyser_for, in_points
from ludoteca.store import Store

#: the marks worth a dot on the graph, and the colour of each (the rest lie on the line)
MARK_COLOURS: dict[Mark, Colour] = {
    Mark.INACCURACY: (236, 206, 92),
    Mark.MISTAKE: (238, 150, 64),
    Mark.BLUNDER: (226, 86, 74),
}


def can_review(match: Match) -> bool:
    """Whether the game offers a review (its declaration names an analyser for this variant)."""
    try:
        analyser_for(match.game, match.states[0])
    except LudotecaError:
        return False
    return True


class Reviewer:
    """One review of `match`, begun at once in a thread; `done` once it has finished."""

    def __init__(self, match: Match, store: Store | None = None) -> None:
        self.match = match
        self.store = store
        self.progress = 0.0
        self.result: Review | None = None
        self.error: str | None = None
        self._cancel = threading.Event()
        self._by_ply: dict[int, MoveReview] = {}
        analyser: Analyser = analyser_for(match.game, match.states[0])
        #: the analyser judges in points given away (Qwirkle): the graph shows each mover's own share
        self.in_points = in_points(analyser)
        self._thread: threading.Thread | None = None
        kept = review_cache.kept_review(store, match, analyser)
        if kept is not None:  # reviewed before: shown at once
            self._finished(kept)
        else:
            self._thread = threading.Thread(
                target=self._run, args=(analyser,), name="ludoteca-review", daemon=True
            )
            self._thread.start()

    def _finished(self, found: Review) -> None:
        self._by_ply = {m.ply: m for m in found.moves}
        self.progress, self.result = 1.0, found

    def _run(self, analyser: Analyser) -> None:
        def moved(fraction: float) -> None:
            self.progress = fraction

        try:
            found = review_cache.make_review(
                self.store, self.match, analyser, progress=moved, cancel=self._cancel
            )
        except Exception as err:  # an engine's failure costs the review, never the window
            self.error = _("The review stopped: {err}").format(err=err)
            return
        self._finished(found)

    @property
    def done(self) -> bool:
        return self.result is not None or self.error is not None

    def at(self, ply: int) -> MoveReview | None:
        """The review of the game's `ply`-th move (1 for the first)."""
        return self._by_ply.get(ply)

    def wait(self, timeout: float = 120.0) -> None:
        """For the tests: until the review has finished."""
        if self._thread is not None:
            self._thread.join(timeout)

    def stop(self) -> None:
        self._cancel.set()


def mark_words_short(reviewed: MoveReview) -> str:
    """A judged move's mark alone ("blunder")."""
    return _(MARK_NAMES[reviewed.mark]) if reviewed.mark is not None else _("not judged")


def mark_words(reviewed: MoveReview) -> str:
    """ "mistake; better: c4, then e5 f6" — a judged move as the status line says it."""
    if reviewed.mark is None:
        return _("not judged")
    words = mark_words_short(reviewed)
    if reviewed.better:
        better = _("better: {move}").format(move=reviewed.better)
        if reviewed.line:
            better = _("{better}, then {line}").format(better=better, line=" ".join(reviewed.line))
        words = _("{mark}; {better}").format(mark=words, better=better)
    return words


def graph_points(
    reviewed: Review, count: int, rect: pygame.Rect, in_points: bool = False
) -> list[tuple[int, int, MoveReview]]:
    """Where each judged move's value goes: the move's number along, the first player's chance up
    (`in_points`: how near the mover came to the best play, at the top for the best)."""
    points = []
    for move in reviewed.moves:
        if in_points:
            chance = None if move.played is None else min(1.0, 2 * move.played.chance)
        else:
            chance = move.first_seat_chance()
        if chance is None:
            continue
        x = rect.left + round((rect.width - 1) * move.ply / max(1, count))
        y = rect.bottom - 1 - round(chance * (rect.height - 1))
        points.append((x, y, move))
    return points


def ply_at(rect: pygame.Rect, x: int, count: int) -> int:
    """The position a click at `x` on the graph asks for (0: the start … `count`: the end)."""
    return max(0, min(count, round((x - rect.left) * count / max(1, rect.width - 1))))


def draw_graph(
    surface: pygame.Surface, rect: pygame.Rect, reviewer: Reviewer, count: int, at: int, c: Colours
) -> None:
    pygame.draw.rect(surface, c.status, rect, border_radius=6)
    middle = rect.top + rect.height // 2  # an even game
    pygame.draw.line(surface, c.panel_edge, (rect.left, middle), (rect.right - 1, middle))
    x = rect.left + round((rect.width - 1) * at / max(1, count))
    pygame.draw.line(surface, c.text_dim, (x, rect.top), (x, rect.bottom - 1))
    found = reviewer.result
    if found is None:
        done = pygame.Rect(rect.left, rect.bottom - 4, round(rect.width * reviewer.progress), 4)
        pygame.draw.rect(surface, c.accent, done)
        return
    points = graph_points(found, count, rect, reviewer.in_points)
    if len(points) >= 2:
        pygame.draw.lines(surface, c.accent, False, [(px, py) for px, py, _m in points], 2)
    for px, py, move in points:
        colour = MARK_COLOURS.get(move.mark) if move.mark is not None else None
        if colour is not None:
            pygame.draw.circle(surface, colour, (px, py), 4)
