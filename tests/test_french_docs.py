"""The technical documents exist in French as well as in English (issue 29), and neither language
names what is not there.

Each English technical document of docs/ has its French counterpart in docs/fr/, whose first line
links back to it. In every one of these documents, English and French:

* a relative link (`[text](target)`, images too) leads to a file or folder that exists;
* a `src/ludoteca/...` path exists as written, and so does any other file path written in a `code`
  span (`net/codec.py`, `tests/data/khet_perft.txt`, `rules.fr.md`): from the repository, from the
  package, or — for a path named inside its folder's section (`site/app.js`) — as the end of a path
  of the package or the tests;
* a `ludoteca COMMAND` written in a `code` span, or at the start of a line of a code block, names a
  command of the program: a key of the command table of `ludoteca.cli` or a command a game adds
  (`ludoteca setups khet`). Placeholders in capitals (`ludoteca VERB KEY`) and the program alone or
  with its own options (`ludoteca --ui tui`) are not commands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PACKAGE = ROOT / "src" / "ludoteca"

#: each English technical document and its French counterpart
COUNTERPARTS = {
    DOCS / "architecture.md": DOCS / "fr" / "architecture.md",
    DOCS / "protocol.md": DOCS / "fr" / "protocole.md",
    DOCS / "scaling.md": DOCS / "fr" / "mise-a-l-echelle.md",
}
DOCUMENTS = [document for pair in COUNTERPARTS.items() for document in pair]

#: what the path check reads as a file name: a name with one of these endings
FILE_ENDINGS = (".py", ".pyi", ".md", ".txt", ".toml", ".yaml", ".js", ".css", ".po", ".conf")
FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```[ \t]*$", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
SOURCE_PATH = re.compile(r"src/ludoteca(?:/[\w.-]+)*/?")


def doc_id(document: Path) -> str:
    return document.relative_to(DOCS).as_posix()


def read(document: Path) -> str:
    if not document.is_file():
        pytest.fail(f"{doc_id(document)} is missing")
    return document.read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The text without its code blocks."""
    return FENCE.sub("", text)


def code_spans(text: str) -> list[str]:
    """The `code` spans of the prose, a span broken over two lines joined with a space."""
    return [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose(text))]


def code_lines(text: str) -> Iterator[str]:
    for block in FENCE.findall(text):
        yield from block.splitlines()[1:-1]


