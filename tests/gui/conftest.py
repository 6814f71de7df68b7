"""Drive the real window headless: posted mouse events, one frame at a time, screenshots on disk."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from ludoteca.i18n import set_language
from ludoteca.shells.window.app import App
from ludoteca.shells.window.routes import open_app
from ludoteca.store import Store

SHOTS = Path(os.environ.get("LUDOTECA_GUI_SHOTS", "")) if os.environ.get("LUDOTECA_GUI_SHOTS") else None


class Driver:
    """A person at the window: clicks at positions or on widgets, waits, looks at pixels."""

    def __init__(self, app: App, shots: Path) -> None:
        self.app = app
        self.shots = shots

    @property
    def screen(self) -> Any:
        return self.app.screen

    def frames(self, count: int = 2) -> None:
        for _ in range(count):
            self.app.step()

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        pos = (round(pos[0]), round(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(2)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Press at `start`, move with the button held, release at `end`."""
        a, b = (round(start[0]), round(start[1])), (round(end[0]), round(end[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        self.frames(2)

    def press(self, widget: Any) -> None:
        """Click the middle of a pygame_gui widget (it must be enabled to do anything)."""
        self.click(widget.rect.center)

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(2)

    def until(self, done: Callable[[], bool], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError("the window did not get there in time")
            self.app.step()
            time.sleep(0.002)

    def pixel(self, pos: tuple[float, float]) -> tuple[int, int, int]:
        colour = self.app.surface.get_at((round(pos[0]), round(pos[1])))
        return (colour.r, colour.g, colour.b)

    def shot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        pygame.image.save(self.app.surface, str(path))
        return path


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "gui.sqlite3") as opened:
        yield opened


@pytest.fixture
def driver(store: Store, tmp_path: Path) -> Iterator[Driver]:
    shots = SHOTS or tmp_path / "shots"
    shots.mkdir(parents=True, exist_ok=True)
    app = open_app(store, (1280, 800), speed=0, sound=False)
    yield Driver(app, shots)
    # as a player closing the window: a table the window hosts stops, its connection closes
    app.quit()
    app.screen.leave()
    set_language("en")


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
