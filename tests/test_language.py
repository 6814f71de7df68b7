"""Which language Ludoteca speaks: `--lang` on any command, then the system's variables in their
usual order, then the window's setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.i18n import LANGUAGE_VARIABLES, system_language
from tests.cli_runner import run_ludoteca

#: a clean slate: none of the variables that name a language
UNSET = dict.fromkeys(LANGUAGE_VARIABLES, "")


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({}, None),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LC_MESSAGES": "fr_CA", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "fr"),  # "C" names no language
        ({"LC_ALL": "POSIX", "LC_MESSAGES": "C.UTF-8", "LANGUAGE": "fr:en"}, "fr"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr"}, "en"),
        ({"LUDOTECA_LANG": "en", "LC_ALL": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "fr_FR@euro"}, "fr"),
    ],
)
def test_the_system_language_follows_the_usual_order(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str | None
) -> None:
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


def test_lc_all_in_french_makes_the_program_french(tmp_path: Path) -> None:
    shown = run_ludoteca(["rules", "connect4"], tmp_path, **{**UNSET, "LC_ALL": "fr_FR.UTF-8"})
    assert shown.returncode == 0 and shown.stdout.startswith("# Puissance 4")


@pytest.mark.parametrize("where", [["--lang", "en", "rules", "connect4"], ["rules", "connect4", "--lang=en"]])
def test_lang_on_the_command_line_wins_over_the_system(tmp_path: Path, where: list[str]) -> None:
    shown = run_ludoteca(where, tmp_path, **{**UNSET, "LC_ALL": "fr_FR.UTF-8"})
    assert shown.returncode == 0 and shown.stdout.startswith("# Connect Four")


def test_lang_reaches_a_commands_own_help(tmp_path: Path) -> None:
    shown = run_ludoteca(["play", "--help", "--lang", "fr"], tmp_path, **UNSET)
    assert shown.returncode == 0 and shown.stdout.startswith("utilisation : ludoteca play")


def test_an_unknown_language_is_refused_with_the_ones_there_are(tmp_path: Path) -> None:
    shown = run_ludoteca(["--lang", "de", "games"], tmp_path, **UNSET)
    assert shown.returncode == 2
    assert shown.stderr.strip() == "ludoteca: there is no language 'de'; the languages are: en, fr"


def test_the_windows_setting_counts_only_when_the_system_names_no_language(tmp_path: Path) -> None:
    from ludoteca.store import Store
    from ludoteca.store.paths import DB_FILENAME

    with Store(tmp_path / DB_FILENAME) as store:
        store.set_setting("language", "fr")
    french = run_ludoteca(["rules", "connect4"], tmp_path, **UNSET)
    assert french.stdout.startswith("# Puissance 4")
    english = run_ludoteca(["rules", "connect4"], tmp_path, **{**UNSET, "LANG": "en_GB.UTF-8"})
    assert english.stdout.startswith("# Connect Four")


def test_the_help_says_how_to_choose_the_language(tmp_path: Path) -> None:
    shown = run_ludoteca(["--help"], tmp_path, **UNSET)
    assert "--lang" in shown.stdout and "LC_ALL" in shown.stdout
