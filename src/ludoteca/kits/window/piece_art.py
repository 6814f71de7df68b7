"""Piece art a person can edit: a game's pieces, tiles and cards taken from a theme folder instead
of the drawings in code, piece by piece.

A game names its pieces with stable keys ("pyramid-silver", "disc-black", "tile-red-star") and
draws each one in code (`ArtCatalogue`). `export_sheet` puts those drawings side by side in one
PNG of square cells with a small JSON index (key → cell), which a person edits in any paint
program. A theme folder holds, per game, that sheet (`<game>/sheet.png` + `<game>/sheet.json`)
and/or one picture a piece (`<game>/<key>.png` or `<key>.svg`, which win over the sheet's cell).
`load_art` reads what it finds: each piece found is used, scaled to the size asked; each missing,
unreadable or empty one is drawn as usual, and the sentences in `ThemeArt.problems` say what was
skipped and why.

A piece's picture is a square as large as what the board shows for it (a disc's diameter, a Khet
sprite with its room to turn): the board asks `sprite(key, side)` and blits it centred where the
piece is. Pieces that turn are drawn once, at rest, and turned by the board (`turned`).

Where theme folders are is the shell's to say (`use_folders`: the user data folder's `themes/`);
a plug-in game may ship its own in its package (`<package>/themes/<name>/<game>/`). The theme in
use is chosen once for the whole window (`choose`), like the colours.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pygame

from ludoteca.i18n import _
from ludoteca.kits.window import draw
from ludoteca.kits.window.theme import NAMED_THEMES

#: the index's file name beside the sheet
SHEET_PNG, SHEET_INDEX = "sheet.png", "sheet.json"
#: the side of a cell of an exported sheet, in pixels (large enough to edit comfortably)
EXPORT_SIDE = 128
#: the largest picture read (a sheet or a piece), in pixels a side: anything larger is refused
MAX_SIDE = 8192
#: the largest file read, in bytes
MAX_BYTES = 32 * 1024 * 1024
#: no theme: every piece as drawn in code
DRAWN = ""
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class ArtCatalogue:
    """What a game offers to themes: its pieces' keys, in sheet order, and how each is drawn in
    code as a square picture of `side` pixels (transparent around the piece)."""

    game: str
    keys: tuple[str, ...]
    draw: Callable[[str, int], pygame.Surface]
    #: keys the board turns (drawn once at rest): said in the index so an editor knows
    turning: frozenset[str] = frozenset()
    #: the side of a sheet's cell (the pictures' size as drawn)
    side: int = EXPORT_SIDE


_folders: list[Path] = []
_loaded: dict[tuple[str, str, tuple[str, ...]], ThemeArt] = {}


def use_folders(folders: Iterable[Path]) -> None:
    """Theme folders are looked for in these (the user data folder's `themes/` first)."""
    _folders[:] = list(folders)
    _loaded.clear()


def package_themes(package: str) -> Path | None:
    """A game package's own theme folder (`<package>/themes`), when it ships one."""
    if not package:
        return None
    try:
        root = resources.files(package).joinpath("themes")
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    path = Path(str(root))
    return path if path.is_dir() else None


def installed(packages: Iterable[str] = ()) -> list[str]:
    """The names of the themes that can be chosen: those shipped (`NAMED_THEMES`) and every
    folder found in the theme folders and the games' packages, sorted."""
    names = set(NAMED_THEMES)
    roots = list(_folders) + [p for p in (package_themes(pkg) for pkg in packages) if p is not None]
    for root in roots:
        try:
            names.update(
                entry.name for entry in root.iterdir() if entry.is_dir() and entry.name.isprintable()
            )
        except OSError:
            continue
    return sorted(names)


def theme_folder(name: str, game: str, package: str | None = None) -> Path | None:
    """The folder holding theme `name`'s art for `game`: in the theme folders first, then in the
    game's package. None when there is none."""
    roots = list(_folders)
    if package is not None:
        own = package_themes(package)
        if own is not None:
            roots.append(own)
    for root in roots:
        candidate = root / name / game
        if candidate.is_dir():
            return candidate
    return None


def _read(catalogue: ArtCatalogue, name: str, package: str | None) -> ThemeArt:
    cache = (name, catalogue.game, catalogue.keys)
    if cache not in _loaded:
        folder = theme_folder(name, catalogue.game, package)
        _loaded[cache] = (
            load_art(folder, catalogue.keys, name) if folder is not None else ThemeArt(name, {}, [])
        )
    return _loaded[cache]


def art_for(catalogue: ArtCatalogue, name: str, package: str | None = None) -> ThemeArt | None:
    """Theme `name`'s pictures for `catalogue`'s game (read once, then kept), None when it has
    none for it (`DRAWN`, or no folder for the game)."""
    if name == DRAWN:
        return None
    art = _read(catalogue, name, package)
    return art if art.images else None


def art_of(name: str, catalogue: Callable[[], ArtCatalogue], package: str | None = None) -> ThemeArt | None:
    """`art_for` for a board: `catalogue` is only made when a theme is chosen (`name`)."""
    return None if name == DRAWN else art_for(catalogue(), name, package)


def forget() -> None:
    """Read the theme folders again at the next `art_for` (a sheet was edited)."""
    _loaded.clear()


def problems_of(catalogues: Iterable[tuple[ArtCatalogue, str | None]], name: str) -> list[str]:
    """What theme `name` could not use, for each (catalogue, package) given, in sentences."""
    if name == DRAWN:
        return []
    found: list[str] = []
    for catalogue, package in catalogues:
        found.extend(_read(catalogue, name, package).problems)
    return found


# ----- the pictures read -------------------------------------------------------------------------
class ThemeArt:
    """The pictures a theme gives a game's pieces, by key, at the size they were drawn; what was
    skipped is said in `problems`."""

    def __init__(self, theme: str, images: dict[str, pygame.Surface], problems: list[str]) -> None:
        self.theme = theme
        self.images = images
        self.problems = problems
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}

    def has(self, key: str) -> bool:
        return key in self.images

    def sprite(self, key: str, side: int) -> pygame.Surface | None:
        """The picture of `key` as a square of `side` pixels; None when the theme has none (draw
        the piece as usual)."""
        return self.turned(key, side, 0)

    def turned(self, key: str, side: int, degrees: float) -> pygame.Surface | None:
        """The picture of `key`, `side` pixels a side before turning, turned `degrees` clockwise
        (a turned picture is larger: blit it centred)."""
        image = self.images.get(key)
        if image is None:
            return None
        side = max(1, side)
        turn = round(degrees) % 360
        cached = (key, side, turn)
        found = self._scaled.get(cached)
        if found is None:
            found = image if image.get_width() == side else pygame.transform.smoothscale(image, (side, side))
            if turn:
                found = pygame.transform.rotate(found, -turn)
            if len(self._scaled) > 512:
                self._scaled.clear()
            self._scaled[cached] = found
        return found


