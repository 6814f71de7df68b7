"""The documentation's examples run, so a snippet that stops working fails CI.

Every ```python block of README.md and docs/adding-a-game.md runs, in the order of its page, in a
module of its own made fresh for each page, with the working directory a temporary folder (and the
data folder one too: `LUDOTECA_HOME` comes from `tests/conftest.py`), in English:

* a block that starts with `>>>` is a doctest, run against what the blocks above it defined;
* the plain blocks between two doctests are compiled as one source in which every line keeps its
  line number on the page (the prose between them reads as blank lines). adding-a-game.md writes
  tic-tac-toe's class a section at a time, each block continuing the class of the one above, and
  a traceback names the page's own line.

A block that cannot run on purpose carries the line `<!-- not run: WHY -->` just before its fence,
its reason said on the page, where a reader and a reviewer see it: today only adding-a-game.md's
quotation of Khet's declaration, whose references name Khet's modules, which the page's game has
not. Nothing else is skipped: a marker must give a reason and stand right before a python fence,
and every other python block runs. Blocks in other languages are checked here for what they claim:
the `pyproject.toml` lines name the entry point the installed example really has, and every
`ludoteca WORD` of the README's shell blocks (and inline commands of both pages) is a command the
program knows, naming games that exist.

The tic-tac-toe the page builds is also played side by side with the installed example package
(`tests/plugins/ludoteca_tictactoe`): the page says its blocks are that module.
"""

from __future__ import annotations

import dataclasses
import doctest
import io
import random
import re
import sys
import tomllib
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.core import IllegalMove, NotationError
from ludoteca.core.declaration import GameDeclaration

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ADDING = ROOT / "docs" / "adding-a-game.md"
PAGES = (README, ADDING)
PLUGIN = Path(__file__).resolve().parent / "plugins"

FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)\s*$")
NOT_RUN = re.compile(r"^\s*<!--\s*not run:(?P<why>.*?)-->\s*$")


@dataclass(frozen=True)
class Block:
    lang: str
    first_line: int  # 1-based line number of the block's first line of code on the page
    lines: tuple[str, ...]  # without the fence's indentation
    not_run: str | None  # the reason given by a `<!-- not run: … -->` line just before the fence

    @property
    def is_doctest(self) -> bool:
        code = [line for line in self.lines if line.strip()]
        return bool(code) and code[0].lstrip().startswith(">>>")


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a Markdown page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, fence = opening["indent"], index
        marker = NOT_RUN.match(lines[fence - 1]) if fence else None
        body: list[str] = []
        index += 1
        while index < len(lines) and lines[index].strip() != "```":
            line = lines[index]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            index += 1
        assert index < len(lines), f"{page.name}:{fence + 1}: the block opened here never closes"
        why = marker["why"].strip() if marker else None
        found.append(Block(opening["lang"], fence + 2, tuple(body), why))  # 1-based, after the fence
        index += 1
    return found


def python_blocks(page: Path) -> list[Block]:
    return [block for block in blocks(page) if block.lang == "python"]


def runnable(page: Path) -> list[Block]:
    return [block for block in python_blocks(page) if block.not_run is None]