# ----- links ------------------------------------------------------------------------------------
def relative_links(text: str) -> list[str]:
    """The targets of the relative links of the prose, without their #anchors."""
    found = []
    for target in LINK.findall(prose(text)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # https:, mailto:… or a place in the same page
        found.append(target.partition("#")[0])
    return found


def broken_links(document: Path, text: str) -> list[str]:
    return [target for target in relative_links(text) if not (document.parent / target).exists()]


# ----- paths ------------------------------------------------------------------------------------
@cache
def known_paths() -> frozenset[str]:
    """Every file and folder of the package and the tests, as paths from the repository."""
    return frozenset(
        path.relative_to(ROOT).as_posix()
        for top in (PACKAGE, ROOT / "tests")
        for path in top.rglob("*")
        if "__pycache__" not in path.parts
    )


@cache
def known_names() -> frozenset[str]:
    """The names of the files of the repository a document may name without their folder."""
    tops = (ROOT / "src", ROOT / "tests", ROOT / "tools", ROOT / "docs", ROOT / "typings")
    names = {path.name for top in tops if top.is_dir() for path in top.rglob("*") if path.is_file()}
    return frozenset(names | {path.name for path in ROOT.iterdir() if path.is_file()})


def named_paths(text: str) -> list[str]:
    """The file paths of a document: every src/ludoteca/… path, and the code spans that read as a
    file or folder path (no placeholder such as <key>, KEY, * or …; no URL or address)."""
    found = [path.rstrip(".") for path in SOURCE_PATH.findall(text)]
    for span in code_spans(text):
        if " " in span or re.search(r"[<>*…{}$~:@\"'()=,|\[\]]", span) or span.startswith(("/", ".")):
            continue
        if any(part.isupper() for part in span.split("/")):
            continue  # a placeholder: /games/KEY/draw.js
        last = span.rstrip("/").rpartition("/")[2]
        if span.endswith(FILE_ENDINGS) or ("/" in span and "." not in last):
            found.append(span)  # a file, or a folder (`net/`, `store/postgres`); not `shells/dates.when`
    return found


def path_exists(document: Path, path: str) -> bool:
    if path.startswith("src/ludoteca"):
        return (ROOT / path).exists()
    if "/" not in path:  # a file's name alone
        return path in known_names()
    path = path.rstrip("/")
    for base in (ROOT, PACKAGE, document.parent):
        if (base / path).exists():
            return True
    return any(known == path or known.endswith("/" + path) for known in known_paths())


def missing_paths(document: Path, text: str) -> list[str]:
    return sorted({path for path in named_paths(text) if not path_exists(document, path)})


# ----- commands ---------------------------------------------------------------------------------
def named_commands(text: str) -> list[list[str]]:
    """The words after `ludoteca` of each command line the document shows."""
    lines = [span for span in code_spans(text) if span.startswith("ludoteca ") or span == "ludoteca"]
    for line in code_lines(text):
        line = line.strip().removeprefix("$ ")
        if line.startswith("ludoteca "):
            lines.append(line.partition(" #")[0])
    return [line.split()[1:] for line in lines]


@cache
def command_words() -> frozenset[str]:
    from ludoteca.cli import COMMANDS, game_verbs

    return frozenset([*COMMANDS, *game_verbs()])


def command_of(words: list[str]) -> str | None:
    """The command a line names, or None where it names none (the program alone, its own
    options, a placeholder)."""
    if words[:1] == ["--lang"]:  # taken by every command, before it
        words = words[2:]
    if not words or words[0].startswith("-") or words[0].isupper() or "…" in words[0]:
        return None
    return words[0]


def unknown_commands(text: str) -> list[str]:
    commands = {command_of(words) for words in named_commands(text)}
    return sorted(c for c in commands if c is not None and c not in command_words())


# ----- the tests --------------------------------------------------------------------------------
def check(kind: str, document: Path, problems: list[str]) -> None:
    assert not problems, f"{doc_id(document)}: {kind} not found: {problems}"


@pytest.mark.parametrize("english", list(COUNTERPARTS), ids=doc_id)
def test_each_technical_document_has_its_french_counterpart(english: Path) -> None:
    assert english.is_file(), f"{doc_id(english)} is gone: update COUNTERPARTS"
    french = COUNTERPARTS[english]
    first_line = next(line for line in read(french).splitlines() if line.strip())
    back = [target for target in relative_links(first_line) if (french.parent / target).resolve() == english]
    assert back, f"{doc_id(french)} should open with a link to {doc_id(english)}: {first_line!r}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=doc_id)
def test_relative_links_lead_to_files(document: Path) -> None:
    text = read(document)
    assert relative_links(text), "no link found: the check looks at nothing"
    check("links", document, broken_links(document, text))


@pytest.mark.parametrize("document", DOCUMENTS, ids=doc_id)
def test_named_paths_exist(document: Path) -> None:
    check("paths", document, missing_paths(document, read(document)))


@pytest.mark.parametrize("document", DOCUMENTS, ids=doc_id)
def test_named_commands_exist(document: Path) -> None:
    text = read(document)
    assert named_commands(text), "no command found: the check looks at nothing"
    check("commands", document, unknown_commands(text))


def test_the_checks_catch_what_is_not_there(tmp_path: Path) -> None:
    document = tmp_path / "fr" / "example.md"
    document.parent.mkdir()
    (tmp_path / "protocol.md").write_text("# The protocol\n", encoding="utf-8")
    text = (
        "See [the protocol](../protocol.md), [nothing](nowhere.md#top) and [a site](https://example.org).\n"
        "The server is `src/ludoteca/net/server.py`, not src/ludoteca/net/servers.py; the codec is\n"
        "`net/codec.py`, the page `site/app.js`, not `net/codex.py` nor `kernal.py`; `games/<key>/`.\n"
        "Run `ludoteca serve --lan`, `ludoteca --lang fr help`, `ludoteca setups khet`, `ludoteca VERB`\n"
        "or `ludoteca --ui tui`, never `ludoteca fly` nor `ludoteca --lang fr\nsoar`.\n"
        "```\nludoteca host khet --lan   # a comment\nludoteca dive\n```\n"
    )
    assert broken_links(document, text) == ["nowhere.md"]
    assert missing_paths(document, text) == ["kernal.py", "net/codex.py", "src/ludoteca/net/servers.py"]
    assert unknown_commands(text) == ["dive", "fly", "soar"]
    assert command_of(["--lang", "fr", "help"]) == "help" and command_of(["VERB", "KEY"]) is None
