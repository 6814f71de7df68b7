"""`ludoteca theme`: the piece-art themes (`kits.window.piece_art`) — export a game's pieces as an
editable sheet, list the themes installed, check a theme folder — and what the window's Settings
asks of them (the themes offered, what the chosen one could not use)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.game import Game, package_of
from ludoteca.core.registry import declarations, get_game
from ludoteca.i18n import _, ngettext
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.theme import DEFAULT_THEME, THEMES, named_pieces

#: the theme `theme export` writes into by default, in the data folder's themes
DEFAULT_EXPORT = "custom"


def game_packages() -> list[str]:
    return [package_of(d.game) for d in declarations()]


def _pygame_ready() -> None:
    """pygame able to draw off screen (no window is opened)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()


def catalogue_of(game: Game[Any, Any]) -> piece_art.ArtCatalogue | None:
    """The pieces `game`'s window board offers to themes, drawn with the default colours; None
    for a game without a window board or whose board offers none."""
    _pygame_ready()
    from ludoteca.kits.window.fonts import Fonts
    from ludoteca.shells.window.boards import board_for

    theme = THEMES[DEFAULT_THEME]
    board = board_for(game, theme, Fonts(theme.sizes))
    return None if board is None else board.art_catalogue()


def catalogues() -> list[tuple[piece_art.ArtCatalogue, str]]:
    """Every installed game's catalogue with its package (games with none are left out)."""
    found = []
    for declaration in declarations():
        catalogue = catalogue_of(declaration.game)
        if catalogue is not None:
            found.append((catalogue, package_of(declaration.game)))
    return found


def problems(name: str) -> list[str]:
    """What the theme `name` could not use, in sentences (none for the drawings in code)."""
    if name == piece_art.DRAWN:
        return []
    return piece_art.problems_of(catalogues(), name)


def theme_label(name: str) -> str:
    """A theme's name as Settings shows it."""
    if name == piece_art.DRAWN:
        return _("As drawn")
    shipped = named_pieces(name)
    return shipped.label() if shipped is not None else name


# ----- the command -----------------------------------------------------------------------------------
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludoteca theme",
        description=_(
            "Piece art a person can edit: export a game's pieces as a sheet, edit it in any paint "
            "program, then choose its theme in the window's Settings."
        ),
    )
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = sub.add_parser("export", help=_("write a game's pieces as drawn now into an editable sheet"))
    export.add_argument("game", metavar=_("GAME"))
    export.add_argument(
        "--out",
        metavar=_("DIR"),
        help=_(
            "the folder to write sheet.png and sheet.json into (default: the theme {name} in the data folder)"
        ).format(name=DEFAULT_EXPORT),
    )
    sub.add_parser("list", help=_("the themes installed, and the games each draws"))
    check = sub.add_parser("check", help=_("say what a theme folder's pictures lack"))
    check.add_argument("folder", metavar=_("DIR"))
    return parser


def _default_folder(game: str) -> Path:
    from ludoteca.shells.window.settings import theme_folders

    return theme_folders(None)[0] / DEFAULT_EXPORT / game


def export(key: str, out: Path | None) -> tuple[Path, Path, int]:
    """Write `key`'s sheet into `out` (by default the theme `custom` of the data folder)."""
    game = get_game(key)
    catalogue = catalogue_of(game)
    if catalogue is None:
        raise OptionError(
            _("{title} has no pieces drawn in the window to export").format(title=_(game.info.title))
        )
    folder = out if out is not None else _default_folder(game.info.key)
    try:
        png, index = piece_art.export_sheet(catalogue, folder)
    except OSError as err:
        raise OptionError(
            _("cannot write into {folder}: {error}").format(folder=folder, error=err.strerror or err)
        ) from err
    return png, index, len(catalogue.keys)


def check(folder: Path) -> list[str]:
    """What `folder` (a theme: one folder per game; or one game's folder) cannot give, in
    sentences; an empty list when every piece of every game it holds is there."""
    if not folder.is_dir():
        raise OptionError(_("there is no folder {folder}").format(folder=folder))
    by_game = {catalogue.game: catalogue for catalogue, _package in catalogues()}
    games = (
        [folder]
        if folder.name in by_game
        else [sub for sub in sorted(folder.iterdir()) if sub.name in by_game]
    )
    if not games:
        raise OptionError(
            _("{folder} holds no game's pictures: a theme has one folder per game ({games})").format(
                folder=folder, games=", ".join(by_game)
            )
        )
    found: list[str] = []
    for sub in games:
        art = piece_art.load_art(
            sub, by_game[sub.name].keys, folder.name if sub is not folder else sub.parent.name
        )
        found.extend(art.problems)
        if not art.images and not art.problems:
            found.append(_("{game}: no picture found").format(game=sub.name))
    return found


def _after_export(folder: Path, game: str) -> str:
    """What to do with an exported sheet: paint it, then choose its theme; a sheet written outside
    the folders themes are read from must first be moved into one."""
    from ludoteca.shells.window.settings import theme_folders

    paint = _("Paint over a cell and keep its size; a cell left transparent keeps the usual drawing.")
    roots = theme_folders(None)
    if any(folder.resolve().parent.parent == root.resolve() for root in roots):
        then = _("Then choose the theme {name} in the window's Settings.").format(name=folder.parent.name)
    else:
        then = _(
            "Then put the folder at {place} (NAME: your theme's name) and choose the theme NAME in "
            "the window's Settings."
        ).format(place=roots[0] / "NAME" / game)
    return f"{paint} {then}"


def main(argv: Sequence[str], out: Any = None) -> int:
    stream = out if out is not None else sys.stdout
    args = _parser().parse_args(list(argv))
    if args.action == "export":
        png, index, count = export(args.game, Path(args.out) if args.out else None)
        print(
            ngettext(
                "{count} piece of {game}, as drawn now: {png} and {index}.",
                "{count} pieces of {game}, as drawn now: {png} and {index}.",
                count,
            ).format(count=count, game=_(get_game(args.game).info.title), png=png, index=index.name),
            file=stream,
        )
        print(_after_export(png.parent, args.game), file=stream)
        return 0
    if args.action == "list":
        from ludoteca.shells.window.settings import theme_folders

        piece_art.use_folders(theme_folders(None))
        packages = {package_of(d.game): d.game.info.key for d in declarations()}
        for name in piece_art.installed(packages):
            games = [
                key
                for package, key in packages.items()
                if piece_art.theme_folder(name, key, package) is not None
            ]
            shipped = named_pieces(name)
            about = shipped.about() if shipped is not None else ""
            drawn = _("pictures for {games}").format(games=", ".join(games)) if games else ""
            print(
                f"{name:<16} "
                + " · ".join(part for part in (theme_label(name) if shipped else "", about, drawn) if part),
                file=stream,
            )
        print(_("Themes are read from {folder}.").format(folder=theme_folders(None)[0]), file=stream)
        return 0
    found = check(Path(args.folder))
    for sentence in found:
        print(sentence, file=stream)
    if not found:
        print(_("Every piece has its picture."), file=stream)
    return 1 if found else 0
