"""The user manual's pictures, drawn by the window itself: `python -m ludoteca.shells.window.manual_pictures`.

Every picture of `ludoteca/manual/<language>/pictures/` is listed in `PICTURES` and drawn here in
both languages at one size, the way `ludoteca screenshot` draws: SDL's dummy video driver, an empty
data folder of its own, animation speed 0, no sound, fixed seeds and moves, the bundled Noto Sans.
Only Ludoteca's own games are on the shelf while it draws, so a plug-in installed on this computer
never shows up in the manual's menu. `tests/gui/test_manual_pictures.py` draws them again and
compares them with the committed files.

    python -m ludoteca.shells.window.manual_pictures            # rewrite the manual's pictures
    python -m ludoteca.shells.window.manual_pictures --out DIR  # elsewhere (DIR/en, DIR/fr)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core import registry
from ludoteca.i18n import set_language

#: the size of every picture of the manual (small files, still readable)
SIZE = (960, 600)


@dataclass(frozen=True)
class Picture:
    """One picture: a page of the window (`page`) or a game after some moves (`game`)."""

    name: str
    page: str = ""
    game: str = ""
    #: moves in notation, separated by spaces; `*` plays the first legal move (a computer's turn)
    moves: str = ""
    players: str = ""
    options: tuple[str, ...] = ()
    seed: int = 1


PICTURES: tuple[Picture, ...] = (
    Picture("menu", page="menu"),
    Picture("games", page="choose"),
    Picture("options", page="options", game="othello"),
    Picture("connect4", game="connect4", moves="4 4 3 5 2 3", players="Ann=human,computer:3"),
    Picture("othello", game="othello", moves="d3 c5 f6 f5", players="Ann=human,Bob=human"),
    Picture("khet", game="khet", moves="c4b5 f5g6 c1d2 g6h7 j4j3 h4i4 h2i3", players="Ann=human,Bob=human"),
    Picture("khet-editor", page="tool", game="khet"),
    Picture(
        "fiveormore", game="fiveormore", moves="* *", players="Ann=human", options=("--game-size", "small")
    ),
    Picture("qwirkle", game="qwirkle", moves="gmC1,gnC3 *", players="Ann=human,computer:3", seed=7),
    Picture(
        "turtles",
        game="turtles",
        moves="* *",
        players="Ann=human,computer:3",
        options=("--show-program",),
        seed=2,
    ),
    Picture("network", page="network"),
    Picture("settings", page="settings"),
)


@contextlib.contextmanager
def own_games_only() -> Iterator[None]:
    """The shelf holds Ludoteca's own games only, whatever plug-ins this computer has."""
    every = registry._entries

    def own() -> list[Any]:
        return [e for e in every() if getattr(getattr(e, "dist", None), "name", "ludoteca") == "ludoteca"]

    registry._entries = own
    registry.reset()
    try:
        yield
    finally:
        registry._entries = every
        registry.reset()


def _first_page(picture: Picture) -> Callable[[Any], Any]:
    from ludoteca.core.registry import get_game
    from ludoteca.shells.window import screenshot
    from ludoteca.shells.window.routes import ROUTES

    if picture.page == "tool":
        game = get_game(picture.game)
        label = next(iter(registry.declaration_of(game).window_tools))
        return lambda app: _dynasty_in_the_editor(ROUTES["tool"](app, game, label))
    if picture.page == "options":
        return lambda app: ROUTES["options"](app, get_game(picture.game))
    if picture.page:
        return lambda app: ROUTES[picture.page](app)
    game = get_game(picture.game)
    typed = " ".join(word for word in picture.moves.split() if word != "*")
    if "*" in picture.moves.split() and picture.moves.split()[-1] != "*":
        raise ValueError("`*` only after the moves in notation")
    argv = [picture.game, "--out", "x.png", "--seed", str(picture.seed), "--moves", typed]
    argv += ["--players", picture.players] if picture.players else []
    args = screenshot._parser(game).parse_args([*argv, *picture.options])
    match = screenshot._match(game, args)
    for typed in picture.moves.split():
        if typed == "*":
            match.play(game.format_move(match.state, game.legal_moves(match.state)[0]))
        elif typed not in args.moves.split():
            raise ValueError(typed)

    def play(app: Any) -> Any:
        screen = ROUTES["play"](app, match, computers=False)
        return screen

    return play


