"""The user manual: `ludoteca help` in both languages, its chapters, its pictures, and every
command line it quotes is one the program's parser accepts."""

from __future__ import annotations

import itertools
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from ludoteca import manual
from ludoteca.cli import main
from ludoteca.core.seats import parse_seats
from ludoteca.i18n import set_language

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(manual.__file__).parent
PAGES = {lang: FOLDER / name for lang, name in manual.FILES.items()}


@pytest.fixture(autouse=True)
def _back_to_english() -> object:
    yield
    set_language("en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("lang", "heading", "chapter"),
    [
        ("en", "Ludoteca — user manual", "Playing over the network"),
        ("fr", "Ludoteca — manuel d'utilisation", "Jouer en réseau"),
    ],
)
def test_help_prints_the_manual_in_the_players_language(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str, chapter: str
) -> None:
    code, out, _err = run(capsys, "--lang", lang, "help")
    assert code == 0
    assert out.splitlines()[0] == f"# {heading}"
    assert f"## {chapter}" in out
    # the terminal draws no picture: each is its description
    assert "](pictures/" not in out
    assert ("[picture: " if lang == "en" else "[image : ") in out


def test_help_lists_the_chapters_and_prints_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--lang", "fr", "help", "--list")
    assert code == 0
    titles = [s.title for s in manual.sections(manual.manual_text("fr"))]
    assert len(titles) >= 10
    for number, title in enumerate(titles, start=1):
        assert f"{number:>3}. {title}" in out
    code, out, _err = run(capsys, "--lang", "fr", "help", "reseau")  # accents aside
    assert code == 0 and out.startswith("## Jouer en réseau")
    assert "## " not in out.split("\n", 1)[1]  # that chapter only
    code, out, _err = run(capsys, "--lang", "en", "help", "2")
    assert code == 0 and out.startswith("## The main menu")
    code, out, _err = run(capsys, "help", "qwirkle")  # a part of a chapter
    assert code == 0 and out.startswith("### Qwirkle") and "ebQ1" in out


def test_help_refuses_a_chapter_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "fr", "help", "99")
    assert code == 2 and not out
    assert "ludoteca help --list" in err and "chapitre" in err


def test_both_manuals_have_the_same_chapters_and_pictures() -> None:
    english, french = (manual.manual_text(lang) for lang in ("en", "fr"))
    assert len(manual.sections(english)) == len(manual.sections(french))
    assert len(manual.sections(english, 3)) == len(manual.sections(french, 3))
    shown = {
        lang: re.findall(r"\]\(pictures/([\w-]+\.png)\)", text)
        for lang, text in [("en", english), ("fr", french)]
    }
    assert shown["en"] == shown["fr"]
    for lang, names in shown.items():
        folder = FOLDER / lang / "pictures"
        assert sorted(names) == sorted(p.name for p in folder.glob("*.png")), lang
        for name in names:
            assert (folder / name).stat().st_size <= 150_000, f"{lang}/{name} is too large"


def test_the_manual_is_package_data() -> None:
    """pip installs what pyproject's package-data names: every file of the manual matches it."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = setuptools["package-data"]["ludoteca.manual"]
    files = [p.relative_to(FOLDER) for p in FOLDER.rglob("*") if p.suffix in (".md", ".png")]
    assert len(files) > 20
    for path in files:
        assert any(path.match(pattern) for pattern in patterns), path
    for lang, page in (("en", "manual.md"), ("fr", "manuel.md")):
        pointer = (ROOT / "docs" / lang / page).read_text(encoding="utf-8")
        assert f"src/ludoteca/manual/{lang}/{page}" in pointer


# ---------------------------------------------------------------------------------------------
# every command line the manuals quote

FENCE = re.compile(r"^\s*```(\w*)\s*$")


def quoted_commands() -> list[tuple[str, list[str]]]:
    """Every `ludoteca …` line of the manuals' code blocks (also after a pipe), as (where, words)."""
    found = []
    for lang, page in PAGES.items():
        inside = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                continue
            for part in line.split("|"):
                words = shlex.split(part, comments=True)
                if words[:1] == ["ludoteca"]:
                    found.append((f"{lang}:{number}", words[1:]))
    return found


def test_the_manuals_quote_commands() -> None:
    where = {spot.split(":")[0] for spot, _words in quoted_commands()}
    assert where == {"en", "fr"} and len(quoted_commands()) > 50


@pytest.mark.parametrize(
    ("where", "words"), quoted_commands(), ids=lambda x: x if isinstance(x, str) else None
)
def test_every_quoted_command_is_accepted(where: str, words: list[str]) -> None:
    """The command's parser takes the line (with `--help` added, so nothing runs: argparse reads
    and converts every argument before it, then exits 0), and its seats read."""
    for flag, value in itertools.pairwise(words):
        if flag in ("--players", "--seats"):
            parse_seats(value)
    if words[:1] == ["menu"]:  # no options of its own: a game key at most
        from ludoteca.core.registry import declaration

        assert len(words) <= 2
        for key in words[1:]:
            declaration(key)
        return
    try:
        code: object = main([*words, "--help"])  # `ludoteca` alone prints its usage and returns
    except SystemExit as stopped:
        code = stopped.code
    assert code == 0, where
