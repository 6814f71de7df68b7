"""Plain words on two Khet pages, in English and French: the end screen says who won once (in
its title), and the sentence under the title says how; the setup editor says how many other
things are left to fix and names its position field in a player's words."""

from __future__ import annotations

import pytest

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.games.khet import GAME
from ludoteca.games.khet.setup_editor import SetupEditor
from ludoteca.games.khet.window import KhetBoard
from ludoteca.i18n import set_language
from ludoteca.kits.window import fit
from ludoteca.match import Match
from ludoteca.shells.window.screens.end import EndScreen
from ludoteca.shells.window.screens.menu import MenuScreen

from .conftest import Driver
from .test_khet_editor_gui import TOOL
from .test_khet_gui import CLASSIC_GAME

#: how each language says "wins", and Silver's name in it
WINS = {"en": ("wins", "Silver"), "fr": ("gagne", "Argent")}


def use_language(driver: Driver, lang: str) -> None:
    driver.app.settings.language = lang
    driver.app.apply_settings()


def drawn_lines(driver: Driver) -> list[str]:
    with fit.watching() as watch:
        driver.frames(1)
    return [d.text for d in watch.drawn]


@pytest.mark.parametrize("lang", sorted(WINS))
def test_the_end_screen_says_who_won_once(driver: Driver, lang: str) -> None:
    use_language(driver, lang)
    game = get_game("khet")
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human")), 1)
    for text in CLASSIC_GAME.split():
        match.play(text)
    assert match.over
    driver.app.go("end", match, recorded=True)
    driver.frames(2)
    assert isinstance(driver.screen, EndScreen)
    lines = drawn_lines(driver)
    wins, silver = WINS[lang]
    verdicts = [line for line in lines if wins in line.lower()]
    assert len(verdicts) == 1 and silver in verdicts[0], lines  # the title, and only the title
    # the sentence under it still says how: the beam, the Pharaoh and its square
    under = " ".join(lines[lines.index(verdicts[0]) + 1 :])
    assert "f8" in under and ("Pharaoh" in under or "Pharaon" in under), lines


@pytest.mark.parametrize("lang", sorted(WINS))
def test_every_pharaoh_end_is_worded_without_its_verdict(driver: Driver, lang: str) -> None:
    set_language(lang)
    board = KhetBoard(GAME, driver.app.theme, driver.app.fonts)
    wins, _silver = WINS[lang]
    # Silver's move sends its own beam into its own Pharaoh: Red wins, which the title says
    own = GAME.parse_position("S:X:j1:N S:K:j5 S:P:c3:NW R:X:a8:S R:K:a1", GAME.options({}))
    state = GAME.play(own, GAME.parse_move(own, "c3c4"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert wins in str(outcome.reason)  # the rules' own sentence names the winner (the terminal shows it)
    said = board.end_reason(state, outcome)
    assert wins not in said.lower() and "j5" in said


@pytest.mark.parametrize("lang", sorted(WINS))
def test_the_setup_editor_words_are_plain(driver: Driver, lang: str) -> None:
    use_language(driver, lang)
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons[TOOL])
    page = driver.screen
    assert isinstance(page, SetupEditor)
    status, _error = page.status()  # an empty board: four problems
    assert "(and" not in status and "more)" not in status and "(et" not in status and "de plus)" not in status
    assert ("3 other things to fix" if lang == "en" else "3 autres choses à corriger") in status, status
    assert page.text_entry is not None
    placeholder = page.text_entry.placeholder_text
    assert "string" not in placeholder and "chaîne" not in placeholder
    assert placeholder == ("Position as text" if lang == "en" else "Position en texte"), placeholder
    # exporting says where the position is, in the same words
    driver.press(page.buttons["export"])
    assert "string" not in page.message and "position" in page.message.lower()
    # saving an unplayable board says how much is left, in the same words
    assert page.name_entry is not None
    page.name_entry.set_text("Mine")
    driver.press(page.buttons["save"])
    assert "(and" not in page.message and "(et" not in page.message
    assert ("other things to fix" if lang == "en" else "autres choses à corriger") in page.message
