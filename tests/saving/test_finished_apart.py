"""Finished games are history, not work to resume (issue 30, item 6): the resume lists show only
games that can be played on, and the finished ones are listed apart, with the way to look at them."""

from __future__ import annotations

from pathlib import Path

from ludoteca.core.registry import get_game
from ludoteca.core.seats import SeatSpec
from ludoteca.match import Match
from ludoteca.shells import listings
from ludoteca.shells.terminal.menu import Menu
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca


def connect4(moves: list[str]) -> str:
    match = Match(get_game("connect4"), {}, (SeatSpec(name="Ann"), SeatSpec(name="Bob")), 1)
    for move in moves:
        match.play(move)
    return match.to_record().dumps()


#: Yellow fills column 1 while Red plays column 2: four in a column ends the game
WON = ["1", "2", "1", "2", "1", "2", "1"]


def fill(store: Store) -> None:
    store.save_game("half way", "connect4", connect4(WON[:3]))
    store.save_game("all over", "connect4", connect4(WON))
    store.save_game("long ago", "connect4", connect4(WON))


def test_saves_are_split_into_games_to_resume_and_finished_ones(tmp_path: Path) -> None:
    with Store(tmp_path / "x.sqlite3") as store:
        fill(store)
        going, finished = listings.split_saves(store.list_saves())
    assert [s.name for s in going] == ["half way"]
    assert sorted(s.name for s in finished) == ["all over", "long ago"]


def test_saves_list_puts_finished_games_apart_with_their_own_command(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store(home / "ludoteca.sqlite3") as store:
        fill(store)
    out = run_ludoteca(["saves"], home).stdout
    resume_part, finished_part = out.split("Finished games:")
    assert "half way" in resume_part and "all over" not in resume_part and "long ago" not in resume_part
    assert "Resume with: ludoteca play --resume NUMBER" in resume_part
    assert "all over" in finished_part and "long ago" in finished_part and "half way" not in finished_part
    assert "Resume with" not in finished_part and "ludoteca replay NUMBER" in finished_part


def test_replay_opens_a_finished_save_by_its_name(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with Store(home / "ludoteca.sqlite3") as store:
        fill(store)
    out = run_ludoteca(["replay", "all over", "--final"], home)
    assert out.returncode == 0, out.stderr
    assert "Game over" in out.stdout
    missing = run_ludoteca(["replay", "no such thing"], home)
    assert missing.returncode == 2 and "cannot read no such thing" in missing.stderr


def test_the_terminal_menu_offers_only_games_to_resume(tmp_path: Path) -> None:
    with Store(tmp_path / "x.sqlite3") as store:
        fill(store)
        menu = Menu(store)
        offered: list[list[str]] = []
        menu.choose = lambda question, labels: offered.append(labels) and None  # type: ignore[method-assign]
        menu.resume()
        assert len(offered) == 1 and len(offered[0]) == 1 and offered[0][0].startswith("half way")
        store.delete_save("half way")
        said: list[str] = []
        menu.console.say = said.append  # type: ignore[method-assign]
        menu.resume()
        assert len(offered) == 1  # nothing to choose from: not asked
        assert any("2 finished games are kept" in line for line in said), said
