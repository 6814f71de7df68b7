"""The terminal menu asks only what matters for the game chosen, in plain words."""

from __future__ import annotations

import io
from pathlib import Path

from ludoteca.core.registry import get_game
from ludoteca.kits.terminal.console import Console
from ludoteca.shells.terminal.menu import run_menu
from ludoteca.store import Store


def menu_transcript(tmp_path: Path, typed: str) -> str:
    out = io.StringIO()
    with Store(tmp_path / "menu.sqlite3") as store:
        run_menu(store, Console(io.StringIO(typed), out))
    return out.getvalue()


def test_classic_connect_four_is_not_asked_cascades_drop_count(tmp_path: Path) -> None:
    drops = get_game("connect4").info.options[1]
    assert drops.name == "drops"
    # Play a game, Connect Four, the default (classic) variant, two humans
    classic = menu_transcript(tmp_path, "1\n2\n\nh\n\nh\n\n")
    assert drops.help not in classic and "Player 2 (Red)" in classic
    cascade = menu_transcript(tmp_path, "1\n2\ncascade\n\nh\n\nh\n\n")
    assert drops.help in cascade


def test_the_thinking_question_has_no_jargon_and_no_empty_brackets(tmp_path: Path) -> None:
    shown = menu_transcript(tmp_path, "1\n2\n\nh\n\n3\n\n")
    asked = next(line for line in shown.splitlines() if "thinks per move" in line)
    assert "nodes" not in asked and "[]" not in asked


def test_the_top_menu_says_enter_quits(tmp_path: Path) -> None:
    shown = menu_transcript(tmp_path, "\n")
    assert "Your choice (Enter to quit): " in shown and "Enter to go back" not in shown
    inner = menu_transcript(tmp_path, "1\n\n\n")
    assert "Your choice (Enter to go back): " in inner
