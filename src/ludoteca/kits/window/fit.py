"""Does every text fit where it is drawn? A watch the tests switch on.

While `watching()` is active, the text helpers of `draw` report to it: each text they draw on the
window, with the box it belongs in (`inside`), and each text that did not fit its room — cut with
"…", lines dropped from a paragraph, a word wider than its line. A test walks every screen and
dialog with the watch on and asks `Watch.problems()`; the shell adds what it knows of its widgets
(`shells/window/fitcheck.py`). When no watch is active the helpers pay one test of a module
attribute per text.

Screens and boards say where their text belongs with `with fit.inside(rect):` (the side panel,
the status bar, a dialog's card, a game card); a text outside its box, outside the window, or on
top of another text is a problem as surely as a cut one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

#: how far (pixels) a text's antialiased edge may stray out of its box before it counts
TOLERANCE = 2


@dataclass(frozen=True)
class Drawn:
    """A text drawn on the window, the box it belongs in, and what was being drawn (for messages)."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect | None
    where: str


@dataclass(frozen=True)
class Misfit:
    """A text the helpers had to shorten or could not fit: `needed` pixels wide, `room` given."""

    text: str
    problem: str
    needed: int
    room: int
    where: str


@dataclass
class Watch:
    drawn: list[Drawn] = field(default_factory=list)
    misfits: list[Misfit] = field(default_factory=list)
    boxes: list[pygame.Rect] = field(default_factory=list)
    #: what is being drawn now ("status bar", "dialog"…), for the problems' messages
    places: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        return " / ".join(self.places)

    def clear(self) -> None:
        """A new frame: forget what earlier frames drew."""
        self.drawn.clear()
        self.misfits.clear()

    def veil(self) -> None:
        """What was drawn so far is hidden under a dimmed veil (a dialog is open): it cannot
        collide with what is drawn above it."""
        self.drawn.clear()

    def problems(self, window: pygame.Rect) -> list[str]:
        """Every text that does not fit: shortened, out of its box or the window, or overlapping."""
        found = [
            f"{m.where}: {m.text!r} {m.problem} (needs {m.needed} px, has {m.room})" for m in self.misfits
        ]
        for d in self.drawn:
            for name, box in (("the window", window), ("its box", d.box)):
                if box is not None and not box.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(d.rect):
                    found.append(
                        f"{d.where}: {d.text!r} runs out of {name} ({_rect(d.rect)} in {_rect(box)})"
                    )
        for i, a in enumerate(self.drawn):
            for b in self.drawn[i + 1 :]:
                overlap = a.rect.clip(b.rect)
                if overlap.width > TOLERANCE and overlap.height > TOLERANCE:
                    found.append(f"{a.where}: {a.text!r} and {b.text!r} overlap at {_rect(overlap)}")
        return found


_watch: Watch | None = None


@contextmanager
def watching() -> Iterator[Watch]:
    """Record, until the block ends, what the text helpers draw and what they could not fit."""
    global _watch
    outer, _watch = _watch, Watch()
    try:
        yield _watch
    finally:
        _watch = outer


def active() -> Watch | None:
    return _watch


@contextmanager
def paused() -> Iterator[None]:
    """Record nothing in this block (a helper trying out sizes before it draws)."""
    global _watch
    outer, _watch = _watch, None
    try:
        yield
    finally:
        _watch = outer


@contextmanager
def inside(box: pygame.Rect, where: str = "") -> Iterator[None]:
    """Text drawn on the window in this block belongs inside `box` (`where` names the place)."""
    watch = _watch
    if watch is None:
        yield
        return
    watch.boxes.append(box.copy())
    if where:
        watch.places.append(where)
    try:
        yield
    finally:
        watch.boxes.pop()
        if where:
            watch.places.pop()


def veil() -> None:
    """A dimmed veil now covers what was drawn (a dialog opens over the screen)."""
    if _watch is not None:
        _watch.veil()


def drawn(surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    """A helper drew `text` at `rect` on `surface` (only the window's own surface is checked:
    pictures drawn off screen are placed later, by code that knows where)."""
    watch = _watch
    if watch is None or not text.strip() or surface is not pygame.display.get_surface():
        return
    box = watch.boxes[-1] if watch.boxes else None
    watch.drawn.append(Drawn(text, rect.copy(), box, watch.where))


def misfit(text: str, problem: str, needed: int, room: int) -> None:
    """A helper could not fit `text` in `room` pixels (it cut it, dropped lines…)."""
    watch = _watch
    if watch is not None:
        watch.misfits.append(Misfit(text, problem, needed, room, watch.where))


def _rect(r: pygame.Rect) -> str:
    return f"{r.width}×{r.height} at ({r.x}, {r.y})"
