"""The design diagrams (docs/en/diagrams.md, docs/fr/diagrammes.md) name only what exists, and their
class diagrams are what the code says (issue 29): a renamed class or module fails here."""

from __future__ import annotations

import importlib
import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "docs" / "en" / "diagrams.md", ROOT / "docs" / "fr" / "diagrammes.md"]
LAYERS = ("core", "match", "net", "shells", "kits", "store", "ai", "games", "i18n")
#: a dotted name of the code, as the diagrams and their text write it: net.table.Table
CODE_NAME = re.compile(r"\b(?:ludoteca\.)?((?:" + "|".join(LAYERS) + r")(?:\.[A-Za-z_]\w*)+)")


def named(text: str) -> set[str]:
    """The code names of the diagrams (Mermaid blocks) and of the text's `code` spans."""
    places = re.findall(r"```mermaid\n(.*?)```", text, re.S) + re.findall(r"`([^`\n]+)`", text)
    return {found for place in places for found in CODE_NAME.findall(place)}


def exists(name: str) -> bool:
    """Whether `name` is a module of ludoteca, or an attribute (class, function, method) of one."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module("ludoteca." + ".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_name_in_the_diagrams_exists(document: Path) -> None:
    names = named(document.read_text(encoding="utf-8"))
    assert len(names) >= 15  # the check looks at something
    missing = sorted(name for name in names if not exists(name))
    assert not missing, f"{document.name} names what the code no longer has: {missing}"


def test_the_check_catches_a_name_that_is_gone() -> None:
    assert exists("net.table.Table") and exists("match.driver.TurnDriver.start") and exists("store.postgres")
    assert not exists("net.table.Tabel") and not exists("match.nowhere") and not exists("core.game.Game.fly")


def test_the_class_diagrams_are_what_the_code_says() -> None:
    tool = runpy.run_path(str(ROOT / "tools" / "class_diagrams.py"))
    assert tool["main"](["--check"]) == 0, "run: python tools/class_diagrams.py"
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        assert text.count("classDiagram") == len(tool["DIAGRAMS"])
        assert "class KhetGame {" in text and "Game <|-- KhetGame" in text
