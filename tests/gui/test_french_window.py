"""The window in French, checked with the marked French of tests/marked_french.py: every text the
window draws (through `kits.window.draw.text`) or puts on a widget (buttons, labels, text boxes,
fields), on every page, on each game's options, board, leave dialog and end screen, must have gone
through the catalogue."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.core.game import Game
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import LANGUAGES, set_language
from ludoteca.kits.window import draw
from ludoteca.match import Match
from ludoteca.shells.window.app import App
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.routes import open_app
from ludoteca.store import Store
from tests.marked_french import (
    MarkedFrench,
    allowed_words,
    install_marked_french,
    notation_words,
    shelf,
    unmarked_words,
)

PAGES = ("menu", "choose", "settings", "rules", "scores", "saves")


class Window:
    """The app in marked French, noting every text it shows."""

    def __init__(self, app: App, french: MarkedFrench) -> None:
        self.app = app
        self.french = french
        #: texts drawn or shown on widgets, and the whole texts that were wrapped or shortened
        #: before being drawn in pieces (a piece of a wrapped translation holds no mark)
        self.shown: list[str] = []
        self.whole: list[str] = []

    def texts(self) -> list[str]:
        pieces = [t for t in self.shown if not any(t.rstrip("…") in whole for whole in self.whole)]
        return [*self.whole, *pieces]

    def look(self, frames: int = 3) -> None:
        for _ in range(frames):
            self.app.step()
        for manager in (self.app.manager, self.app.overlay_manager):
            for element in manager.get_sprite_group().sprites():
                # (the rules' text boxes show rules.fr.md, checked by tests/core/test_i18n.py)
                for attribute in ("text", "placeholder_text"):
                    value = getattr(element, attribute, None)
                    if isinstance(value, str) and value:
                        self.shown.append(value)


@pytest.fixture
def window(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[Window]:
    store.set_setting("language", "fr")
    app = open_app(store, (1280, 800), speed=0, sound=False)
    seen = Window(app, install_marked_french())
    text, wrap, ellipsize = draw.text, draw.wrap, draw.ellipsize

    def noting_text(surface: Any, font: Any, content: str, *args: Any, **kwargs: Any) -> Any:
        seen.shown.append(content)
        return text(surface, font, content, *args, **kwargs)

    def noting_wrap(font: Any, content: str, width: int) -> list[str]:
        seen.whole.append(content)
        return wrap(font, content, width)

    def noting_ellipsize(font: Any, content: str, width: int, **kwargs: Any) -> str:
        seen.whole.append(content)
        return ellipsize(font, content, width, **kwargs)

    monkeypatch.setattr(draw, "text", noting_text)
    monkeypatch.setattr(draw, "wrap", noting_wrap)
    monkeypatch.setattr(draw, "ellipsize", noting_ellipsize)
    yield seen
    app.screen.leave()
    set_language("en")


def _seats(game: Game[Any, Any]) -> tuple[SeatSpec, ...]:
    count = game.info.default_seats
    return (SeatSpec("human"), *(SeatSpec("computer", 1) for _ in range(count - 1)))


def _check(window: Window, games: list[Game[Any, Any]], also: set[str]) -> None:
    # the languages' names are written in their own language, on purpose
    endonyms = {word.lower() for name in LANGUAGES.values() for word in name.split()}
    allowed = allowed_words(games) | also | endonyms | {"ludoteca"}
    leaks = [leak for text in window.texts() for leak in unmarked_words(text, allowed)]
    assert not leaks, "\n".join(dict.fromkeys(leaks))
    assert not window.french.unknown, sorted(window.french.unknown)


def test_every_page_of_the_window_speaks_only_french(window: Window) -> None:
    for page in PAGES:
        window.app.go(page)
        window.look()
    _check(window, shelf(), set())


@pytest.mark.parametrize("key", [game.info.key for game in shelf() if has_board(game)])
def test_each_game_in_the_window_speaks_only_french(window: Window, key: str) -> None:
    from ludoteca.core.registry import get_game

    game = get_game(key)
    app = window.app
    app.go("options", game)
    window.look()
    match = Match(game, game.options(), _seats(game), 7)
    app.go("play", match, computers=False)
    window.look()
    rng = random.Random(7)
    for _ply in range(6):  # a few moves, each described on the status bar
        if match.over:
            break
        view = match.view(match.to_move())
        match.play(rng.choice(list(game.legal_moves(view))))
        window.look()
    screen: Any = app.screen
    for dialog in (
        screen.keeper.ask_leave,
        screen.keeper.ask_save,
        screen.dialogs.ask_resign,
        screen.dialogs.show_rules,
    ):
        dialog()
        window.look()
        app.close_dialog()
    if not match.over:
        match.resign()
    app.go("end", match)
    window.look()
    words = notation_words(game) | {w.lower() for text in match.moves for w in re.findall(r"[^\W\d_]+", text)}
    _check(window, shelf(), words)
