"""Class diagrams drawn from the code, as Mermaid text, into the design documents.

    python tools/class_diagrams.py          # rewrite the generated blocks of docs/*/diagrams
    python tools/class_diagrams.py --check  # exit 1 when a block is not what the code says

Each generated block sits between `<!-- classes: NAME -->` and `<!-- end classes -->` in
docs/en/diagrams.md and docs/fr/diagrammes.md; NAME is one of DIAGRAMS below. A class shows its
public methods and properties (those its own class body defines) and the classes of the diagram
it derives from, so a renamed method or a new base shows up at the next check.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the boards import pygame

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = (ROOT / "docs" / "en" / "diagrams.md", ROOT / "docs" / "fr" / "diagrammes.md")

#: each diagram: the classes it shows, as module:Class
DIAGRAMS: dict[str, tuple[str, ...]] = {
    "core": (
        "ludoteca.core.game:Game",
        "ludoteca.core.game:GameInfo",
        "ludoteca.core.declaration:GameDeclaration",
        "ludoteca.core.options:OptionSpec",
        "ludoteca.core.outcome:Outcome",
        "ludoteca.core.record:Record",
        "ludoteca.core.seats:SeatSpec",
        "ludoteca.match.events:Publisher",
        "ludoteca.match.seated:SeatedGame",
        "ludoteca.match.match:Match",
        "ludoteca.net.remote:RemoteMatch",
        "ludoteca.match.driver:TurnDriver",
    ),
    "khet": (
        "ludoteca.core.game:Game",
        "ludoteca.games.khet.game:KhetGame",
        "ludoteca.games.khet.state:KhetState",
        "ludoteca.games.khet.laser:Beam",
        "ludoteca.games.khet.laser:BeamBranch",
        "ludoteca.games.khet.laser:BeamSegment",
        "ludoteca.games.khet.laser:BeamEvent",
        "ludoteca.kits.window.board:GameBoard",
        "ludoteca.games.khet.window:KhetBoard",
    ),
}
#: at most this many members per class: a diagram is a map, not the reference
MOST_MEMBERS = 12


def _load(spec: str) -> type:
    module, name = spec.split(":")
    found = getattr(importlib.import_module(module), name)
    assert inspect.isclass(found), spec
    return found


def _members(cls: type) -> list[str]:
    shown = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, property):
            shown.append(f"+{name}")
        elif inspect.isfunction(value) or isinstance(value, classmethod | staticmethod):
            shown.append(f"+{name}()")
    fields = getattr(cls, "__dataclass_fields__", {})
    shown = [f"+{name}" for name in fields if not name.startswith("_")] + shown
    return shown[:MOST_MEMBERS] + (["…"] if len(shown) > MOST_MEMBERS else [])


def diagram(name: str) -> str:
    classes = [_load(spec) for spec in DIAGRAMS[name]]
    lines = ["```mermaid", "classDiagram"]
    for cls in classes:
        lines.append(f"    class {cls.__name__} {{")
        lines.extend(f"        {member}" for member in _members(cls))
        lines.append("    }")
    for cls in classes:
        for base in cls.__bases__:
            if base in classes:
                lines.append(f"    {base.__name__} <|-- {cls.__name__}")
    lines.append("```")
    return "\n".join(lines)


#: a block, empty or not; it never reaches into the next block
_BLOCK = re.compile(r"<!-- classes: (\w+) -->\n(?:(?!<!-- classes:).)*?<!-- end classes -->", re.S)


def regenerate(text: str) -> str:
    return _BLOCK.sub(
        lambda m: f"<!-- classes: {m.group(1)} -->\n{diagram(m.group(1))}\n<!-- end classes -->", text
    )


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        fresh = regenerate(text)
        if fresh != text:
            stale.append(path)
            if not check:
                path.write_text(fresh, encoding="utf-8")
    if check and stale:
        print("stale class diagrams (run python tools/class_diagrams.py): " + ", ".join(map(str, stale)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
