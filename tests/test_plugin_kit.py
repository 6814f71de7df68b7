"""The plug-in author's kit (issue 29): `ludoteca new-game` writes a package that plays at once and
passes `ludoteca check`; `check` fails, naming the file, when the rules or the catalogue were not
installed, and when the package does not load; a plug-in API mismatch is refused with a sentence;
a saved game of a game that is no longer installed says what to install.

Real subprocesses, each package "installed" as pip would (a `*.dist-info` folder naming its entry
point beside it, on PYTHONPATH), as in tests/test_plugins.py."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest

from ludoteca.core.declaration import PLUGIN_API, PluginApiError, check_api
from tests.cli_runner import run_ludoteca

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = Path(__file__).with_name("plugins")


def run(
    args: list[str], home: Path, path: Path, stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    return run_ludoteca(args, home, stdin, PYTHONPATH=str(path), **env)


def installed(folder: Path, key: str, package: str) -> Path:
    """Put what pip would write beside the package folder: its entry point and name."""
    info = folder / f"{package}-0.1.0.dist-info"
    info.mkdir()
    name = package.replace("_", "-")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[ludoteca.games]\n{key} = {package}:DECLARATION\n", encoding="utf-8"
    )
    return folder


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def demo(tmp_path: Path, home: Path) -> Path:
    folder = tmp_path / "demo"
    made = run(["new-game", "demo", "--dir", str(folder), "--title", "Demo Rows"], home, tmp_path)
    assert made.returncode == 0, made.stderr
    assert "pip install -e" in made.stdout
    return installed(folder, "demo", "ludoteca_demo")


def test_a_new_game_installs_plays_and_passes_every_check(demo: Path, home: Path) -> None:
    project = tomllib.loads((demo / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["ludoteca.games"] == {"demo": "ludoteca_demo:DECLARATION"}
    data = project["tool"]["setuptools"]["package-data"]["ludoteca_demo"]
    assert {"rules.md", "rules.fr.md", "locale/*.po"} <= set(data)  # nothing lost by a wheel
    for name in ("rules.md", "rules.fr.md", "locale/fr.po", "py.typed", "game.py"):
        assert (demo / "ludoteca_demo" / name).is_file(), name
    assert (demo / "tests" / "test_demo.py").is_file()
    play = run(["play", "demo", "--players", "human,computer:3"], home, demo, "b2\nquit\nn\n")
    assert play.returncode == 0, play.stderr
    assert "computer, level 3) plays" in play.stdout
    check = run(["check", "demo"], home, demo)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "Every check passed." in check.stdout
    for name in ("installed texts", "playouts", "notation", "records", "move reader fuzz", "window text fit"):
        assert f"ok    {name}" in check.stdout, name
    french = run(["rules", "demo"], home, demo, LUDOTECA_LANG="fr")
    assert "Deux joueurs" in french.stdout
    # the package's own tests pass, as written
    tests = subprocess.run(
        ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=demo,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "PYTHONPATH": str(demo)},
        timeout=300,
    )
    assert tests.returncode == 0, tests.stdout + tests.stderr


def test_check_fails_naming_the_texts_that_did_not_get_installed(demo: Path, home: Path) -> None:
    (demo / "ludoteca_demo" / "rules.fr.md").unlink()
    (demo / "ludoteca_demo" / "locale" / "fr.po").unlink()
    check = run(["check", "demo", "--no-window"], home, demo)
    assert check.returncode == 1
    assert "rules.fr.md is not installed in the package ludoteca_demo" in check.stdout
    assert "locale/fr.po is not installed in the package ludoteca_demo" in check.stdout
    assert "1 check failed." in check.stdout


def test_check_names_each_sentence_left_in_english(demo: Path, home: Path) -> None:
    catalogue = demo / "ludoteca_demo" / "locale" / "fr.po"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(text.replace('msgstr "le plateau est plein"', 'msgstr ""'), encoding="utf-8")
    check = run(["check", "demo", "--no-window"], home, demo)
    assert check.returncode == 1
    assert "not translated into French: 'the board is full' (game.py:" in check.stdout


def test_check_reports_a_broken_rule_and_a_package_that_does_not_load(demo: Path, home: Path) -> None:
    game = demo / "ludoteca_demo" / "game.py"
    text = game.read_text(encoding="utf-8")
    game.write_text(
        text.replace("return cell_name(move)", "return cell_name(move).upper() + '!'"), encoding="utf-8"
    )
    check = run(["check", "demo", "--no-window"], home, demo)
    assert check.returncode == 1
    assert "FAIL  notation: demo-2p" in check.stdout and "does not read back" in check.stdout
    game.write_text("import no_such_module\n", encoding="utf-8")
    broken = run(["check", "demo", "--no-window"], home, demo)
    assert broken.returncode == 1
    assert "“demo” could not be loaded: ModuleNotFoundError" in broken.stdout


def test_new_game_refuses_a_key_that_cannot_be_one_and_a_taken_folder(demo: Path, home: Path) -> None:
    bad = run(["new-game", "Go Moku"], home, demo)
    assert bad.returncode == 2 and "cannot be a game's key" in bad.stderr
    again = run(["new-game", "other", "--dir", str(demo)], home, demo)
    assert again.returncode == 2 and "already holds a pyproject.toml" in again.stderr
    taken = run(["new-game", "connect4", "--dir", str(demo.parent / "c4")], home, demo)
    assert taken.returncode == 2 and "already installed" in taken.stderr


def test_a_plug_in_api_this_ludoteca_does_not_offer_is_refused_with_what_to_do(
    demo: Path, home: Path
) -> None:
    init = demo / "ludoteca_demo" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace(f"api={PLUGIN_API}", "api=99"), encoding="utf-8")
    games = run(["games"], home, demo)
    assert games.returncode == 0 and "connect4" in games.stdout
    assert "needs plug-in API 99, but this Ludoteca offers 1: upgrade Ludoteca" in games.stderr
    check_api("demo", PLUGIN_API)  # the version it offers loads
    with pytest.raises(PluginApiError, match="no longer loads"):
        check_api("demo", 0)


def test_a_save_of_a_game_no_longer_installed_says_which_package_to_install(
    home: Path, tmp_path: Path
) -> None:
    saved = run(["play", "tictactoe", "--players", "human,human"], home, PLUGINS, "b2\nsave mine\nquit\nn\n")
    assert "Saved (number 1)" in saved.stdout
    shown = run(["saves", "show", "mine"], home, PLUGINS)
    assert '[Package "ludoteca-tictactoe"]' in shown.stdout
    gone = run(["play", "--resume", "mine"], home, tmp_path)  # the plug-in uninstalled
    assert gone.returncode == 2
    assert "“tictactoe” is not installed here" in gone.stderr
    assert "pip install ludoteca-tictactoe" in gone.stderr
    assert "Traceback" not in gone.stderr


def test_a_record_that_names_no_package_says_the_game_is_not_installed(home: Path, tmp_path: Path) -> None:
    record = tmp_path / "old.txt"
    record.write_text('[Game "hex"]\n[Players "human, human"]\n\n1. a1\n', encoding="utf-8")
    out = run(["replay", str(record)], home, tmp_path)
    assert out.returncode == 2
    assert "The game “hex” is not installed here, so this game cannot be opened." in out.stderr


def test_the_templates_are_shipped_as_package_data() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["setuptools"]["package-data"]["ludoteca"]
    templates = ROOT / "src" / "ludoteca" / "templates" / "game"
    files = sorted(
        p.relative_to(ROOT / "src" / "ludoteca").as_posix() for p in templates.rglob("*") if p.is_file()
    )
    assert files and all(any(Path(f).match(pattern) for pattern in shipped) for f in files), files
    assert "py.typed" in shipped and (ROOT / "src" / "ludoteca" / "py.typed").is_file()
