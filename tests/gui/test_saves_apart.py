"""The window's resume screen lists games that can be played on; finished games are one click
away, in their own list, and open on their final position (issue 30, item 6)."""

from __future__ import annotations

from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.saves import SavesScreen
from ludoteca.store import Store
from tests.saving.test_finished_apart import fill

from .conftest import Driver


def test_finished_games_are_listed_apart_and_open_on_their_end(driver: Driver, store: Store) -> None:
    fill(store)
    driver.app.go("saves")
    driver.frames()
    screen = driver.screen
    assert isinstance(screen, SavesScreen)
    assert [s.name for s in screen.saves] == ["half way"]
    assert screen.switch_button is not None and "(2)" in screen.switch_button.text
    driver.shot("saves-to-resume")
    driver.press(screen.switch_button)
    screen = driver.screen
    assert isinstance(screen, SavesScreen) and screen.finished
    assert sorted(s.name for s in screen.saves) == ["all over", "long ago"]
    assert screen.switch_button is not None and "(1)" in screen.switch_button.text
    driver.shot("saves-finished")
    done = next(s for s in screen.saves if s.name == "all over")
    driver.press(screen.rows[done.id])
    assert isinstance(driver.screen, EndScreen)


def test_with_only_finished_games_the_resume_list_says_so(driver: Driver, store: Store) -> None:
    fill(store)
    store.delete_save("half way")
    driver.app.go("saves")
    driver.frames()
    screen = driver.screen
    assert isinstance(screen, SavesScreen) and screen.saves == [] and screen.others == 2
    assert screen.switch_button is not None