@pytest.fixture
def in_english() -> Iterator[None]:
    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def run_page(page: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> types.ModuleType:
    """Run a page's python blocks in order in a fresh module, as the docstring above says; the
    module, with everything the blocks defined."""
    monkeypatch.chdir(tmp_path)
    name = "ludoteca_docs_" + re.sub(r"\W", "_", page.stem)
    module = types.ModuleType(name)
    module.__file__ = str(page)
    monkeypatch.setitem(sys.modules, name, module)  # dataclasses look their module up
    length = len(page.read_text(encoding="utf-8").splitlines())
    source: list[str] | None = None

    def flush() -> None:
        nonlocal source
        if source is not None:
            exec(compile("\n".join(source) + "\n", str(page), "exec"), module.__dict__)
        source = None

    for block in runnable(page):
        if block.is_doctest:
            flush()
            text = "\n".join(block.lines) + "\n"
            label = f"{page.relative_to(ROOT)}:{block.first_line}"
            test = doctest.DocTestParser().get_doctest(
                text, module.__dict__, label, str(page), block.first_line - 1
            )
            report = io.StringIO()
            runner = doctest.DocTestRunner(verbose=False)
            result = runner.run(test, out=report.write, clear_globs=False)
            assert result.failed == 0, report.getvalue()
        else:
            assert not any(line.lstrip().startswith(">>>") for line in block.lines), (
                f"{page.name}:{block.first_line}: a block mixes code and `>>>` examples"
            )
            if source is None:
                source = [""] * length
            for offset, line in enumerate(block.lines):
                source[block.first_line - 1 + offset] = line
    flush()
    return module


# ---------------------------------------------------------------------------------------------
# the python blocks


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_python_block_runs(
    page: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, in_english: None
) -> None:
    assert runnable(page), f"{page.name} has no python block left to run"
    run_page(page, monkeypatch, tmp_path)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_blocks_not_run_say_why_and_are_python(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        marker = NOT_RUN.match(line)
        if marker:
            assert marker["why"].strip(), f"{page.name}:{number}: a block not run must say why"
            following = FENCE.match(lines[number]) if number < len(lines) else None
            assert following and following["lang"] == "python", (
                f"{page.name}:{number}: a not-run marker must stand right before a ```python fence"
            )
    for block in blocks(page):
        assert block.lang, f"{page.name}:{block.first_line}: a fence without a language is never run"


def test_what_is_not_run_is_only_the_quotation_of_khet() -> None:
    """If a block of the page stops running, mark it here knowingly, not by accident."""
    skipped = [block for page in PAGES for block in python_blocks(page) if block.not_run is not None]
    assert len(skipped) == 1
    assert "GameDeclaration(" in "\n".join(skipped[0].lines)
    assert ".terminal:KhetTerminalBoard" in "\n".join(skipped[0].lines)


# ---------------------------------------------------------------------------------------------
# adding-a-game.md builds the installed example


@pytest.fixture
def tictactoe_from_the_page(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, in_english: None) -> Any:
    return run_page(ADDING, monkeypatch, tmp_path)


def test_the_page_builds_the_installed_example(tictactoe_from_the_page: Any) -> None:
    import ludoteca_tictactoe as package

    page, installed = tictactoe_from_the_page.GAME, package.GAME
    assert isinstance(tictactoe_from_the_page.DECLARATION, GameDeclaration)
    assert tictactoe_from_the_page.DECLARATION.game is page
    assert page.info == installed.info
    for cell in [(col, row) for col in range(-1, 4) for row in range(-1, 4)]:
        assert page.move_at(None, cell) == installed.move_at(None, cell), cell
    for text in ["a1", " B3 ", "c2", "z9", "a4", "", "b22", "11"]:
        assert _reading(page, text) == _reading(installed, text), text
    for seed in range(40):
        chooser = random.Random(seed)
        mine, theirs = page.start({}, seed, 2), installed.start({}, seed, 2)
        while True:
            assert page.to_move(mine) == installed.to_move(theirs)
            assert page.outcome(mine) == installed.outcome(theirs)
            assert page.grid(mine) == installed.grid(theirs)
            legal = list(page.legal_moves(mine))
            assert legal == list(installed.legal_moves(theirs))
            assert [page.format_move(mine, m) for m in legal] == [
                installed.format_move(theirs, m) for m in legal
            ]
            for move in (4, 9, -1):
                assert _refusal(page, mine, move) == _refusal(installed, theirs, move)
            if not legal:
                break
            move = chooser.choice(legal)
            mine, theirs = page.play(mine, move), installed.play(theirs, move)


def _reading(game: Any, text: str) -> object:
    try:
        return game.parse_move(None, text)
    except NotationError as err:
        return str(err)


def _refusal(game: Any, state: Any, move: int) -> str | None:
    try:
        game.play(state, move)
    except IllegalMove as err:
        return str(err)
    return None


def test_the_pyproject_lines_name_the_installed_entry_point() -> None:
    import ludoteca_tictactoe as package

    (toml,) = [block for block in blocks(ADDING) if block.lang == "toml"]
    declared = tomllib.loads("\n".join(toml.lines))["project"]["entry-points"]["ludoteca.games"]
    installed = (PLUGIN / "ludoteca_tictactoe-1.0.dist-info" / "entry_points.txt").read_text()
    key = package.GAME.info.key
    assert declared == {key: "ludoteca_tictactoe:DECLARATION"}
    assert f"{key} = {declared[key]}" in installed.splitlines()


def test_the_unread_think_seconds_field_is_mentioned_while_it_exists() -> None:
    """adding-a-game.md warns that `GameDeclaration.think_seconds` is never read (a level's time
    comes from its `Levels` value); once the field is gone, the warning must go too."""
    page = " ".join(ADDING.read_text(encoding="utf-8").split())
    warns = "`GameDeclaration` has a `think_seconds` field of its own, which nothing reads" in page
    exists = "think_seconds" in {field.name for field in dataclasses.fields(GameDeclaration)}
    assert warns == exists


# ---------------------------------------------------------------------------------------------
# the commands the pages show

COMMAND = re.compile(r"(?<![\w./-])ludoteca(?![\w./-])((?:[ \t]+[^\s`#|;&)]+)*)")
#: commands whose first word after them is a game key
TAKES_A_GAME = {"play", "rules", "perft", "menu", "screenshot", "host"}


def shown_commands() -> list[tuple[str, list[str]]]:
    """Every `ludoteca …` command line of the README's shell blocks and of inline code on both
    pages, as (where, words)."""
    found: list[tuple[str, list[str]]] = []
    for block in blocks(README):
        if block.lang == "sh":
            for offset, line in enumerate(block.lines):
                code = re.sub(r"\s#.*", "", line)
                for match in COMMAND.finditer(code):
                    found.append((f"README.md:{block.first_line + offset}", match[1].split()))
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"^[ \t]*```.*?^[ \t]*```", "", text, flags=re.S | re.M)  # prose only
        for span in re.findall(r"`([^`\n]+)`", text):
            for match in COMMAND.finditer(span):
                found.append((f"{page.name}: `{span}`", match[1].split()))
    return found


def test_the_pages_show_commands_that_exist() -> None:
    from ludoteca.cli import COMMANDS, game_verbs
    from ludoteca.core.registry import declaration, game_keys

    verbs, keys = set(COMMANDS) | set(game_verbs()), set(game_keys())
    shown = shown_commands()
    assert len(shown) > 40, "the command lines of the pages were not found"
    for where, words in shown:
        if words[:1] == ["--lang"]:  # every command's option, given before the command
            assert words[1:2] in (["en"], ["fr"]), f"{where}: --lang takes en or fr"
            words = words[2:]
        if not words or words[0] in ("--ui", "--help", "-h", "--version") or words[0].isupper():
            continue  # `ludoteca` alone, its options, or a placeholder (`ludoteca VERB KEY`)
        verb = words[0]
        assert verb in verbs, f"{where}: `ludoteca {verb}` is no command (the commands: {sorted(verbs)})"
        game = words[1] if len(words) > 1 else ""
        if re.fullmatch(r"[a-z0-9]+", game) and (verb in TAKES_A_GAME or verb in game_verbs()):
            assert game in keys, f"{where}: {game!r} is no game"
            if verb not in COMMANDS:
                assert verb in declaration(game).commands, f"{where}: {game} has no `{verb}` command"
