"""A record file opened in the window (typed in, or dropped on the window): checked move by move,
kept with the saved games and opened — a finished game at its end, where it can be reviewed. A
file that is not a record is refused with a sentence and nothing is kept."""

from __future__ import annotations

from pathlib import Path

import pygame

from ludoteca.i18n import set_language
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.saves import SavesScreen
from ludoteca.store import Store
from tests.saving.test_finished_apart import WON, connect4

from .conftest import Driver


def saves_screen(driver: Driver) -> SavesScreen:
    driver.app.go("saves")
    driver.frames()
    screen = driver.screen
    assert isinstance(screen, SavesScreen)
    return screen


def type_path(driver: Driver, screen: SavesScreen, path: Path) -> None:
    driver.press(screen.open_file_button)
    dialog = driver.app.dialog
    assert dialog is not None and dialog.entry is not None
    dialog.entry.set_text(str(path))
    driver.press(dialog.buttons[0])
    driver.frames()


def test_a_finished_game_from_a_file_opens_at_its_end(driver: Driver, store: Store, tmp_path: Path) -> None:
    record = tmp_path / "from-a-friend.txt"
    record.write_text(connect4(WON), encoding="utf-8")
    screen = saves_screen(driver)
    driver.shot("open-record-file")
    type_path(driver, screen, record)
    end = driver.screen
    assert isinstance(end, EndScreen) and end.match.over
    assert len(end.match.moves) == len(WON)
    assert [saved.name for saved in store.list_saves()] == ["from-a-friend"]


def test_a_dropped_file_of_an_unfinished_game_is_played_on(
    driver: Driver, store: Store, tmp_path: Path
) -> None:
    record = tmp_path / "half.txt"
    record.write_text(connect4(WON[:3]), encoding="utf-8")
    saves_screen(driver)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(record)))
    driver.frames()
    play = driver.screen
    assert isinstance(play, PlayScreen) and len(play.match.moves) == 3


def test_a_file_that_is_not_a_record_is_refused(driver: Driver, store: Store, tmp_path: Path) -> None:
    set_language("fr")
    try:
        wrong = tmp_path / "notes.txt"
        wrong.write_text("shopping: eggs, milk\n", encoding="utf-8")
        screen = saves_screen(driver)
        type_path(driver, screen, wrong)
        dialog = driver.app.dialog
        assert dialog is not None and "ne peut pas être ouvert" in dialog.title and dialog.body
        driver.shot("open-record-file-refused-fr")
        driver.press(dialog.buttons[0])
        type_path(driver, screen, tmp_path / "missing.txt")
        dialog = driver.app.dialog
        assert dialog is not None and "missing.txt" in dialog.body
        assert isinstance(driver.screen, SavesScreen) and store.list_saves() == []
    finally:
        set_language("en")
