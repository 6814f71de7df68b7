"""Piece art a person can edit: every built-in game's pieces exported as a sheet, read back, painted
over, and broken in the ways a person may break it (each piece falls back on its own, with a
sentence); the Horus brief's Yellow and Red; `ludoteca theme`."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from ludoteca.core.outcome import Outcome
from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import set_language
from ludoteca.kits.window import piece_art
from ludoteca.kits.window.board import Scene
from ludoteca.kits.window.fonts import Fonts
from ludoteca.kits.window.theme import DEFAULT_THEME, THEMES, Theme, choose_pieces, theme_named
from ludoteca.match import Match
from ludoteca.shells.window import theme_command
from ludoteca.shells.window.boards import board_for
from ludoteca.shells.window.settings import PIECES, GuiSettings
from ludoteca.store import Store

from .conftest import Driver

GAMES = ("khet", "othello", "connect4", "fiveormore", "qwirkle", "turtles")
MAGENTA = (255, 0, 255)


@pytest.fixture(autouse=True)
def no_theme_left() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    choose_pieces(piece_art.DRAWN)
    piece_art.use_folders([])
    set_language("en")


def board(key: str, pieces: str = piece_art.DRAWN) -> Any:
    theme: Theme = replace(THEMES[DEFAULT_THEME], pieces=pieces)
    made = board_for(get_game(key), theme, Fonts(theme.sizes))
    assert made is not None
    return made


def exported(tmp_path: Path, key: str, theme: str = "mine") -> tuple[Path, piece_art.ArtCatalogue]:
    catalogue = board(key).art_catalogue()
    folder = tmp_path / "themes" / theme / key
    piece_art.export_sheet(catalogue, folder)
    piece_art.use_folders([tmp_path / "themes"])
    return folder, catalogue


def drawn(b: Any, size: tuple[int, int] = (900, 700)) -> pygame.Surface:
    """The board's sample position drawn on a black surface."""
    surface = pygame.Surface(size)
    state = b.sample_state()
    b.layout(surface.get_rect(), state)
    b.draw(surface, Scene(state, 0.0))
    return surface


def count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(surface, colour, (10, 10, 10, 255))
    return mask.count()