def _too_large(path: Path) -> bool:
    try:
        return path.stat().st_size > MAX_BYTES
    except OSError:
        return False


def _read_image(path: Path) -> pygame.Surface:
    """A picture file as a surface with transparency; `ValueError` with the reason when it cannot
    be used."""
    if _too_large(path):
        raise ValueError(_("the file is larger than {size} MB").format(size=MAX_BYTES // (1024 * 1024)))
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError) as err:
        raise ValueError(_("it is not a picture pygame can read ({error})").format(error=err)) from err
    if image.get_width() > MAX_SIDE or image.get_height() > MAX_SIDE:
        raise ValueError(_("it is larger than {side} pixels a side").format(side=MAX_SIDE))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _square(image: pygame.Surface) -> pygame.Surface:
    """A picture made square (centred on a transparent square as large as its longer side)."""
    w, h = image.get_size()
    if w == h:
        return image
    side = max(w, h)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(image, ((side - w) // 2, (side - h) // 2))
    return square


def _blank(image: pygame.Surface) -> bool:
    """Whether a picture is fully transparent (an empty cell: keep the drawing)."""
    if not image.get_flags() & pygame.SRCALPHA and image.get_colorkey() is None:
        return False
    rect = image.get_bounding_rect(min_alpha=1)
    return rect.width == 0 or rect.height == 0


def load_art(folder: Path, keys: Sequence[str], theme: str = "") -> ThemeArt:
    """Read a game's theme folder for the pieces `keys`: each piece's own file (`<key>.png`, then
    `<key>.svg`), else its cell of the sheet. What cannot be used is left out and said."""
    images: dict[str, pygame.Surface] = {}
    problems: list[str] = []
    sheet_cells = _read_sheet(folder, keys, problems)
    skipped_files: list[str] = []
    for key in keys:
        for suffix in (".png", ".svg"):
            path = folder / f"{key}{suffix}"
            if not path.is_file():
                continue
            try:
                images[key] = _square(_read_image(path))
                break
            except ValueError as err:
                skipped_files.append(_("{file}: {reason}").format(file=path.name, reason=str(err)))
        if key not in images and key in sheet_cells:
            images[key] = sheet_cells[key]
    for text in skipped_files:
        problems.append(text)
    missing = [key for key in keys if key not in images]
    if images and missing:
        problems.append(
            _(
                "{count} of {total} pieces are drawn as usual, the theme has no picture for them: {keys}"
            ).format(count=len(missing), total=len(keys), keys=", ".join(missing))
        )
    return ThemeArt(
        theme,
        images,
        [
            _("Theme {theme}, {folder}: {problem}").format(
                theme=theme or folder.parent.name, folder=folder.name, problem=p
            )
            for p in problems
        ],
    )


def _read_sheet(folder: Path, keys: Sequence[str], problems: list[str]) -> dict[str, pygame.Surface]:
    """The cells of `folder`'s sheet by key (none when there is no sheet); what is wrong with it
    goes into `problems`."""
    png, index_path = folder / SHEET_PNG, folder / SHEET_INDEX
    if not png.is_file() and not index_path.is_file():
        return {}
    if not index_path.is_file():
        problems.append(
            _("{png} has no {index} beside it: the sheet is not used").format(
                png=SHEET_PNG, index=SHEET_INDEX
            )
        )
        return {}
    try:
        index = json.loads(index_path.read_text(encoding="utf-8")) if not _too_large(index_path) else None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        problems.append(
            _("{index} cannot be read ({error}): the sheet is not used").format(index=SHEET_INDEX, error=err)
        )
        return {}
    cell = index.get("cell") if isinstance(index, dict) else None
    cells = index.get("pieces") if isinstance(index, dict) else None
    if not isinstance(cell, int) or not 1 <= cell <= MAX_SIDE or not isinstance(cells, dict):
        problems.append(
            _(
                "{index} must give a cell size and the pieces' cells (as theme export writes it): "
                "the sheet is not used"
            ).format(index=SHEET_INDEX)
        )
        return {}
    if not png.is_file():
        problems.append(
            _("{index} has no {png} beside it: the sheet is not used").format(
                png=SHEET_PNG, index=SHEET_INDEX
            )
        )
        return {}
    try:
        sheet = _read_image(png)
    except ValueError as err:
        problems.append(_("{png}: {reason}; the sheet is not used").format(png=SHEET_PNG, reason=err))
        return {}
    known = set(keys)
    unknown = sorted(str(k) for k in cells if k not in known)
    if unknown:
        problems.append(
            _("{index} names pieces this game does not have: {keys}").format(
                index=SHEET_INDEX, keys=", ".join(unknown)
            )
        )
    found: dict[str, pygame.Surface] = {}
    outside: list[str] = []
    empty: list[str] = []
    for key in keys:
        where = cells.get(key)
        if where is None:
            continue
        if (
            not isinstance(where, list)
            or len(where) != 2
            or not all(isinstance(n, int) and n >= 0 for n in where)
        ):
            outside.append(key)
            continue
        rect = pygame.Rect(where[0] * cell, where[1] * cell, cell, cell)
        if not sheet.get_rect().contains(rect):
            outside.append(key)
            continue
        image = sheet.subsurface(rect).copy()
        if _blank(image):
            empty.append(key)
            continue
        found[key] = image
    if outside:
        problems.append(_("these pieces' cells are not on the sheet: {keys}").format(keys=", ".join(outside)))
    if empty:
        problems.append(_("these pieces' cells are empty: {keys}").format(keys=", ".join(empty)))
    return found


# ----- writing a sheet ------------------------------------------------------------------------------
def sheet_columns(count: int) -> int:
    return max(1, min(8, math.ceil(math.sqrt(count))))


def export_sheet(catalogue: ArtCatalogue, folder: Path) -> tuple[Path, Path]:
    """Draw every piece of `catalogue` in code into `folder/sheet.png` (square cells of
    `catalogue.side` pixels, in key order, row by row) and write `folder/sheet.json`; returns both
    paths."""
    keys, side = catalogue.keys, catalogue.side
    cols = sheet_columns(len(keys))
    rows = max(1, math.ceil(len(keys) / cols))
    sheet = pygame.Surface((cols * side, rows * side), pygame.SRCALPHA)
    cells: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        col, row = i % cols, i // cols
        image = catalogue.draw(key, side)
        if image.get_size() != (side, side):
            image = pygame.transform.smoothscale(_square(image), (side, side))
        sheet.blit(image, (col * side, row * side))
        cells[key] = [col, row]
    folder.mkdir(parents=True, exist_ok=True)
    png, index = folder / SHEET_PNG, folder / SHEET_INDEX
    pygame.image.save(sheet, str(png))
    text = {
        "game": catalogue.game,
        "cell": side,
        "about": "Each piece is one square cell of sheet.png, at [column, row] from the top left. "
        "Paint over a cell, keep its size; a cell left fully transparent keeps the usual drawing. "
        "A picture <key>.png or <key>.svg beside the sheet replaces that piece's cell.",
        "turning": sorted(catalogue.turning),
        "pieces": cells,
    }
    index.write_text(json.dumps(text, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return png, index


# ----- discs: the shaded counters of `draw.disc` ------------------------------------------------------
def disc_side(radius: float) -> int:
    """The side of the picture of a disc of `radius` (`draw.disc_sprite`'s)."""
    return max(1, round(radius)) * 2 + 4


def disc_picture(art: ThemeArt | None, key: str, colour: Colour, radius: float) -> pygame.Surface:
    """The theme's picture of the disc `key` at `radius`, else the disc drawn in `colour`."""
    image = art.sprite(key, disc_side(radius)) if art is not None else None
    return image if image is not None else draw.disc_sprite(colour, max(1, round(radius)))


def disc(
    surface: pygame.Surface,
    art: ThemeArt | None,
    key: str,
    colour: Colour,
    center: tuple[float, float],
    radius: float,
) -> None:
    """`draw.disc`, asking the theme first."""
    image = disc_picture(art, key, colour, radius)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def disc_drawer(colours: Mapping[str, Colour]) -> Callable[[str, int], pygame.Surface]:
    """Draws the discs `colours` names (key → colour) as `draw.disc` does, for a sheet."""

    def drawn(key: str, side: int) -> pygame.Surface:
        return draw.disc_sprite(colours[key], max(1, (side - 4) // 2))

    return drawn
