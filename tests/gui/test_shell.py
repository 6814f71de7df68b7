"""The shell around the boards: saving and resuming, settings and French, rules, keyboard,
resizing, games not drawn yet, closing the window mid-game, and the screenshot command."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from ludoteca.core.record import Record
from ludoteca.core.seats import SeatSpec
from ludoteca.i18n import _
from ludoteca.match import Match
from ludoteca.shells.window.rules_dialog import RulesDialog
from ludoteca.shells.window.screens.choose import ChooseScreen
from ludoteca.shells.window.screens.menu import MenuScreen
from ludoteca.shells.window.screens.play import PlayScreen
from ludoteca.shells.window.screens.saves import SavesScreen
from ludoteca.shells.window.screens.settings import SettingsScreen

from .conftest import Driver
from .test_connect4_gui import drop, open_options


def hot_seat_connect4(driver: Driver) -> PlayScreen:
    options = open_options(driver, "connect4")
    driver.press(options.kind_widgets[1].button_for("human"))
    driver.press(options.start_button)
    assert isinstance(driver.screen, PlayScreen)
    return driver.screen


def test_save_leave_resume_and_close_the_window_without_losing_anything(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    drop(driver, 3)
    drop(driver, 3)
    driver.press(play.buttons["save"])
    dialog = driver.app.dialog
    assert dialog is not None and dialog.entry is not None
    dialog.entry.set_text("evening game")
    driver.press(dialog.buttons[0])
    assert driver.app.dialog is None
    saves = driver.app.store.list_saves()
    assert [s.name for s in saves] == ["evening game"]
    driver.press(play.buttons["menu"])  # nothing new since the save: leaves at once
    assert isinstance(driver.screen, MenuScreen)
    driver.press(driver.screen.buttons["resume"])
    resume = driver.screen
    assert isinstance(resume, SavesScreen)
    driver.shot("saves")
    driver.press(resume.rows[saves[0].id])
    play = driver.screen
    assert isinstance(play, PlayScreen)
    assert play.match.moves == ["4", "4"] and play.keeper.slot.id == saves[0].id
    drop(driver, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert not driver.app.step()
    record = driver.app.store.load_save(saves[0].id).record_text
    assert Match.from_record(play.match.game, Record.loads(record)).moves == ["4", "4", "3"]


def test_leaving_an_unsaved_game_asks_first(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    drop(driver, 0)
    driver.press(play.buttons["menu"])
    dialog = driver.app.dialog
    assert dialog is not None and isinstance(driver.screen, PlayScreen)
    driver.shot("leave-dialog")
    driver.press(dialog.buttons[2])  # stay
    assert driver.app.dialog is None and isinstance(driver.screen, PlayScreen)
    driver.press(play.buttons["menu"])
    assert driver.app.dialog is not None
    driver.press(driver.app.dialog.buttons[1])  # leave without saving
    assert isinstance(driver.screen, MenuScreen)
    assert driver.app.store.list_saves() == []


def test_settings_switch_to_french_and_are_kept(driver: Driver) -> None:
    driver.press(driver.screen.buttons["settings"])
    settings = driver.screen
    assert isinstance(settings, SettingsScreen)
    driver.press(settings.controls["language"].button_for("fr"))
    assert driver.app.settings.language == "fr"
    assert driver.app.store.get_setting("language") == "fr"
    driver.press(settings.controls["speed"].button_for(2.0))
    assert driver.app.store.get_setting("gui.animation_speed") == "2.0"
    driver.press(settings.controls["theme"].button_for("walnut"))
    assert driver.app.theme.key == "walnut"
    driver.shot("settings-fr")
    driver.key(pygame.K_ESCAPE)
    menu = driver.screen
    assert isinstance(menu, MenuScreen)
    french = _("Play a game")
    assert french != "Play a game" and menu.buttons["play"].text == french
    driver.shot("menu-fr")


def test_rules_keyboard_and_hint(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    driver.key(pygame.K_F1)
    assert isinstance(driver.app.dialog, RulesDialog)
    driver.shot("rules")
    driver.key(pygame.K_ESCAPE)
    assert driver.app.dialog is None
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    assert play.match.moves == [str(play.board.grid.cols // 2 + 2 + 1)]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert play.match.moves == []
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert len(play.match.moves) == 1
    driver.press(play.buttons["hint"])
    driver.until(lambda: play.computers.hint_move is not None)
    assert play.computers.hint_move in play.match.game.legal_moves(play.match.state)
    assert play.status_text(driver.app.now())[0].startswith("Hint:")


def test_the_board_scales_with_the_window(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    big = play.board.grid.cell
    driver.app.resize((820, 600))
    driver.frames(2)
    assert play.board.grid.cell < big
    assert play.layout.board.contains(play.board.grid.rect)
    assert play.layout.panel.right <= 820
    driver.shot("small-window")
    drop(driver, 6)
    assert play.match.moves == ["7"]


def test_text_and_buttons_grow_with_the_window(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    app = driver.app
    body, button = app.fonts.body.get_linesize(), play.buttons["undo"].rect.height
    app.resize((1920, 1080))
    driver.frames(2)
    assert app.fonts.body.get_linesize() > body * 1.25
    assert play.buttons["undo"].rect.height > button * 1.25
    assert play.buttons["undo"].font.size("Undo")[1] > body * 1.2
    # and back: a small window keeps readable text
    app.resize((800, 600))
    driver.frames(2)
    assert body * 0.85 <= app.fonts.body.get_linesize() < body
    drop(driver, 3)
    assert play.match.moves == ["4"]


def test_a_game_without_a_board_in_the_window_says_so(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every game of ours has a board now: pretend Khet had none
    from ludoteca.shells.window.screens import choose as choose_module

    real = choose_module.board_for
    monkeypatch.setattr(
        choose_module,
        "board_for",
        lambda game, *args, **kwargs: None if game.info.key == "khet" else real(game, *args, **kwargs),
    )
    driver.press(driver.screen.buttons["play"])
    choose = driver.screen
    assert isinstance(choose, ChooseScreen)
    driver.press(choose.cards["khet"])
    dialog = driver.app.dialog
    assert dialog is not None and "ludoteca play khet" in dialog.body
    driver.press(dialog.buttons[0])
    assert driver.app.dialog is None and isinstance(driver.screen, ChooseScreen)


def test_the_screenshot_command_draws_a_record(tmp_path: Path) -> None:
    from ludoteca.core.registry import get_game
    from ludoteca.shells.window.screenshot import main

    game = get_game("othello")
    match = Match(game, game.options(), (SeatSpec("human"), SeatSpec("computer", 2)), 1)
    for move in ("f5", "d6", "c3"):
        match.play(move)
    record = tmp_path / "game.txt"
    record.write_text(match.to_record().dumps(), encoding="utf-8")
    out = tmp_path / "shot.png"
    assert main(["othello", "--record", str(record), "--size", "900x640", "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (900, 640)


def test_resigning_ends_the_game_and_the_history_keeps_it(driver: Driver) -> None:
    from ludoteca.shells.window.screens.end import EndScreen

    play = hot_seat_connect4(driver)
    drop(driver, 3)
    driver.press(play.buttons["resign"])
    dialog = driver.app.dialog
    assert dialog is not None
    driver.press(dialog.buttons[0])
    driver.until(lambda: isinstance(driver.screen, EndScreen))
    end = driver.screen
    assert isinstance(end, EndScreen)
    outcome = end.match.outcome
    assert outcome is not None and outcome.winner == 0 and "resigned" in str(outcome.reason)
    driver.press(end.buttons["again"])
    again = driver.screen
    assert isinstance(again, PlayScreen) and again.match is not end.match and again.match.moves == []
    assert [r.reason for r in driver.app.store.results("connect4")] == [str(outcome.reason)]


def test_run_returns_when_the_window_is_closed(driver: Driver) -> None:
    import sys

    before = sys.getswitchinterval()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert driver.app.run() == 0
    assert sys.getswitchinterval() == before


def test_the_score_history_also_lists_every_score_best_first(driver: Driver) -> None:
    from ludoteca.shells.window.screens.scores import BEST, ScoresScreen, best_first
    from ludoteca.store import ResultRow

    store = driver.app.store
    for date, players, scores in (
        ("2026-01-01T10:00:00", ("Toto", "Titi"), (43, 27)),
        ("2026-01-02T10:00:00", ("François", "Toto"), (21, 19)),
        ("2026-01-03T10:00:00", ("François", "Titi"), (38, 44)),
    ):
        winner = players[0] if scores[0] > scores[1] else players[1]
        ranks = (1, 2) if scores[0] > scores[1] else (2, 1)
        store.add_result(
            ResultRow(date, "qwirkle", "mode=normal", players, ("human", "human"), scores, ranks, winner, "")
        )
    driver.press(driver.screen.buttons["scores"])
    screen = driver.screen
    assert isinstance(screen, ScoresScreen)
    driver.press(screen.order_choice.button_for(BEST))
    assert screen.order == BEST
    assert [(score, name) for score, name, *_rest in best_first(screen.rows)] == [
        (44, "Titi"),
        (43, "Toto"),
        (38, "François"),
        (27, "Titi"),
        (21, "François"),
        (19, "Toto"),
    ]
    driver.shot("scores-best-first")


def test_a_save_changed_by_another_program_is_not_overwritten_from_the_window(driver: Driver) -> None:
    play = hot_seat_connect4(driver)
    drop(driver, 3)
    driver.press(play.buttons["save"])
    assert driver.app.dialog is not None and driver.app.dialog.entry is not None
    driver.app.dialog.entry.set_text("evening game")
    driver.press(driver.app.dialog.buttons[0])
    [saved] = driver.app.store.list_saves()
    # another program saves over it meanwhile
    driver.app.store.save_game("evening game", "connect4", saved.record_text, save_id=saved.id)
    drop(driver, 2)
    driver.press(play.buttons["save"])
    driver.press(driver.app.dialog.buttons[0])
    saved = "Saved as “evening game (2)” (number 2): “evening game” was changed"
    assert play.status.message.startswith(saved)
    driver.shot("save-clash")
    names = sorted(s.name for s in driver.app.store.list_saves())
    assert names == ["evening game", "evening game (2)"]


def test_the_score_history_and_the_saves_show_the_good_rows_beside_a_damaged_one(driver: Driver) -> None:
    from ludoteca.shells.window.screens.scores import ScoresScreen
    from ludoteca.store import ResultRow
    from tests.saving.test_bad_rows import UNESCAPED, raw_insert, result_row, save_row

    store = driver.app.store
    store.add_result(
        ResultRow(
            "2026-01-02", "connect4", "classic", ("Ann", "Bob"), ("human", "human"), None, (1, 2), "Ann", "x"
        )
    )
    raw_insert(store.path, "results", result_row("not json"))
    store.save_game("good one", "connect4", '[Game "connect4"]\n[Seed "1"]\n\n1. 4\n')
    raw_insert(store.path, "saves", save_row("old khet", UNESCAPED))
    driver.press(driver.screen.buttons["scores"])
    scores = driver.screen
    assert isinstance(scores, ScoresScreen)
    assert len(scores.rows) == 1 and "Result number 2 in the history is damaged" in scores.error
    driver.shot("scores-damaged-row")
    driver.app.go("saves")
    driver.frames(2)
    saves = driver.screen
    assert isinstance(saves, SavesScreen) and len(saves.rows) == 2
    from ludoteca.shells.window.screens.saves import save_details

    old = next(saved for saved in saves.saves if saved.name == "old khet")
    assert "unreadable" in save_details(old)
    driver.shot("saves-unreadable-row")


def test_closing_the_window_while_another_program_holds_the_data_file_keeps_a_recovery_file(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    from ludoteca.shells import session

    monkeypatch.setattr(session, "KEEP_PAUSES", (0.01,))
    store = driver.app.store
    with store._db.read() as conn:  # this window waits 50 ms for the lock, not 5 s
        conn.execute("PRAGMA busy_timeout = 50")
    play = hot_seat_connect4(driver)
    drop(driver, 3)
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert not driver.app.step()
    finally:
        other.execute("ROLLBACK")
        other.close()
    [kept] = (store.path.parent / "recovery").iterdir()
    assert "1. 4" in kept.read_text() and play.match.moves == ["4"]
    assert f"Its record is kept in {kept}" in capsys.readouterr().err
