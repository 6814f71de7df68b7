"""The window speaks the players' words (issue 16, item 4): a game's options by their labels in the
side panel and the score history, stored times as local dates, a header over the scores."""

from __future__ import annotations

import datetime as dt

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.kits.window import fit
from ludoteca.match import Match
from ludoteca.shells import session
from ludoteca.store import ResultRow

from .conftest import Driver


def drawn_texts(driver: Driver) -> list[str]:
    with fit.watching() as watch:
        driver.frames(1)
        return [d.text for d in watch.drawn]


def test_the_side_panel_names_the_options_by_their_labels(driver: Driver) -> None:
    game = get_game("fiveormore")
    match = Match(game, game.options({"variant": "recolour", "size": "large"}), (SeatSpec("human"),), 1)
    driver.app.go("play", match, computers=False)
    texts = drawn_texts(driver)
    assert "Recolour, Large board (20×15)" in texts
    assert not any("size=" in text for text in texts)


def test_scores_and_saves_show_words_and_local_dates(driver: Driver) -> None:
    store = driver.app.store
    now = dt.datetime.now()
    store.add_result(
        ResultRow(
            now.isoformat(timespec="seconds"),
            "turtles",
            "three_rounds=True, bug=True",
            ("Ann", "Red"),
            ("human", "human"),
            (7, 3),
            (1, 2),
            "Ann",
            "",
        )
    )
    driver.app.go("scores")
    texts = drawn_texts(driver)
    clock = now.strftime("%H:%M")
    assert {"DATE", "GAME", "VARIANT", "PLAYERS", "SCORES", "RESULT"} <= set(texts)
    assert f"today {clock}" in texts and "Three rounds, Bug card" in texts and "Ann won" in texts
    assert not any("=True" in text or "T" + clock in text for text in texts)
    game = get_game("connect4")
    match = Match(game, game.options({}), (SeatSpec("human"), SeatSpec("human")), 1)
    match.play("4")
    session.save_match(store, match, "Evening game")
    driver.app.go("saves")
    texts = drawn_texts(driver)
    assert "Evening game" in texts
    assert any("today " in text and "Connect Four" in text for text in texts), texts
    assert not any("+00:00" in text for text in texts)