def _dynasty_in_the_editor(editor: Any) -> Any:
    """The setup editor with the Dynasty setup open and both test beams on."""
    labels = [source.label for source in editor.sources]
    editor.step_source(next(i for i, label in enumerate(labels) if label.startswith(("Dynast", "Dynastie"))))
    editor.open_source(editor.sources[editor.source_index])
    editor.test_fire = True
    return editor


def save_png(surface: Any, path: Path) -> None:
    """Write `surface` as an RGB PNG with no row filter and zlib's best compression: the window's
    backdrop is an ordered dither whose rows repeat every four lines, which zlib finds on its
    own, so the file is about half of what `pygame.image.save` writes."""
    import struct
    import zlib

    import pygame

    width, height = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    rows = b"".join(b"\x00" + raw[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
    path.write_bytes(png + chunk(b"IEND", b""))


def draw(picture: Picture, language: str, out: Path, size: tuple[int, int] = SIZE) -> Path:
    """Draw one picture in `language` into the file `out`."""
    import pygame

    from ludoteca.shells.window.app import App
    from ludoteca.shells.window.routes import ROUTES
    from ludoteca.store import Store

    set_language(language)  # the rules' sentences are written as the moves are played
    first = _first_page(picture)
    with tempfile.TemporaryDirectory() as home, Store(Path(home) / "pictures.sqlite3") as store:
        store.set_setting("language", language)
        app = App(store, size, speed=0, sound=False, first=first, routes=ROUTES)
        screen = app.screen
        if not picture.page and picture.moves:
            match = screen.match  # type: ignore[attr-defined]
            screen.say(match.describe_last(screen.view()))  # type: ignore[attr-defined]
        # the pointer rests outside the window, so no button shows as hovered
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)))
        for _frame in range(3):
            app.step()
        out.parent.mkdir(parents=True, exist_ok=True)
        save_png(app.surface, out)
        app.screen.leave()
        pygame.display.quit()
    return out


def manual_folder() -> Path:
    """The manual's folder in the package (`ludoteca/manual`)."""
    from ludoteca import manual

    return Path(manual.__file__).parent


#: beside the manual's pictures: the versions of what drew them (see `drawn_with`)
STAMP = "pictures-drawn-with.txt"


def drawn_with() -> str:
    """The versions of the libraries that decide the pictures' pixels (the window toolkit, SDL,
    FreeType that draws the bundled font), one `name version` a line."""
    from importlib.metadata import version

    import pygame
    import pygame.freetype

    pygame.freetype.init()
    lines = [
        f"pygame-ce {pygame.version.ver}",
        "SDL {}.{}.{}".format(*pygame.get_sdl_version()),
        "FreeType {}.{}.{}".format(*pygame.freetype.get_version()),
        f"pygame_gui {version('pygame_gui')}",
        "size {}x{}".format(*SIZE),
    ]
    return "\n".join(lines) + "\n"


def draw_all(out: Path | None = None, languages: tuple[str, ...] = ("en", "fr")) -> list[Path]:
    """Every picture in every language: into `out/<language>/` (default: the manual's own
    `<language>/pictures/` folders)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["USER"] = "Ann"  # the name the network screen offers
    written = []
    with own_games_only():
        for language in languages:
            folder = out / language if out is not None else manual_folder() / language / "pictures"
            for picture in PICTURES:
                written.append(draw(picture, language, folder / f"{picture.name}.png"))
    if out is None:
        (manual_folder() / STAMP).write_text(drawn_with(), encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ludoteca.shells.window.manual_pictures",
        description="Draw the user manual's pictures in every language.",
    )
    parser.add_argument("--out", type=Path, help="write into OUT/<language>/ instead of the manual's folders")
    parser.add_argument("--lang", choices=("en", "fr"), action="append", help="only this language")
    args = parser.parse_args(argv)
    for path in draw_all(args.out, tuple(args.lang) if args.lang else ("en", "fr")):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
