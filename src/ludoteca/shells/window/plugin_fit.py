"""The window's checks of one game, for `ludoteca check GAME`: every text of its options screen, its
board in mid-game and its end screen fits (the same watch as the test suite's tour of every
screen, `shells/window/fitcheck.py`), in English and French, small and large; and every symbol its
grid shows is one the window's font can draw.

It needs no display: the caller sets `SDL_VIDEODRIVER=dummy` before pygame starts, and the window
is drawn into memory.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from ludoteca.core import grid as shapes
from ludoteca.core.game import Game, implements
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _, set_language
from ludoteca.kits.window import draw
from ludoteca.match import Match
from ludoteca.shells.window import fitcheck
from ludoteca.shells.window.boards import has_board
from ludoteca.shells.window.routes import open_app
from ludoteca.store import Store

#: the smallest useful window and a large one
SIZES = ((800, 600), (1280, 800))
#: a name as long as the name fields take: a player's own name may lose its end, our words never
LONG_NAME = "Maximilienne-Guinevere Z."
#: shapes that show the piece's symbol in the window
WITH_SYMBOL = (shapes.COUNTER, shapes.SQUARE, shapes.MARK)


def _matches(game: Game[Any, Any], seed: int) -> tuple[Match, Match]:
    """The game in mid-game with a person to move, and played on to its end (random legal moves)."""
    seats = tuple(
        SeatSpec("human", None, LONG_NAME) if seat == 0 else SeatSpec("human")
        for seat in range(game.info.max_seats)
    )
    rng = random.Random(seed)
    middle = Match(game, game.options(), seats, seed)
    while not middle.over and middle.ply < 2 * len(seats) + 1:
        middle.play(rng.choice(list(game.legal_moves(middle.state))))
    end = Match(game, game.options(), seats, seed)
    for move in middle.moves:
        end.play(move)
    while not end.over and end.ply < 2000:
        end.play(rng.choice(list(game.legal_moves(end.state))))
    return middle, end


def missing_symbols(game: Game[Any, Any], states: list[Any], font: Any) -> list[str]:
    """Sentences for the symbols of the game's grids that `font` would draw as a box."""
    if not implements(game, "grid"):
        return []
    found: set[str] = set()
    for state in states:
        picture = game.grid(state)
        if picture is None:
            continue
        for piece in picture.pieces.values():
            if (piece.shape or picture.shape) in WITH_SYMBOL:
                found.update(char for char in piece.symbol if not char.isspace() and draw.lacks(font, char))
    return [
        _(
            "the symbol {symbol!r} is not in the window's font and would be drawn as a box: "
            "choose one of core.grid.SYMBOLS, or a shape (STONE, DISC…)"
        ).format(symbol=char)
        for char in sorted(found)
    ]


def problems(game: Game[Any, Any]) -> list[str]:
    """Every text of the game's screens that does not fit, and every symbol the font lacks."""
    if not has_board(game):
        return []
    found: list[str] = []
    middle, end = _matches(game, 1)
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "check.sqlite3") as store:
        for language in ("en", "fr"):
            store.set_setting("language", language)
            for size in SIZES:
                app = open_app(store, size, speed=0, sound=False)
                try:
                    where = f"{language}, {size[0]}×{size[1]}"
                    if language == "en" and size == SIZES[0]:
                        found += missing_symbols(game, list(end.states), app.fonts.title)
                    app.go("options", game)
                    app.step()
                    found += [f"{where}, options: {p}" for p in fitcheck.problems(app)]
                    app.go("play", middle, computers=False, dirty=True)
                    app.step()
                    found += [f"{where}, board: {p}" for p in fitcheck.problems(app)]
                    app.go("end", end, recorded=True)
                    app.step()
                    found += [f"{where}, end: {p}" for p in fitcheck.problems(app)]
                finally:
                    app.screen.leave()
                    set_language("en")
    return found