def paint_cells(folder: Path, keys: list[str] | None = None) -> None:
    """Paint the sheet's cells of `keys` (all when None) opaque magenta, as in a paint program."""
    index = json.loads((folder / "sheet.json").read_text())
    sheet = pygame.image.load(str(folder / "sheet.png"))
    side = index["cell"]
    for key, (col, row) in index["pieces"].items():
        if keys is None or key in keys:
            sheet.fill(
                (*MAGENTA, 255),
                pygame.Rect(col * side, row * side, side, side).inflate(-side // 3, -side // 3),
            )
    pygame.image.save(sheet, str(folder / "sheet.png"))
    piece_art.forget()


@pytest.mark.parametrize("key", GAMES)
def test_a_sheet_exported_reads_back_as_the_same_pictures(tmp_path: Path, key: str) -> None:
    folder, catalogue = exported(tmp_path, key)
    index = json.loads((folder / "sheet.json").read_text())
    assert index["game"] == key and set(index["pieces"]) == set(catalogue.keys)
    art = piece_art.art_for(catalogue, "mine")
    assert art is not None and art.problems == []
    sheet = pygame.image.load(str(folder / "sheet.png"))
    side = index["cell"]
    for piece, (col, row) in index["pieces"].items():
        picture = art.sprite(piece, side)
        assert picture is not None
        cell = sheet.subsurface(pygame.Rect(col * side, row * side, side, side))
        for x in range(0, side, 7):
            for y in range(0, side, 7):
                assert tuple(picture.get_at((x, y))) == tuple(cell.get_at((x, y))), (piece, x, y)


@pytest.mark.parametrize("key", GAMES)
def test_a_cell_painted_over_shows_on_the_board(tmp_path: Path, key: str) -> None:
    folder, _catalogue = exported(tmp_path, key)
    assert count(drawn(board(key, "mine")), MAGENTA) == 0  # the exported sheet draws as the code does
    paint_cells(folder)
    assert count(drawn(board(key, "mine")), MAGENTA) > 50
    assert count(drawn(board(key)), MAGENTA) == 0  # without the theme: drawn in code


def test_a_truncated_sheet_falls_back_with_a_sentence(tmp_path: Path) -> None:
    folder, catalogue = exported(tmp_path, "othello")
    data = (folder / "sheet.png").read_bytes()
    (folder / "sheet.png").write_bytes(data[: len(data) // 3])
    piece_art.forget()
    assert piece_art.art_for(catalogue, "mine") is None
    problems = piece_art.problems_of([(catalogue, None)], "mine")
    assert len(problems) == 1 and "sheet.png" in problems[0] and "mine" in problems[0]
    assert count(drawn(board("othello", "mine")), MAGENTA) == 0


def test_unknown_keys_and_a_missing_cell_fall_back_piece_by_piece(tmp_path: Path) -> None:
    folder, catalogue = exported(tmp_path, "khet")
    paint_cells(folder)
    index = json.loads((folder / "sheet.json").read_text())
    del index["pieces"]["pharaoh-red"]
    index["pieces"]["chariot-silver"] = [0, 0]
    (folder / "sheet.json").write_text(json.dumps(index))
    piece_art.forget()
    art = piece_art.art_for(catalogue, "mine")
    assert art is not None
    assert not art.has("pharaoh-red") and art.has("pharaoh-silver")
    text = " ".join(art.problems)
    assert "chariot-silver" in text and "pharaoh-red" in text
    # the red Pharaoh is drawn in code, the others from the sheet
    b = board("khet", "mine")
    assert b.art is not None
    from ludoteca.games.khet.board import PHARAOH, RED, SILVER, make_piece
    from ludoteca.games.khet.window_art import sprite

    red = sprite(make_piece(PHARAOH, RED), 64, b.palette, b.art)
    silver = sprite(make_piece(PHARAOH, SILVER), 64, b.palette, b.art)
    assert count(red, MAGENTA) == 0 and count(silver, MAGENTA) > 100


def test_an_empty_cell_and_a_broken_own_picture_fall_back(tmp_path: Path) -> None:
    folder, catalogue = exported(tmp_path, "connect4")
    paint_cells(folder, ["disc-1"])
    sheet = pygame.image.load(str(folder / "sheet.png"))
    side = catalogue.side
    sheet.fill((0, 0, 0, 0), pygame.Rect(side, 0, side, side))  # disc-2's cell erased
    pygame.image.save(sheet, str(folder / "sheet.png"))
    (folder / "disc-1.svg").write_text("<svg this is not")
    piece_art.forget()
    art = piece_art.art_for(catalogue, "mine")
    assert art is not None and art.has("disc-1") and not art.has("disc-2")
    text = " ".join(art.problems)
    assert "disc-2" in text and "disc-1.svg" in text


def test_a_picture_of_its_own_wins_over_the_sheet_and_svg_is_read(tmp_path: Path) -> None:
    folder, catalogue = exported(tmp_path, "othello")
    (folder / "disc-white.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
        '<circle cx="32" cy="32" r="30" fill="#ff00ff"/></svg>'
    )
    piece_art.forget()
    art = piece_art.art_for(catalogue, "mine")
    assert art is not None and art.problems == []
    white = art.sprite("disc-white", 40)
    assert white is not None and count(white, MAGENTA) > 200


def test_khet_pieces_are_drawn_once_and_turned(tmp_path: Path) -> None:
    from ludoteca.games.khet.board import PYRAMID, SILVER, make_piece
    from ludoteca.games.khet.window_art import sprite

    folder, _catalogue = exported(tmp_path, "khet")
    index = json.loads((folder / "sheet.json").read_text())
    assert "pyramid-silver" in index["turning"]
    # a mark in the top left corner of the Pyramid's one drawing
    sheet = pygame.image.load(str(folder / "sheet.png"))
    side = index["cell"]
    col, row = index["pieces"]["pyramid-silver"]
    sheet.fill((*MAGENTA, 255), pygame.Rect(col * side + 4, row * side + 4, side // 4, side // 4))
    pygame.image.save(sheet, str(folder / "sheet.png"))
    piece_art.forget()
    b = board("khet", "mine")
    quarter = side // 4
    corners = {}
    for orientation in range(4):
        image = sprite(make_piece(PYRAMID, SILVER, orientation), 96, b.palette, b.art)
        w = image.get_width()
        spots = {
            "top left": (4 + quarter // 2, 4 + quarter // 2),
            "top right": (w - 5 - quarter // 2, 4 + quarter // 2),
            "bottom right": (w - 5 - quarter // 2, w - 5 - quarter // 2),
            "bottom left": (4 + quarter // 2, w - 5 - quarter // 2),
        }
        corners[orientation] = [name for name, at in spots.items() if tuple(image.get_at(at))[:3] == MAGENTA]
    assert corners == {0: ["top left"], 1: ["top right"], 2: ["bottom right"], 3: ["bottom left"]}


def test_the_horus_theme_names_the_sides_yellow_and_red() -> None:
    from ludoteca.games.khet.window_panel import side_name
    from ludoteca.i18n import Sentence

    choose_pieces("horus-yellow")
    try:
        theme = theme_named(None)
        assert theme.pieces == "horus-yellow"
        b = board("khet", "horus-yellow")
        b.set_theme(theme, Fonts(theme.sizes))
        yellow = b.palette.body[0]
        assert yellow[0] > 200 and yellow[1] > 150 and yellow[2] < 100
        khet = get_game("khet")
        state = khet.start({"variant": "horus", "setup": "classic-horus"}, 1, 2)
        # every text that names a side through the rules follows: the status line, the panel,
        # the players, how the game ended
        name = khet.seat_name(state, 0)
        assert name == "Yellow" and khet.seat_name(state, 1) == "Red"
        assert b.prompt(state, name).startswith("Yellow")
        assert side_name(0) == "Yellow" and side_name(1) == "Red"
        reason = Sentence(
            "{who}'s beam struck {other}'s Pharaoh on {square}: {who} wins",
            who=Sentence("Silver"),
            other=Sentence("Red"),
            square="f8",
        )
        assert b.end_reason(state, Outcome((1, 2), reason)).startswith("Yellow's beam struck Red's Pharaoh")
        set_language("fr")
        assert side_name(0) == "Jaune" and khet.seat_name(state, 0) == "Jaune"
        # the records do not change: no theme word gets into one
        match = Match(khet, {"variant": "horus"}, (SeatSpec(), SeatSpec()), 1)
        match.play(khet.legal_moves(match.state)[0])
        record = match.to_record().dumps()
        assert "Yellow" not in record and "Jaune" not in record
    finally:
        choose_pieces(piece_art.DRAWN)
        set_language("en")
    assert khet.seat_name(state, 0) == "Silver" and side_name(0) == "Silver"


def test_settings_keep_the_piece_theme_and_offer_the_installed_ones(tmp_path: Path) -> None:
    exported(tmp_path, "othello", theme="wood")
    with Store(tmp_path / "gui.sqlite3") as store:
        store.set_setting(PIECES, "wood")
        settings = GuiSettings.load(store)
        assert settings.pieces == "wood"
        assert theme_named(None).pieces == "wood"
        assert "wood" in piece_art.installed() and "horus-yellow" in piece_art.installed()
        store.set_setting(PIECES, "gone")
        assert GuiSettings.load(store).pieces == piece_art.DRAWN


def test_the_settings_screen_says_what_a_theme_could_not_use(driver: Driver, tmp_path: Path) -> None:
    store = driver.app.store
    folder = store.path.parent / "themes" / "broken" / "connect4"
    folder.mkdir(parents=True)
    (folder / "sheet.png").write_bytes(b"not a png")
    (folder / "sheet.json").write_text('{"cell": 128, "pieces": {"disc-1": [0, 0]}}')
    piece_art.use_folders([store.path.parent / "themes"])
    driver.app.go("settings")
    screen = driver.screen
    screen.change("pieces", "broken")
    screen.build()
    driver.frames()
    labels = [text for text, style, _pos in screen._labels if style == "error"]
    assert labels and "sheet.png" in " ".join(labels)
    assert driver.app.settings.pieces == "broken"
    assert store.get_setting(PIECES) == "broken"


def test_the_theme_command_exports_lists_and_checks(tmp_path: Path) -> None:
    from ludoteca.cli import main

    out = tmp_path / "sheets" / "khet"
    said = io.StringIO()
    assert theme_command.main(["export", "khet", "--out", str(out)], said) == 0
    assert (out / "sheet.png").is_file() and (out / "sheet.json").is_file()
    # written outside the themes' folders: the player is told where to put it
    assert "put the folder at" in said.getvalue() and str(Path("NAME") / "khet") in said.getvalue()
    said = io.StringIO()
    assert main(["theme", "export", "othello"]) == 0
    assert theme_command.main(["export", "othello"], said) == 0
    assert "choose the theme custom" in said.getvalue()
    stream = io.StringIO()
    assert theme_command.main(["check", str(out)], stream) == 0
    index = json.loads((out / "sheet.json").read_text())
    index["pieces"]["nothing-here"] = [9, 9]
    (out / "sheet.json").write_text(json.dumps(index))
    stream = io.StringIO()
    assert theme_command.main(["check", str(out)], stream) == 1
    assert "nothing-here" in stream.getvalue()
    stream = io.StringIO()
    assert theme_command.main(["list"], stream) == 0
    assert "horus-yellow" in stream.getvalue()
    assert main(["theme", "export", "nosuchgame"]) != 0


def test_a_plug_in_drawn_by_the_grid_board_takes_a_theme_too(tmp_path: Path) -> None:
    from ludoteca.kits.window.grid_board import GridBoard, piece_key

    game = get_game("tictactoe")
    theme = THEMES[DEFAULT_THEME]
    plain = GridBoard(game, theme, Fonts(theme.sizes))
    catalogue = plain.art_catalogue()
    assert len(catalogue.keys) >= 2  # both seats' marks met along the sample game
    folder = tmp_path / "themes" / "mine" / "tictactoe"
    piece_art.export_sheet(catalogue, folder)
    piece_art.use_folders([tmp_path / "themes"])
    paint_cells(folder)
    themed = GridBoard(game, replace(theme, pieces="mine"), Fonts(theme.sizes))
    state = game.start(game.options(), 1, 2)
    state = game.play(state, game.legal_moves(state)[0])
    surface = pygame.Surface((600, 600))
    for b, expected in ((plain, False), (themed, True)):
        b.layout(surface.get_rect(), state)
        surface.fill((0, 0, 0))
        b.draw(surface, Scene(state, 0.0))
        assert (count(surface, MAGENTA) > 50) is expected
    piece = next(iter(b.picture(state).pieces.values()))
    assert piece_key(piece) in catalogue.keys


def test_khet_setup_pictures_and_the_setup_editor_take_the_theme(driver: Driver, tmp_path: Path) -> None:
    from tests.gui.test_khet_editor_gui import TOOL, editor

    folder, _catalogue = exported(tmp_path, "khet")
    paint_cells(folder)
    # the small pictures of the setups on the options screen
    b = board("khet", "mine")
    b.option_pictures("setup", {"variant": "khet2"}, None)
    picture = pygame.Surface((300, 240))
    b.draw_option_picture(picture, picture.get_rect(), "setup", "classic", {"variant": "khet2"})
    assert count(picture, MAGENTA) > 20
    # the setup editor: its box of pieces, and the board once a piece is on it
    choose_pieces("mine")
    driver.app.settings.pieces = "mine"
    driver.app.apply_settings()
    driver.press(driver.screen.buttons[TOOL])
    editor(driver)
    driver.frames()
    assert count(driver.app.surface, MAGENTA) > 50


def test_a_plug_in_defined_in_its_package_init_finds_the_themes_it_ships(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # tic-tac-toe's game class lives in `ludoteca_tictactoe/__init__.py`: its package is the
    # module itself, and a theme shipped in `ludoteca_tictactoe/themes/` must be found there
    from ludoteca.kits.window.grid_board import GridBoard

    game = get_game("tictactoe")
    theme = THEMES[DEFAULT_THEME]
    shipped = tmp_path / "shipped"
    piece_art.export_sheet(
        GridBoard(game, theme, Fonts(theme.sizes)).art_catalogue(), shipped / "own" / "tictactoe"
    )
    paint_cells(shipped / "own" / "tictactoe")
    asked: list[str] = []

    def package_themes(package: str) -> Path | None:
        asked.append(package)
        return shipped if package == "ludoteca_tictactoe" else None

    monkeypatch.setattr(piece_art, "package_themes", package_themes)
    piece_art.use_folders([])
    themed = GridBoard(game, replace(theme, pieces="own"), Fonts(theme.sizes))
    state = game.play(game.start(game.options(), 1, 2), game.legal_moves(game.start(game.options(), 1, 2))[0])
    surface = pygame.Surface((600, 600))
    themed.layout(surface.get_rect(), state)
    themed.draw(surface, Scene(state, 0.0))
    assert "ludoteca_tictactoe" in asked
    assert count(surface, MAGENTA) > 50
